import Foundation
import ListEngine
import TestSupport
import Testing
import TodoList
import UserList

/// What is wrong inside lists that read: every store refuses them, and doctor lists each problem
/// (SF-9). One problem a row, and where there are two of a kind, the first is the one named.
@Suite("The engine: what is wrong inside the lists")
struct ProblemsTests {
    /// A document with one thing wrong, and the problem found in it.
    struct Example: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let problems: [Problem]
        let change: @Sendable (inout Document) -> Void
    }

    private static func step(_ kind: TodoStep.Kind = .delete, restoring: [(Int, TodoItem)]) -> HistoryStep {
        .todos(TodoStep(kind: kind, removing: [], restoring: restoring.map { Placement(item: $0.1, index: $0.0) }))
    }

    /// An id for `number` whose first bytes differ from every other number's, as random ids do.
    nonisolated static func spread(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "%08X-%04X-4000-8000-000000000000", UInt32(truncatingIfNeeded: number &* 2_654_435_761), number))!
    }

    nonisolated static let someID = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    nonisolated static let otherID = "1B4E28BA-2FA1-11D2-883F-0016D3CCA427"
    nonisolated static let allOnes = UUID(uuidString: "FFFFFFFF-FFFF-FFFF-0000-000000000001")!

    nonisolated static let examples: [Example] = [
        Example(testDescription: "a finished item marked to do", problems: [.unfinishedInFinished]) {
            $0.todos = list(todo: [todo(1, "A")], finished: [todo(2, "B")], next: 3)
        },
        Example(testDescription: "two items numbered out of range",
                problems: [.numberOutOfRange(.todo, number: 7, next: 3)]) {
            $0.todos = list(todo: [todo(1, "A").renumbered(7), todo(2, "B").renumbered(9)], next: 3)
        },
        Example(testDescription: "a next number below 1: the numbers are not measured against it",
                problems: [.nextNumberOutOfRange(.todo, next: Int.min)]) {
            $0.todos = list(todo: [todo(1, "A"), todo(2, "B")], next: Int.min)
        },
        Example(testDescription: "a next person number below 1", problems: [.nextNumberOutOfRange(.person, next: 0)]) {
            $0.people = makePeople([person(1, "Ann", "Lee")], next: 0)
        },
        Example(testDescription: "a next number past the largest",
                problems: [.nextNumberOutOfRange(.todo, next: 1 << 40 + 1)]) {
            $0.todos = list(todo: [todo(1, "A")], next: 1 << 40 + 1)
        },
        Example(testDescription: "a person id used twice", problems: [.repeatedID(.person, id(1)), .repeatedNumber(.person, 1)]) {
            $0.people = makePeople([person(1, "Ann", "Lee"), person(1, "Bo", "Bee")])
        },
        Example(testDescription: "a to-do id used twice among ids that differ from the first byte",
                problems: [.repeatedID(.todo, UUID(uuidString: someID)!)]) {
            $0.todos = list(todo: [TodoItem(id: UUID(uuidString: someID)!, number: 1, title: "A"),
                                   TodoItem(id: UUID(uuidString: otherID)!, number: 2, title: "B"),
                                   TodoItem(id: UUID(uuidString: someID)!, number: 3, title: "C")], next: 4)
        },
        Example(testDescription: "two to-do ids alike in their first eight bytes", problems: []) {
            $0.todos = list(todo: [TodoItem(id: UUID(uuidString: someID)!, number: 1, title: "A"),
                                   TodoItem(id: UUID(uuidString: "E621E1F8-C36C-495A-0000-000000000000")!, number: 2, title: "B")],
                            next: 3)
        },
        Example(testDescription: "a to-do id used twice among a thousand that differ from the first byte",
                problems: [.repeatedID(.todo, spread(500))]) {
            $0.todos = list(todo: (1...1_000).map { TodoItem(id: spread($0), number: $0, title: "A") }
                                + [TodoItem(id: spread(500), number: 1_001, title: "B")], next: 1_002)
        },
        Example(testDescription: "a thousand to-do ids that differ from the first byte", problems: []) {
            $0.todos = list(todo: (1...1_000).map { TodoItem(id: spread($0), number: $0, title: "A") }, next: 1_001)
        },
        Example(testDescription: "two to-do ids whose first eight bytes are all ones", problems: []) {
            $0.todos = list(todo: [TodoItem(id: UUID(uuidString: "FFFFFFFF-FFFF-FFFF-0000-000000000001")!, number: 1, title: "A"),
                                   TodoItem(id: UUID(uuidString: "FFFFFFFF-FFFF-FFFF-0000-000000000002")!, number: 2, title: "B")],
                            next: 3)
        },
        Example(testDescription: "a to-do id whose first eight bytes are all ones, used twice",
                problems: [.repeatedID(.todo, UUID(uuidString: "FFFFFFFF-FFFF-FFFF-0000-000000000001")!)]) {
            $0.todos = list(todo: [TodoItem(id: UUID(uuidString: "FFFFFFFF-FFFF-FFFF-0000-000000000001")!, number: 1, title: "A"),
                                   TodoItem(id: UUID(uuidString: otherID)!, number: 2, title: "B"),
                                   TodoItem(id: UUID(uuidString: "FFFFFFFF-FFFF-FFFF-0000-000000000001")!, number: 3, title: "C")],
                            next: 4)
        },
        // No other id between them: every id goes past the table to the full check, and must get there.
        Example(testDescription: "a to-do id whose first eight bytes are all ones, used twice, and no other id",
                problems: [.repeatedID(.todo, allOnes)]) {
            $0.todos = list(todo: [TodoItem(id: allOnes, number: 1, title: "A"), TodoItem(id: allOnes, number: 2, title: "B")], next: 3)
        },
        Example(testDescription: "a person id whose first eight bytes are all ones, used twice",
                problems: [.repeatedID(.person, allOnes)]) {
            $0.people = makePeople([person(1, "Ann", "Lee"), person(2, "Bo", "Bee")].map {
                Person(id: allOnes, number: $0.number, addedAt: $0.addedAt, details: $0.details)
            })
        },
        Example(testDescription: "a person numbered past the next number",
                problems: [.numberOutOfRange(.person, number: 5, next: 2)]) {
            $0.people = makePeople([person(1, "Ann", "Lee").renumbered(5)], next: 2)
        },
        Example(testDescription: "two people without a last name",
                problems: [.nameless(id(1))]) {
            $0.people = makePeople([person(1, "Ann", ""), person(2, "Bo", "")])
        },
        Example(testDescription: "an undo of a sort that does not say the order before it",
                problems: [.sortWithoutOrder(step: 1, of: 1)]) {
            $0.history = [.people(PeopleStep(kind: .sort))]
        },
        Example(testDescription: "an undo step that puts an item back past the largest position",
                problems: [.positionOutOfRange(step: 1, of: 1, position: 1 << 40 + 1)]) {
            $0.history = [step(restoring: [(1 << 40 + 1, todo(1, "A"))])]
        },
        Example(testDescription: "an undo step at the largest position and the last number an item may have", problems: []) {
            $0.history = [step(restoring: [(1 << 40, todo(1, "A").renumbered(1 << 40 - 1))])]
            $0.todos = list(next: 1 << 40)
        },
        Example(testDescription: "an undo step that brings back an item numbered the largest, which leaves no next number",
                problems: [.numberOutOfRangeInStep(step: 1, of: 1, number: 1 << 40)]) {
            $0.history = [step(restoring: [(0, todo(1, "A").renumbered(1 << 40))])]
            $0.todos = list(next: 1 << 40)
        },
        Example(testDescription: "an undo step that puts items back at one position twice, twice",
                problems: [.repeatedPosition(step: 1, of: 1, position: 3)]) {
            $0.history = [step(restoring: [(3, todo(1, "A")), (3, todo(2, "B")), (4, todo(3, "C")), (4, todo(4, "D"))])]
            $0.todos = list(next: 5)
        },
        Example(testDescription: "an undo step that puts a to-do and a finished item back at one position, each in its list",
                problems: []) {
            $0.history = [step(restoring: [(0, todo(1, "A")), (0, TodoItem(id: id(2), number: 2, title: "B", isFinished: true))])]
            $0.todos = list(next: 3)
        },
        Example(testDescription: "an undo step that brings back a to-do with an empty title",
                problems: [.inStep(step: 1, of: 1, .emptyTitle(id(2)))]) {
            $0.history = [step(restoring: [(0, todo(1, "A")), (1, todo(2, " "))])]
        },
        Example(testDescription: "an undo step that brings back two to-dos with empty titles: the first is named",
                problems: [.inStep(step: 1, of: 1, .emptyTitle(id(1)))]) {
            $0.history = [step(restoring: [(0, todo(1, " ")), (1, todo(2, ""))])]
        },
        Example(testDescription: "an undo step that puts to-dos back at one position twice, and finished items too: To do's is named",
                problems: [.repeatedPosition(step: 1, of: 1, position: 4)]) {
            let finished = { (number: Int) in TodoItem(id: id(number), number: number, title: "F", isFinished: true) }
            $0.history = [step(restoring: [(4, todo(1, "A")), (4, todo(2, "B")), (3, finished(3)), (3, finished(4))])]
            $0.todos = list(next: 5)
        },
        Example(testDescription: "an undo step that brings back a to-do with two tags the list refuses: the first is named",
                problems: [.inStep(step: 1, of: 1, .plan(id(1), .notATag("1x")))]) {
            $0.history = [step(restoring: [(0, TodoItem(id: id(1), number: 1, title: "A", plan: TodoPlan(tags: ["home", "1x", "2y"])))])]
        },
        Example(testDescription: "an undo step that brings back a person without a first name",
                problems: [.inStep(step: 1, of: 1, .nameless(id(1)))]) {
            $0.history = [.people(PeopleStep(kind: .delete, restoring: [PersonPlacement(person: person(1, "", "Lee"), index: 0)]))]
        },
        Example(testDescription: "an undo step that brings back two people without a name: the first is named",
                problems: [.inStep(step: 1, of: 1, .nameless(id(1)))]) {
            $0.history = [.people(PeopleStep(kind: .delete, restoring: [PersonPlacement(person: person(1, "", "Lee"), index: 0),
                                                                       PersonPlacement(person: person(2, "Ann", ""), index: 1)]))]
        },
        Example(testDescription: "an undo of a load that goes back to a page out of range",
                problems: [.inStep(step: 1, of: 1, .pageOutOfRange(0))]) {
            $0.history = [.people(PeopleStep(kind: .load, removing: [id(1)], fetchProgress: FetchProgress(seed: "s", nextPage: 0)))]
        },
        Example(testDescription: "an undo step that brings back an item numbered past the largest",
                problems: [.numberOutOfRangeInStep(step: 1, of: 1, number: 1 << 40 + 1)]) {
            $0.history = [step(restoring: [(0, todo(1, "A").renumbered(1 << 40 + 1))])]
        },
    ]

    @Test("SF-9 A value out of range in the store is refused with a message, never a crash: the problem, one by one",
          arguments: examples)
    func problems(example: Example) {
        var document = Document()
        example.change(&document)

        #expect(document.problems == example.problems)
    }
}
