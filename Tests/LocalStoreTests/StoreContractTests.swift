import Foundation
import LocalStore
import TestSupport
import Testing
import TodoList
import UserList

/// The rules every store keeps, run against the file store and against each in-memory double,
/// so that a view-model test cannot pass on something the real store does not do.
@Suite("The rules of a store, for every store")
struct StoreContractTests {
    /// A store of to-dos holding `todos`, made afresh for one test.
    struct TodoStoreMaker: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let make: @Sendable (Todos, TemporaryFolder) throws -> any TodoStore
    }

    nonisolated static let todoStores: [TodoStoreMaker] = [
        TodoStoreMaker(testDescription: "the file store") { todos, folder in
            let store = FileStore(url: folder.file("store.json"))
            try store.update { $0.todos = todos }
            return store
        },
        TodoStoreMaker(testDescription: "the in-memory double") { todos, _ in InMemoryTodoStore(todos) },
    ]

    struct PeopleStoreMaker: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let make: @Sendable (People, TemporaryFolder) throws -> any PeopleStore
    }

    nonisolated static let peopleStores: [PeopleStoreMaker] = [
        PeopleStoreMaker(testDescription: "the file store") { people, folder in
            let store = FileStore(url: folder.file("store.json"))
            try store.update { $0.people = people }
            return store
        },
        PeopleStoreMaker(testDescription: "the in-memory double") { people, _ in InMemoryPeopleStore(people) },
    ]

    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("A store gives back what it was given, and an empty list when it was given nothing", arguments: todoStores)
    func loadsWhatItHolds(maker: TodoStoreMaker) throws {
        let todos = makeTodos(todo: ["Buy milk"], finished: ["Pay rent"])

        #expect(try maker.make(todos, folder).loadTodos() == todos)
        #expect(try maker.make(Todos(), TemporaryFolder()).loadTodos() == Todos())
    }

    @Test("A change is made to the list as saved now, and the store answers with the list after it", arguments: todoStores)
    func appliesToTheLatest(maker: TodoStoreMaker) throws {
        let store = try maker.make(makeTodos(todo: ["Buy milk", "Call Ann"]), folder)

        let answer = try store.apply(.check([id(2)]))

        let expected = list(todo: [todo(1, "Buy milk")], finished: [finished(2, "Call Ann")], next: 3)
        #expect(answer == expected)
        #expect(try store.loadTodos() == expected)
    }

    @Test("A change that does not apply throws, and nothing is saved", arguments: todoStores)
    func refusedChangeSavesNothing(maker: TodoStoreMaker) throws {
        let todos = makeTodos(todo: ["Buy milk"], finished: ["Pay rent"])
        let store = try maker.make(todos, folder)

        #expect(throws: TodoError.alreadyFinished(id(2))) { try store.apply(.check([id(1), id(2)])) }
        #expect(throws: TodoError.noSuchItem) { try store.apply(.delete([id(9)])) }
        #expect(throws: TodoError.emptyTitle) { try store.add(id: id(3), title: "  ") }
        #expect(throws: TodoError.nothingToUndo) { try store.undo() }

        #expect(try store.loadTodos() == todos)
    }

    @Test("An add returns the item with the number the list gives it, trimmed, on top", arguments: todoStores)
    func addNumbers(maker: TodoStoreMaker) throws {
        let store = try maker.make(makeTodos(todo: ["Buy milk"]), folder)

        let added = try store.add(id: id(7), title: "  Call Ann ")

        #expect(added == TodoItem(id: id(7), number: 2, title: "Call Ann"))
        #expect(try store.loadTodos() == list(todo: [added, todo(1, "Buy milk")], next: 3))
    }

    @Test("Undo takes changes back newest first, and says what each was", arguments: todoStores)
    func undoNewestFirst(maker: TodoStoreMaker) throws {
        let todos = makeTodos(todo: ["Buy milk", "Call Ann"])
        let store = try maker.make(todos, folder)
        _ = try store.add(id: id(3), title: "Pay rent")
        _ = try store.apply(.rename(id(1), to: "Buy oats"))

        #expect(try store.undo() == "renamed “Buy milk” to “Buy oats”")
        #expect(try store.undo() == "added “Pay rent”")
        #expect(try store.loadTodos().all == todos.all)
        #expect(throws: TodoError.nothingToUndo) { try store.undo() }
    }

    @Test("People: a change is made to the people as saved now; a refused one saves nothing; undo takes it back",
          arguments: peopleStores)
    func peopleRules(maker: PeopleStoreMaker) throws {
        let people = makePeople([person(1, "Zoë", "Adams")])
        let store = try maker.make(people, folder)
        let ann = NewPerson(id: id(2), details: PersonDetails(firstName: "Ann", lastName: "Lee", birthDate: date("1990-03-14")),
                            addedAt: Date(timeIntervalSinceReferenceDate: 2))

        let answer = try store.apply(.add(ann, again: false))

        #expect(answer.everyone.map(\.fullName) == ["Zoë Adams", "Ann Lee"])
        #expect(answer.everyone.map(\.number) == [1, 2])
        #expect(try store.loadPeople() == answer)
        #expect(throws: PeopleError.noSuchPerson) { try store.apply(.delete([id(9)])) }
        #expect(throws: PeopleError.alreadyThere(person(1, "Zoë", "Adams"))) {
            try store.apply(.add(NewPerson(id: id(3), details: person(1, "zoë", "ADAMS").details, addedAt: Date()), again: false))
        }
        #expect(try store.loadPeople() == answer)
        #expect(try store.undo() == "added “Ann Lee”")
        #expect(try store.loadPeople().everyone == people.everyone)
    }

    @Test("People: a search that found nobody is remembered without being a change to undo", arguments: peopleStores)
    func rememberingIsNoChange(maker: PeopleStoreMaker) throws {
        let store = try maker.make(makePeople([person(1, "Zoë", "Adams")]), folder)

        store.remember(unmatched: "zzq")

        #expect(try store.loadPeople().unmatchedSearches == ["zzq"])
        #expect(throws: (any Error).self) { try store.undo() }
    }
}
