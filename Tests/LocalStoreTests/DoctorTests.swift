import Foundation
import LocalStore
import TestSupport
import Testing
import TodoList
import UserList

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
            file: files.journalURL.path, what: "line 4 is not what todo wrote there: its sum does not match", place: "line 4",
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

    /// Where the cut falls in the item Fix car: before its title, after the key, after the whole title.
    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a store cut part-way",
          arguments: ["", "\"title\"", "\"title\":\"Fix car\""])
    func repairCutStore(keptOfTheTitle: String) throws {
        try files.store().update { $0.people = makePeople([person(1, "Ann", "Lee")]) }
        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path))
        let title = try #require(files.storeBytes.range(of: Data("\"title\":\"Fix car\"".utf8)))
        let cut = files.storeBytes.prefix(upTo: title.lowerBound + keptOfTheTitle.utf8.count)
        try files.write(cut)

        let repaired = try #require(try files.store().repair(at: now))

        #expect(repaired.copies == [files.storeURL.path + ".damaged-20251122-102640"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: repaired.copies[0])) == cut)
        #expect(try files.todos() == list(todo: [todo(5, "Post letter"), todo(1, "Buy milk")],
                                          finished: [finished(2, "Call Ann"), finished(4, "Pay rent")], next: 6))
        #expect(try files.store().inspect().isSound)
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: people, their order and paging")
    func repairPeople() throws {
        let ann = person(1, "Ann", "Lee", email: "ann@example.com", remoteID: "r1")
        let nameless = person(2, "", "Nobody")
        try files.store().update { document in
            document.people = People(everyone: [ann, nameless, person(3, "Bo", "Bee")], sortOrder: .descending,
                                     deleted: [person(4, "Cy", "Cee", email: "cy@example.com")],
                                     fetchProgress: FetchProgress(seed: "s", nextPage: 3), unmatchedSearches: ["zzq"], nextNumber: 5)
        }
        // The store was cut short, and held a person with no first name.
        try files.write(files.storeBytes.prefix(files.storeBytes.count - 10))

        #expect(try files.store().repair(at: now) != nil)

        let people = try files.store().read().people
        #expect(people.everyone.map(\.fullName) == ["Ann Lee", "Bo Bee"])
        #expect(people.everyone.map(\.number) == [1, 3])
        #expect(people.nextNumber == 4)
        #expect(people.deleted.map(\.fullName) == ["Cy Cee"])
        #expect(people.sortOrder == .descending)
        #expect(people.fetchProgress == FetchProgress(seed: "s", nextPage: 3))
        #expect(try files.store().inspect().isSound)
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a journal an editor saved")
    func repairEditedJournal() throws {
        // A byte-order mark, carriage returns, a change indented, and a blank line before the last one.
        var lines = files.journalLines
        lines[2] = " \t " + lines[2] + "  "
        lines.insert("", at: 3)
        try files.writeJournal(Data([0xEF, 0xBB, 0xBF]) + Data((lines.joined(separator: "\r\n") + "\r\n").utf8))
        let store = files.storeBytes

        let repaired = try #require(try files.store().repair(at: now))

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
        // A blank line before it: the line left out is named as an editor numbers it.
        lines.insert("", at: 1)
        try files.writeJournal(Data((lines.joined(separator: "\n") + "\n").utf8))

        let repaired = try #require(try files.store().repair(at: now))

        #expect(repaired.changesBroughtIn == 2)
        #expect(repaired.linesLeftOut == [3])
        #expect(try files.todos() == list(todo: [todo(1, "Buy milk"), todo(3, "Fix car")],
                                          finished: [finished(2, "Call Ann"), finished(4, "Pay rent")], next: 5))
        #expect(try files.store().inspect().isSound)
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a journal line whose item was taken out by hand")
    func repairLineThatDoesNotApply() throws {
        let edited = String(decoding: files.storeBytes, as: UTF8.self)
            .replacingOccurrences(of: "{\"id\":\"\(id(2).uuidString)\",\"isFinished\":false,\"number\":2,\"title\":\"Call Ann\"},", with: "")
        try files.write(Data(edited.utf8))
        let journal = files.journalBytes

        let repaired = try #require(try files.store().repair(at: now))

        #expect(repaired.copies == [files.storeURL.path + ".damaged-20251122-102640", files.journalURL.path + ".damaged-20251122-102640"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: repaired.copies[1])) == journal)
        #expect(repaired.changesBroughtIn == 2)
        #expect(repaired.linesLeftOut == [3])
        #expect(try files.todos() == list(todo: [todo(5, "Post letter"), todo(1, "Buy milk"), todo(3, "Fix car")],
                                          finished: [finished(4, "Pay rent")], next: 6))
        #expect(try files.store().inspect().isSound)
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: two adds swapped by hand")
    func repairSwappedAdds() throws {
        _ = try files.store().add(id: id(6), title: "Walk dog")
        _ = try files.store().add(id: id(7), title: "Wash car")
        var lines = files.journalLines
        lines.swapAt(lines.count - 2, lines.count - 1)
        try files.writeJournal(Data((lines.joined(separator: "\n") + "\n").utf8))

        let repaired = try #require(try files.store().repair(at: now))

        #expect(repaired.changesBroughtIn == 5)
        #expect(repaired.linesLeftOut == [])
        let todos = try files.todos()
        #expect(todos.item(withID: id(6))?.number == 6)
        #expect(todos.item(withID: id(7))?.number == 7)
        #expect(todos.nextNumber == 8)
        #expect(Set(todos.all.map(\.number)) == [1, 2, 3, 4, 5, 6, 7])
        #expect(try files.store().inspect().isSound)
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a journal that names another store")
    func repairJournalOfAnotherStore() throws {
        let other = try StoreFolder()
        try other.seed(todo: ["Elsewhere"])
        _ = try other.store().add(id: id(50), title: "Not here")
        try files.writeJournal(other.journalBytes)
        let owner = try #require(other.journalLines.first?.firstMatch(of: /"journal":"([0-9A-F-]{36})"/)?.1)

        let repaired = try #require(try files.store().repair(at: now))

        #expect(repaired.journalSetAside == "it names another store, \(owner)")
        #expect(repaired.changesBroughtIn == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: repaired.copies[1])) == other.journalBytes)
        #expect(try files.todos() == list(todo: [todo(1, "Buy milk"), todo(2, "Call Ann"), todo(3, "Fix bike")],
                                          finished: [finished(4, "Pay rent")], next: 5))
        #expect(try files.store().inspect().isSound)
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a store removed, its journal left")
    func repairFromTheJournalAlone() throws {
        let empty = try StoreFolder()
        for (number, title) in zip(1..., ["one", "two", "three"]) {
            _ = try empty.store().add(id: id(number), title: title)
        }
        #expect(empty.journalLines.count == 3, "the first add writes the store, the others the journal")
        try FileManager.default.removeItem(at: empty.storeURL)

        let repaired = try #require(try empty.store().repair(at: now))

        #expect(repaired.changesBroughtIn == 2)
        #expect(try empty.todos() == list(todo: [todo(3, "three"), todo(2, "two")], next: 4))
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a store written by hand, cut part-way")
    func repairHandWrittenStore() throws {
        let written = """
            {
              "version" : 6,
              "todos" : {
                "todo" : [
                  { "id" : "\(id(1).uuidString)", "isFinished" : false, "number" : 1, "title" : "Buy milk" },
                  { "id" : "\(id(2).uuidString)", "isFinished" : false, "number" : 2, "title" : "Call Ann" },
                  { "id" : "\(id(3).uuidString)", "isFinished" : fal
            """
        try files.write(Data(written.utf8))
        try FileManager.default.removeItem(at: files.journalURL)

        let repaired = try #require(try files.store().repair(at: now))

        #expect(repaired.todos == 2)
        #expect(try files.todos().todo.map(\.title).sorted() == ["Buy milk", "Call Ann"])
    }

    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a first line a crash cut off is a note, not a fault")
    func cutOffHeader() throws {
        let empty = try StoreFolder()
        try empty.seed(todo: ["Buy milk"])
        try empty.writeJournal(Data("{\"journal\":\"AB".utf8))

        let report = try empty.store().inspect()

        #expect(report.isSound)
        #expect(report.journalNotes == ["14 bytes at its end are a change a crash cut off, never acknowledged; the next change removes them"])
    }

    /// Hex digits and dashes, as an id is written, but no header around them: with the changes
    /// after it, and alone (where a header cut off by a crash would be a note, not a fault).
    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a first line that is no journal's header",
          arguments: [true, false])
    func firstLineNotAHeader(withTheChanges: Bool) throws {
        let changes = files.journalBytes.drop { $0 != UInt8(ascii: "\n") }.dropFirst()
        try files.writeJournal(Data("0123456789ABCDEF-0123".utf8) + (withTheChanges ? Data("\n".utf8) + changes : Data()))

        let report = try files.store().inspect()

        #expect(report.findings == [StoreReport.Finding(
            file: files.journalURL.path,
            what: "it does not belong to the store (line 1 does not name "
                + (withTheChanges ? "a store as todo writes it)" : "the store the journal belongs to)"),
            place: nil, loses: "nothing: todo doctor --repair brings in the changes it holds, and keeps a copy of it", isRepairable: true)])
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

    @Test("SF-18 doctor --repair refuses a damaged store file that is read-only, and makes no copy")
    func repairRefusesReadOnly() throws {
        try files.write(files.storeBytes.prefix(files.storeBytes.count / 2))
        let (store, journal) = (files.storeBytes, files.journalBytes)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: files.storeURL.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: files.storeURL.path) }

        #expect(throws: StoreError.cannotWrite(path: files.storeURL.path, reason: "the file is read-only")) {
            try files.store().repair(at: now)
        }

        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
        #expect(try files.contents() == ["store.json", "store.json.journal", "store.json.lock"])
    }

    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a lock file that is a folder")
    func lockFolder() throws {
        let lock = files.folder.file("data/store.json.lock").path
        try FileManager.default.removeItem(atPath: lock)
        try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)

        let report = try files.store().inspect()

        #expect(report.findings == [StoreReport.Finding(
            file: lock, what: "the lock file is a folder: no change can be made while it is there; remove it, todo makes it again",
            place: nil, loses: "nothing", isRepairable: false)])
    }

    @Test("SF-23 Two repairs at the same time repair once")
    func concurrentRepairs() async throws {
        try files.write(files.storeBytes.prefix(files.storeBytes.count / 2))
        let store = files.storeURL
        let when = now

        let reports = try await withThrowingTaskGroup(of: RepairReport?.self) { group in
            for _ in 0..<2 {
                group.addTask { try FileStore(url: store).repair(at: when) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(reports.compactMap { $0 }.count == 1)
        #expect(try files.contents() == ["store.json", "store.json.damaged-20251122-102640", "store.json.journal.damaged-20251122-102640",
                                         "store.json.lock"])
        #expect(try files.store().inspect().isSound)
    }
}
