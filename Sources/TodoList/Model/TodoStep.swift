#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What undoing one change to the list takes: the items it brought in go, the items it moved,
/// renamed or removed come back where they were. `Todos.apply(_:)` hands one back for every
/// change it makes; whoever keeps the history (a store) keeps the steps.
public struct TodoStep: Sendable, Equatable {
    /// Which change the step undoes, for saying what undo did.
    public enum Kind: String, Sendable, CaseIterable {
        case add, check, uncheck, rename, edit, delete, clearFinished, sort, `import`
        /// A step kept from a store written before changes were told apart.
        case change
    }

    public let kind: Kind
    /// The items the change brought in, or moved, as they are after it.
    public let removing: [TodoItem.ID]
    /// The items as they were before the change, each where it stood in its section.
    public let restoring: [Placement]
    /// The order before a sort.
    public let order: TodoOrder?

    public init(kind: Kind, removing: [TodoItem.ID], restoring: [Placement], order: TodoOrder? = nil) {
        self.kind = kind
        self.removing = removing
        self.restoring = restoring
        self.order = order
    }
}

/// An item as it was, and where it stood in its section, counted from 0.
public struct Placement: Sendable, Equatable {
    public let item: TodoItem
    public let index: Int

    public init(item: TodoItem, index: Int) {
        self.item = item
        self.index = index
    }
}
