import Foundation
import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList
import UserList

/// One kind of store, for the contract tests: it saves lists made afresh for one test, and
/// opens stores of them.
struct StoreMaker: CustomTestStringConvertible, Sendable {
    let testDescription: String
    let save: @Sendable (Todos, People, TemporaryFolder) throws -> SavedLists

    /// The file store and the in-memory doubles: what one of them does, the others must do too.
    static let all: [StoreMaker] = [
        StoreMaker(testDescription: "the file store") { todos, people, folder in
            let url = folder.file("store.json")
            try FileStore(url: url).update { document in
                document.todos = todos
                document.people = people
            }
            return SavedLists(openTodos: { FileStore(url: url) }, openPeople: { FileStore(url: url) })
        },
        StoreMaker(testDescription: "the in-memory doubles") { todos, people, _ in
            let lists = InMemoryLists(todos: todos, people: people)
            return SavedLists(openTodos: { InMemoryTodoStore(lists: lists) }, openPeople: { InMemoryPeopleStore(lists: lists) })
        },
    ]

    func make(_ todos: Todos, _ folder: TemporaryFolder) throws -> any TodoStore {
        try save(todos, People(), folder).openTodos()
    }

    func make(_ people: People, _ folder: TemporaryFolder) throws -> any PeopleStore {
        try save(Todos(), people, folder).openPeople()
    }
}

/// Saved lists. Every store opened on them is another handle, as another program has: what
/// one saves, the others see.
struct SavedLists {
    let openTodos: () -> any TodoStore
    let openPeople: () -> any PeopleStore
}
