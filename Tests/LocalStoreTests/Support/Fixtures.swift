import Foundation
import TodoList

func id(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!
}

func todo(_ number: Int, _ title: String) -> TodoItem {
    TodoItem(id: id(number), title: title)
}

extension Array where Element == TodoItem {
    var titles: [String] { map(\.title) }
}
