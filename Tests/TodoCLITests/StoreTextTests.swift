import Foundation
import ListEngine
import LocalStore
import TestSupport
import Testing
@testable import TodoCLI
import UserList

/// The store hands back what is wrong as values; the command line says each in words. One
/// problem a row, as doctor and every refusal say it (SF-9).
@Suite("The todo command: what is wrong inside a store, in words")
struct StoreTextTests {
    nonisolated static let someID = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

    nonisolated static let problems: [(Problem, String)] = [
        (.finishedInToDo, "a to-do in the To do section is marked finished"),
        (.unfinishedInFinished, "an item in the Finished section is not marked finished"),
        (.emptyTitle(id(1)), "the to-do \(id(1).uuidString) has an empty title"),
        (.numberOutOfRange(.todo, number: 7, next: 3), "a to-do is numbered 7, outside 1 to 2 (the next number is 3)"),
        (.nextNumberOutOfRange(.todo, next: 1 << 40 + 1), "the next to-do number, \(1 << 40 + 1), is not between 1 and \(1 << 40)"),
        (.repeatedID(.person, id(1)), "the person id \(id(1).uuidString) is used more than once"),
        (.repeatedNumber(.person, 1), "the person number 1 is used more than once"),
        (.repeatedID(.todo, UUID(uuidString: someID)!), "the to-do id \(someID) is used more than once"),
        (.numberOutOfRange(.person, number: 5, next: 2), "a person is numbered 5, outside 1 to 1 (the next number is 2)"),
        (.nameless(id(1)), "the person \(id(1).uuidString) has no first or last name"),
        (.pageOutOfRange(Int.max), "the next page to load, \(Int.max), is not between 1 and 1000000"),
        (.historyTooLong(51), "the undo history holds 51 steps, more than 50"),
        (.sortWithoutOrder(step: 1, of: 1), "undo step 1 of 1 undoes a sort without saying the order before it"),
        (.positionOutOfRange(step: 1, of: 1, position: 1 << 40 + 1), "undo step 1 of 1 puts an item back at position \(1 << 40 + 1)"),
        (.repeatedPosition(step: 1, of: 2, position: 3), "undo step 1 of 2 puts two items back at position 3"),
        (.numberOutOfRangeInStep(step: 2, of: 2, number: 1 << 40 + 1), "undo step 2 of 2 brings back an item numbered \(1 << 40 + 1)"),
        (.inStep(step: 1, of: 3, .pageOutOfRange(0)),
         "undo step 1 of 3 brings back what the lists refuse: the next page to load, 0, is not between 1 and 1000000"),
    ]

    @Test("SF-9 A value out of range in the store is refused with a message, never a crash: the message, problem by problem",
          arguments: problems)
    func problemInWords(problem: Problem, words: String) {
        #expect(StoreText.problem(problem) == words)
    }

    @Test("SF-9 Several problems are said in one line, each in its own words")
    func problemsInOneLine() {
        let refusal = StoreError.damaged(path: "/lists/store.json", .problems([.finishedInToDo, .historyTooLong(51)]))

        #expect(StoreText.message(refusal) == "the store /lists/store.json is damaged (a to-do in the To do section is marked "
                + "finished; the undo history holds 51 steps, more than 50); it was left as it is. " + StoreText.repairHint)
    }
}
