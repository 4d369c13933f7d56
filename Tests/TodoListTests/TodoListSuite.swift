import Foundation
import TestSupport
import Testing
import TodoList

/// A suite of the to-do list's view-model: each test makes its list on an in-memory store
/// that holds `todo` and `finished`, numbered and identified 1, 2, 3… from the top (new items
/// get ids from 100), and checks at its end that both were released.
@MainActor
protocol TodoListSuite {
    var leaks: LeakTracker { get }
}

extension TodoListSuite {
    func makeSUT(todo: [String] = [], finished: [String] = [],
                 sourceLocation: SourceLocation = #_sourceLocation) -> (TodoListViewModel, InMemoryTodoStore) {
        let store = InMemoryTodoStore(makeTodos(todo: todo, finished: finished))
        let sut = TodoListViewModel(store: store, clock: testClock(firstID: 100))
        leaks.track(sut, sourceLocation: sourceLocation)
        leaks.track(store, sourceLocation: sourceLocation)
        return (sut, store)
    }

    func makeLoadedSUT(todo: [String] = [], finished: [String] = [],
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> (TodoListViewModel, InMemoryTodoStore) {
        let (sut, store) = makeSUT(todo: todo, finished: finished, sourceLocation: sourceLocation)
        try sut.load()
        return (sut, store)
    }
}
