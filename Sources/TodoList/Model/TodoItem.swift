#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Forms

/// One thing to do. The id stays the same for the item's whole life, so a change made
/// elsewhere (another terminal, another device) can never be applied to the wrong item.
public struct TodoItem: Identifiable, Sendable, Equatable {
    public let id: UUID
    /// The number `list` shows it with. The list gives it when the item is added, and it stays
    /// with the item until it is deleted, whatever is added, checked or deleted around it.
    public let number: Int
    /// Kept exactly as the user typed it, after trimming; it may hold any character,
    /// so whatever prints it must escape what a terminal would act on.
    public var title: String
    /// When it was added; nil for an item kept from before times were kept.
    public var added: Date?
    public var isFinished: Bool
    /// What most to-dos lack, a plan and a time checked, held apart: the item is 64 bytes, not
    /// 88, and one without them shares `Extras.none`. A list holds each item whole, and 100,000
    /// of them are read, copied and checked at every command.
    @usableFromInline var extras: Extras

    // Inlinable, as a stored field would be: a call out of the module would copy the item to ask.
    @inlinable public var plan: TodoPlan {
        get { extras.plan }
        set { extras = Extras.of(plan: newValue, checked: checked) }
    }

    /// When it was last checked; nil while it is to do.
    @inlinable public var checked: Date? {
        get { extras.checked }
        set { extras = Extras.of(plan: plan, checked: newValue) }
    }

    @inlinable
    public init(id: UUID, number: Int, title: String, isFinished: Bool = false, plan: TodoPlan = TodoPlan(),
                added: Date? = nil, checked: Date? = nil) {
        self.id = id
        self.number = number
        self.title = title
        self.isFinished = isFinished
        self.added = added
        self.extras = Extras.of(plan: plan, checked: checked)
    }

    public static func == (lhs: TodoItem, rhs: TodoItem) -> Bool {
        lhs.id == rhs.id && lhs.number == rhs.number && lhs.title == rhs.title && lhs.added == rhs.added
            && lhs.isFinished == rhs.isFinished && lhs.plan == rhs.plan && lhs.checked == rhs.checked
    }

    /// The title as it is saved: trimmed of spaces and line breaks at both ends,
    /// or nil when nothing is left, which is what "empty" means for a title.
    public static func normalizedTitle(_ typed: String) -> String? {
        let trimmed = typed.trimmed
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// A to-do's plan and time checked, never changed once made: a change makes a new one, so
/// copies of an item that share it stay apart.
@usableFromInline final class Extras: Sendable {
    @usableFromInline let plan: TodoPlan
    @usableFromInline let checked: Date?

    @usableFromInline init(plan: TodoPlan, checked: Date?) {
        self.plan = plan
        self.checked = checked
    }

    /// The one every item without a plan and a time checked shares. Not nil instead: an
    /// optional reference in the item made the compiler copy each item it made, and free the copy.
    @usableFromInline static let none = Extras(plan: TodoPlan(), checked: nil)

    @inlinable static func of(plan: TodoPlan, checked: Date?) -> Extras {
        plan.isEmpty && checked == nil ? none : Extras(plan: plan, checked: checked)
    }
}

/// A to-do on its way into the list, which gives it its number: one typed, or one imported,
/// which may come finished.
public struct NewTodo: Sendable, Equatable {
    public let id: TodoItem.ID
    public let title: String
    public let plan: TodoPlan
    public let added: Date?
    public let isFinished: Bool
    /// When it was checked, for one that comes finished, where that is known.
    public let checked: Date?

    public init(id: TodoItem.ID, title: String, plan: TodoPlan = .none, added: Date? = nil, isFinished: Bool = false,
                checked: Date? = nil) {
        self.id = id
        self.title = title
        self.plan = plan
        self.added = added
        self.isFinished = isFinished
        self.checked = isFinished ? checked : nil
    }

    /// The title as the list keeps it, or what the list refuses of the to-do: an empty title, a
    /// plan that breaks a rule. The one check of a new to-do: the list's own, a replay's naming
    /// the line it refuses, and that of an add that does not read the list.
    public func checkedTitle() throws(TodoError) -> String {
        guard let title = TodoItem.normalizedTitle(title) else { throw .emptyTitle }
        try plan.check()
        return title
    }
}
