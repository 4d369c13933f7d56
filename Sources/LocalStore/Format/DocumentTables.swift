import Dates
import FastJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListEngine
import TodoList
import UserList

// The table of the store file itself: its keys, those of its two lists and of an undo step,
// which names the list it changed; `Specs/store-format.md` gives the whole file.

extension FileDocument {
    /// `checksum` comes first, then what an add reads (`StoreHead`): `folded`, `journal` and the
    /// next numbers, before the lists.
    enum Key: String, RecordKey {
        case checksum, folded, journal, nextPersonNumber, nextTodoNumber, people, todos, undo, version
    }

    static let keys = RecordKeys<Key>()

    /// A file in format 6, or nil for one that says it is in an older format; a file of format 6
    /// that lacks a key is refused, naming the first it lacks.
    static func readCurrent(_ json: inout JSONReader) throws -> FileDocument? {
        try RecordReader.read(keys, &json) { record, json in
            _ = try record.optional(.checksum, &json) { try $0.skipValue() }
            let folded = try record.optional(.folded, &json) { try $0.readNull() ? nil : FoldedJournal.read(&$0) } ?? nil
            let journal = try record.optional(.journal, &json) { try $0.readNull() ? nil : $0.readUUID() } ?? nil
            let nextPersonNumber = try record.optional(.nextPersonNumber, &json) { try $0.readInt() }
            let nextTodoNumber = try record.optional(.nextTodoNumber, &json) { try $0.readInt() }
            let people = try record.optional(.people, &json, PeopleSections.read)
            let todos = try record.optional(.todos, &json, TodoSections.read)
            let history = try record.optional(.undo, &json) { try $0.readArray(of: HistoryStep.read) }
            let version = try record.int(.version, &json)
            guard version >= 6 else { return nil }
            func required<Value>(_ value: Value?, _ key: Key) throws -> Value {
                guard let value else { throw json.error(expected: "the key \"\(key.rawValue)\" before the end of the object") }
                return value
            }
            let sections = try required(todos, .todos)
            let document = Document(todos: Todos(unfinished: sections.todo, finished: sections.finished,
                                                 nextNumber: try required(nextTodoNumber, .nextTodoNumber), order: sections.order),
                                    people: try required(people, .people).people(nextNumber: try required(nextPersonNumber, .nextPersonNumber)),
                                    history: try required(history, .undo))
            return FileDocument(document: document, version: version, journal: try required(journal, .journal), folded: folded)
        }
    }

    /// The file in format 6, its checksum written as zeros: `StoreHead.sealed` writes it in.
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.checksum, of: Self.keys)
            json.string(String(repeating: "0", count: 16))
            json.optional(.folded, of: Self.keys, folded) { $1.write(to: &$0) }
            json.optional(.journal, of: Self.keys, journal) { $0.uuid($1) }
            json.key(.nextPersonNumber, of: Self.keys)
            json.int(document.people.nextNumber)
            json.key(.nextTodoNumber, of: Self.keys)
            json.int(document.todos.nextNumber)
            json.key(.people, of: Self.keys)
            PeopleSections(document.people).write(to: &json)
            json.key(.todos, of: Self.keys)
            TodoSections(todo: document.todos.unfinished, finished: document.todos.finished, order: document.todos.order).write(to: &json)
            json.key(.undo, of: Self.keys)
            json.array(document.history) { $1.write(to: &$0) }
            json.key(.version, of: Self.keys)
            json.int(version)
        }
    }
}

extension FoldedJournal {
    enum Key: String, RecordKey {
        case checksum, id
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> FoldedJournal {
        try RecordReader.read(keys, &json) { record, json in
            let checksum = try record.value(.checksum, &json, Checksum.read)
            return FoldedJournal(id: try record.uuid(.id, &json), checksum: checksum)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.checksum, of: Self.keys)
            json.string(String(decoding: Checksum.hex(checksum), as: UTF8.self))
            json.key(.id, of: Self.keys)
            json.uuid(id)
        }
    }
}

extension Checksum {
    /// A checksum written as sixteen hex digits in a string.
    static func read(_ json: inout JSONReader) throws -> UInt64 {
        guard let value = Checksum.value(ofHex: Array(try json.readString().utf8)) else { throw json.error(expected: "sixteen hex digits") }
        return value
    }
}

/// The To do and Finished sections as the file holds them, and the order To do is shown in.
struct TodoSections {
    var todo: [TodoItem]
    var finished: [TodoItem]
    var order: TodoOrder

    enum Key: String, RecordKey {
        case finished, order, todo
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> TodoSections {
        try RecordReader.read(keys, &json) { record, json in
            let finished = try record.value(.finished, &json) { try $0.readArray(of: TodoItem.read) }
            let order = try record.optional(.order, &json) { try $0.readEnum(TodoOrder.self) } ?? .added
            let todo = try record.value(.todo, &json) { try $0.readArray(of: TodoItem.read) }
            return TodoSections(todo: todo, finished: finished, order: order)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.finished, of: Self.keys)
            json.array(finished) { $1.write(to: &$0) }
            json.optional(.order, of: Self.keys, order == .added ? nil : order) { $0.string($1.rawValue) }
            json.key(.todo, of: Self.keys)
            json.array(todo) { $1.write(to: &$0) }
        }
    }
}

