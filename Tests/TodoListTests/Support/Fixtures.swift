import Foundation
import TodoList

/// Ids 1, 2, 3… written as UUIDs, so a test can name an item's id without storing it.
func id(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!
}

/// Hands out ids 1, 2, 3… in order, as the app's random ones would be handed out.
final class SequentialIDs: @unchecked Sendable {
    private var next: Int

    init(startingAt first: Int = 1) {
        next = first
    }

    func callAsFunction() -> UUID {
        defer { next += 1 }
        return id(next)
    }
}

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
