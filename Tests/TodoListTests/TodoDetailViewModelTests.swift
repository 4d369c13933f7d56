import Foundation
import TestSupport
import Testing
import TodoList

@MainActor
@Suite("The detail of an item")
struct TodoDetailViewModelTests {
    @Test("TD-1 Opening a to-do shows its title and a Check action")
    func openTodo() throws {
        let list = try makeSUT(todo: ["Buy milk"])

        let detail = try list.openDetail(id(1))

        #expect(list.detail === detail)
        #expect(detail.title == "Buy milk")
        #expect(detail.state == .todo)
        #expect(detail.action == .check)
    }

    @Test("TD-2 Opening a finished item shows its title and an Uncheck action")
    func openFinished() throws {
        let list = try makeSUT(finished: ["Pay rent"])

        let detail = try list.openDetail(id(1))

        #expect(detail.title == "Pay rent")
        #expect(detail.state == .finished)
        #expect(detail.action == .uncheck)
    }

    @Test("TD-3 Checking from the detail turns Check into Uncheck, and the list reflects it")
    func checkFromDetail() throws {
        let list = try makeSUT(todo: ["Buy milk", "Call Ann"], finished: ["Pay rent"])
        let detail = try list.openDetail(id(2))

        try detail.performAction()

        #expect(detail.action == .uncheck)
        detail.back()
        #expect(list.todos.todo.titles == ["Buy milk"])
        #expect(list.todos.finished.titles == ["Call Ann", "Pay rent"])
    }

    @Test("TD-4 Unchecking from the detail turns Uncheck into Check, and the list reflects it")
    func uncheckFromDetail() throws {
        let list = try makeSUT(todo: ["Buy milk"], finished: ["Pay rent", "Water plants"])
        let detail = try list.openDetail(id(2))

        try detail.performAction()

        #expect(detail.action == .check)
        detail.back()
        #expect(list.todos.todo.titles == ["Buy milk", "Pay rent"])
        #expect(list.todos.finished.titles == ["Water plants"])
    }

    @Test("TD-5 Going back from the detail shows the list")
    func backShowsList() throws {
        let list = try makeSUT(todo: ["Buy milk"])
        let detail = try list.openDetail(id(1))

        detail.back()

        #expect(list.detail == nil)
        #expect(list.sections.map(\.kind) == [.todo])
    }

    @Test("Opening an item that is not in the list is refused")
    func openMissingItem() throws {
        let list = try makeSUT(todo: ["Buy milk"])

        #expect(throws: TodoError.noSuchItem) { try list.openDetail(id(9)) }
        #expect(list.detail == nil)
    }

    private func makeSUT(todo: [String] = [], finished: [String] = []) throws -> TodoListViewModel {
        let list = TodoListViewModel(store: InMemoryTodoStore(makeTodos(todo: todo, finished: finished)),
                                     newID: SequentialIDs(startingAt: 100).callAsFunction)
        try list.load()
        return list
    }
}
