import FastJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListEngine
import TodoList
import UserList

// Store files in formats 1 to 5, read into format 6. They had no numbers: the items get
// numbers in the order the list showed them (To do, then Finished) once their journal is
// replayed, so every item keeps the number it was shown with the day before the upgrade.
// People get numbers in the order added. Their undo steps, to-dos only, are kept.

/// The keys of a file in formats 1 to 5, in one pass.
struct LegacyParts {
    /// The keys these formats had that the current one has not, which hold no item of their own.
    static let keys = ["undoSteps", "blacklist"]

    private var version = 0
    private var journal: UUID?
    private var todos: (todo: [LegacyItem], finished: [LegacyItem], steps: [LegacyStep])?
    private var people: People?

    private typealias LegacyItem = (id: UUID, title: String, isFinished: Bool)
    private typealias LegacyStep = (removing: [UUID], restoring: [(index: Int, item: LegacyItem)])

    init(json: inout JSONReader) throws {
        var version: Int?
        try json.readObject { json, key in
            switch key {
            case "journal": journal = try json.readNull() ? nil : json.readUUID()
            case "people": people = try Self.people(&json)
            case "todos": todos = try Self.todos(&json)
            case "version": version = try json.readInt()
            default: try json.passOverUnknownKey(key)
            }
        }
        self.version = try json.required(version, "version")
    }

    /// The document with temporary numbers, to be renumbered by `numberedAsShown()` once the
    /// journal is replayed onto it.
    /// `json` stands at the file's end, where a key it lacks is missed.
    func file(_ json: inout JSONReader) throws -> FileDocument {
        guard let todos else { throw json.error(expected: "the key \"todos\"") }
        guard version < 2 || people != nil else { throw json.error(expected: "the key \"people\"") }
        guard version < 4 || journal != nil else { throw json.error(expected: "the key \"journal\"") }
        var numbers = Numbering()
        let todo = todos.todo.map { numbers.item($0) }
        let finished = todos.finished.map { numbers.item($0) }
        let history = todos.steps.map { step in
            HistoryStep.todos(TodoStep(kind: .change, removing: step.removing,
                                       restoring: step.restoring.map { Placement(item: numbers.item($0.item), index: $0.index) }))
        }
        let document = Document(todos: Todos(unfinished: todo, finished: finished, nextNumber: numbers.next),
                                people: people ?? People(), history: history)
        return FileDocument(document: document, version: version, journal: journal)
    }

    /// Gives each id a number of its own, the same number each time it comes.
    private struct Numbering {
        private var given: [UUID: Int] = [:]
        private(set) var next = 1

        mutating func item(_ item: LegacyItem) -> TodoItem {
            TodoItem(id: item.id, number: number(for: item.id), title: item.title, isFinished: item.isFinished)
        }

        mutating func number(for id: UUID) -> Int {
            if let number = given[id] { return number }
            defer { next += 1 }
            given[id] = next
            return next
        }
    }

    private static func todos(_ json: inout JSONReader) throws -> (todo: [LegacyItem], finished: [LegacyItem], steps: [LegacyStep]) {
        var finished: [LegacyItem]?
        var todo: [LegacyItem]?
        var steps: [LegacyStep]?
        try json.readObject { json, key in
            switch key {
            case "finished": finished = try json.readArray(of: item)
            case "todo": todo = try json.readArray(of: item)
            case "undoSteps": steps = try json.readArray(of: Self.step)
            default: try json.passOverUnknownKey(key)
            }
        }
        return (try json.required(todo, "todo"), try json.required(finished, "finished"), try json.required(steps, "undoSteps"))
    }

    /// A to-do of these formats: an id, a title and whether it is finished.
    private static func item(_ json: inout JSONReader) throws -> LegacyItem {
        let item = try LegacyItemKey.read(&json)
        guard let id = item.id, let title = item.title, let isFinished = item.isFinished else {
            throw json.error(expected: "a to-do with an id, a title and whether it is finished")
        }
        return (id, title, isFinished)
    }

    private static func step(_ json: inout JSONReader) throws -> LegacyStep {
        var removing: [UUID]?
        var restoring: [(index: Int, item: LegacyItem)]?
        try json.readObject { json, key in
            switch key {
            case "removing": removing = try json.readArray { try $0.readUUID() }
            case "restoring":
                restoring = try json.readArray { json in
                    var index: Int?
                    var item: LegacyItem?
                    try json.readObject { json, key in
                        switch key {
                        case "index": index = try json.readInt()
                        case "item": item = try Self.item(&json)
                        default: try json.passOverUnknownKey(key)
                        }
                    }
                    return (try json.required(index, "index"), try json.required(item, "item"))
                }
            default: try json.passOverUnknownKey(key)
            }
        }
        return (try json.required(removing, "removing"), try json.required(restoring, "restoring"))
    }

