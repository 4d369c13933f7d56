import FastJSON
import Foundation
import TodoList

/// The lines of `<store>.journal`: the changes to the to-dos made since the store file was last
/// written.
///
/// The first line names the store the journal belongs to (`{"journal":"<id>"}`), each other
/// line is one change, and every line ends with a newline. A last line without one is a change
/// cut off by a crash: it was never acknowledged, so it is not part of the list.
///
/// A change is an object with one key: `{"addTodo":{…item…}}`, `{"checkTodo":"<id>"}`,
/// `{"uncheckTodo":"<id>"}`, `{"deleteTodo":"<id>"}`, `{"renameTodo":{"id":"<id>","title":"…"}}`,
/// `{"clearFinished":true}` or `{"undo":true}`. Format 4 wrote only adds, in the same form.
enum Journal {
    /// The first line of a journal that belongs to the store with this id.
    static func header(_ id: UUID) -> Data {
        Data("{\"journal\":\"\(id.uuidString)\"}\n".utf8)
    }

    /// The store id on the first line, or nil when the bytes do not start like a journal.
    static func id(of journal: Data) -> UUID? {
        guard let id = id(atStartOf: journal), journal.starts(with: header(id)) else { return nil }
        return id
    }

    /// The id in bytes that start `{"journal":"<id>"`, as both a journal and a store file in
    /// the current format do (the store's keys are sorted, and `journal` comes first).
    static func id(atStartOf bytes: some BidirectionalCollection<UInt8>) -> UUID? {
        let opening = Data("{\"journal\":\"".utf8)
        let text = bytes.prefix(opening.count + 37)
        guard text.count == opening.count + 37, text.starts(with: opening), text.last == UInt8(ascii: "\"") else { return nil }
        return UUID(uuidString: String(decoding: text.dropFirst(opening.count).dropLast(), as: UTF8.self))
    }

    /// The line that records one change.
    static func line(for change: TodoChange) -> Data {
        var json = JSONWriter(capacity: 128)
        json.object { json in
            switch change {
            case .add(let item):
                json.key("addTodo")
                item.write(to: &json)
            case .check(let id):
                json.key("checkTodo")
                json.uuid(id)
            case .uncheck(let id):
                json.key("uncheckTodo")
                json.uuid(id)
            case .delete(let id):
                json.key("deleteTodo")
                json.uuid(id)
            case .rename(let id, let title):
                json.key("renameTodo")
                json.object { json in
                    json.key("id")
                    json.uuid(id)
                    json.key("title")
                    json.string(title)
                }
            case .clearFinished:
                json.key("clearFinished")
                json.bool(true)
            case .undo:
                json.key("undo")
                json.bool(true)
            }
        }
        return json.data + Data("\n".utf8)
    }

    /// The changes in the journal, oldest first, each with the number of its line; a last line
    /// cut short is left out.
    static func changes(in journal: Data, ofStore path: String) throws -> [(line: Int, change: TodoChange)] {
        var lines = journal.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropFirst()
        lines.removeLast()
        return try zip(2..., lines).map { number, line in
            do {
                return (number, try JSONReader.read(Data(line), change(_:)))
            } catch {
                throw StoreError.damaged(path: path, reason: "line \(number) of its journal, \(name(ofStore: path)), is not a change")
            }
        }
    }

    /// Applies the changes of a journal to the list they were made to. Adds in a row are made
    /// at once: that is what keeps a journal of thousands of adds quick to read.
    static func replay(_ changes: [(line: Int, change: TodoChange)], onto todos: inout Todos, ofStore path: String) throws {
        var adds: [TodoItem] = []
        var line = 0
        do {
            for (number, change) in changes {
                line = number
                if case .add(let item) = change {
                    adds.append(item)
                    continue
                }
                try todos.add(contentsOf: adds)
                adds = []
                try todos.apply(change)
            }
            try todos.add(contentsOf: adds)
        } catch {
            throw StoreError.damaged(path: path, reason: "line \(line) of its journal, \(name(ofStore: path)), "
                                     + "does not apply (\(error.localizedDescription))")
        }
    }

    /// How many of the changes walk the list to be replayed: all but the adds.
    static func walking(_ changes: [(line: Int, change: TodoChange)]) -> Int {
        changes.count { if case .add = $0.change { false } else { true } }
    }

    /// Where the journal of the store at `path` is kept: beside it.
    static func path(ofStore path: String) -> String {
        path + ".journal"
    }

    private static func change(_ json: inout JSONReader) throws -> TodoChange {
        var change: TodoChange?
        try json.readObject { json, key in
            guard change == nil else { throw json.error(expected: "one change on a line") }
            switch key {
            case "addTodo": change = .add(try TodoItem(json: &json))
            case "checkTodo": change = .check(try json.readUUID())
            case "uncheckTodo": change = .uncheck(try json.readUUID())
            case "deleteTodo": change = .delete(try json.readUUID())
            case "renameTodo":
                var id: UUID?
                var title: String?
                try json.readObject { json, key in
                    switch key {
                    case "id": id = try json.readUUID()
                    case "title": title = try json.readString()
                    default: try json.skipValue()
                    }
                }
                change = .rename(try json.required(id, "id"), to: try json.required(title, "title"))
            case "clearFinished":
                guard try json.readBool() else { throw json.error(expected: "true") }
                change = .clearFinished
            case "undo":
                guard try json.readBool() else { throw json.error(expected: "true") }
                change = .undo
            default: throw json.error(expected: "a change to the to-dos")
            }
        }
        guard let change else { throw json.error(expected: "a change to the to-dos") }
        return change
    }

    private static func name(ofStore path: String) -> String {
        (Journal.path(ofStore: path) as NSString).lastPathComponent
    }
}
