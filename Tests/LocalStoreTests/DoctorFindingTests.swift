import Foundation
import LocalStore
import FastJSON
import ListEngine
import TestSupport
import Testing
import TodoList
import UserList

@Suite("doctor says what is wrong, where, and what a repair would lose")
struct DoctorFindingTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
        try files.seedWithAJournal()
    }

    /// Runs `todo doctor` as a user does: it must print the finding in these words, name
    /// `todo doctor --repair`, and exit 1.
    private func expectDoctorSays(_ finding: StoreReport.Finding, what: String, place: String? = nil, loses: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try files.todo("doctor")
        let place = place.map { ", \($0)" } ?? ""
        let repair = finding.isRepairable
            ? "todo doctor --repair keeps a copy of each file and rebuilds the store from what they hold"
            : "todo doctor --repair cannot mend all of it; see above"

        #expect(run.status == 1, "\(run)", sourceLocation: sourceLocation)
        #expect(run.output.hasSuffix("Problem in \(finding.file)\(place): \(what)\n  A repair would lose: \(loses)\n"),
                "\(run)", sourceLocation: sourceLocation)
        #expect(run.errors == "error: the store \(files.storeURL.path) has a problem; it was left as it is. \(repair)\n",
                sourceLocation: sourceLocation)
    }

    /// What a repair would keep is what it keeps: the to-dos written whole before the cut, and
    /// the changes of the journal, which holds three.
    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a store cut in half")
    func storeCutInHalf() throws {
        let cut = files.storeBytes.prefix(files.storeBytes.count / 2)
        try files.write(cut)

        let report = try files.store().inspect()
        let doctor = try files.todo("doctor")

        let finding = StoreReport.Finding(
            file: files.storeURL.path, what: .notAStore(FormatFailure(offset: cut.count, expected: "a string")), place: .byte(cut.count),
            loses: .allButFound(todos: 2, people: 0), isRepairable: true)
        #expect(report.findings == [finding])
        #expect(report.journalChanges == 3)
        #expect(doctor.output.contains("and a journal of \(files.journalBytes.count) bytes: 3 changes since the store was written\n"))
        try expectDoctorSays(finding, what: "it does not read as a todo store: a string was expected there", place: "byte \(cut.count)",
                             loses: "all but the 2 to-dos and 0 people todo doctor --repair rebuilds")
        let repaired = try #require(try files.store().repair())
        #expect(repaired.todos == 2 && repaired.people == 0)
    }

    /// A store that does not read hides nothing of the journal: the line a repair leaves out is
    /// named as it is beside a sound store.
    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a store cut in half, its journal's second change changed by hand")
    func storeCutInHalfAndJournalLineChanged() throws {
        let cut = files.storeBytes.prefix(files.storeBytes.count / 2)
        try files.write(cut)
        var lines = files.journalLines
        lines[2] = lines[2].replacingOccurrences(of: "checkTodos", with: "checkTodoz")
        try files.writeJournal(Data((lines.joined(separator: "\n") + "\n").utf8))

        let report = try files.store().inspect()
        let doctor = try files.todo("doctor")
        // Line 4 renames "Fix bike", which the cut took: it does not apply to what the repair finds.
        let journalFinding = StoreReport.Finding(file: files.journalURL.path, what: .journalLine(3, .sumDoesNotMatch), place: .line(3),
                                                 loses: .changesLeftOut(lines: [3, 4]), isRepairable: true)
        let repaired = try #require(try files.store().repair())

        #expect(report.findings == [
            StoreReport.Finding(file: files.storeURL.path, what: .notAStore(FormatFailure(offset: cut.count, expected: "a string")),
                                place: .byte(cut.count), loses: .allButFound(todos: repaired.todos, people: 0), isRepairable: true),
            journalFinding,
        ])
        #expect(doctor.status == 1)
        #expect(doctor.output.contains("Problem in \(files.storeURL.path), byte \(cut.count): it does not read as a todo store: "
                                       + "a string was expected there\n  A repair would lose: all but the \(repaired.todos) to-dos "))
        #expect(doctor.output.hasSuffix("Problem in \(files.journalURL.path), line 3: line 3 is not what todo wrote there: its sum does not match\n"
                                        + "  A repair would lose: the changes of lines 3 and 4, which todo doctor --repair leaves out\n"), "\(doctor)")
        #expect(doctor.errors.hasPrefix("error: the store \(files.storeURL.path) has 2 problems; it was left as it is."))
        #expect(repaired.linesLeftOut == [3, 4])
    }

    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: an empty store file")
    func emptyStore() throws {
        try FileManager.default.removeItem(at: files.journalURL)
        try files.write(Data())

        let report = try files.store().inspect()

        let finding = StoreReport.Finding(file: files.storeURL.path, what: .empty, place: nil, loses: .nothingInIt, isRepairable: true)
        #expect(report.findings == [finding])
        try expectDoctorSays(finding, what: "it is empty", loses: "nothing: there is nothing in it")
    }

    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: JSON of another shape, its version whole")
    func storeOfAnotherShape() throws {
        let text = String(decoding: files.storeBytes, as: UTF8.self)
        let title = try #require(text.range(of: "\"title\":\"Buy milk\""))
        let edited = text.replacingCharacters(in: title, with: "\"title\":42")
        try files.write(Data(edited.utf8))

        let finding = try #require(try files.store().inspect().findings.first)

        let byte = text.utf8.distance(from: text.startIndex, to: title.lowerBound) + 8
        #expect(finding.what == .notAStore(FormatFailure(offset: byte, expected: "a string")))
        #expect(finding.place == .byte(byte))
    }

    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a journal line changed")
    func journalLineChanged() throws {
        var lines = files.journalLines
        lines[3] = lines[3].replacingOccurrences(of: "Fix car", with: "Fix van")
        try files.writeJournal(Data((lines.joined(separator: "\n") + "\n").utf8))

        let report = try files.store().inspect()

        let finding = StoreReport.Finding(file: files.journalURL.path, what: .journalLine(4, .sumDoesNotMatch), place: .line(4),
                                          loses: .changesLeftOut(lines: [4]), isRepairable: true)
        #expect(report.findings == [finding])
        #expect(report.journalChanges == 2)
        try expectDoctorSays(finding, what: "line 4 is not what todo wrote there: its sum does not match", place: "line 4",
                             loses: "the change of line 4, which todo doctor --repair leaves out")
        #expect(try files.store().repair()?.linesLeftOut == [4])
    }

    /// Lines after a damaged one whose sums still hold are todo's own: a repair brings them in,
    /// and doctor says it loses the damaged line alone.
    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a journal line changed, lines after it whole")
    func journalLineChangedBeforeOthers() throws {
        try files.store().apply(TodoChange.rename(id(1), to: "Buy oat milk"))
        var lines = files.journalLines
        lines[2] = lines[2].replacingOccurrences(of: "checkTodos", with: "checkTodoz")
        try files.writeJournal(Data((lines.joined(separator: "\n") + "\n").utf8))

        let finding = try #require(try files.store().inspect().findings.first)

        #expect(finding.loses == .changesLeftOut(lines: [3]))
        let repaired = try #require(try files.store().repair())
        #expect(repaired.linesLeftOut == [3])
        #expect(repaired.changesBroughtIn == 3)
    }

    /// A check of two to-dos, one of them taken out of the store by hand: the repair checks the
    /// other, and leaves nothing out.
    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a journal line that applies only in part")
    func journalLineThatAppliesInPart() throws {
        let folder = try StoreFolder()
        try folder.seed(todo: ["Buy milk", "Call Ann", "Fix bike"])
        try folder.store().apply(TodoChange.check([id(1), id(2)]))
        let edited = String(decoding: folder.storeBytes, as: UTF8.self)
            .replacingOccurrences(of: "{\"id\":\"\(id(2).uuidString)\",\"isFinished\":false,\"number\":2,\"title\":\"Call Ann\"},", with: "")
        try folder.write(Data(edited.utf8))

        let finding = try #require(try folder.store().inspect().findings.first)
        let doctor = try folder.todo("doctor")

        #expect(finding.loses == .changesLeftOut(lines: []))
        #expect(doctor.output.hasSuffix("  A repair would lose: nothing: todo doctor --repair brings in every change\n"), "\(doctor)")
        #expect(try folder.store().repair()?.linesLeftOut == [])
        #expect(try folder.todos().finished.map(\.title) == ["Buy milk"])
    }

    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a journal line that does not apply")
    func journalLineThatDoesNotApply() throws {
        let edited = String(decoding: files.storeBytes, as: UTF8.self)
            .replacingOccurrences(of: "{\"id\":\"\(id(2).uuidString)\",\"isFinished\":false,\"number\":2,\"title\":\"Call Ann\"},", with: "")
        try files.write(Data(edited.utf8))

        let report = try files.store().inspect()

        let finding = StoreReport.Finding(file: files.journalURL.path, what: .journalChange(line: 3, .todos(.noSuchItem)),
                                          place: .line(3), loses: .changesLeftOut(lines: [3]), isRepairable: true)
        #expect(report.findings == [finding])
        try expectDoctorSays(finding, what: "line 3 does not apply (that item is no longer in the list)", place: "line 3",
                             loses: "the change of line 3, which todo doctor --repair leaves out")
        #expect(try files.store().repair()?.linesLeftOut == [3])
    }

    /// Hex digits and dashes, as an id is written, but no header around them: with the changes
    /// after it, and alone; where a header a crash cut off would be a note, not a fault.
    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a first line that is no journal's header",
          arguments: [true, false])
    func firstLineNotAHeader(withTheChanges: Bool) throws {
        let changes = files.journalBytes.drop { $0 != UInt8(ascii: "\n") }.dropFirst()
        try files.writeJournal(Data("0123456789ABCDEF-0123".utf8) + (withTheChanges ? Data("\n".utf8) + changes : Data()))

        let report = try files.store().inspect()

        let finding = StoreReport.Finding(
            file: files.journalURL.path, what: .journalNotTheStores(.damagedLine(1, withTheChanges ? .ownerNotAsWritten : .noOwner)),
            place: nil, loses: .changesLeftOut(lines: withTheChanges ? [1, 2] : [1]), isRepairable: true)
        #expect(report.findings == [finding])
        // The line that is no header reads as no change, and the first change's sum builds on the header.
        try expectDoctorSays(finding, what: "it does not belong to the store (line 1 does not name "
                                 + (withTheChanges ? "a store as todo writes it)" : "the store the journal belongs to)"),
                             loses: withTheChanges ? "the changes of lines 1 and 2, which todo doctor --repair leaves out"
                                 : "the change of line 1, which todo doctor --repair leaves out")
        #expect(try files.store().repair()?.linesLeftOut == (withTheChanges ? [1, 2] : [1]))

        let fresh = try StoreFolder()
        try fresh.seed(todo: ["Buy milk"])
        try fresh.writeJournal(Data("{\"journal\":\"AB".utf8))
        let cutOff = try fresh.store().inspect()
        #expect(cutOff.isSound)
        #expect(cutOff.journalNotes == [.torn(bytes: 14)])
    }

    /// An empty store file beside a journal: a repair builds from the journal, and loses what
    /// its lines cannot bring back (the check of Call Ann, who was in the store alone).
    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: an empty store file beside its journal")
    func emptyStoreBesideItsJournal() throws {
        try files.write(Data())

        let report = try files.store().inspect()

        #expect(report.findings.map(\.loses) == [.allButFound(todos: 1, people: 0)])
        #expect(report.journalChanges == 3)
        let repaired = try #require(try files.store().repair())
        #expect(repaired.todos == 1 && repaired.people == 0)
    }

    /// The store file removed, its journal left: a repair builds from the journal, and leaves out
    /// the changes of to-dos that were in the store alone.
    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a journal without its store")
    func journalWithoutItsStore() throws {
        try FileManager.default.removeItem(at: files.storeURL)

        let report = try files.store().inspect()

        #expect(report.journalChanges == 3)
        #expect(report.findings.map(\.loses) == [.changesLeftOut(lines: [3, 4])])
        #expect(try files.store().repair()?.linesLeftOut == [3, 4])
    }

    /// A store cut short beside the journal of another store: the repair keeps only a copy of
    /// that journal, so none of its changes are the store's.
    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a store cut short beside another store's journal")
    func cutStoreBesideAnotherStoresJournal() throws {
        let other = try StoreFolder()
        try other.seed(todo: ["Elsewhere"])
        _ = try other.store().add(id: id(50), title: "Not here")
        try files.writeJournal(other.journalBytes)
        try files.write(files.storeBytes.dropLast(5))

        let report = try files.store().inspect()

        #expect(report.journalChanges == 0)
        #expect(report.findings.map(\.loses) == [.allButFound(todos: 4, people: 0)])
        let repaired = try #require(try files.store().repair())
        #expect(repaired.todos == 4 && repaired.changesBroughtIn == 0)
    }

    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a lock file that is a folder")
    func lockFolder() throws {
        let lock = files.folder.file("data/store.json.lock").path
        try FileManager.default.removeItem(atPath: lock)
        try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)

        let report = try files.store().inspect()

        let finding = StoreReport.Finding(file: lock, what: .lockIsNotAFile(.folder), place: nil, loses: .nothing, isRepairable: false)
        #expect(report.findings == [finding])
        try expectDoctorSays(finding, what: "the lock file is a folder: no change can be made while it is there; remove it, todo makes it again",
                             loses: "nothing")
    }
}
