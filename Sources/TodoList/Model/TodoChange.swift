#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything a user can do to the list, as a value. Views and commands send these; the
/// store applies them to the latest saved list, so two programs changing the same list
/// never overwrite each other's work. A change naming several items is one change: all of
/// it is made or none, and one undo takes it back.
public enum TodoChange: Sendable, Equatable {
    /// Puts a new item, numbered by the list, at the top of To do. The id comes with the change,
    /// so applying the same change twice (a retried save) adds nothing new.
    case add(id: TodoItem.ID, title: String, plan: TodoPlan = .none)
    /// Moves to-dos to the top of Finished, one after the other: the last one named ends on top.
    case check([TodoItem.ID])
    /// Moves finished items to the bottom of To do, in the order named.
    case uncheck([TodoItem.ID])
    case delete([TodoItem.ID])
    case rename(TodoItem.ID, to: String)
    case clearFinished
}
