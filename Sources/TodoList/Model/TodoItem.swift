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
    // The fields stand in this order so that each lies where the one before ends: a list holds
    // each item whole, and 100,000 of them are read, copied and checked at every command.
    /// When it was added; nil for an item kept from before times were kept.
    public var added: Date?
    /// When it was last checked; nil while it is to do.
    public var checked: Date?
    public var plan: TodoPlan
    public var isFinished: Bool

    public init(id: UUID, number: Int, title: String, isFinished: Bool = false, plan: TodoPlan = .none,
                added: Date? = nil, checked: Date? = nil) {
        self.id = id
        self.number = number
        self.title = title
        self.isFinished = isFinished
        self.plan = plan
        self.added = added
        self.checked = checked
    }

    /// The title as it is saved: trimmed of spaces and line breaks at both ends,
    /// or nil when nothing is left, which is what "empty" means for a title.
    public static func normalizedTitle(_ typed: String) -> String? {
        let trimmed = typed.trimmed
        return trimmed.isEmpty ? nil : trimmed
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
}
