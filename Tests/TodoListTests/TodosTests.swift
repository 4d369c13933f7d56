import Foundation
import TestSupport
import Testing
import Undo
import TodoList

/// The rules of the list value itself, below what a scenario shows: what each change hands
/// back for undo, and what it refuses.
@Suite("The list as a value")
struct TodosTests {
    @Test("A change that changes nothing hands back no step: an add of an id already there, a clear with nothing finished")
    func noStepForNoChange() throws {
        var todos = makeTodos(todo: ["Buy milk"])

        #expect(try todos.apply(.clearFinished) == nil)
        #expect(try todos.apply(.add(id: id(1), title: "Again")) == nil)
        #expect(try todos.apply(.check([])) == nil)
        #expect(try todos.apply(.delete([])) == nil)
        #expect(todos == makeTodos(todo: ["Buy milk"]))
    }

    @Test("Checking a finished item, or unchecking a to-do, names the item; one not there is no such item")
    func refusals() {
        var todos = makeTodos(todo: ["Buy milk"], finished: ["Pay rent"])

        #expect(throws: TodoError.alreadyFinished(id(2))) { try todos.apply(.check([id(2)])) }
        #expect(throws: TodoError.notFinished(id(1))) { try todos.apply(.uncheck([id(1)])) }
        #expect(throws: TodoError.noSuchItem) { try todos.apply(.uncheck([id(9)])) }
        #expect(throws: TodoError.noSuchItem) { try todos.apply(.check([id(9)])) }
        #expect(throws: TodoError.noSuchItem) { try todos.apply(.rename(id(9), to: "x")) }
        #expect(throws: TodoError.emptyTitle) { try todos.apply(.add(id: id(3), title: " \n")) }
        #expect(todos == makeTodos(todo: ["Buy milk"], finished: ["Pay rent"]))
    }

    @Test("Each change hands back the step that undoes it, and the step brings the list back exactly")
    func stepsRevert() throws {
        let before = makeTodos(todo: ["A", "B", "C"], finished: ["D", "E"])
        let changes: [TodoChange] = [.add(id: id(9), title: "F"), .check([id(3), id(1)]), .uncheck([id(5), id(4)]),
                                     .delete([id(2), id(4)]), .rename(id(2), to: "Bee"), .clearFinished]
        for change in changes {
            var todos = before
            let step = try #require(try todos.apply(change))
            #expect(todos != before, "\(change)")

            try todos.revert(step)

            #expect(todos.all == before.all, "\(change)")
            #expect(todos.unfinished == before.unfinished && todos.finished == before.finished, "\(change)")
        }
    }

    @Test("Several items checked at once go to Finished in the order named, the last on top; unchecked, to the bottom of To do")
    func orderOfSeveral() throws {
        var todos = makeTodos(todo: ["A", "B", "C"])

        try todos.apply(.check([id(3), id(1), id(3)]))
        #expect(todos == list(todo: [todo(2, "B")], finished: [finished(1, "A"), finished(3, "C")], next: 4))

        try todos.apply(.uncheck([id(3), id(1)]))
        #expect(todos == list(todo: [todo(2, "B"), todo(3, "C"), todo(1, "A")], next: 4))
    }

    @Test("Undo that would bring back an id or a number the list holds is refused, and changes nothing")
    func undoThatDoesNotFit() throws {
        var todos = makeTodos(todo: ["A"])
        let step = TodoStep(kind: .delete, removing: [], restoring: [Placement(item: todo(1, "A again"), index: 0)])
        let taken = TodoStep(kind: .delete, removing: [], restoring: [Placement(item: TodoItem(id: id(7), number: 1, title: "B"), index: 0)])
        let zero = TodoStep(kind: .delete, removing: [], restoring: [Placement(item: TodoItem(id: id(8), number: 0, title: "C"), index: 0)])

        for wrong in [step, taken, zero] {
            #expect(throws: TodoError.undoDoesNotFit) { try todos.revert(wrong) }
        }
        #expect(todos == makeTodos(todo: ["A"]))
    }

    @Test("Undo puts an item back at its place, or at the end of a section grown shorter, never past it")
    func undoPlaces() throws {
        var todos = makeTodos(todo: ["A", "B"])
        let farAway = TodoStep(kind: .delete, removing: [], restoring: [Placement(item: todo(5, "E"), index: 40)])
        let before = TodoStep(kind: .delete, removing: [], restoring: [Placement(item: todo(6, "F"), index: -3)])

        #expect(try todos.revert(farAway) == UndoneChange(.deleteTodos, names: ["E"]))
        #expect(try todos.revert(before) == UndoneChange(.deleteTodos, names: ["F"]))

        #expect(todos == list(todo: [todo(6, "F"), todo(1, "A"), todo(2, "B"), todo(5, "E")], next: 7))
    }

