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
    /// When it was added, as `Date` counts it (seconds from 2001); not a number when that is not known.
    @usableFromInline var addedSeconds: Double
    /// What most to-dos lack, a plan and a time checked, held apart with whether the item is
    /// finished: the item is 56 bytes, not 88, and one without them shares `Extras.none` or
    /// `Extras.finished`. A list holds each item whole, and 100,000 of them are read, copied and
    /// checked at every command.
    @usableFromInline var extras: Extras

    /// When it was added; nil for an item kept from before times were kept. A `Date` that is
    /// not a number, which no reader makes, is no time either.
    @inlinable public var added: Date? {
        get { addedSeconds.isNaN ? nil : Date(timeIntervalSinceReferenceDate: addedSeconds) }
        set { addedSeconds = newValue?.timeIntervalSinceReferenceDate ?? .nan }
    }

    @inlinable public var isFinished: Bool {
        get { extras.isFinished }
        set { extras = Extras.of(plan: plan, checked: checked, isFinished: newValue) }
    }

    // Inlinable, as a stored field would be: a call out of the module would copy the item to ask.
    @inlinable public var plan: TodoPlan {
        get { extras.plan }
        set { extras = Extras.of(plan: newValue, checked: checked, isFinished: isFinished) }
    }

    /// When it was last checked; nil while it is to do.
    @inlinable public var checked: Date? {
        get { extras.checked }
        set { extras = Extras.of(plan: plan, checked: newValue, isFinished: isFinished) }
    }

    @inlinable
    public init(id: UUID, number: Int, title: String, isFinished: Bool = false, plan: TodoPlan = TodoPlan(),
                added: Date? = nil, checked: Date? = nil) {
        self.id = id
        self.number = number
        self.title = title
        self.addedSeconds = added?.timeIntervalSinceReferenceDate ?? .nan
        self.extras = Extras.of(plan: plan, checked: checked, isFinished: isFinished)
    }

    /// Finished or to do again, checked at `checked`: one change of the extras, not two.
    @inlinable mutating func mark(finished: Bool, checked: Date?) {
        extras = Extras.of(plan: plan, checked: checked, isFinished: finished)
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

extension TodoItem {
    /// Whether this and `other` could be to-dos of one repeat: the same title, and the same plan
    /// but for the day, its tags in any order and case, as the list tells tags apart. Whether
    /// their days are one repeat's, `Recurrence.days(among:after:)` tells.
    public func sharesRepeat(with other: TodoItem) -> Bool {
        guard title == other.title, plan.due != nil, other.plan.due != nil, plan.priority == other.plan.priority,
              plan.recurrence == other.plan.recurrence, plan.tags.count == other.plan.tags.count else { return false }
        return plan.tags.allSatisfy(other.plan.has(tag:))
    }
}

/// A to-do's plan, time checked and whether it is finished, never changed once made: a change
/// makes a new one, so copies of an item that share it stay apart. Whether it is finished is
/// here, and not a `Bool` in the item, because a byte more would round the item up to 64 bytes.
@usableFromInline final class Extras: Sendable {
    @usableFromInline let plan: TodoPlan
    @usableFromInline let checked: Date?
    @usableFromInline let isFinished: Bool

    @usableFromInline init(plan: TodoPlan, checked: Date?, isFinished: Bool) {
        self.plan = plan
        self.checked = checked
        self.isFinished = isFinished
    }

    /// The ones every item without a plan and a time checked shares, to do or finished. Not nil
    /// instead: an optional reference in the item made the compiler copy each item it made, and
    /// free the copy.
    @usableFromInline static let none = Extras(plan: TodoPlan(), checked: nil, isFinished: false)
    @usableFromInline static let finished = Extras(plan: TodoPlan(), checked: nil, isFinished: true)

    @inlinable static func of(plan: TodoPlan, checked: Date?, isFinished: Bool) -> Extras {
        guard plan.isEmpty && checked == nil else { return Extras(plan: plan, checked: checked, isFinished: isFinished) }
        return isFinished ? finished : none
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
