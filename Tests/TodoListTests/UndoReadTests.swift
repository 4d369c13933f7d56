import Foundation
import TestSupport
import Testing
import TodoList
import Undo

@MainActor
@Suite("An undo shows what it saved")
struct UndoReadTests {
    let leaks = LeakTracker()

    struct TooManyOpenFiles: Error, Equatable {}

    /// A store whose reads fail once an undo is saved, as a read past too many open files does.
    final class ReadsFailAfterUndo: TodoStore {
        let saved: InMemoryTodoStore
        private var undone = false

        init(_ todos: Todos) {
            saved = InMemoryTodoStore(todos)
        }

        func loadTodos() throws -> Todos {
            guard !undone else { throw TooManyOpenFiles() }
            return try saved.loadTodos()
        }

        func apply(_ change: TodoChange) throws -> Todos { try saved.apply(change) }
        func add(id: TodoItem.ID, title: String, plan: TodoPlan, at: Date?) throws -> TodoItem {
            try saved.add(id: id, title: title, plan: plan, at: at)
        }

        func undo() throws -> (undone: UndoneChange, todos: Todos) {
            defer { undone = true }
            return try saved.undo()
        }

        func importTodos(_ new: [NewTodo]) throws -> ImportOutcome { try saved.importTodos(new) }
    }

    @Test("SF-41 An undo says what it undid from what it saw when it saved it")
    func undoShowsWhatItSaved() throws {
        let store = ReadsFailAfterUndo(makeTodos(todo: ["Buy milk", "Call Ann"]))
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
}
