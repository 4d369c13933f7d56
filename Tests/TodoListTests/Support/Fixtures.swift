import Foundation
import TestSupport
import TodoList

/// A list whose to-dos get ids 1, 2, … and whose finished items continue the count.
func makeTodos(todo: [String] = [], finished: [String] = []) -> Todos {
    Todos(
        todo: todo.enumerated().map { TodoItem(id: id($0.offset + 1), title: $0.element) },
        finished: finished.enumerated().map {
            TodoItem(id: id(todo.count + $0.offset + 1), title: $0.element, isFinished: true)
        }
    )
}

extension Array where Element == TodoItem {
    var titles: [String] { map(\.title) }
}
