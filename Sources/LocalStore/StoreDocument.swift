import TodoList

/// Everything the store file holds. It carries the version of its format, so a file written
/// by a newer `todo` is refused instead of being misread and then overwritten.
public struct StoreDocument: Codable, Sendable, Equatable {
    /// The format this version writes and the newest it can read.
    public static let currentVersion = 1

    public var version: Int
    public var todos: Todos

    public init(todos: Todos = Todos()) {
        self.version = Self.currentVersion
        self.todos = todos
    }
}
