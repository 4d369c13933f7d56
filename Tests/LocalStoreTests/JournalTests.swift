import Foundation
@testable import LocalStore
import ListEngine
import TestSupport
import Testing
import Undo
import TodoList
import UserList

@Suite("Keeping the list on this machine: every change a line in the journal")
struct JournalTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
    }

    @Test("TP-16 An add leaves the store file as it was, and every reader sees the new item")
    func addGoesToTheJournal() throws {
        try files.seed(todo: ["Buy milk"])
        let before = files.storeBytes

        let added = try files.store().add(id: id(2), title: "Call Ann")

        #expect(added == todo(2, "Call Ann"))
        #expect(files.storeBytes == before)
        #expect(try files.contents() == ["store.json", "store.json.journal", "store.json.lock"])
        #expect(try files.todos() == list(todo: [todo(2, "Call Ann"), todo(1, "Buy milk")], next: 3))
    }

    @Test("TP-28 A change to the people goes to the journal too, and every reader sees it with the to-dos")
    func peopleChangeGoesToTheJournal() throws {
        try files.seed(todo: ["Buy milk"])
        _ = try files.store().add(id: id(2), title: "Call Ann")
        let before = files.storeBytes

        try files.store().apply(PeopleChange.add(NewPerson(id: id(101), details: PersonDetails(firstName: "Ann", lastName: "Lee",
                                                                                           birthDate: date("1990-03-14")),
                                                         addedAt: Date(timeIntervalSinceReferenceDate: 1)), again: false))

        #expect(files.storeBytes == before)
        #expect(files.journalLines.count == 3)
        let saved = try files.store().read()
        #expect(saved.todos == list(todo: [todo(2, "Call Ann"), todo(1, "Buy milk")], next: 3))
        #expect(saved.people.everyone.map(\.fullName) == ["Ann Lee"])
        #expect(saved.people.everyone.map(\.number) == [1])
    }

    static let changes: [Change] = [
        .todos(.check([id(1)])), .todos(.uncheck([id(3)])), .todos(.rename(id(2), to: "Call Anna")), .todos(.delete([id(1)])),
        .todos(.clearFinished), .undo, .todos(.check([id(1), id(2)])),
    ]

    @Test("TP-24 Any change to the to-dos leaves the store file as it was, and every reader sees it", arguments: changes)
    func changeGoesToTheJournal(change: Change) throws {
        var expected = Document()
        for (number, title) in [(3, "Pay rent"), (2, "Call Ann"), (1, "Buy milk")] {
            try expected.apply(.todos(.add(id: id(number), title: title)))
        }
        try expected.apply(.todos(.check([id(3)])))
        let seeded = expected
        try files.store().update { $0 = seeded }
        let before = files.storeBytes

        try files.store().apply(change)

        try expected.apply(change)
        #expect(files.storeBytes == before)
        let read = try files.store().read()
        #expect(read.todos == expected.todos)
        #expect(read.history == expected.history)
    }

    @Test("TP-25 A change that does not apply is refused and adds nothing to the journal")
    func refusedChangeWritesNothing() throws {
        try files.seed(todo: ["Buy milk", "Call Ann"])
        let mine = files.store()
        #expect(try mine.loadTodos() == makeTodos(todo: ["Buy milk", "Call Ann"]))
        try files.store().apply(TodoChange.check([id(1)]))
        let store = files.storeBytes
        let journal = files.journalBytes

        #expect(throws: TodoError.alreadyFinished(id(1))) { try mine.apply(TodoChange.check([id(1)])) }
        #expect(throws: TodoError.noSuchItem) { try files.store().apply(TodoChange.delete([id(2), id(9)])) }
        try files.store().apply(TodoChange.add(id: id(2), title: "Call Ann"))

        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
        #expect(try files.todos() == list(todo: [todo(2, "Call Ann")], finished: [finished(1, "Buy milk")], next: 3))
    }

    /// Where the item a retried add sends lies: the store file, or the journal beside it, alone
    /// or among many adds (beside a store large enough that the journal holds them all).
    enum HeldIn: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case storeFile = "in the store file", journal = "in the journal", manyAdds = "among 100 adds in the journal"
        var testDescription: String { rawValue }
    }

    @Test("TP-25 A change that does not apply is refused and adds nothing to the journal: a retried add", arguments: HeldIn.allCases)
    func retriedAddWritesNothing(_ heldIn: HeldIn) throws {
        let stored = heldIn == .manyAdds ? 3_000 : 2
        try files.seed(todo: (1...stored).map { "Task \($0)" })
        let adds = heldIn == .manyAdds ? 100 : 1
        for number in stored + 1...stored + adds {
            _ = try files.store().add(id: id(number), title: "Task \(number)")
        }
        let retried = heldIn == .storeFile ? todo(2, "Task 2") : todo(stored + 1, "Task \(stored + 1)")
        let (store, journal, saved) = (files.storeBytes, files.journalBytes, try files.todos())

        #expect(try files.store().add(id: retried.id, title: retried.title) == retried)

        #expect(files.journalLines.count == 1 + adds)
        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
        #expect(try files.todos() == saved)
    }

    @Test("TP-26 A journal holding many checks is folded by the next change, so reading stays quick")
    func manyChecksAreFolded() throws {
        // Titles long enough that the journal's size bound is far off: the replay limit folds it.
        let titles = (1...200).map { "Number \($0) " + String(repeating: "-", count: 400) }
        try files.seed(todo: titles)
        let store = files.store(replayLimit: 10_000)
        var expected = makeTodos(todo: titles)
        var mostChanges = 0

        for number in 1...120 {
            try store.apply(TodoChange.check([id(number)]))

            try expected.apply(.check([id(number)]))
            mostChanges = max(mostChanges, files.journalLines.count - 1)
            #expect(try files.todos() == expected)
        }

        #expect(mostChanges == 50)

        // Replaying an add does not walk the list: sixty of them stay in the journal.
        try files.seed(todo: titles)
        for number in 201...260 {
            try store.apply(TodoChange.add(id: id(number), title: "Added \(number)"))
        }
        #expect(files.journalLines.count == 61)
        #expect(try files.todos().unfinished.count == 260)
    }

    @Test("TP-29 A change that empties the list is written whole, and the next add is number 1")
    func emptyingRestartsNumbering() throws {
        try files.seed(todo: ["Buy milk", "Call Ann"])

        try files.store().apply(TodoChange.delete([id(1), id(2)]))
        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path))
        let added = try files.store().add(id: id(3), title: "Pay rent")

        #expect(added == todo(3, "Pay rent").renumbered(1))
        #expect(try files.todos() == list(todo: [added], next: 2))
        #expect(try files.store().undone() == UndoneChange(.addTodos, names: ["Pay rent"]))
        #expect(try files.store().undone() == UndoneChange(.deleteTodos, names: ["Buy milk", "Call Ann"]))
        #expect(try files.todos() == makeTodos(todo: ["Buy milk", "Call Ann"]))
    }

    @Test("TP-18 An add cut off part-way through its line is not part of the list")
    func tornJournalLine() throws {
        try files.seed(todo: ["Buy milk"])
        _ = try files.store().add(id: id(2), title: "Call Ann")
        let cut = "{\"addTodo\":{\"id\":\"00000000-00"
        try files.writeJournal(files.journalBytes + Data(cut.utf8))

        #expect(try files.todos() == list(todo: [todo(2, "Call Ann"), todo(1, "Buy milk")], next: 3))
        let report = try files.store().inspect()
        #expect(report.isSound && report.journalNotes == [.torn(bytes: cut.utf8.count)])

        _ = try files.store().add(id: id(3), title: "Pay rent")
        #expect(try files.todos() == list(todo: [todo(3, "Pay rent"), todo(2, "Call Ann"), todo(1, "Buy milk")], next: 4))
        #expect(files.journalLines.count == 3)
    }

    /// The longest journal a reader reads beside the store, its last line cut so long by a crash.
    @Test("TP-18 An add cut off part-way through its line is not part of the list: a cut line that makes the journal as large as readers read")
    func tornJournalLineAtTheLargest() throws {
        try files.seed(todo: ["Buy milk"])
        _ = try files.store().add(id: id(2), title: "Call Ann")
        let cut = Data("{\"addTodo\":{\"id\":\"".utf8)
        let filler = Journal.largest(besideStoreOf: files.storeBytes.count) - files.journalBytes.count - cut.count
        try files.writeJournal(files.journalBytes + cut + Data(repeating: UInt8(ascii: "x"), count: filler))

        #expect(try files.todos() == list(todo: [todo(2, "Call Ann"), todo(1, "Buy milk")], next: 3))

        _ = try files.store().add(id: id(3), title: "Pay rent")
        #expect(try files.todos() == list(todo: [todo(3, "Pay rent"), todo(2, "Call Ann"), todo(1, "Buy milk")], next: 4))
        #expect(files.journalLines.count == 3)
    }

    @Test("TP-18 The first change cut off part-way leaves a journal of its first line, and the next is kept after it")
    func tornFirstChange() throws {
        try files.seed(todo: ["Buy milk"])
        _ = try files.store().add(id: id(2), title: "Call Ann")
        let header = files.journalLines[0]
        try files.writeJournal(Data((header + "\n{\"addTodo\":{\"id\":\"00000000-00").utf8))

        #expect(try files.todos() == makeTodos(todo: ["Buy milk"]))
        try files.store().apply(TodoChange.check([id(1)]))

        #expect(files.journalLines.count == 2)
        #expect(files.journalLines[0] == header)
        #expect(try files.todos() == list(finished: [finished(1, "Buy milk")], next: 2))
    }

    @Test("TP-19 A journal left behind by a crash is never applied twice")
    func staleJournal() throws {
        try files.leaveAJournalTheStoreTookIn()

        #expect(try files.todos() == list(todo: [todo(2, "Call Ann"), todo(1, "Buy milk")], next: 3))
        #expect(try files.store().inspect().journalNotes == [.takenIn])

        _ = try files.store().add(id: id(3), title: "Pay rent")
        #expect(try files.todos() == list(todo: [todo(3, "Pay rent"), todo(2, "Call Ann"), todo(1, "Buy milk")], next: 4))
        #expect(files.journalLines.count == 2)
    }

    /// Only a repair cut off before it removed the journal it took in leaves one larger than
    /// readers read: a crash cut its last line so long.
    @Test("TP-19 A journal left behind by a crash is never applied twice: one larger than readers read, ending in a line a crash cut")
    func staleJournalPastTheLargest() throws {
        try files.leaveAJournalTheStoreTookIn()
        let cut = Data("{\"addTodo\":{\"id\":\"".utf8)
        let filler = Journal.largest(besideStoreOf: files.storeBytes.count) + 1 - files.journalBytes.count - cut.count
        try files.writeJournal(files.journalBytes + cut + Data(repeating: UInt8(ascii: "x"), count: filler))

        #expect(try files.todos() == list(todo: [todo(2, "Call Ann"), todo(1, "Buy milk")], next: 3))

        _ = try files.store().add(id: id(3), title: "Pay rent")
        #expect(try files.todos() == list(todo: [todo(3, "Pay rent"), todo(2, "Call Ann"), todo(1, "Buy milk")], next: 4))
        #expect(files.journalLines.count == 2)
    }

    /// A whole line added to a journal: one todo did not write, or one that does not apply.
    enum BadLine: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case notAChange = "a change todo does not know, and no sum"
        case wrongSum = "a change with a sum that does not match"
        case doesNotApply = "a check of an item the list does not hold, its sum made right"
        case onlyASum = "a sum made right, and no change before it"
        case blankTitles = "adds with blank titles among others, their sums made right"
        var testDescription: String { rawValue }
    }

    @Test("TP-20 A journal line that does not read makes the store refused, and changes nothing", arguments: BadLine.allCases)
    func damagedJournal(badLine: BadLine) throws {
        try files.seed(todo: ["Buy milk"])
        _ = try files.store().add(id: id(2), title: "Call Ann")
        let line: Data, problem: Damage
        let sumDoesNotMatch = Damage.journalLine(3, journal: "store.json.journal", .sumDoesNotMatch)
        switch badLine {
        case .notAChange:
            (line, problem) = (Data("{\"addTodo\":42}\n".utf8), sumDoesNotMatch)
        case .wrongSum:
            line = Data("{\"checkTodos\":[\"\(id(1).uuidString)\"],\"undo\":true,\"sum\":\"0000000000000000\"}\n".utf8)
            problem = sumDoesNotMatch
        case .doesNotApply:
            line = Data(Journal.line(for: .todos(.check([id(9)])), number: nil, after: try lastSum()).bytes)
            problem = .journalChange(line: 3, journal: "store.json.journal", .todos(.noSuchItem))
        case .onlyASum:
            line = Data(",\"sum\":\"".utf8) + Data(Checksum.hex(Checksum.xxh64([UInt8](), seed: try lastSum()))) + Data("\"}\n".utf8)
            problem = sumDoesNotMatch
        case .blankTitles:
            var sum = try lastSum()
            var lines: [UInt8] = []
            for (number, title) in [(3, "  "), (4, "Post letter"), (5, " ")] {
                let next = Journal.line(for: .todos(.add(id: id(number), title: title)), number: number, after: sum)
                lines += next.bytes
                sum = next.sum
            }
            (line, problem) = (Data(lines), .journalChange(line: 3, journal: "store.json.journal", .todos(.emptyTitle)))
        }
        try files.writeJournal(files.journalBytes + line)
        let store = files.storeBytes
        let journal = files.journalBytes
        let damaged = StoreError.damaged(path: files.storeURL.path, problem)

        #expect(throws: damaged) { try files.todos() }
        #expect(throws: damaged) { try files.store().apply(TodoChange.check([id(1)])) }
        #expect(throws: damaged) { _ = try files.store().add(id: id(3), title: "Pay rent") }

        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
    }

    /// The sum the journal's last line ends with, which the next line's sum starts from.
    private func lastSum() throws -> UInt64 {
        let lastLine = try #require(files.journalLines.last)
        return try #require(Checksum.value(ofHex: Array(lastLine.utf8.dropLast(2).suffix(16))[...]))
    }
}
