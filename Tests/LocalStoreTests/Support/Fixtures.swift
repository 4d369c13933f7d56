import Foundation
import TestSupport
import TodoList

func todo(_ number: Int, _ title: String) -> TodoItem {
    TodoItem(id: id(number), title: title)
}

extension Array where Element == TodoItem {
    var titles: [String] { map(\.title) }
}
