#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dates
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

    /// The heading the seeds' list shows above the section.
    public var title: String {
        switch kind {
        case .todo: "To do"
        case .finished: "Finished"
        }
    }
}

/// How many items each section holds, and how many of them the list's filter shows.
public struct Tally: Equatable, Sendable {
    /// To do's items the filter shows, of `toDo`.
    public let shownToDo: Int
    public let toDo: Int
    /// Finished's items the filter shows, of `finished`.
    public let shownFinished: Int
    public let finished: Int
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

    /// Which items `sections` shows; everything until a view narrows it.
    public var filter = TodoFilter.everything

    private let store: any TodoStore
    private let clock: ListClock

    /// Reads nothing yet: call `load()` when the list is about to be shown.
    public init(store: any TodoStore, clock: ListClock = .system) {
        self.store = store
        self.clock = clock
    }

    /// Reads the list from the store; a store it cannot read throws, and the list stays as it was.
    public func load() throws {
        todos = try store.loadTodos()
    }

    /// The day due dates count from.
    public var today: CalendarDate { clock.today() }

    /// The items `filter` lets through, To do in the order chosen, Finished as always. Only the
    /// sections that hold items: an empty one is not shown, not even its heading.
    public var sections: [TodoSection] {
        let shown = todos.shown(filter, in: todos.order, today: today)
        return [TodoSection(kind: .todo, items: shown.todo), TodoSection(kind: .finished, items: shown.finished)]
            .filter { !$0.items.isEmpty }
    }

    /// Whether the list holds no item at all, filtered or not: a view shows its empty state.
    public var isEmpty: Bool { todos.isEmpty }

    /// `2 to do, 1 finished`; with a filter, how many it shows of how many:
    /// `1 of 2 to do, 0 of 1 finished`.
    public var counter: String {
        let tally = tally
        guard !filter.isEverything else { return "\(tally.toDo) to do, \(tally.finished) finished" }
        return "\(tally.shownToDo) of \(tally.toDo) to do, \(tally.shownFinished) of \(tally.finished) finished"
    }

    /// How many items each section holds, and how many of them `filter` shows.
    public var tally: Tally {
        let shown = filter.isEverything ? (todos.unfinished, todos.finished) : todos.shown(filter, in: .added, today: today)
        return Tally(shownToDo: shown.0.count, toDo: todos.unfinished.count, shownFinished: shown.1.count, finished: todos.finished.count)
    }

    /// Finishes the items: each is checked now, and a repeat comes back, due again, unless a later
    /// to-do of it is left to do.
    public func check(_ ids: TodoItem.ID...) throws { try check(ids) }
    public func check(_ ids: [TodoItem.ID]) throws { try apply(.check(ids, clock.checking(ids.compactMap(todos.item(withID:))))) }
    public func uncheck(_ ids: TodoItem.ID...) throws { try apply(.uncheck(ids)) }
    public func uncheck(_ ids: [TodoItem.ID]) throws { try apply(.uncheck(ids)) }
    public func delete(_ ids: TodoItem.ID...) throws { try apply(.delete(ids)) }
    public func delete(_ ids: [TodoItem.ID]) throws { try apply(.delete(ids)) }
    public func rename(_ id: TodoItem.ID, to title: String) throws { try apply(.rename(id, to: title)) }
    public func edit(_ id: TodoItem.ID, _ edit: TodoEdit) throws { try apply(.edit(id, edit)) }
    public func clearFinished() throws { try apply(.clearFinished) }
    /// Keeps the order To do is shown in, in the store, so the list shows it so next time too.
    public func sort(by order: TodoOrder) throws { try apply(.sort(order)) }

    /// Brings in to-dos from another list as one change, which one undo takes back. Those the
    /// list already holds (by id) are passed over, so bringing in the same file twice adds
    /// nothing the second time. Returns how many came in, and how many were here already, and
    /// shows the list as the import left it.
    @discardableResult
    public func importTodos(_ new: [NewTodo]) throws -> ImportOutcome {
        let (outcome, todos) = try store.importTodos(new)
        self.todos = todos
        return outcome
    }

    /// Takes back the last change saved, and shows the list as the undo left it. Returns what
    /// was undone, for the view to say.
    @discardableResult
    public func undo() throws -> UndoneChange {
        let (undone, todos) = try store.undo()
        self.todos = todos
        return undone
    }

    @discardableResult
    public func openAddForm() -> AddTodoViewModel {
        let form = AddTodoViewModel(store: store, clock: clock,
                                    saved: { [weak self] in self?.todos.showAdded($0) },
                                    closed: { [weak self] in self?.addForm = nil })
        addForm = form
        return form
    }

    @discardableResult
    public func openDetail(_ id: TodoItem.ID) throws -> TodoDetailViewModel {
        guard let item = todos.item(withID: id) else { throw TodoError.noSuchItem }
        let opened = TodoDetailViewModel(item: item, store: store, clock: clock,
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
        self = Todos(unfinished: [item] + unfinished, finished: finished, nextNumber: max(nextNumber, item.number + 1), order: order)
    }
}

/// What an import did: how many to-dos it added (and how many of those came finished), how
/// many of those it brought the list held already, and how many it brought twice or more.
public struct ImportOutcome: Sendable, Equatable {
    /// To-dos the import put in the list.
    public let added: Int
    /// Of those added, the ones that came finished.
    public let finished: Int
    /// To-dos the file held that the list held already, by id, passed over.
    public let alreadyHere: Int
    /// To-dos the file held twice or more, by id, each added once.
    public let repeated: Int

    public init(added: Int, finished: Int, alreadyHere: Int, repeated: Int = 0) {
        self.added = added
        self.finished = finished
        self.alreadyHere = alreadyHere
        self.repeated = repeated
    }

    /// What bringing in `new` did to the list `before`, which is `after` now: a store works it
    /// out under its lock, so that an import another program made a moment before is counted
    /// as already here, not as added twice.
    public init(_ new: [NewTodo], before: Todos, after: Todos) {
        let brought = Set(new.map(\.id))
        let held = Set(before.all.lazy.map(\.id).filter(brought.contains))
        let arrived = after.all.filter { brought.contains($0.id) && !held.contains($0.id) }
        self.init(added: arrived.count, finished: arrived.count { $0.isFinished }, alreadyHere: held.count,
                  repeated: new.count - brought.count)
    }
}