/// The people as the file holds them, but their next number, which is the file's.
struct PeopleSections {
    var deleted: [Person]
    var everyone: [Person]
    var fetchProgress: FetchProgress?
    var sortOrder: PeopleOrder
    var unmatchedSearches: [String]

    enum Key: String, RecordKey {
        case deleted, everyone, fetchProgress, sortOrder, unmatchedSearches
    }

    static let keys = RecordKeys<Key>()

    init(_ people: People) {
        self.init(deleted: people.deleted, everyone: people.everyone, fetchProgress: people.fetchProgress,
                  sortOrder: people.sortOrder, unmatchedSearches: people.unmatchedSearches)
    }

    private init(deleted: [Person], everyone: [Person], fetchProgress: FetchProgress?, sortOrder: PeopleOrder, unmatchedSearches: [String]) {
        self.deleted = deleted
        self.everyone = everyone
        self.fetchProgress = fetchProgress
        self.sortOrder = sortOrder
        self.unmatchedSearches = unmatchedSearches
    }

    func people(nextNumber: Int) -> People {
        People(everyone: everyone, sortOrder: sortOrder, deleted: deleted, fetchProgress: fetchProgress,
               unmatchedSearches: unmatchedSearches, nextNumber: nextNumber)
    }

    static func read(_ json: inout JSONReader) throws -> PeopleSections {
        try RecordReader.read(keys, &json) { record, json in
            let deleted = try record.value(.deleted, &json) { try $0.readArray(of: Person.read) }
            let everyone = try record.value(.everyone, &json) { try $0.readArray(of: Person.read) }
            let progress = try record.optional(.fetchProgress, &json) { try $0.readNull() ? nil : FetchProgress.read(&$0) } ?? nil
            let order = try record.value(.sortOrder, &json) { try $0.readEnum(PeopleOrder.self) }
            let unmatched = try record.value(.unmatchedSearches, &json) { try $0.readArray { try $0.readString() } }
            return PeopleSections(deleted: deleted, everyone: everyone, fetchProgress: progress, sortOrder: order, unmatchedSearches: unmatched)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.deleted, of: Self.keys)
            json.array(deleted) { $1.write(to: &$0) }
            json.key(.everyone, of: Self.keys)
            json.array(everyone) { $1.write(to: &$0) }
            json.optional(.fetchProgress, of: Self.keys, fetchProgress) { $1.write(to: &$0) }
            json.key(.sortOrder, of: Self.keys)
            json.string(sortOrder.rawValue)
            json.key(.unmatchedSearches, of: Self.keys)
            json.array(unmatchedSearches) { $0.string($1) }
        }
    }
}

extension HistoryStep {
    /// An undo step is an object of one key, the list it changed.
    enum Key: String, RecordKey {
        case people, todos
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> HistoryStep {
        try readUnion(&json) { (key: Key, json) in
            switch key {
            case .people: .people(try PeopleStep.read(&json))
            case .todos: .todos(try TodoStep.read(&json))
            }
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            switch self {
            case .people(let step):
                json.key(.people, of: Self.keys)
                step.write(to: &json)
            case .todos(let step):
                json.key(.todos, of: Self.keys)
                step.write(to: &json)
            }
        }
    }
}

/// What a key of a store file tells salvage about the text after it (`Salvage`): the list whose
/// items follow, a value of the people it keeps, or the end of any list of items.
enum SalvageMark: Equatable {
    case todo, finished, everyone, deleted, sortOrder, fetchProgress
    /// What ties the file to its journal: which journal is its own, and which it took in.
    case journal, folded
    /// Anything else that holds records: an undo step, a placement, a list of searches.
    case elsewhere

    /// Every key of the file's tables, and of the older formats' (`LegacyParts.keys`), but the
    /// keys of a to-do and of a person, which say nothing of where the text is.
    static let ofKeys: [String: SalvageMark] = {
        let containers = FileDocument.Key.allCases.map(\.rawValue) + TodoSections.Key.allCases.map(\.rawValue)
            + PeopleSections.Key.allCases.map(\.rawValue) + StepKey.allCases.map(\.rawValue) + PlacementKey.allCases.map(\.rawValue)
            + HistoryStep.Key.allCases.map(\.rawValue) + LegacyParts.keys
        var marks = Dictionary(containers.map { ($0, SalvageMark.elsewhere) }) { first, _ in first }
        marks[TodoSections.Key.todo.rawValue] = .todo
        marks[TodoSections.Key.finished.rawValue] = .finished
        marks[PeopleSections.Key.everyone.rawValue] = .everyone
        marks[PeopleSections.Key.deleted.rawValue] = .deleted
        marks[PeopleSections.Key.sortOrder.rawValue] = .sortOrder
        marks[PeopleSections.Key.fetchProgress.rawValue] = .fetchProgress
        marks[FileDocument.Key.journal.rawValue] = .journal
        marks[FileDocument.Key.folded.rawValue] = .folded
        return marks
    }()
}
