import Foundation

/// Everything a user can do to the list, as a value. Views and commands send these; the
/// store applies them to the latest saved list, so two programs changing the same list
/// never overwrite each other's work.
public enum TodoChange: Codable, Sendable, Equatable {
    /// Puts the item at the top of To do. The item carries its id, so applying the same
    /// change twice (a retried save) adds nothing new.
    case add(TodoItem)
    /// Moves a to-do to the top of Finished.
    case check(TodoItem.ID)
    /// Moves a finished item to the bottom of To do.
    case uncheck(TodoItem.ID)
    case delete(TodoItem.ID)
    case rename(TodoItem.ID, to: String)
    case clearFinished
    /// Reverts the most recent change that has not been undone yet.
    case undo
}
