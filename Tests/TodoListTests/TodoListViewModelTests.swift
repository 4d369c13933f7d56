import Foundation
import TestSupport
import Testing
import TodoList

@MainActor
@Suite("The to-do list")
struct TodoListViewModelTests {
    private let leaks = LeakTracker()

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

        #expect(sut.todos == list(todo: [todo(1, "Buy milk")], finished: [finished(2, "Call Ann"), finished(3, "Pay rent")], next: 4))
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

    /// Each case makes one change to the same list; undo must bring that list back exactly.
    struct UndoCase: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let undone: String
        let change: @MainActor @Sendable (TodoListViewModel) throws -> Void
    }

    nonisolated static let undoCases: [UndoCase] = [
        UndoCase(testDescription: "add \"Post letter\"", undone: "added “Post letter”") { sut in
            let form = sut.openAddForm()
            form.title = "Post letter"
            try form.save()
        },
        UndoCase(testDescription: "check \"Call Ann\"", undone: "checked “Call Ann”") { try $0.check(id(2)) },
        UndoCase(testDescription: "uncheck \"Water plants\"", undone: "unchecked “Water plants”") { try $0.uncheck(id(5)) },
        UndoCase(testDescription: "delete \"Call Ann\"", undone: "deleted “Call Ann”") { try $0.delete(id(2)) },
        UndoCase(testDescription: "delete \"Water plants\"", undone: "deleted “Water plants”") { try $0.delete(id(5)) },
        UndoCase(testDescription: "rename \"Fix bike\" to \"Fix car\"", undone: "renamed “Fix bike” to “Fix car”") {
            try $0.rename(id(3), to: "Fix car")
        },
        UndoCase(testDescription: "clear the finished items", undone: "cleared 2 finished to-dos") { try $0.clearFinished() },
    ]

    @Test("TL-13 Undo puts the list back as it was before the last change", arguments: undoCases)
    func undoRevertsLastChange(_ undoCase: UndoCase) throws {
        let before = makeTodos(todo: ["Buy milk", "Call Ann", "Fix bike"], finished: ["Pay rent", "Water plants"])
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk", "Call Ann", "Fix bike"], finished: ["Pay rent", "Water plants"])
        try undoCase.change(sut)
        #expect(sut.todos.all != before.all)

        let undone = try sut.undo()

        #expect(undone == undoCase.undone)
        #expect(sut.todos.all == before.all)
        #expect(store.todos.all == before.all)
    }

    @Test("TL-14 Undoing twice reverts the last two changes, newest first")
    func undoTwice() throws {
        let (sut, _) = try makeLoadedSUT(todo: ["Buy milk", "Call Ann"])
        try sut.check(id(1))
        try sut.delete(id(2))

        #expect(try sut.undo() == "deleted “Call Ann”")
        #expect(sut.todos == list(todo: [todo(2, "Call Ann")], finished: [finished(1, "Buy milk")], next: 3))

        #expect(try sut.undo() == "checked “Buy milk”")
        #expect(sut.todos == list(todo: [todo(1, "Buy milk"), todo(2, "Call Ann")], next: 3))
    }

    @Test("TL-15 Undo with nothing to undo says so and changes nothing")
    func undoWithNothingToUndo() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk"])

        #expect(throws: TodoError.nothingToUndo) { try sut.undo() }

        #expect(TodoError.nothingToUndo.localizedDescription == "there is nothing to undo")
        #expect(sut.todos == makeTodos(todo: ["Buy milk"]))
        #expect(store.todos == makeTodos(todo: ["Buy milk"]))
    }

    @Test("TL-16 Acting on an item that is no longer there is refused")
    func actingOnAGoneItemIsRefused() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["Buy milk", "Call Ann"])
        try store.todos.apply(.delete([id(1)]))
        let elsewhere = store.todos

        #expect(throws: TodoError.noSuchItem) { try sut.check(id(1)) }

        #expect(TodoError.noSuchItem.localizedDescription == "that item is no longer in the list")
        #expect(store.todos == elsewhere)
        #expect(sut.todos == makeTodos(todo: ["Buy milk", "Call Ann"]))
    }

    @Test("TL-17 Searching finds titles that contain the text, ignoring case and accents")
    func searchIgnoresCaseAndAccents() throws {
        let (sut, _) = try makeLoadedSUT(todo: ["Café crème", "Call Ann"], finished: ["Buy CAFE filters"])

        #expect(sut.todos.matching("cafe") == [todo(1, "Café crème"), finished(3, "Buy CAFE filters")])
    }

    @Test("TL-18 An item keeps its number whatever is added, checked or deleted around it")
    func numbersStay() throws {
        let (sut, _) = try makeLoadedSUT(todo: ["A", "B", "C", "D"])

        try sut.check(id(1))
        try sut.delete(id(3))
        let form = sut.openAddForm()
        form.title = "E"
        let added = try form.save()

        #expect(added == TodoItem(id: id(100), number: 5, title: "E"))
        #expect(sut.todos == list(todo: [added, todo(2, "B"), todo(4, "D")], finished: [finished(1, "A")], next: 6))
    }

    @Test("TL-19 Several items checked, unchecked or deleted at once make one change: all of it or none, one undo")
    func severalAtOnce() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["A", "B", "C"], finished: ["D"])

        try sut.check(id(1), id(3))
        #expect(sut.todos == list(todo: [todo(2, "B")], finished: [finished(3, "C"), finished(1, "A"), finished(4, "D")], next: 5))
        #expect(throws: TodoError.alreadyFinished(id(4))) { try sut.check(id(2), id(4)) }
        #expect(store.todos == sut.todos)

        #expect(try sut.undo() == "checked 2 to-dos")
        #expect(sut.todos == makeTodos(todo: ["A", "B", "C"], finished: ["D"]))
        try sut.delete(id(2), id(4))
        #expect(sut.todos == list(todo: [todo(1, "A"), todo(3, "C")], next: 5))
        #expect(try sut.undo() == "deleted 2 to-dos")
        #expect(sut.todos == makeTodos(todo: ["A", "B", "C"], finished: ["D"]))
    }

    @Test("TL-20 Once the list is empty, numbering starts again at 1")
    func numberingStartsAgain() throws {
        let (sut, _) = try makeLoadedSUT(todo: ["A"], finished: ["B"])

        try sut.delete(id(1), id(2))
        let form = sut.openAddForm()
        form.title = "C"
        let added = try form.save()

        #expect(added.number == 1)
        #expect(sut.todos == list(todo: [added], next: 2))

        let second = sut.openAddForm()
        second.title = "D"
        try second.save()
        try sut.undo()
        try sut.undo()
        #expect(sut.todos.isEmpty)
        let third = sut.openAddForm()
        third.title = "E"
        #expect(try third.save().number == 1)
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

    // MARK: - Helpers

    private func makeSUT(todo: [String] = [], finished: [String] = [],
                         sourceLocation: SourceLocation = #_sourceLocation) -> (TodoListViewModel, InMemoryTodoStore) {
        let store = InMemoryTodoStore(makeTodos(todo: todo, finished: finished))
        let sut = TodoListViewModel(store: store, newID: SequentialIDs(startingAt: 100).callAsFunction)
        leaks.track(sut, sourceLocation: sourceLocation)
        leaks.track(store, sourceLocation: sourceLocation)
        return (sut, store)
    }

    private func makeLoadedSUT(todo: [String] = [], finished: [String] = [],
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> (TodoListViewModel, InMemoryTodoStore) {
        let (sut, store) = makeSUT(todo: todo, finished: finished, sourceLocation: sourceLocation)
        try sut.load()
        return (sut, store)
    }
}