    private static func people(_ json: inout JSONReader) throws -> People {
        var blacklist: [String]?
        var deleted: [Person]?
        var everyone: [Person]?
        var progress: FetchProgress?
        var order: PeopleOrder?
        func person(_ json: inout JSONReader, number: Int) throws -> Person {
            let start = json.offset
            let read = try StoredPerson.read(&json)
            guard read.details.birthDate != nil else { throw json.error(expected: "the key \"birthDate\"") }
            // Numbers came in format 6: one here was written by another program, and would be left out.
            if read.number != nil { try json.refuseKey("number", ofObjectAt: start) }
            return Person(id: read.id, number: number, addedAt: read.addedAt, details: read.details)
        }
        try json.readObject { json, key in
            switch key {
            case "blacklist": blacklist = try json.readNull() ? nil : json.readArray { try $0.readString() }
            case "deleted":
                var count = 0
                deleted = try json.readNull() ? nil : json.readArray { json in
                    count += 1
                    return try person(&json, number: count)
                }
            case "everyone":
                var count = 0
                everyone = try json.readArray { json in
                    count += 1
                    return try person(&json, number: count)
                }
            case "fetchProgress": progress = try json.readNull() ? nil : FetchProgress.read(&json)
            case "sortOrder": order = try json.readEnum(PeopleOrder.self)
            default: try json.passOverUnknownKey(key)
            }
        }
        let listed = try json.required(everyone, "everyone")
        return People(everyone: listed, sortOrder: try json.required(order, "sortOrder"), deleted: deleted ?? [],
                      fetchProgress: progress, unmatchedSearches: blacklist ?? [], nextNumber: listed.count + 1)
    }
}

/// The keys of a to-do in formats 1 to 5: no number, plan or times, which came later. A file of
/// these formats that has them was written by another program, and is refused as a file with a
/// key todo does not keep: an upgrade would leave them out.
enum LegacyItemKey: String, RecordKey {
    case id, isFinished, title

    private static let keys = RecordKeys<LegacyItemKey>()

    static func read(_ json: inout JSONReader) throws -> (id: UUID?, isFinished: Bool?, title: String?) {
        try RecordReader.read(keys, &json) { record, json in
            (try record.optional(.id, &json) { try $0.readUUID() }, try record.optional(.isFinished, &json) { try $0.readBool() },
             try record.optional(.title, &json) { try $0.readString() })
        }
    }
}

extension Document {
    /// The document with its to-dos numbered 1, 2, 3… as the list shows them, To do then
    /// Finished; the items its undo steps bring back keep their place after those. The last
    /// step of reading a store written before numbers.
    func numberedAsShown() -> Document {
        var given: [UUID: Int] = [:]
        var next = 1
        func number(_ id: UUID) -> Int {
            if let number = given[id] { return number }
            defer { next += 1 }
            given[id] = next
            return next
        }
        func renumbered(_ item: TodoItem) -> TodoItem {
            TodoItem(id: item.id, number: number(item.id), title: item.title, isFinished: item.isFinished)
        }
        let todo = todos.unfinished.map(renumbered)
        let finished = todos.finished.map(renumbered)
        let history = history.map { step -> HistoryStep in
            guard case .todos(let step) = step else { return step }
            return .todos(TodoStep(kind: step.kind, removing: step.removing,
                                   restoring: step.restoring.map { Placement(item: renumbered($0.item), index: $0.index) }))
        }
        var document = self
        document.todos = Todos(unfinished: todo, finished: finished, nextNumber: todo.isEmpty && finished.isEmpty ? 1 : next)
        document.history = history
        return document
    }
}

extension Journal {
    /// A line of the journals of formats 4 and 5: to-dos only, one id where format 6 takes a list.
    static func legacyChange(_ key: String, _ json: inout JSONReader) throws -> LoggedChange {
        switch key {
        case "addTodo":
            let item = try LegacyItemKey.read(&json)
            guard let id = item.id, let title = item.title else { throw json.error(expected: "a to-do with an id and a title") }
            return LoggedChange(.todos(.add(id: id, title: title)))
        case "checkTodo": return LoggedChange(.todos(.check([try json.readUUID()])))
        case "uncheckTodo": return LoggedChange(.todos(.uncheck([try json.readUUID()])))
        case "deleteTodo": return LoggedChange(.todos(.delete([try json.readUUID()])))
        case "renameTodo":
            let rename = try LoggedRename.read(&json)
            return LoggedChange(.todos(.rename(rename.id, to: rename.title)))
        case "clearFinished", "undo":
            guard try json.readBool() else { throw json.error(expected: "true") }
            return LoggedChange(key == "undo" ? .undo : .todos(.clearFinished))
        default: throw json.error(expected: "a change to the to-dos")
        }
    }
}
