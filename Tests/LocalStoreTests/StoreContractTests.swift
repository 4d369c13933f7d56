import Foundation
import LocalStore
import ListEngine
import TestSupport
import Testing
import Undo
import TodoList
import UserList

/// The rules every store keeps, run against the file store and against the in-memory doubles,
/// so that a view-model test cannot pass on something the real store does not do. The people's
/// rules are in `PeopleStoreContractTests`.
@Suite("The rules of a store, for every store")
struct StoreContractTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("A store gives back what it was given, and an empty list when it was given nothing", arguments: StoreMaker.all)
    func loadsWhatItHolds(maker: StoreMaker) throws {
        let todos = makeTodos(todo: ["Buy milk"], finished: ["Pay rent"])

        #expect(try maker.make(todos, folder).loadTodos() == todos)
        #expect(try maker.make(Todos(), TemporaryFolder()).loadTodos() == Todos())
    }

    /// A store that changed the list it last read would throw away what another terminal saved
    /// since, and the file store keeps what it last read. The other terminal is a second store
    /// on the same file, or on the same in-memory lists.
    @Test("A change is made to the list as saved now, and the store answers with the list after it", arguments: StoreMaker.all)
    func appliesToTheLatest(maker: StoreMaker) throws {
        let saved = try maker.save(makeTodos(todo: ["Buy milk", "Call Ann"]), People(), folder)
        let store = saved.openTodos()
        _ = try store.loadTodos()
        let other = saved.openTodos()
        _ = try other.add(id: id(3), title: "Pay rent")
        _ = try other.apply(.delete([id(1)]))

        let answer = try store.apply(.check([id(2)]))

        let expected = list(todo: [todo(3, "Pay rent")], finished: [finished(2, "Call Ann")], next: 4)
        #expect(answer == expected)
        #expect(try store.loadTodos() == expected)
        #expect(try other.loadTodos() == expected)
    }

    @Test("A change that does not apply throws, and nothing is saved", arguments: StoreMaker.all)
    func refusedChangeSavesNothing(maker: StoreMaker) throws {
        let todos = makeTodos(todo: ["Buy milk"], finished: ["Pay rent"])
        let store = try maker.make(todos, folder)

        #expect(throws: TodoError.alreadyFinished(id(2))) { try store.apply(.check([id(1), id(2)])) }
        #expect(throws: TodoError.noSuchItem) { try store.apply(.delete([id(9)])) }
        #expect(throws: TodoError.emptyTitle) { try store.add(id: id(3), title: "  ") }
        #expect(throws: TodoError.nothingToUndo) { try store.undo() }

        #expect(try store.loadTodos() == todos)
    }

    @Test("An add returns the item with the number the list gives it, trimmed, on top", arguments: StoreMaker.all)
    func addNumbers(maker: StoreMaker) throws {
        let store = try maker.make(makeTodos(todo: ["Buy milk"]), folder)

        let added = try store.add(id: id(7), title: "  Call Ann ")

        #expect(added == TodoItem(id: id(7), number: 2, title: "Call Ann"))
        #expect(try store.loadTodos() == list(todo: [added, todo(1, "Buy milk")], next: 3))
    }

    /// An add that timed out may have been saved: trying it again must not add the item twice,
    /// nor leave a second step for undo to take back.
    @Test("An add retried with an id the list holds returns the item it holds, and saves nothing", arguments: StoreMaker.all)
    func retriedAdd(maker: StoreMaker) throws {
        let todos = makeTodos(todo: ["Buy milk"], finished: ["Pay rent"])
        let store = try maker.make(todos, folder)
        let added = try store.add(id: id(3), title: "Call Ann")
        let saved = list(todo: [todo(3, "Call Ann"), todo(1, "Buy milk")], finished: [finished(2, "Pay rent")], next: 4)

        #expect(try store.add(id: id(3), title: "Call Ann") == added)
        #expect(try store.add(id: id(1), title: "Buy oats") == todo(1, "Buy milk"))
        #expect(try store.add(id: id(2), title: "Pay rent") == finished(2, "Pay rent"))
        #expect(try store.apply(.add(id: id(3), title: "Call Ann")) == saved)

        #expect(try store.loadTodos() == saved)
        #expect(try store.undo().undone == UndoneChange(.addTodos, names: ["Call Ann"]))
        #expect(try store.loadTodos() == list(todo: [todo(1, "Buy milk")], finished: [finished(2, "Pay rent")], next: 4))
        #expect(throws: TodoError.nothingToUndo) { try store.undo() }
    }

    /// A number a user has seen stands for one item: given again, `check 2` typed from an old
    /// screen would check another item. Once nothing is left, no number can be mistaken.
    @Test("A deleted item's number is not given again until the list is empty, and undo brings numbers back",
          arguments: StoreMaker.all)
    func numbering(maker: StoreMaker) throws {
        let store = try maker.make(makeTodos(todo: ["Buy milk", "Call Ann"]), folder)

        _ = try store.apply(.delete([id(2)]))
        #expect(try store.add(id: id(3), title: "Pay rent") == todo(3, "Pay rent"))
        _ = try store.apply(.delete([id(1), id(3)]))
        #expect(try store.loadTodos() == Todos())
        #expect(try store.add(id: id(4), title: "Post letter") == todo(4, "Post letter").renumbered(1))

        #expect(try store.undo().undone == UndoneChange(.addTodos, names: ["Post letter"]))
        #expect(try store.loadTodos() == Todos())
        #expect(try store.undo().undone == UndoneChange(.deleteTodos, names: ["Buy milk", "Pay rent"]))
        #expect(try store.loadTodos() == list(todo: [todo(3, "Pay rent"), todo(1, "Buy milk")], next: 4))
        #expect(try store.undo().undone == UndoneChange(.addTodos, names: ["Pay rent"]))
        #expect(try store.undo().undone == UndoneChange(.deleteTodos, names: ["Call Ann"]))
        #expect(try store.loadTodos() == list(todo: [todo(1, "Buy milk"), todo(2, "Call Ann")], next: 4))
    }

    @Test("Undo takes changes back newest first, and says what each was", arguments: StoreMaker.all)
    func undoNewestFirst(maker: StoreMaker) throws {
        let todos = makeTodos(todo: ["Buy milk", "Call Ann"])
        let store = try maker.make(todos, folder)
        _ = try store.add(id: id(3), title: "Pay rent")
        _ = try store.apply(.rename(id(1), to: "Buy oats"))

        #expect(try store.undo().undone == UndoneChange(.renameTodo, names: ["Buy milk"], renamedTo: "Buy oats"))
        #expect(try store.undo().undone == UndoneChange(.addTodos, names: ["Pay rent"]))
        #expect(try store.loadTodos().all == todos.all)
        #expect(throws: TodoError.nothingToUndo) { try store.undo() }
    }

    /// A view-model test that undoes further than a user could would pass on a history the
    /// file store does not keep.
    @Test("Undo goes back as many changes as the file store keeps, and no further", arguments: StoreMaker.all)
    func undoDepth(maker: StoreMaker) throws {
        let store = try maker.make(Todos(), folder)
        let limit = Document.undoLimit
        for number in 1...limit + 1 {
            _ = try store.add(id: id(number), title: "Task \(number)")
        }

        for number in (2...limit + 1).reversed() {
            #expect(try store.undo().undone == UndoneChange(.addTodos, names: ["Task \(number)"]))
        }
        #expect(throws: TodoError.nothingToUndo) { try store.undo() }
        #expect(try store.loadTodos() == list(todo: [todo(1, "Task 1")], next: limit + 2))
    }

    /// Undo would otherwise seem to do nothing: it would take back a change the user never saw.
    @Test("A change that changes nothing leaves nothing to undo", arguments: StoreMaker.all)
    func noChangeNoStep(maker: StoreMaker) throws {
        let store = try maker.make(makeTodos(todo: ["Buy milk"]), folder)
        _ = try store.apply(.rename(id(1), to: "Buy oats"))
        let saved = list(todo: [todo(1, "Buy oats")], next: 2)

        for change: TodoChange in [.clearFinished, .rename(id(1), to: " Buy oats "), .check([]), .uncheck([]), .delete([])] {
            #expect(try store.apply(change) == saved, "\(change)")
        }

        #expect(try store.loadTodos() == saved)
        #expect(try store.undo().undone == UndoneChange(.renameTodo, names: ["Buy milk"], renamedTo: "Buy oats"))
        #expect(throws: TodoError.nothingToUndo) { try store.undo() }
    }

    // MARK: - One history for to-dos and people

    /// The file store keeps one history for both lists, so an undo from the to-do list may take
    /// back a change to the people, and a double keeping two would let a test pass that a user
    /// would see fail.
    @Test("To-dos and people share one history: undo takes back the newest change, whichever list it was to",
          arguments: StoreMaker.all)
    func oneHistory(maker: StoreMaker) throws {
        let people = makePeople([person(1, "Zoë", "Adams")])
        let saved = try maker.save(makeTodos(todo: ["Buy milk"]), people, folder)
        let todoStore = saved.openTodos()
        let peopleStore = saved.openPeople()
        _ = try todoStore.apply(.check([id(1)]))
        _ = try peopleStore.apply(.sort(.descending))

        #expect(try todoStore.undo().undone == UndoneChange(.sortPeople, names: []))
        #expect(try peopleStore.loadPeople() == people)
        #expect(try todoStore.loadTodos() == list(finished: [finished(1, "Buy milk")], next: 2))
        #expect(try peopleStore.undo().undone == UndoneChange(.checkTodos, names: ["Buy milk"]))
        #expect(try todoStore.loadTodos() == makeTodos(todo: ["Buy milk"]))
        #expect(throws: TodoError.nothingToUndo) { try peopleStore.undo() }
    }

    @Test("The changes undo can go back are counted across to-dos and people together", arguments: StoreMaker.all)
    func oneHistoryOneLimit(maker: StoreMaker) throws {
        let saved = try maker.save(Todos(), makePeople([person(1, "Zoë", "Adams")]), folder)
        let todoStore = saved.openTodos()
        let peopleStore = saved.openPeople()
        let limit = Document.undoLimit
        _ = try peopleStore.apply(.sort(.descending))
        for number in 1...limit {
            _ = try todoStore.add(id: id(number), title: "Task \(number)")
        }

        for number in (1...limit).reversed() {
            #expect(try peopleStore.undo().undone == UndoneChange(.addTodos, names: ["Task \(number)"]))
        }
        #expect(throws: TodoError.nothingToUndo) { try todoStore.undo() }
        #expect(try peopleStore.loadPeople() == makePeople([person(1, "Zoë", "Adams")], sortOrder: .descending))
    }

    @Test("SF-41 An undo says what it undid from what it saw when it saved it: every store hands back the lists a read gives",
          arguments: StoreMaker.all)
    func undoHandsBackTheLists(maker: StoreMaker) throws {
        let saved = try maker.save(makeTodos(todo: ["Buy milk", "Call Ann"]), makePeople([person(1, "Zoë", "Adams")]), folder)
        let todoStore = saved.openTodos()
        let peopleStore = saved.openPeople()
        _ = try todoStore.apply(.check([id(1)]))
        _ = try peopleStore.apply(.delete([id(1)]))

        let people = try peopleStore.undo()
        let todos = try todoStore.undo()

        #expect(people.undone == UndoneChange(.deletePeople, names: ["Zoë Adams"]))
        #expect(people.people == makePeople([person(1, "Zoë", "Adams")]))
        #expect(todos.undone == UndoneChange(.checkTodos, names: ["Buy milk"]))
        #expect(todos.todos == makeTodos(todo: ["Buy milk", "Call Ann"]))
        #expect(try todoStore.loadTodos() == todos.todos)
        #expect(try peopleStore.loadPeople() == people.people)
    }

    @Test("SF-45 An import says what it brought in from what it saw when it saved it: every store hands back the lists a read gives",
          arguments: StoreMaker.all)
    func importHandsBackTheLists(maker: StoreMaker) throws {
        let saved = try maker.save(makeTodos(todo: ["Buy milk"]), makePeople([]), folder)
        let todoStore = saved.openTodos()

        let imported = try todoStore.importTodos([NewTodo(id: id(2), title: "Call Ann"), NewTodo(id: id(3), title: "Pay rent")])

        #expect(imported.outcome == ImportOutcome(added: 2, finished: 0, alreadyHere: 0))
        #expect(imported.todos.unfinished.map(\.title) == ["Pay rent", "Call Ann", "Buy milk"])
        #expect(try todoStore.loadTodos() == imported.todos)
    }
}