    @Test("Undoing a rename step of two items, which only a store edited by hand holds, names both old titles and the first new one")
    func undoRenameOfTwo() throws {
        var todos = makeTodos(todo: ["A now", "B now"])
        let step = TodoStep(kind: .rename, removing: [id(2), id(1)],
                            restoring: [Placement(item: todo(2, "B before"), index: 0), Placement(item: todo(1, "A before"), index: 1)])

        #expect(try todos.revert(step) == UndoneChange(.renameTodo, names: ["B before", "A before"], renamedTo: "B now"))
        #expect(todos == list(todo: [todo(2, "B before"), todo(1, "A before")], next: 3))
    }

    @Test("Adds in a row number the new items one after the other, the last on top, skipping ids already there")
    func addsInARow() throws {
        var todos = makeTodos(todo: ["A"], finished: ["Z"])

        let steps = try todos.add(contentsOf: [NewTodo(id: id(3), title: " B "), NewTodo(id: id(1), title: "A again"), NewTodo(id: id(2), title: "Z again"),
                                               NewTodo(id: id(4), title: "C", plan: TodoPlan(tags: ["c"])), NewTodo(id: id(3), title: "B again")])

        #expect(steps == [TodoStep(kind: .add, removing: [id(3)], restoring: []), TodoStep(kind: .add, removing: [id(4)], restoring: [])])
        #expect(todos == list(todo: [TodoItem(id: id(4), number: 4, title: "C", plan: TodoPlan(tags: ["c"])), todo(3, "B"), todo(1, "A")],
                              finished: [finished(2, "Z")], next: 5))
        #expect(throws: TodoError.emptyTitle) { try todos.add(contentsOf: [NewTodo(id: id(5), title: "D"), NewTodo(id: id(6), title: "  ")]) }
        #expect(todos.unfinished.count == 3)
        #expect(try todos.add(contentsOf: []) == [])
    }

    @Test("An item is found by its number or its id, in either section")
    func lookUp() {
        let todos = makeTodos(todo: ["A"], finished: ["B"])

        #expect(todos.item(numbered: 2) == finished(2, "B"))
        #expect(todos.item(numbered: 1) == todo(1, "A"))
        #expect(todos.item(numbered: 3) == nil)
        #expect(todos.item(withID: id(2)) == finished(2, "B"))
        #expect(todos.isEmpty == false)
        #expect(Todos().isEmpty)
    }
}

/// An item keeps its finished state, time added, plan and time checked in less room than a
/// field each: a change of one must leave the others as they were.
@Suite("A to-do's fields")
struct TodoItemFieldsTests {
    static let plans = [TodoPlan(), TodoPlan(tags: ["home"], priority: .high)]
    static let times: [Date?] = [nil, Date(timeIntervalSince1970: 1_800_000_000.5), Date(timeIntervalSinceReferenceDate: -1e9)]

    @Test("Each field changed alone leaves the others as they were, whatever they hold", arguments: plans, times)
    func eachFieldAlone(plan: TodoPlan, time: Date?) {
        for isFinished in [false, true] {
            let item = TodoItem(id: id(1), number: 7, title: "Buy milk", isFinished: isFinished, plan: plan, added: time,
                                checked: isFinished ? time : nil)
            #expect(item.isFinished == isFinished)
            #expect(item.plan == plan)
            #expect(item.added == time)
            #expect(item.checked == (isFinished ? time : nil))

            var changed = item
            changed.isFinished.toggle()
            #expect(changed.isFinished == !isFinished)
            #expect((changed.plan, changed.added, changed.checked, changed.title) == (plan, time, item.checked, "Buy milk"))

            changed = item
            changed.plan = Self.plans[0] == plan ? Self.plans[1] : Self.plans[0]
            #expect(changed.plan != plan)
            #expect((changed.isFinished, changed.added, changed.checked) == (isFinished, time, item.checked))

            changed = item
            changed.added = time == nil ? Date(timeIntervalSinceReferenceDate: 0) : nil
            #expect(changed.added != time)
            #expect((changed.isFinished, changed.plan, changed.checked) == (isFinished, plan, item.checked))

            changed = item
            changed.checked = Date(timeIntervalSinceReferenceDate: 42)
            #expect(changed.checked == Date(timeIntervalSinceReferenceDate: 42))
            #expect((changed.isFinished, changed.plan, changed.added) == (isFinished, plan, time))
            #expect(changed != item)
        }
    }

    @Test("A time added that is not a number is no time, as none is kept for it")
    func notANumberIsNoTime() {
        let item = TodoItem(id: id(1), number: 1, title: "Buy milk", added: Date(timeIntervalSinceReferenceDate: .nan))

        #expect(item.added == nil)
        #expect(item == TodoItem(id: id(1), number: 1, title: "Buy milk"))
    }
}
