import Foundation
import LocalStore
import TestSupport
import Testing
import TodoList
import UserList

/// What is wrong inside a store that reads as JSON: every reader refuses it, and doctor says
/// each problem in words (SF-9). One problem a row, and where there are two of a kind, the
/// first is the one named.
@Suite("Keeping the list on this machine: what is wrong inside a store, in words")
struct ProblemsTests {
    /// A document with one thing wrong, and the words that say it.
    struct Problem: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let problems: [String]
        let change: @Sendable (inout StoreDocument) -> Void
    }

    private static func step(_ kind: TodoStep.Kind = .delete, restoring: [(Int, TodoItem)]) -> HistoryStep {
        .todos(TodoStep(kind: kind, removing: [], restoring: restoring.map { Placement(item: $0.1, index: $0.0) }))
    }

    nonisolated static let someID = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    nonisolated static let otherID = "1B4E28BA-2FA1-11D2-883F-0016D3CCA427"

    nonisolated static let examples: [Problem] = [
        Problem(testDescription: "a finished item marked to do", problems: ["an item in the Finished section is not marked finished"]) {
            $0.todos = list(todo: [todo(1, "A")], finished: [todo(2, "B")], next: 3)
        },
        Problem(testDescription: "two items numbered out of range",
                problems: ["a to-do is numbered 7, outside 1 to 2 (the next number is 3)"]) {
            $0.todos = list(todo: [todo(1, "A").renumbered(7), todo(2, "B").renumbered(9)], next: 3)
        },
        Problem(testDescription: "a next number past the largest",
                problems: ["the next to-do number, \(1 << 40 + 1), is not between 1 and \(1 << 40)"]) {
            $0.todos = list(todo: [todo(1, "A")], next: 1 << 40 + 1)
        },
        Problem(testDescription: "a person id used twice", problems: ["the person id \(id(1).uuidString) is used more than once",
                                                                     "the person number 1 is used more than once"]) {
            $0.people = makePeople([person(1, "Ann", "Lee"), person(1, "Bo", "Bee")])
        },
        Problem(testDescription: "a to-do id used twice among ids that differ from the first byte",
                problems: ["the to-do id \(Self.someID) is used more than once"]) {
            $0.todos = list(todo: [TodoItem(id: UUID(uuidString: someID)!, number: 1, title: "A"),
                                   TodoItem(id: UUID(uuidString: otherID)!, number: 2, title: "B"),
                                   TodoItem(id: UUID(uuidString: someID)!, number: 3, title: "C")], next: 4)
        },
        Problem(testDescription: "two to-do ids alike in their first eight bytes", problems: []) {
            $0.todos = list(todo: [TodoItem(id: UUID(uuidString: someID)!, number: 1, title: "A"),
                                   TodoItem(id: UUID(uuidString: "E621E1F8-C36C-495A-0000-000000000000")!, number: 2, title: "B")],
                            next: 3)
        },
        Problem(testDescription: "a person numbered past the next number",
                problems: ["a person is numbered 5, outside 1 to 1 (the next number is 2)"]) {
            $0.people = makePeople([person(1, "Ann", "Lee").renumbered(5)], next: 2)
        },
        Problem(testDescription: "two people without a last name",
                problems: ["the person \(id(1).uuidString) has no first or last name"]) {
            $0.people = makePeople([person(1, "Ann", ""), person(2, "Bo", "")])
        },
        Problem(testDescription: "an undo of a sort that does not say the order before it",
                problems: ["undo step 1 of 1 undoes a sort without saying the order before it"]) {
            $0.history = [.people(PeopleStep(kind: .sort))]
        },
        Problem(testDescription: "an undo step that puts an item back past the largest position",
                problems: ["undo step 1 of 1 puts an item back at position \(1 << 40 + 1)"]) {
            $0.history = [step(restoring: [(1 << 40 + 1, todo(1, "A"))])]
        },
        Problem(testDescription: "an undo step at the largest position and number", problems: []) {
            $0.history = [step(restoring: [(1 << 40, todo(1, "A").renumbered(1 << 40))])]
            $0.todos = list(next: 1 << 40)
        },
        Problem(testDescription: "an undo step that puts items back at one position twice, twice",
                problems: ["undo step 1 of 1 puts two items back at position 3"]) {
            $0.history = [step(restoring: [(3, todo(1, "A")), (3, todo(2, "B")), (4, todo(3, "C")), (4, todo(4, "D"))])]
            $0.todos = list(next: 5)
        },
        Problem(testDescription: "an undo step that puts a to-do and a finished item back at one position, each in its list",
                problems: []) {
            $0.history = [step(restoring: [(0, todo(1, "A")), (0, TodoItem(id: id(2), number: 2, title: "B", isFinished: true))])]
            $0.todos = list(next: 3)
        },
        Problem(testDescription: "an undo step that brings back an item numbered past the largest",
                problems: ["undo step 1 of 1 brings back an item numbered \(1 << 40 + 1)"]) {
            $0.history = [step(restoring: [(0, todo(1, "A").renumbered(1 << 40 + 1))])]
        },
    ]

    @Test("SF-9 A value out of range in the store is refused with a message, never a crash: the message, problem by problem",
          arguments: examples)
    func problemsInWords(example: Problem) {
        var document = StoreDocument()
        example.change(&document)

        #expect(document.problems == example.problems)
    }
}
