#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Observation

/// One item on its own screen, with the one action that suits it: Check for a to-do,
/// Uncheck for a finished item. Opened by `TodoListViewModel.openDetail(_:)`.
///
/// Like the add form it changes the store itself and tells the list through closures that
/// hold the list weakly, so the list and its open detail never keep each other alive.
@MainActor
@Observable
public final class TodoDetailViewModel {
    /// Which section the item is in, as the detail screen says it.
    public enum State: Equatable, Sendable {
        case todo, finished
    }

    /// What the screen's one button does to the item: check it while to do, uncheck it once finished.
    public enum Action: Equatable, Sendable {
        case check, uncheck

        /// The button's label in the seeds' detail screen.
        public var title: String {
            switch self {
            case .check: "Check"
            case .uncheck: "Uncheck"
            }
        }
    }

    public private(set) var item: TodoItem
    private let store: any TodoStore
    private let clock: ListClock
    private let changed: (Todos) -> Void
    private let closed: () -> Void

    init(item: TodoItem, store: any TodoStore, clock: ListClock, changed: @escaping (Todos) -> Void, closed: @escaping () -> Void) {
        self.item = item
        self.store = store
        self.clock = clock
        self.changed = changed
        self.closed = closed
    }

    public var title: String { item.title }
    public var state: State { item.isFinished ? .finished : .todo }
    public var action: Action { item.isFinished ? .uncheck : .check }

    /// Checks or unchecks the item, so the list shows it when the user goes back.
    public func performAction() throws {
        let checking = clock.checking([item])
        let todos = try store.apply(action == .check ? .check([item.id], checking) : .uncheck([item.id]))
        changed(todos)
        if let updated = todos.item(withID: item.id) {
            item = updated
        }
    }

    /// Closes the detail: the list lets it go, and shows itself as the detail left it.
    public func back() {
        closed()
    }
}
