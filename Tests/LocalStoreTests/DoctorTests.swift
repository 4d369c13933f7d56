import Foundation
import LocalStore
import TestSupport
import Testing
import TodoList

@Suite("doctor says what is wrong, and repairs what can be")
struct DoctorTests {
    private let files: StoreFolder
    private let now = Date(timeIntervalSinceReferenceDate: 785_500_000)

    init() throws {
        files = try StoreFolder()
        try files.seed(todo: ["Buy milk", "Call Ann", "Fix bike"], finished: ["Pay rent"])
        _ = try files.store().add(id: id(5), title: "Post letter")
        try files.store().apply(TodoChange.check([id(2)]))
        try files.store().apply(TodoChange.rename(id(3), to: "Fix car"))
    }

    private var expected: Todos {
        list(todo: [todo(5, "Post letter"), todo(1, "Buy milk"), todo(3, "Fix car")],
             finished: [finished(2, "Call Ann"), finished(4, "Pay rent")], next: 6)
    }

    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a store cut in half")
    func storeCutInHalf() throws {
        try files.write(files.storeBytes.prefix(files.storeBytes.count / 2))

        let report = try files.store().inspect()

        let finding = try #require(report.findings.first)
        #expect(report.findings.count == 1)
        #expect(finding.file == files.storeURL.path)
        #expect(finding.place?.hasPrefix("byte ") == true)
        #expect(finding.loses.hasPrefix("all but the "))
        #expect(finding.loses.hasSuffix("todo doctor --repair finds in it"))
        #expect(finding.isRepairable)
    }

    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a journal line changed")
    func journalLineChanged() throws {
        var lines = files.journalLines
        lines[3] = lines[3].replacingOccurrences(of: "Fix car", with: "Fix van")
        try files.writeJournal(Data((lines.joined(separator: "\n") + "\n").utf8))

        let report = try files.store().inspect()

        #expect(report.findings == [StoreReport.Finding(
            file: files.journalURL.path, what: "line 4 is not what todo wrote there (its sum does not match)", place: "line 4",
            loses: "what todo doctor --repair cannot read from line 4 on", isRepairable: true)])
        #expect(report.journalChanges == 2)
    }

    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a journal line that does not apply")
    func journalLineThatDoesNotApply() throws {
        let edited = String(decoding: files.storeBytes, as: UTF8.self)
            .replacingOccurrences(of: "{\"id\":\"\(id(2).uuidString)\",\"isFinished\":false,\"number\":2,\"title\":\"Call Ann\"},", with: "")
        try files.write(Data(edited.utf8))

        let report = try files.store().inspect()

        #expect(report.findings == [StoreReport.Finding(
            file: files.journalURL.path, what: "line 3 does not apply (that item is no longer in the list)", place: "line 3",
            loses: "the changes from line 3 on that do not apply", isRepairable: true)])
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a store cut part-way")
    func repairCutStore() throws {
        try files.store().update { $0.people = makePeople([person(1, "Ann", "Lee")]) }
        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path))
        let cut = files.storeBytes.prefix(upTo: try #require(files.storeBytes.range(of: Data("\"title\":\"Fix car\"".utf8))).lowerBound)
        try files.write(cut)

        let repaired = try files.store().repair(at: now)

        #expect(repaired.copies == [files.storeURL.path + ".damaged-20251122-102640"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: repaired.copies[0])) == cut)
        #expect(try files.todos() == list(todo: [todo(5, "Post letter"), todo(1, "Buy milk")],
                                          finished: [finished(2, "Call Ann"), finished(4, "Pay rent")], next: 6))
        #expect(try files.store().inspect().isSound)
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a journal with carriage returns")
    func repairCarriageReturns() throws {
        let journal = files.journalBytes
        try files.writeJournal(Data(String(decoding: journal, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8))
        let store = files.storeBytes

        let repaired = try files.store().repair(at: now)

        #expect(repaired.copies.count == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: repaired.copies[0])) == store)
        #expect(repaired.changesBroughtIn == 3)
        #expect(repaired.linesLeftOut == [])
        #expect(try files.todos() == expected)
        #expect(try files.store().inspect().isSound)
        #expect(try files.store().undo() == "renamed “Fix bike” to “Fix car”")
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a change made by hand")
    func repairChangedLine() throws {
        var lines = files.journalLines
        lines[1] = lines[1].replacingOccurrences(of: "Post letter", with: "Post parcel")
        try files.writeJournal(Data((lines.joined(separator: "\n") + "\n").utf8))

        let repaired = try files.store().repair(at: now)

        #expect(repaired.changesBroughtIn == 3)
        #expect(try files.todos() == list(todo: [todo(5, "Post parcel"), todo(1, "Buy milk"), todo(3, "Fix car")],
                                          finished: [finished(2, "Call Ann"), finished(4, "Pay rent")], next: 6))
        #expect(try files.store().inspect().isSound)
    }

    @Test("SF-18 doctor --repair refuses a store written by a newer todo, and leaves it as it was")
    func repairRefusesNewer() throws {
        let newer = Data("{\"version\": 99, \"todos\": {}}".utf8)
        try files.write(newer)
        let journal = files.journalBytes

        #expect(throws: StoreError.newerVersion(path: files.storeURL.path, version: 99)) { try files.store().repair(at: now) }

        #expect(files.storeBytes == newer)
        #expect(files.journalBytes == journal)
        #expect(try files.contents() == ["store.json", "store.json.journal", "store.json.lock"])
        #expect(try files.store().inspect().findings.map(\.isRepairable) == [false])
    }
}
