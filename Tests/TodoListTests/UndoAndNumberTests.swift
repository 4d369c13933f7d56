import Foundation
import TestSupport
import Testing
import Undo
import TodoList

@MainActor
@Suite("The to-do list: undo, search and numbers")
struct UndoAndNumberTests: TodoListSuite {
    let leaks = LeakTracker()

    /// Each case makes one change to the same list; undo must bring that list back exactly.
    struct UndoCase: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let undone: UndoneChange
        let change: @MainActor @Sendable (TodoListViewModel) throws -> Void
    }

    nonisolated static let undoCases: [UndoCase] = [
        UndoCase(testDescription: "add \"Post letter\"", undone: UndoneChange(.addTodos, names: ["Post letter"])) { sut in
            let form = sut.openAddForm()
            form.title = "Post letter"
            try form.save()
        },
        UndoCase(testDescription: "check \"Call Ann\"", undone: UndoneChange(.checkTodos, names: ["Call Ann"])) { try $0.check(id(2)) },
        UndoCase(testDescription: "uncheck \"Water plants\"", undone: UndoneChange(.uncheckTodos, names: ["Water plants"])) { try $0.uncheck(id(5)) },
        UndoCase(testDescription: "delete \"Call Ann\"", undone: UndoneChange(.deleteTodos, names: ["Call Ann"])) { try $0.delete(id(2)) },
        UndoCase(testDescription: "delete \"Water plants\"", undone: UndoneChange(.deleteTodos, names: ["Water plants"])) { try $0.delete(id(5)) },
        UndoCase(testDescription: "rename \"Fix bike\" to \"Fix car\"", undone: UndoneChange(.renameTodo, names: ["Fix bike"], renamedTo: "Fix car")) {
            try $0.rename(id(3), to: "Fix car")
        },
        UndoCase(testDescription: "clear the finished items", undone: UndoneChange(.clearFinished, names: ["Pay rent", "Water plants"])) { try $0.clearFinished() },
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

        #expect(try sut.undo() == UndoneChange(.deleteTodos, names: ["Call Ann"]))
        #expect(sut.todos == list(todo: [todo(2, "Call Ann")], finished: [finished(1, "Buy milk").checked()], next: 3))

        #expect(try sut.undo() == UndoneChange(.checkTodos, names: ["Buy milk"]))
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

        #expect(added == TodoItem(id: id(100), number: 5, title: "E").added())
        #expect(sut.todos == list(todo: [added, todo(2, "B"), todo(4, "D")], finished: [finished(1, "A").checked()], next: 6))
    }

    @Test("TL-19 Several items checked, unchecked or deleted at once make one change: all of it or none, one undo")
    func severalAtOnce() throws {
        let (sut, store) = try makeLoadedSUT(todo: ["A", "B", "C"], finished: ["D"])

        try sut.check(id(1), id(3))
        #expect(sut.todos == list(todo: [todo(2, "B")], finished: [finished(3, "C").checked(), finished(1, "A").checked(), finished(4, "D")], next: 5))
        #expect(throws: TodoError.alreadyFinished(id(4))) { try sut.check(id(2), id(4)) }
        #expect(store.todos == sut.todos)

        #expect(try sut.undo() == UndoneChange(.checkTodos, names: ["A", "C"]))
        #expect(sut.todos == makeTodos(todo: ["A", "B", "C"], finished: ["D"]))
        try sut.check(id(1), id(3))
        try sut.uncheck(id(1), id(3))
        #expect(sut.todos.unfinished.map(\.title) == ["B", "A", "C"])
        #expect(sut.todos.finished.map(\.title) == ["D"])
        #expect(try sut.undo() == UndoneChange(.uncheckTodos, names: ["A", "C"]))
        #expect(sut.todos.finished.map(\.title) == ["C", "A", "D"])
        #expect(try sut.undo() == UndoneChange(.checkTodos, names: ["A", "C"]))
        #expect(sut.todos == makeTodos(todo: ["A", "B", "C"], finished: ["D"]))
        try sut.delete(id(2), id(4))
        #expect(sut.todos == list(todo: [todo(1, "A"), todo(3, "C")], next: 5))
        #expect(try sut.undo() == UndoneChange(.deleteTodos, names: ["B", "D"]))
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
}
