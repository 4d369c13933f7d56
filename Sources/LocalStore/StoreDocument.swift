import FastJSON
import Foundation
import TodoList
import UserList

/// Everything the store file holds. It carries the version of its format, so a file written
/// by a newer `todo` is refused instead of being misread and then overwritten.
///
/// - 1: the to-dos.
/// - 2: the people beside them. A version 1 file reads as having nobody yet.
/// - 3: loaded people: deleted ones set aside, the paging seed, the searches that found nobody.
///   A version 2 file reads as having none of them yet.
/// - 4: the id of the journal that belongs to this file (adds made since it was written).
///   A version 3 file has no journal.
/// - 5: the journal may hold any change to the to-dos, not only adds. The file itself is as in
///   format 4, but a version that knows only adds must not read its journal.
public struct StoreDocument: Codable, Sendable, Equatable {
    /// The format this version writes and the newest it can read.
    public static let currentVersion = 5

    public var version: Int
    /// New with every file written, so a journal left from an older file is never applied.
    /// It sorts first among the keys, so an add finds it at the start of the file.
    public var journal: UUID?
    public var todos: Todos
    public var people: People

    public init(todos: Todos = Todos(), people: People = People()) {
        self.version = Self.currentVersion
        self.todos = todos
        self.people = people
    }

    private enum CodingKeys: String, CodingKey {
        case version, journal, todos, people
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        todos = try container.decode(Todos.self, forKey: .todos)
        people = version >= 2 ? try container.decode(People.self, forKey: .people) : People()
        journal = version >= 4 ? try container.decode(UUID.self, forKey: .journal) : nil
    }
}

extension StoreDocument {
    /// Reads a whole store file in one pass. A file that is JSON but not a document this
    /// version reads throws `JSONReader.Error`, saying where and what was expected.
    init(json data: Data) throws {
        self = try JSONReader.read(data) { json in
            var journal: UUID?
            var people: People?
            var todos: Todos?
            var version: Int?
            try json.readObject { json, key in
                switch key {
                case "journal": journal = try json.readNull() ? nil : json.readUUID()
                case "people": people = try People(json: &json)
                case "todos": todos = try Todos(json: &json)
                case "version": version = try json.readInt()
                default: try json.skipValue()
                }
            }
            let format = try json.required(version, "version")
            var document = StoreDocument(todos: try json.required(todos, "todos"),
                                         people: format >= 2 ? try json.required(people, "people") : People())
            document.version = format
            document.journal = format >= 4 ? try json.required(journal, "journal") : nil
            return document
        }
    }

    /// The format a file says it is in, read without reading the rest; nil when it is not a
    /// JSON object with a whole-number version.
    static func version(in data: Data) -> Int? {
        try? JSONReader.read(data) { json in
            var version: Int?
            try json.readObject { json, key in
                if key == "version" { version = try json.readInt() } else { try json.skipValue() }
            }
            return try json.required(version, "version")
        }
    }

    /// The file's bytes: keys in sorted order, so that `journal` comes first, where an add
    /// reads it without reading the rest.
    var json: Data {
        var json = JSONWriter(capacity: 256 + 100 * (todos.todo.count + todos.finished.count) + 200 * people.everyone.count)
        json.object { json in
            if let journal {
                json.key("journal")
                json.uuid(journal)
            }
            json.key("people")
            people.write(to: &json)
            json.key("todos")
            todos.write(to: &json)
            json.key("version")
            json.int(version)
        }
        return json.data
    }
}
