import Foundation
import TodoList

/// A store that keeps the list in memory, so view-model tests can look at what was saved and
/// change it behind the view-model's back, as another terminal would.
final class InMemoryTodoStore: TodoStore {
    var todos: Todos

    init(_ todos: Todos = Todos()) {
        self.todos = todos
    }

    func loadTodos() throws -> Todos {
        todos
    }

    func apply(_ change: TodoChange) throws -> Todos {
        try todos.apply(change)
        return todos
    }

    func add(_ item: TodoItem) throws {
        try todos.apply(.add(item))
    }
}
