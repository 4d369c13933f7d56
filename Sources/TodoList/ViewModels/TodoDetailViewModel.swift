import Foundation
import Observation

/// One item on its own screen, with the one action that suits it: Check for a to-do,
/// Uncheck for a finished item. Opened by `TodoListViewModel.openDetail(_:)`.
@MainActor
@Observable
public final class TodoDetailViewModel {
    public enum State: Equatable, Sendable {
        case todo, finished
    }

    public enum Action: Equatable, Sendable {
        case check, uncheck

        public var title: String {
            switch self {
            case .check: "Check"
            case .uncheck: "Uncheck"
            }
        }
    }

    public private(set) var item: TodoItem
    private let list: TodoListViewModel

    init(item: TodoItem, list: TodoListViewModel) {
        self.item = item
        self.list = list
    }

    public var title: String { item.title }
    public var state: State { item.isFinished ? .finished : .todo }
    public var action: Action { item.isFinished ? .uncheck : .check }

    /// Checks or unchecks the item in the list, so the list shows it when the user goes back.
    public func performAction() throws {
        switch action {
        case .check: try list.check(item.id)
        case .uncheck: try list.uncheck(item.id)
        }
        if let updated = list.todos.item(withID: item.id) {
            item = updated
        }
    }

    public func back() {
        list.closeDetail()
    }
}
