import Foundation
import TestSupport
import Testing
import Undo
import TodoList

@MainActor
@Suite("The to-do list")
struct TodoListViewModelTests: TodoListSuite {
    let leaks = LeakTracker()

    @Test("Creating the view-model reads nothing until it is asked to load")
    func initHasNoSideEffects() {
        let (sut, _) = makeSUT(todo: ["Buy milk"])

        #expect(sut.sections.isEmpty)
        #expect(sut.todos == Todos())
    }

    @Test("TL-1 With to-dos and finished items, To do is shown above Finished")
    func bothSections() throws {
        let (sut, _) = makeSUT(todo: ["Buy milk"], finished: ["Pay rent"])

        try sut.load()

        #expect(sut.sections == [
            TodoSection(kind: .todo, items: [todo(1, "Buy milk")]),
            TodoSection(kind: .finished, items: [finished(2, "Pay rent")]),
        ])
        #expect(sut.sections.map(\.title) == ["To do", "Finished"])
    }

    @Test("TL-2 With only to-dos, only the To do section is shown")
    func onlyTodoSection() throws {
        let (sut, _) = makeSUT(todo: ["Buy milk"])

        try sut.load()

        #expect(sut.sections == [TodoSection(kind: .todo, items: [todo(1, "Buy milk")])])
        #expect(sut.sections.map(\.title) == ["To do"])
    }

    @Test("TL-3 With only finished items, only the Finished section is shown")
    func onlyFinishedSection() throws {
        let (sut, _) = makeSUT(finished: ["Pay rent"])

        try sut.load()

        #expect(sut.sections == [TodoSection(kind: .finished, items: [finished(1, "Pay rent")])])
        #expect(sut.sections.map(\.title) == ["Finished"])
    }

    @Test("TL-4 With no items at all, the list is blank")
    func blankList() throws {
        let (sut, _) = makeSUT()

        try sut.load()

        #expect(sut.sections == [])
        #expect(sut.isEmpty)
    }

    @Test("TL-5 Checking a to-do moves it to the top of Finished")
    func checkMovesToTopOfFinished() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk", "Call Ann"], finished: ["Pay rent"])

        try sut.check(id(2))

        #expect(sut.todos == list(todo: [todo(1, "Buy milk")], finished: [finished(2, "Call Ann").checked(), finished(3, "Pay rent")], next: 4))
        #expect(store.todos == sut.todos)
    }

    @Test("TL-6 Unchecking a finished item moves it to the bottom of To do")
    func uncheckMovesToBottomOfTodo() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk", "Call Ann"], finished: ["Pay rent", "Water plants"])

        try sut.uncheck(id(4))

        #expect(sut.todos == list(todo: [todo(1, "Buy milk"), todo(2, "Call Ann"), todo(4, "Water plants")],
                                  finished: [finished(3, "Pay rent")], next: 5))
        #expect(store.todos == sut.todos)
    }

    @Test("TL-7 Deleting a to-do removes it from To do")
    func deleteTodo() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk", "Call Ann"])

        try sut.delete(id(1))

        #expect(sut.todos == list(todo: [todo(2, "Call Ann")], next: 3))
        #expect(store.todos == sut.todos)
    }

    @Test("TL-7 Deleting a to-do removes it from To do, and only it, though another's id looks alike")
    func deleteTodoWithLookAlikeID() throws {
        // The two ids' halves, one XOR the other, are the same: the list's quick test of an id
        // cannot tell them apart, and only the id itself says which to delete.
        let lookAlike = try #require(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFE"))
        let store = InMemoryTodoStore(list(todo: [TodoItem(id: id(1), number: 1, title: "Buy milk"),
                                                 TodoItem(id: lookAlike, number: 2, title: "Call Ann")], next: 3))
        let sut = TodoListViewModel(store: store, clock: testClock())
        leaks.track(sut)
        try sut.load()

        try sut.delete(id(1))

        #expect(sut.todos == list(todo: [TodoItem(id: lookAlike, number: 2, title: "Call Ann")], next: 3))
        #expect(store.todos == sut.todos)
    }

    @Test("TL-8 Deleting a finished item removes it from Finished")
    func deleteFinished() throws {
        let (sut, store) = try makeLoadedSUT(finished: ["Pay rent", "Water plants"])

        try sut.delete(id(1))

        #expect(sut.todos == list(finished: [finished(2, "Water plants")], next: 3))
        #expect(store.todos == sut.todos)
    }

    @Test("TL-9 Renaming an item changes its title and keeps its place")
    func renameKeepsPlace() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk", "Call Ann"])

        try sut.rename(id(1), to: "  Buy oat milk ")

        #expect(sut.todos == list(todo: [todo(1, "Buy oat milk"), todo(2, "Call Ann")], next: 3))
        #expect(store.todos == sut.todos)

        try sut.rename(id(2), to: " Call Ann ")
        #expect(sut.todos == list(todo: [todo(1, "Buy oat milk"), todo(2, "Call Ann")], next: 3))
        #expect(try sut.undo() == UndoneChange(.renameTodo, names: ["Buy milk"], renamedTo: "Buy oat milk"))
        #expect(sut.todos == list(todo: [todo(1, "Buy milk"), todo(2, "Call Ann")], next: 3))
    }

    @Test("TL-10 Renaming to a blank title is refused and changes nothing")
    func renameToBlankIsRefused() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk"])

        #expect(throws: TodoError.emptyTitle) { try sut.rename(id(1), to: "   ") }

        #expect(TodoError.emptyTitle.localizedDescription == "a title cannot be empty")
        #expect(sut.todos == makeTodos(todo: ["Buy milk"]))
        #expect(store.todos == makeTodos(todo: ["Buy milk"]))
    }

    @Test("TL-11 The counter says how many items are to do and how many are finished")
    func counter() throws {
        let (sut, _) = try makeLoadedSUT(todo: ["Buy milk", "Call Ann"], finished: ["Pay rent"])

        #expect(sut.counter == "2 to do, 1 finished")
    }

    @Test("TL-12 Clearing finished items removes all of them and keeps the to-dos")
    func clearFinished() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk"], finished: ["Pay rent", "Water plants"])

        try sut.clearFinished()

        #expect(sut.sections == [TodoSection(kind: .todo, items: [todo(1, "Buy milk")])])
        #expect(sut.todos == list(todo: [todo(1, "Buy milk")], next: 4))
        #expect(store.todos == sut.todos)
    }

    @Test("A list and the forms and details it opens are all released when it goes")
    func noCycles() throws {
        let (sut, _) = try makeLoadedSUT(todo: ["A"])
        let form = sut.openAddForm()
        let detail = try sut.openDetail(id(1))
        leaks.track(form)
        leaks.track(detail)

        #expect(sut.addForm === form)
        #expect(sut.detail === detail)
    }
}
