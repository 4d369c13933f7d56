import Foundation
import Testing
import TodoList
import UserList

/// A list whose to-dos are numbered (and identified) 1, 2, … from the top, the finished items
/// continuing the count: the list a user who added them one by one, newest last, would see.
public func makeTodos(todo: [String] = [], finished: [String] = []) -> Todos {
    let titles = todo + finished
    let items = titles.enumerated().map { offset, title in
        TodoItem(id: id(offset + 1), number: offset + 1, title: title, isFinished: offset >= todo.count)
    }
    return Todos(unfinished: Array(items.prefix(todo.count)), finished: Array(items.dropFirst(todo.count)),
                 nextNumber: titles.count + 1)
}

/// The to-do numbered `number`, with id `number`.
public func todo(_ number: Int, _ title: String) -> TodoItem {
    TodoItem(id: id(number), number: number, title: title)
}

/// The finished item numbered `number`, with id `number`.
public func finished(_ number: Int, _ title: String) -> TodoItem {
    TodoItem(id: id(number), number: number, title: title, isFinished: true)
}

/// A whole list, to compare with `==`: every item's title, number and state, and the next number.
public func list(todo: [TodoItem] = [], finished: [TodoItem] = [], next: Int) -> Todos {
    Todos(unfinished: todo, finished: finished, nextNumber: next)
}

extension TodoItem {
    /// The same item under another number.
    public func renumbered(_ number: Int) -> TodoItem {
        TodoItem(id: id, number: number, title: title, isFinished: isFinished, plan: plan, added: added, checked: checked)
    }

    /// The same item, added at `moment`: as the test clock adds them.
    public func added(_ moment: Date = testNow) -> TodoItem {
        var item = self
        item.added = moment
        return item
    }

    /// The same item, checked at `moment`: as the test clock checks them.
    public func checked(_ moment: Date = testNow) -> TodoItem {
        var item = self
        item.checked = moment
        return item
    }
}

extension Todos {
    /// The same list with no item's times: what a test of a command, which runs on the
    /// system's clock, compares.
    public var withoutTimes: Todos {
        func bare(_ item: TodoItem) -> TodoItem {
            TodoItem(id: item.id, number: item.number, title: item.title, isFinished: item.isFinished, plan: item.plan)
        }
        return Todos(unfinished: unfinished.map(bare), finished: finished.map(bare), nextNumber: nextNumber, order: order)
    }
}

extension Person {
    /// The same person under another number.
    public func renumbered(_ number: Int) -> Person {
        Person(id: id, number: number, addedAt: addedAt, details: details)
    }
}

extension Array where Element == TodoItem {
    public var titles: [String] { map(\.title) }
    public var numbers: [Int] { map(\.number) }
}

extension Array where Element == Person {
    public var fullNames: [String] { map(\.fullName) }
}

/// `"1990-03-14"` as a date; a text that is not one fails the test (and stands for 1970-01-01),
/// rather than stopping every test with it.
public func date(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> CalendarDate {
    if let date = CalendarDate(iso: text) { return date }
    Issue.record("\(text) is not a YYYY-MM-DD date", sourceLocation: sourceLocation)
    return CalendarDate(year: 1970, month: 1, day: 1)!
}

/// A person with id and number `number`, added `number` seconds after the reference date.
public func person(_ number: Int, _ first: String, _ last: String, born: String? = "1990-03-14",
                   email: String? = nil, remoteID: String? = nil) -> Person {
    Person(id: id(number), number: number, addedAt: Date(timeIntervalSinceReferenceDate: Double(number)),
           details: PersonDetails(firstName: first, lastName: last, birthDate: born.map { date($0) }, email: email,
                                  remoteID: remoteID))
}

/// People in the order given, numbered as they come; the next number is `next`, or the one
/// after theirs.
public func makePeople(_ everyone: [Person], sortOrder: PeopleOrder = .added, next: Int? = nil) -> People {
    People(everyone: everyone, sortOrder: sortOrder, deleted: [], fetchProgress: nil, unmatchedSearches: [],
           nextNumber: next ?? (everyone.map(\.number).max() ?? 0) + 1)
}
