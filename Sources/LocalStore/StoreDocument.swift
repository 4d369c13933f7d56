import TodoList
import UserList

/// Everything the store file holds. It carries the version of its format, so a file written
/// by a newer `todo` is refused instead of being misread and then overwritten.
///
/// - 1: the to-dos.
/// - 2: the people beside them. A version 1 file reads as having nobody yet.
/// - 3: loaded people: deleted ones set aside, the paging seed, the searches that found nobody.
///   A version 2 file reads as having none of them yet.
public struct StoreDocument: Codable, Sendable, Equatable {
    /// The format this version writes and the newest it can read.
    public static let currentVersion = 3

    public var version: Int
    public var todos: Todos
    public var people: People

    public init(todos: Todos = Todos(), people: People = People()) {
        self.version = Self.currentVersion
        self.todos = todos
        self.people = people
    }

    private enum CodingKeys: String, CodingKey {
        case version, todos, people
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        todos = try container.decode(Todos.self, forKey: .todos)
        people = version >= 2 ? try container.decode(People.self, forKey: .people) : People()
    }
}
