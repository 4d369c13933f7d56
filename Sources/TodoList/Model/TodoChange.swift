#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dates

/// Everything a user can do to the list, as a value. Views and commands send these; the
/// store applies them to the latest saved list, so two programs changing the same list
/// never overwrite each other's work. A change naming several items is one change: all of
/// it is made or none, and one undo takes it back.
public enum TodoChange: Sendable, Equatable {
    /// Puts a new item, numbered by the list, at the top of To do, added at `at`. The id comes
    /// with the change, so applying the same change twice (a retried save) adds nothing new.
    case add(id: TodoItem.ID, title: String, plan: TodoPlan = .none, at: Date? = nil)
    /// Moves to-dos to the top of Finished, one after the other: the last one named ends on top.
    /// With `checking`, each is checked at its moment, and a to-do that repeats comes back, once
    /// for its repeat, unless a later one of it is left to do.
    case check([TodoItem.ID], Checking? = nil)
    /// Moves finished items to the bottom of To do, in the order named.
    case uncheck([TodoItem.ID])
    case delete([TodoItem.ID])
    case rename(TodoItem.ID, to: String)
    /// Changes what an item has: its title, tags, due date, priority or repeat.
    case edit(TodoItem.ID, TodoEdit)
    case clearFinished
    /// The order To do is shown in, kept until changed.
    case sort(TodoOrder)
    /// Adds to-dos brought from another list, in the order given, as if added one after the
    /// other: the last ends on top of To do, or of Finished for one that comes finished. One
    /// whose id the list already holds, or that the import named before, is passed over, so
    /// importing the same file twice adds nothing the second time. One change, one undo.
    case importTodos([NewTodo])
}

/// When a check is made, and what a to-do that repeats needs to come back.
public struct Checking: Sendable, Equatable {
    /// The moment of the check, kept as when each item was checked.
    public let at: Date
    /// The day the new to-do of a repeat is due on or after.
    public let today: CalendarDate
    /// The id of the new to-do each item that repeats brings back, by the item's id. An item
    /// without one here does not come back.
    public let repeatIDs: [TodoItem.ID: TodoItem.ID]

    public init(at: Date, today: CalendarDate, repeatIDs: [TodoItem.ID: TodoItem.ID] = [:]) {
        self.at = at
        self.today = today
        self.repeatIDs = repeatIDs
    }
}

/// What an edit changes; what it does not name stays as it is.
public struct TodoEdit: Sendable, Equatable {
    public enum Setting<Value: Sendable & Equatable>: Sendable, Equatable {
        case keep, set(Value), clear
    }

    /// The new title; nil keeps the title.
    public var title: String?
    public var addingTags: [String]
    public var removingTags: [String]
    public var due: Setting<CalendarDate>
    public var priority: Setting<Priority>
    public var recurrence: Setting<Recurrence>

    public init(title: String? = nil, addingTags: [String] = [], removingTags: [String] = [], due: Setting<CalendarDate> = .keep,
                priority: Setting<Priority> = .keep, recurrence: Setting<Recurrence> = .keep) {
        self.title = title
        self.addingTags = addingTags
        self.removingTags = removingTags
        self.due = due
        self.priority = priority
        self.recurrence = recurrence
    }

    /// The item with the edit made.
    func applied(to item: TodoItem) -> TodoItem {
        var edited = item
        if let title { edited.title = title }
        removingTags.forEach { edited.plan.remove(tag: $0) }
        addingTags.forEach { edited.plan.add(tag: $0) }
        edited.plan.due = Self.applied(due, to: item.plan.due)
        edited.plan.priority = Self.applied(priority, to: item.plan.priority)
        edited.plan.recurrence = Self.applied(recurrence, to: item.plan.recurrence)
        return edited
    }

    private static func applied<Value>(_ setting: Setting<Value>, to value: Value?) -> Value? {
        switch setting {
        case .keep: value
        case .set(let new): new
        case .clear: nil
        }
    }
}

/// The order To do is shown in.
public enum TodoOrder: String, Sendable, CaseIterable {
    /// Newest first, as the seed's list shows it: the order by default.
    case added
    /// Soonest due first, undated last; ties by priority, then newest first.
    case due
    /// High, medium, low, none; ties by due date, undated last, then newest first.
    case priority
}
