import Foundation
import TestSupport
import Testing
import TodoList

@MainActor
@Suite("The to-do list")
struct TodoListViewModelTests {
    @Test("Creating the view-model reads nothing until it is asked to load")
    func initHasNoSideEffects() {
        let (sut, _) = makeSUT(todo: ["Buy milk"])

        #expect(sut.sections.isEmpty)
    }

    @Test("TL-1 With to-dos and finished items, To do is shown above Finished")
    func bothSections() throws {
        let (sut, _) = makeSUT(todo: ["Buy milk"], finished: ["Pay rent"])

        try sut.load()

        #expect(sut.sections == [
            TodoSection(kind: .todo, items: [TodoItem(id: id(1), title: "Buy milk")]),
            TodoSection(kind: .finished, items: [TodoItem(id: id(2), title: "Pay rent", isFinished: true)]),
        ])
        #expect(sut.sections.map(\.title) == ["To do", "Finished"])
    }

    @Test("TL-2 With only to-dos, only the To do section is shown")
    func onlyTodoSection() throws {
        let (sut, _) = makeSUT(todo: ["Buy milk"])

        try sut.load()

        #expect(sut.sections.map(\.kind) == [.todo])
        #expect(sut.sections.first?.items.titles == ["Buy milk"])
    }

    @Test("TL-3 With only finished items, only the Finished section is shown")
    func onlyFinishedSection() throws {
        let (sut, _) = makeSUT(finished: ["Pay rent"])

        try sut.load()

        #expect(sut.sections.map(\.kind) == [.finished])
        #expect(sut.sections.first?.items.titles == ["Pay rent"])
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

        #expect(sut.todos.todo.titles == ["Buy milk"])
        #expect(sut.todos.finished.titles == ["Call Ann", "Pay rent"])
        #expect(store.todos == sut.todos)
    }

    @Test("TL-6 Unchecking a finished item moves it to the bottom of To do")
    func uncheckMovesToBottomOfTodo() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk", "Call Ann"], finished: ["Pay rent", "Water plants"])

        try sut.uncheck(id(4))

        #expect(sut.todos.todo.titles == ["Buy milk", "Call Ann", "Water plants"])
        #expect(sut.todos.finished.titles == ["Pay rent"])
        #expect(store.todos == sut.todos)
    }

    @Test("TL-7 Deleting a to-do removes it from To do")
    func deleteTodo() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk", "Call Ann"])

        try sut.delete(id(1))

        #expect(sut.todos.todo.titles == ["Call Ann"])
        #expect(store.todos == sut.todos)
    }

    @Test("TL-8 Deleting a finished item removes it from Finished")
    func deleteFinished() throws {
        let (sut, store) = try makeLoadedSUT(finished: ["Pay rent", "Water plants"])

        try sut.delete(id(1))

        #expect(sut.todos.finished.titles == ["Water plants"])
        #expect(store.todos == sut.todos)
    }

    @Test("TL-9 Renaming an item changes its title and keeps its place")
    func renameKeepsPlace() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk", "Call Ann"])

        try sut.rename(id(1), to: "  Buy oat milk ")

        #expect(sut.todos.todo.titles == ["Buy oat milk", "Call Ann"])
        #expect(store.todos == sut.todos)
    }

    @Test("TL-10 Renaming to a blank title is refused and changes nothing")
    func renameToBlankIsRefused() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk"])

        #expect(throws: TodoError.emptyTitle) { try sut.rename(id(1), to: "   ") }

        #expect(sut.todos.todo.titles == ["Buy milk"])
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

        #expect(sut.sections.map(\.kind) == [.todo])
        #expect(sut.todos.todo.titles == ["Buy milk"])
        #expect(store.todos == sut.todos)
    }

    /// Each case makes one change to the same list; undo must bring that list back exactly.
    struct UndoCase: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let change: @MainActor @Sendable (TodoListViewModel) throws -> Void
    }

    nonisolated static let undoCases: [UndoCase] = [
        UndoCase(testDescription: "add \"Post letter\"") { sut in
            let form = sut.openAddForm()
            form.title = "Post letter"
            try form.save()
        },
        UndoCase(testDescription: "check \"Call Ann\"") { try $0.check(id(2)) },
        UndoCase(testDescription: "uncheck \"Water plants\"") { try $0.uncheck(id(5)) },
        UndoCase(testDescription: "delete \"Call Ann\"") { try $0.delete(id(2)) },
        UndoCase(testDescription: "delete \"Water plants\"") { try $0.delete(id(5)) },
        UndoCase(testDescription: "rename \"Fix bike\" to \"Fix car\"") { try $0.rename(id(3), to: "Fix car") },
        UndoCase(testDescription: "clear the finished items") { try $0.clearFinished() },
    ]

    @Test("TL-13 Undo puts the list back as it was before the last change", arguments: undoCases)
    func undoRevertsLastChange(_ undoCase: UndoCase) throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk", "Call Ann", "Fix bike"],
                                             finished: ["Pay rent", "Water plants"])
        try undoCase.change(sut)

        try sut.undo()

        #expect(sut.todos.todo.titles == ["Buy milk", "Call Ann", "Fix bike"])
        #expect(sut.todos.finished.titles == ["Pay rent", "Water plants"])
        #expect(sut.todos.todo + sut.todos.finished
                == makeTodos(todo: ["Buy milk", "Call Ann", "Fix bike"], finished: ["Pay rent", "Water plants"]).all)
        #expect(store.todos == sut.todos)
    }

    @Test("TL-14 Undoing twice reverts the last two changes, newest first")
    func undoTwice() throws {
        let (sut, _) = try makeLoadedSUT(todo: ["Buy milk", "Call Ann"])
        try sut.check(id(1))
        try sut.delete(id(2))

        try sut.undo()
        #expect(sut.todos.todo.titles == ["Call Ann"])
        #expect(sut.todos.finished.titles == ["Buy milk"])

        try sut.undo()
        #expect(sut.todos.todo.titles == ["Buy milk", "Call Ann"])
        #expect(sut.todos.finished.isEmpty)
    }

    @Test("TL-15 Undo with nothing to undo says so and changes nothing")
    func undoWithNothingToUndo() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk"])

        #expect(throws: TodoError.nothingToUndo) { try sut.undo() }

        #expect(sut.todos.todo.titles == ["Buy milk"])
        #expect(store.todos == makeTodos(todo: ["Buy milk"]))
    }

    @Test("TL-16 Acting on an item that is no longer there is refused")
    func actingOnAGoneItemIsRefused() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk"])
        try store.todos.apply(.delete(id(1)))
        let elsewhere = store.todos

        #expect(throws: TodoError.noSuchItem) { try sut.check(id(1)) }

        #expect(store.todos == elsewhere)
    }

    @Test("TL-17 Searching finds titles that contain the text, ignoring case and accents")
    func searchIgnoresCaseAndAccents() throws {
        let (sut, _) = try makeLoadedSUT(todo: ["Café crème", "Call Ann"], finished: ["Buy CAFE filters"])

        #expect(sut.todos.matching("cafe").titles == ["Café crème", "Buy CAFE filters"])
    }

    // MARK: - Helpers

    private func makeSUT(todo: [String] = [], finished: [String] = []) -> (TodoListViewModel, InMemoryTodoStore) {
        let store = InMemoryTodoStore(makeTodos(todo: todo, finished: finished))
        let sut = TodoListViewModel(store: store, newID: SequentialIDs(startingAt: 100).callAsFunction)
        return (sut, store)
    }

    private func makeLoadedSUT(todo: [String] = [], finished: [String] = []) throws -> (TodoListViewModel, InMemoryTodoStore) {
        let (sut, store) = makeSUT(todo: todo, finished: finished)
        try sut.load()
        return (sut, store)
    }
}
