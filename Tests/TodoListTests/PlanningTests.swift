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

    @Test("PL-2 A word starting with + in a title is a tag, taken out of the title")
    func tagsInATitle() throws {
        let (sut, store) = try makeLoadedSUT()

        let form = sut.openAddForm()
        form.title = "Buy milk +Shop +errands-2"
        let tagged = try form.save()
        let other = sut.openAddForm()
        other.title = "Learn C++ and a+b in +1 day"
        let untagged = try other.save()

        #expect(tagged == TodoItem(id: id(100), number: 1, title: "Buy milk", plan: TodoPlan(tags: ["Shop", "errands-2"])).added())
        #expect(untagged == TodoItem(id: id(101), number: 2, title: "Learn C++ and a+b in +1 day").added())
        #expect(store.todos == list(todo: [untagged, tagged], next: 3))
    }
}
