import Foundation
import TestSupport
import Testing
import TodoList
import UserList

func todo(_ number: Int, _ title: String) -> TodoItem {
    TodoItem(id: id(number), title: title)
}

func person(_ number: Int, _ firstName: String, _ lastName: String) -> Person {
    Person(id: id(100 + number), firstName: firstName, lastName: lastName, birthDate: CalendarDate(iso: "1990-03-14")!,
           addedAt: Date(timeIntervalSinceReferenceDate: Double(number)))
}

extension Array where Element == TodoItem {
    var titles: [String] { map(\.title) }
}

/// Lists that use every part of the store's format, with the characters JSON has to escape
/// and some it does not.
func richLists() throws -> (todos: Todos, people: People) {
    var todos = Todos()
    let titles = ["Buy \"oat\" milk", "C:\\Users\\ann and a/b </script>", "two\nlines\tand a tab", "bell \u{7} and \u{1F}",
                  "Zoë’s café, 東京, 😀👩‍👩‍👧", "line separator \u{2028}", "e\u{301} combining"]
    for (number, title) in zip(1..., titles) {
        try todos.apply(.add(todo(number, title)))
    }
    try todos.apply(.check(id(2)))
    try todos.apply(.check(id(5)))
    try todos.apply(.rename(id(3), to: "three\r\nlines"))
    try todos.apply(.delete(id(4)))

    var people = People()
    let day = try #require(CalendarDate(iso: "1990-02-28"))
    try people.apply(.add(Person(id: id(101), firstName: "Zoë", lastName: "d'Arc-Ñúñez", birthDate: day,
                                 addedAt: Date(timeIntervalSinceReferenceDate: 785_000_000.123_456))))
    let loaded = (102...104).map { number in
        Person(id: id(number), firstName: "Ann \(number)", lastName: "O’Brien", birthDate: day,
               addedAt: Date(timeIntervalSinceReferenceDate: Double(785_000_000 + number)),
               email: "ann.\(number)@example.com", remoteID: number == 104 ? nil : "remote-\(number)")
    }
    try people.apply(.merge(loaded, seed: "seed/with \"quotes\"", page: 1))
    try people.apply(.delete(id(103)))
    try people.apply(.rememberNoMatch("zzz"))
    try people.apply(.sort(.descending))
    return (todos, people)
}
