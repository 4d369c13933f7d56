import Foundation
@testable import LocalStore
import ListEngine
import TestSupport
import Testing
import Undo
import TodoList
import UserList

@Suite("Keeping the list on this machine: the file format")
struct FormatTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
    }

    @Test("TP-22 A saved store is byte for byte what a standard JSON writer makes of the same values")
    func savedStoreIsStandardJSON() throws {
        let lists = try richLists()
        try files.store().update { $0 = lists }

        let saved = files.storeBytes
        let values = try JSONSerialization.jsonObject(with: saved)
        let rewritten = try JSONSerialization.data(withJSONObject: values, options: [.sortedKeys, .withoutEscapingSlashes])

        #expect(String(decoding: saved, as: UTF8.self) == String(decoding: rewritten, as: UTF8.self))
        let read = try files.store().read()
        #expect(read.todos == lists.todos)
        #expect(read.people == lists.people)
        #expect(read.history == lists.history)
    }

    @Test("TP-23 A store written by another JSON writer reads as the same lists")
    func storeFromAnotherWriterReads() throws {
        let lists = try richLists()
        try files.store().update { $0 = lists }
        let values = try JSONSerialization.jsonObject(with: files.storeBytes)
        let written = String(decoding: try JSONSerialization.data(withJSONObject: values, options: [.prettyPrinted]), as: UTF8.self)
            .replacingOccurrences(of: "ë", with: "\\u00EB")
            .replacingOccurrences(of: "😀", with: "\\ud83d\\ude00")
            .replacingOccurrences(of: "\"version\" : \(StoreFormat.current)", with: "\"version\" : \(StoreFormat.current).0")
        #expect(written.contains("\\/"), "slashes escaped, as JSONSerialization does by default")
        #expect(written.contains("\"version\" : \(StoreFormat.current).0"))
        try files.write(Data(written.utf8))

        let read = try files.store().read()

        #expect(read.todos == lists.todos)
        #expect(read.people == lists.people)
        #expect(read.history == lists.history)
        #expect(try files.store().inspect().isSound)
    }

    /// A store of an older format, as that format wrote it, and what it holds.
    struct OlderStore: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let store: String
        let journal: String?
        /// The to-dos as numbered after the upgrade.
        let todos: Todos
        let people: [String]
        let unmatched: [String]
        /// What undo takes back once the check is undone.
        let undoneBefore: UndoneChange
        let afterBothUndos: Todos
        /// How many people the user had deleted: never shown, they are numbered as a list of their own.
        var deletedPeople = 0
    }

    nonisolated static let journalID = "00000000-0000-4000-8000-000000000000"

    nonisolated static func item(_ number: Int, _ title: String, finished: Bool = false) -> String {
        "{\"id\":\"\(id(number).uuidString)\",\"isFinished\":\(finished),\"title\":\"\(title)\"}"
    }

    nonisolated static func person(_ number: Int, _ firstName: String, _ lastName: String) -> String {
        "{\"addedAt\":1,\"birthDate\":\"1990-03-14\",\"firstName\":\"\(firstName)\",\"id\":\"\(id(number).uuidString)\",\"lastName\":\"\(lastName)\"}"
    }

    nonisolated static let olderStores: [OlderStore] = [
        OlderStore(
            testDescription: "format 1, with no people and no journal",
            store: "{\"todos\":{\"finished\":[\(item(2, "Pay rent", finished: true))],\"todo\":[\(item(1, "Buy milk"))],"
                + "\"undoSteps\":[{\"removing\":[\"\(id(2).uuidString)\"],\"restoring\":[{\"index\":1,\"item\":\(item(2, "Pay rent"))}]}]},"
                + "\"version\":1}",
            journal: nil, todos: list(todo: [todo(1, "Buy milk")], finished: [finished(2, "Pay rent")], next: 3), people: [], unmatched: [],
            undoneBefore: UndoneChange(.changeTodos, names: []),
            afterBothUndos: list(todo: [todo(1, "Buy milk"), todo(2, "Pay rent")], next: 3)),
        OlderStore(
            testDescription: "format 3, with people, people deleted and searches remembered",
            store: "{\"people\":{\"blacklist\":[\"zzq\"],\"deleted\":[\(person(102, "Yui", "Sato")),\(person(103, "Omar", "Haddad"))],"
                + "\"everyone\":[\(person(101, "Zoë", "Adams"))],\"sortOrder\":\"added\"},"
                + "\"todos\":{\"finished\":[],\"todo\":[\(item(1, "Buy milk")),\(item(2, "Call Ann"))],\"undoSteps\":"
                + "[{\"removing\":[\"\(id(1).uuidString)\"],\"restoring\":[]}]},\"version\":3}",
            journal: nil, todos: makeTodos(todo: ["Buy milk", "Call Ann"]), people: ["Zoë Adams"], unmatched: ["zzq"],
            undoneBefore: UndoneChange(.changeTodos, names: []), afterBothUndos: list(todo: [todo(2, "Call Ann")], next: 3),
            deletedPeople: 2),
        OlderStore(
            testDescription: "format 4, with an add in its journal",
            store: "{\"journal\":\"\(journalID)\",\"people\":{\"everyone\":[],\"sortOrder\":\"added\"},\"todos\":{\"finished\":[],"
                + "\"todo\":[\(item(1, "Buy milk"))],\"undoSteps\":[]},\"version\":4}",
            journal: "{\"journal\":\"\(journalID)\"}\n{\"addTodo\":\(item(2, "Call Ann"))}\n",
            todos: list(todo: [TodoItem(id: id(2), number: 1, title: "Call Ann"), TodoItem(id: id(1), number: 2, title: "Buy milk")], next: 3),
            people: [], unmatched: [], undoneBefore: UndoneChange(.addTodos, names: ["Call Ann"]),
            afterBothUndos: list(todo: [TodoItem(id: id(1), number: 2, title: "Buy milk")], next: 3)),
        OlderStore(
            testDescription: "format 5, with a check in its journal",
            store: "{\"journal\":\"\(journalID)\",\"people\":{\"everyone\":[],\"sortOrder\":\"added\"},\"todos\":{\"finished\":[],"
                + "\"todo\":[\(item(1, "Buy milk")),\(item(2, "Call Ann"))],\"undoSteps\":[]},\"version\":5}",
            journal: "{\"journal\":\"\(journalID)\"}\n{\"checkTodo\":\"\(id(2).uuidString)\"}\n",
            todos: list(todo: [todo(1, "Buy milk")], finished: [finished(2, "Call Ann")], next: 3),
            people: [], unmatched: [], undoneBefore: UndoneChange(.checkTodos, names: ["Call Ann"]), afterBothUndos: makeTodos(todo: ["Buy milk", "Call Ann"])),
        OlderStore(
            testDescription: "format 5, with every kind of change in its journal",
            store: "{\"journal\":\"\(journalID)\",\"people\":{\"everyone\":[],\"sortOrder\":\"added\"},\"todos\":{\"finished\":[],"
                + "\"todo\":[\(item(1, "Buy milk")),\(item(2, "Call Ann"))],\"undoSteps\":[]},\"version\":5}",
            journal: ["{\"journal\":\"\(journalID)\"}", "{\"addTodo\":\(item(3, "Pay rent"))}",
                      "{\"checkTodo\":\"\(id(2).uuidString)\"}", "{\"checkTodo\":\"\(id(1).uuidString)\"}", "{\"clearFinished\":true}",
                      "{\"undo\":true}", "{\"renameTodo\":{\"id\":\"\(id(3).uuidString)\",\"title\":\"Pay the rent\"}}",
                      "{\"uncheckTodo\":\"\(id(2).uuidString)\"}", "{\"deleteTodo\":\"\(id(1).uuidString)\"}"].joined(separator: "\n") + "\n",
            // Number 3 is kept for the item undo can bring back.
            todos: list(todo: [TodoItem(id: id(3), number: 1, title: "Pay the rent"), TodoItem(id: id(2), number: 2, title: "Call Ann")],
                        next: 4),
            people: [], unmatched: [], undoneBefore: UndoneChange(.deleteTodos, names: ["Buy milk"]),
            afterBothUndos: list(todo: [TodoItem(id: id(3), number: 1, title: "Pay the rent"), TodoItem(id: id(2), number: 2, title: "Call Ann")],
                                 finished: [TodoItem(id: id(1), number: 3, title: "Buy milk", isFinished: true)], next: 4)),
    ]

    @Test("TP-27 A store in an older format keeps its lists, numbered as they were shown, and is in the current format after its first change",
          arguments: olderStores)
    func olderFormatsAreUpgraded(older: OlderStore) throws {
        try files.write(Data(older.store.utf8))
        if let journal = older.journal { try files.writeJournal(Data(journal.utf8)) }

        let read = try files.store().read()
        #expect(read.todos == older.todos)
        #expect(read.people.everyone.map(\.fullName) == older.people)
        #expect(read.people.everyone.map(\.number) == Array(1..<(older.people.count + 1)))
        #expect(read.people.deleted.map(\.number) == Array(1..<(older.deletedPeople + 1)))
        #expect(read.people.unmatchedSearches == older.unmatched)

        let first = try #require(read.todos.unfinished.first)
        try files.store().apply(TodoChange.check([first.id]))

        #expect(try files.contents() == ["store.json", "store.json.lock"])
        #expect(try files.storeFile().version == StoreFormat.current)
        #expect(String(decoding: files.storeBytes, as: UTF8.self).hasPrefix("{\"checksum\":\""))
        #expect(try files.store().read().people == read.people)
        #expect(try files.store().undone() == UndoneChange(.checkTodos, names: ["\(first.title)"]))
        #expect(try files.todos() == older.todos)
        #expect(try files.store().undone() == older.undoneBefore)
        #expect(try files.todos() == older.afterBothUndos)
    }

    @Test("The checksum is XXH64 of the bytes after it: a file changed by hand is read whole, and written proven again")
    func checksum() throws {
        try files.seed(todo: ["Buy milk"])
        let saved = String(decoding: files.storeBytes, as: UTF8.self)
        #expect(saved.hasPrefix("{\"checksum\":\""))
        let edited = saved.replacingOccurrences(of: "Buy milk", with: "Buy oats")
        try files.write(Data(edited.utf8))

        #expect(try files.todos() == makeTodos(todo: ["Buy oats"]))
        #expect(try files.store().inspect().isSound)
        _ = try files.store().add(id: id(2), title: "Call Ann")
        #expect(files.storeBytes != Data(edited.utf8), "the next change writes it whole, proven")
        #expect(String(decoding: files.storeBytes, as: UTF8.self).contains("Buy oats"))
        #expect(try files.contents() == ["store.json", "store.json.lock"])
        #expect(try files.todos() == list(todo: [todo(2, "Call Ann"), todo(1, "Buy oats")], next: 3))
    }

    /// A to-do as todo writes it, `ID` standing for its id (`LOWER` for it in small letters).
    nonisolated static let asWritten = #"{"id":"ID","isFinished":false,"number":1,"title":"Buy milk"}"#

    /// The first row is how todo writes a to-do, which a shortcut reads; the rest go the full way.
    nonisolated static let writtenOtherwise: [(text: String, refusal: String?)] = [
        (asWritten, nil),
        (#"{ "id": "ID", "isFinished": false, "number": 1, "title": "Buy milk" }"#, nil),
        (#"{"title":"Buy milk","number":1,"isFinished":false,"id":"ID"}"#, nil),
        (#"{"id":"ID","isFinished":false,"number":1.0,"title":"Buy milk"}"#, nil),
        (#"{"id":"ID","isFinished":false,"number":1,"title":"Buy \u006dilk"}"#, nil),
        (#"{"id":"ID","isFinished":false,"number":1,"title":"Sell milk","title":"Buy milk"}"#, #"expected the key "title" once, not again"#),
        (#"{"id":"ID","isFinished":false,"number":1,"number":2,"title":"Buy milk"}"#, #"expected the key "number" once, not again"#),
        (#"{"id":"ID","isFinished":false,"number":1,"title":"Buy milk","note":"x"}"#, #"expected a key todo keeps here in place of "note""#),
        (#"{"id":"LOWER","isFinished":false,"number":1,"title":"Buy milk"}"#, nil),
        (#"{"id":"ID","isFinished":flase,"number":1,"title":"Buy milk"}"#, "expected true or false"),
        (#"{"id":"ID","isFinished":false,"number":1.5,"title":"Buy milk"}"#, "expected a whole number"),
        (#"{"id":"ID","isFinished":false,"number":1,"title":"Buy\#u{1}milk"}"#, "expected a control character to be escaped"),
        (#"{"id":"ID-","isFinished":false,"number":1,"title":"Buy milk"}"#, "expected a UUID"),
        (#"{"id":"ID","isFinished":false,"number":1}"#, #"expected the key "title""#),
        (#"{"id":"ID","isFinished":false,"number":1,"title":"Buy milk""#, "expected a comma or the end of the object"),
    ]

    /// The head an add reads would take the first of two values, where a reader of the whole
    /// file takes the last: no reader takes either, and doctor does not call the store sound.
    @Test("A store that gives a key twice is refused by every reader, whatever its checksum says", arguments: [false, true])
    func keyGivenTwice(checksumForged: Bool) throws {
        try files.seed(todo: ["Buy milk", "Call Ann"])
        let saved = String(decoding: files.storeBytes, as: UTF8.self)
        try #require(saved.contains(#""nextTodoNumber":3,"#))
        let edited = Array(saved.replacingOccurrences(of: #""nextTodoNumber":3,"#, with: #""nextTodoNumber":3,"nextTodoNumber":5,"#).utf8)
        try files.write(checksumForged ? StoreHead.sealed(edited) : Data(edited))

        let refusal = try #require(throws: StoreError.self) { try files.todos() }
        #expect(refusal.isDamaged)
        #expect(try files.todo("list").errors.contains(#"expected the key "nextTodoNumber" once, not again"#))
        #expect(try !files.store().inspect().isSound)
        #expect(try files.todo("doctor").status == 1)
    }

    /// Where each record of `richLists` starts in the store todo writes, as the bytes before its
    /// first key: a key put there belongs to that record and to no other.
    static let recordStarts = [("first to-do", #""todo":[{"#), ("to-do's plan", #""plan":{"#), ("to-do's times", #""times":{"#),
                               ("first person", #""everyone":[{"#), ("person's address", #""address":{"#),
                               ("first undo step", #""undo":[{"todos":{"#), ("top level", #"{"checksum":"#)]

    @Test("SF-51 A key todo does not keep is refused by every reader, never dropped by a write", arguments: recordStarts)
    func keyTodoDoesNotKnow(record: String, start: String) throws {
        let lists = try richLists()
        try files.store().update { $0 = lists }
        let saved = String(decoding: files.storeBytes, as: UTF8.self)
        let at = try #require(saved.range(of: start), "\(record)")
        // At the top level after the checksum, which then no longer proves the file: as another program writes it.
        let edited = record == "top level"
            ? saved.replacingOccurrences(of: #","journal":"#, with: "," + Self.note + #""journal":"#)
            : saved.replacingCharacters(in: at, with: start + Self.note)

        try expectRefusedThenRepaired(edited)

        let rebuilt = try files.store().read()
        #expect(rebuilt.todos == lists.todos)
        #expect(rebuilt.people == lists.people)
        #expect(rebuilt.history == lists.history)
        #expect(!String(decoding: files.storeBytes, as: UTF8.self).contains("note"))
    }

    @Test("SF-51 A key todo does not keep is refused by every reader, never dropped by a write: a store an older todo wrote",
          arguments: [("top level", "{", note, "note"), ("people", #""people":{"#, note, "note"), ("to-dos", #""todos":{"#, note, "note"),
                      ("first undo step", #""undoSteps":[{"#, note, "note"),
                      // Keys of later formats: an upgrade would leave them out.
                      ("first to-do", #""todo":[{"#, #""plan":{"priority":"H"},"#, "plan"),
                      ("first to-do", #""todo":[{"#, #""times":{"added":"2026-11-25T09:00:00Z"},"#, "times"),
                      ("first to-do", #""todo":[{"#, #""number":7,"#, "number"),
                      ("first person", #""everyone":[{"#, #""number":1,"#, "number")])
    func keyTodoDoesNotKnowInAnOlderFormat(record: String, start: String, inserted: String, key: String) throws {
        let older = Self.olderStores[1]
        try #require(older.store.hasSuffix(#""version":3}"#))
        let at = try #require(older.store.range(of: start))

        try expectRefusedThenRepaired(older.store.replacingCharacters(in: at, with: start + inserted), inserted: inserted, key: key)

        let rebuilt = try files.store().read()
        #expect(rebuilt.todos == older.todos)
        #expect(rebuilt.people.everyone.map(\.fullName) == older.people)
        #expect(rebuilt.people.unmatchedSearches == older.unmatched)
    }

    /// A key of another record, which this one has no place for: a people step's.
    @Test("SF-51 A key todo does not keep is refused by every reader, never dropped by a write: where a key of another record stands")
    func keyOfAnotherRecord() throws {
        let lists = try richLists()
        try files.store().update { $0 = lists }
        let saved = String(decoding: files.storeBytes, as: UTF8.self)
        let start = #""undo":[{"todos":{"#
        let inserted = #""fetchProgress":{"nextPage":3,"seed":"kept"},"#
        let at = try #require(saved.range(of: start))

        try expectRefusedThenRepaired(saved.replacingCharacters(in: at, with: start + inserted), inserted: inserted, key: "fetchProgress")

        let rebuilt = try files.store().read()
        #expect(rebuilt.history == lists.history)
        #expect(rebuilt.people == lists.people)
    }

    /// A note added by hand, as the first key of a record.
    private static let note = #""note":"call Anna first","#

    /// Writes `edited`, a store holding `inserted`, the key `key` and its value, once, and expects
    /// list, add and check to refuse it with one line naming the key and the byte its value starts
    /// at, doctor to name both, and nothing to be written; then repairs it, and expects the copy
    /// to hold the store as it was.
    private func expectRefusedThenRepaired(_ edited: String, inserted: String = note, key: String = "note") throws {
        let parts = edited.components(separatedBy: inserted)
        try #require(parts.count == 2)
        try files.write(Data(edited.utf8))
        let journal = files.journalBytes
        let byte = parts[0].utf8.count + "\"\(key)\":".utf8.count

        for command in [["list"], ["add", "Bread"], ["check", "1"]] {
            let refused = try files.todo(command)
            #expect(refused.status == 1, "\(command)")
            #expect(refused.errors.contains(#"in place of "\#(key)" at byte \#(byte))"#) && refused.errors.split(separator: "\n").count == 1,
                    "\(command): \(refused.errors)")
        }
        #expect(String(decoding: files.storeBytes, as: UTF8.self) == edited)
        #expect(files.journalBytes == journal)
        let doctor = try files.todo("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.output.contains(#"byte \#(byte): it does not read as a todo store: a key todo keeps here in place of "\#(key)""#),
                "\(doctor)")

        let repair = try files.todo("doctor", "--repair")
        #expect(repair.status == 0, "\(repair)")
        let copy = try #require(try files.contents().first { $0.hasPrefix("store.json.damaged-") })
        #expect(try String(contentsOf: files.folder.file("data/" + copy), encoding: .utf8) == edited)
    }

    @Test("A to-do written otherwise than todo writes it reads as the same item, or is refused as damage", arguments: writtenOtherwise)
    func toDoWrittenOtherwise(text: String, refusal: String?) throws {
        try files.seed(todo: ["Buy milk"])
        let uuid = id(1).uuidString
        let saved = String(decoding: files.storeBytes, as: UTF8.self)
        let written = Self.asWritten.replacingOccurrences(of: "ID", with: uuid)
        try #require(saved.contains(written))
        let item = text.replacingOccurrences(of: "ID", with: uuid).replacingOccurrences(of: "LOWER", with: uuid.lowercased())
        try files.write(Data(saved.replacingOccurrences(of: written, with: item).utf8))

        if let refusal {
            let error = #expect(throws: StoreError.self) { try files.todos() }
            switch error {
            case .damaged(_, .doesNotFit(StoreFormat.current, let failure)), .damaged(_, .notAStore(let failure)):
                #expect("\(failure)".contains(refusal))
            default:
                Issue.record("not refused as damage: \(String(describing: error))")
            }
        } else {
            #expect(try files.todos() == makeTodos(todo: ["Buy milk"]))
        }
    }

    /// A file in format 6 or 7 that does not fit it is told where the current reader stopped,
    /// never where the reader of formats 1 to 5 would have.
    @Test("A store in format 6 or 7 that does not fit it is refused where it stops fitting", arguments: [6, 7])
    func currentFormatThatDoesNotFit(format: Int) throws {
        try files.seed(todo: ["Buy milk"])
        let saved = String(decoding: files.storeBytes, as: UTF8.self)
        let damaged = saved.replacingOccurrences(of: "\"title\":\"Buy milk\"", with: "\"title\":7")
            .replacingOccurrences(of: ",\"version\":\(StoreFormat.current)}", with: ",\"version\":\(format)}")
        try #require(damaged.utf8.count == saved.utf8.count - 9)
        try files.write(Data(damaged.utf8))

        let offset = try #require(Array(damaged.utf8).firstRange(of: Array("\"title\":7".utf8))).upperBound - 1
        #expect(throws: StoreError.damaged(path: files.storeURL.path, .doesNotFit(format: format, FormatFailure(offset: offset, expected: "a string")))) {
            try files.todos()
        }
    }

    @Test("A store in format 1 that does not fit it is refused as damaged in format 1")
    func formatOneThatDoesNotFit() throws {
        try files.write(Data(#"{"version": 1, "todos": {"todo": [{"id": 7}], "finished": []}}"#.utf8))

        #expect(throws: StoreError.damaged(path: files.storeURL.path, .doesNotFit(format: 1, FormatFailure(offset: 41, expected: "a UUID")))) {
            try files.todos()
        }
    }

    @Test("A store in an older format without a key that format has is refused as damaged in that format",
          arguments: [(2, "people"), (4, "journal")])
    func olderFormatWithoutItsKey(format: Int, key: String) throws {
        let people = key == "people" ? "" : "\"people\":{\"everyone\":[],\"sortOrder\":\"added\"},"
        let store = "{\(people)\"todos\":{\"finished\":[],\"todo\":[\(Self.item(1, "Buy milk"))],\"undoSteps\":[]},\"version\":\(format)}"
        try files.write(Data(store.utf8))

        #expect(throws: StoreError.damaged(path: files.storeURL.path,
                                           .doesNotFit(format: format, FormatFailure(offset: store.utf8.count, expected: "the key \"\(key)\"")))) {
            try files.todos()
        }
    }

    /// The digits are XXH64 of nothing: the checksum of the bytes after the head, when there are none.
    @Test("A file that is its checksum's head and nothing after is not proven, though its digits are those of nothing")
    func headAloneIsNotProven() {
        #expect(!StoreHead.isProven(Data(#"{"checksum":"ef46db3751d8e999","#.utf8)))
    }

    #if DEBUG
    /// A key declared out of order would be written out of order, and missed by the reader's
    /// shortcut, which expects the keys in the order `todo` writes them: the mistake is the
    /// programmer's, stopped in a debug build at the table's first use (in a process of its own).
    @Test("A record whose keys are not declared in sorted order stops a debug build at its table's first use")
    func unsortedKeysStop() async {
        await #expect(processExitsWith: .failure) {
            _ = RecordKeys<UnsortedKey>()
        }
    }
    #endif
}

#if DEBUG
/// The keys of a record declared out of order: `title` sorts after `id`.
private enum UnsortedKey: String, RecordKey {
    case title, id
}
#endif
