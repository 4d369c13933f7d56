import Foundation
import TestSupport
import Testing
import TodoList

@MainActor
@Suite("The detail of an item")
struct TodoDetailViewModelTests {
    private let leaks = LeakTracker()

    @Test("TD-1 Opening a to-do shows its title and a Check action")
    func openTodo() throws {
        let list = try makeSUT(todo: ["Buy milk"])

        let detail = try list.openDetail(id(1))

        #expect(list.detail === detail)
        #expect(detail.title == "Buy milk")
        #expect(detail.state == .todo)
        #expect(detail.action == .check)
        #expect(detail.action.title == "Check")
    }

    @Test("TD-2 Opening a finished item shows its title and an Uncheck action")
    func openFinished() throws {
        let list = try makeSUT(finished: ["Pay rent"])

        let detail = try list.openDetail(id(1))

        #expect(detail.title == "Pay rent")
        #expect(detail.state == .finished)
        #expect(detail.action == .uncheck)
        #expect(detail.action.title == "Uncheck")
    }

    @Test("TD-3 Checking from the detail turns Check into Uncheck, and the list reflects it")
    func checkFromDetail() throws {
        let list = try makeSUT(todo: ["Buy milk", "Call Ann"], finished: ["Pay rent"])
        let detail = try list.openDetail(id(2))

        try detail.performAction()

        #expect(detail.action == .uncheck)
        #expect(detail.state == .finished)
        detail.back()
        #expect(list.detail == nil)
        #expect(list.todos == TestSupport.list(todo: [todo(1, "Buy milk")], finished: [finished(2, "Call Ann").checked(), finished(3, "Pay rent")],
                                               next: 4))
    }

    @Test("TD-4 Unchecking from the detail turns Uncheck into Check, and the list reflects it")
    func uncheckFromDetail() throws {
        let list = try makeSUT(todo: ["Buy milk"], finished: ["Pay rent", "Water plants"])
        let detail = try list.openDetail(id(2))

        try detail.performAction()

        #expect(detail.action == .check)
        #expect(detail.state == .todo)
        detail.back()
        #expect(list.detail == nil)
        #expect(list.todos == TestSupport.list(todo: [todo(1, "Buy milk"), todo(2, "Pay rent")], finished: [finished(3, "Water plants")],
                                               next: 4))
    }

    @Test("TD-5 Going back from the detail shows the list")
    func backShowsList() throws {
        let list = try makeSUT(todo: ["Buy milk"])
        let detail = try list.openDetail(id(1))

        detail.back()

        #expect(list.detail == nil)
        #expect(list.sections == [TodoSection(kind: .todo, items: [todo(1, "Buy milk")])])
    }

    @Test("Opening an item that is not in the list is refused")
    func openMissingItem() throws {
        let list = try makeSUT(todo: ["Buy milk"])

        #expect(throws: TodoError.noSuchItem) { try list.openDetail(id(9)) }
        #expect(list.detail == nil)
    }

    private func makeSUT(todo: [String] = [], finished: [String] = [],
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> TodoListViewModel {
        let store = InMemoryTodoStore(makeTodos(todo: todo, finished: finished))
        let list = TodoListViewModel(store: store, clock: testClock(firstID: 100))
        try list.load()
        leaks.track(list, sourceLocation: sourceLocation)
        leaks.track(store, sourceLocation: sourceLocation)
        return list
    }
}
