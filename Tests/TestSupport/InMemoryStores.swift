import Foundation
import TodoList
import UserList

/// A store that keeps the list in memory, with its own undo history, so view-model tests can
/// look at what was saved and change it behind the view-model's back, as another terminal
/// would. It keeps the rules of `TodoStore` that the file store keeps: the contract tests in
/// `LocalStoreTests` run the same suite against both.
public final class InMemoryTodoStore: TodoStore {
    public var todos: Todos
    public private(set) var history: [TodoStep] = []

    public init(_ todos: Todos = Todos()) {
        self.todos = todos
    }

    public func loadTodos() throws -> Todos {
        todos
    }

    public func apply(_ change: TodoChange) throws -> Todos {
        if let step = try todos.apply(change) {
            history.append(step)
        }
        return todos
    }

    public func add(id: TodoItem.ID, title: String) throws -> TodoItem {
        _ = try apply(.add(id: id, title: title))
        guard let item = todos.item(withID: id) else { throw TodoError.noSuchItem }
        return item
    }

    public func undo() throws -> String {
        guard let step = history.last else { throw TodoError.nothingToUndo }
        let summary = try todos.revert(step)
        history.removeLast()
        return summary
    }
}

/// A store that keeps the people in memory, with its own undo history, held to the same
/// contract as the file store.
public final class InMemoryPeopleStore: PeopleStore {
    public var people: People
    public private(set) var history: [PeopleStep] = []

    public init(_ people: People = People()) {
        self.people = people
    }

    public func loadPeople() throws -> People {
        people
    }

    public func apply(_ change: PeopleChange) throws -> People {
        if let step = try people.apply(change) {
            history.append(step)
        }
        return people
    }

    public func undo() throws -> String {
        guard let step = history.last else { throw PeopleError.nothingToUndo }
        let summary = try people.revert(step)
        history.removeLast()
        return summary
    }

    public func remember(unmatched query: String) {
        _ = try? people.apply(.rememberUnmatched(query))
    }
}
