import Foundation
import TestSupport
import Testing
import TodoList

@MainActor
@Suite("Planning a week: the list's models and view-model")
struct PlanningTests: TodoListSuite {
    let leaks = LeakTracker()

    @Test("PL-1 Searching for several words finds the titles that hold every one, in any order")
    func searchForEveryWord() throws {
        let (sut, _) = try makeLoadedSUT(todo: ["Buy milk and eggs", "Eggs for the cake"], finished: ["Milk the cow"])

        #expect(sut.todos.matching("eggs MILK") == [todo(1, "Buy milk and eggs")])
        #expect(sut.todos.matching("milk") == [todo(1, "Buy milk and eggs"), finished(3, "Milk the cow")])
    }
}
