#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Observation
import Undo

/// A section of the list as a view shows it: its heading and its items, in order.
public struct TodoSection: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case todo, finished
    }

    public let kind: Kind
    public let items: [TodoItem]

    public init(kind: Kind, items: [TodoItem]) {
        self.kind = kind
        self.items = items
    }

    public var title: String {
        switch kind {
        case .todo: "To do"
        case .finished: "Finished"
        }
    }
}

/// The list screen: its sections, the counter, every change a user makes to the list, and
/// which screen is open on top of it (the add form or an item's detail).
///
/// Every change goes through the store first; the list shows the store's answer, so what
/// is on screen is always what was saved. An add is the one change the store keeps without
/// reading the list back: the new item goes on top of the list as last loaded. A change that
/// throws leaves both as they were.
@MainActor
@Observable
public final class TodoListViewModel {
    public private(set) var todos = Todos()
    /// The add form, while it is open.
    public private(set) var addForm: AddTodoViewModel?
    /// The detail of one item, while it is open.
    public private(set) var detail: TodoDetailViewModel?

    private let store: any TodoStore
    private let newID: () -> UUID

    /// Reads nothing yet: call `load()` when the list is about to be shown.
    public init(store: any TodoStore, newID: @escaping () -> UUID = UUID.init) {
        self.store = store
        self.newID = newID
    }

    public func load() throws {
        todos = try store.loadTodos()
    }

    /// Only the sections that hold items: an empty one is not shown, not even its heading.
    public var sections: [TodoSection] {
        [TodoSection(kind: .todo, items: todos.unfinished), TodoSection(kind: .finished, items: todos.finished)]
            .filter { !$0.items.isEmpty }
    }

    public var isEmpty: Bool { todos.isEmpty }

    public var counter: String {
        "\(todos.unfinished.count) to do, \(todos.finished.count) finished"
    }

    public func check(_ ids: TodoItem.ID...) throws { try apply(.check(ids)) }
    public func check(_ ids: [TodoItem.ID]) throws { try apply(.check(ids)) }
    public func uncheck(_ ids: TodoItem.ID...) throws { try apply(.uncheck(ids)) }
    public func uncheck(_ ids: [TodoItem.ID]) throws { try apply(.uncheck(ids)) }
    public func delete(_ ids: TodoItem.ID...) throws { try apply(.delete(ids)) }
    public func delete(_ ids: [TodoItem.ID]) throws { try apply(.delete(ids)) }
    public func rename(_ id: TodoItem.ID, to title: String) throws { try apply(.rename(id, to: title)) }
    public func clearFinished() throws { try apply(.clearFinished) }

    /// Takes back the last change saved, and shows the list as it is after it. Returns what
    /// was undone, for the view to say.
    @discardableResult
    public func undo() throws -> UndoneChange {
        let summary = try store.undo()
        try load()
        return summary
    }

    @discardableResult
    public func openAddForm() -> AddTodoViewModel {
        let form = AddTodoViewModel(store: store, newID: newID,
                                    saved: { [weak self] in self?.todos.showAdded($0) },
                                    closed: { [weak self] in self?.addForm = nil })
        addForm = form
        return form
    }

    @discardableResult
    public func openDetail(_ id: TodoItem.ID) throws -> TodoDetailViewModel {
        guard let item = todos.item(withID: id) else { throw TodoError.noSuchItem }
        let opened = TodoDetailViewModel(item: item, store: store,
                                         changed: { [weak self] in self?.todos = $0 },
                                         closed: { [weak self] in self?.detail = nil })
        detail = opened
        return opened
    }

    private func apply(_ change: TodoChange) throws {
        todos = try store.apply(change)
    }
}

extension Todos {
    /// Puts an item the store has just added on top of the list as last loaded, with the
    /// number the store gave it.
    mutating func showAdded(_ item: TodoItem) {
        guard self.item(withID: item.id) == nil else { return }
        self = Todos(unfinished: [item] + unfinished, finished: finished, nextNumber: max(nextNumber, item.number + 1))
    }
}
