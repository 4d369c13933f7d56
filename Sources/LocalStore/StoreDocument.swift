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
public struct StoreDocument: Codable, Sendable, Equatable {
    /// The format this version writes and the newest it can read.
    public static let currentVersion = 4

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
