import Foundation
import TestSupport
import Testing
import TodoList
import Undo

@MainActor
@Suite("An undo and an import show what they saved")
struct UndoReadTests {
    let leaks = LeakTracker()

    struct TooManyOpenFiles: Error, Equatable {}

    /// A store whose reads fail once an undo or an import is saved, as a read past too many open
    /// files does.
    final class ReadsFailOnceSaved: TodoStore {
        let saved: InMemoryTodoStore
        private var done = false

        init(_ todos: Todos) {
            saved = InMemoryTodoStore(todos)
        }

        func loadTodos() throws -> Todos {
            guard !done else { throw TooManyOpenFiles() }
            return try saved.loadTodos()
        }

        func apply(_ change: TodoChange) throws -> Todos { try saved.apply(change) }
        func add(id: TodoItem.ID, title: String, plan: TodoPlan, at: Date?) throws -> TodoItem {
            try saved.add(id: id, title: title, plan: plan, at: at)
        }

        func undo() throws -> (undone: UndoneChange, todos: Todos) {
            defer { done = true }
            return try saved.undo()
        }

        func importTodos(_ new: [NewTodo]) throws -> (outcome: ImportOutcome, todos: Todos) {
            defer { done = true }
            return try saved.importTodos(new)
        }
    }

    @Test("SF-41 An undo says what it undid from what it saw when it saved it")
    func undoShowsWhatItSaved() throws {
        let store = ReadsFailOnceSaved(makeTodos(todo: ["Buy milk", "Call Ann"]))
        let sut = TodoListViewModel(store: store, clock: testClock(firstID: 100))
        leaks.track(sut)
        leaks.track(store)
        try sut.load()
        try sut.check(id(1))

        let undone = try sut.undo()

        #expect(undone == UndoneChange(.checkTodos, names: ["Buy milk"]))
        #expect(sut.todos == makeTodos(todo: ["Buy milk", "Call Ann"]))
        #expect(store.saved.todos == sut.todos)
        #expect(throws: TooManyOpenFiles()) { try store.loadTodos() }
    }

    @Test("SF-45 An import says what it brought in from what it saw when it saved it")
    func importShowsWhatItSaved() throws {
        let store = ReadsFailOnceSaved(makeTodos(todo: ["Buy milk"]))
        let sut = TodoListViewModel(store: store, clock: testClock(firstID: 100))
        leaks.track(sut)
        leaks.track(store)
        try sut.load()

        let outcome = try sut.importTodos([NewTodo(id: id(2), title: "Call Ann"), NewTodo(id: id(3), title: "Pay rent")])

        #expect(outcome == ImportOutcome(added: 2, finished: 0, alreadyHere: 0))
        #expect(sut.todos == store.saved.todos)
        #expect(sut.todos.unfinished.map(\.title) == ["Pay rent", "Call Ann", "Buy milk"])
        #expect(throws: TooManyOpenFiles()) { try store.loadTodos() }
    }
}
