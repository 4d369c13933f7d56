import Foundation
@testable import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList
import UserList

@Suite("What a reader would refuse is never written")
struct WriteCheckTests {
    private let files: StoreFolder
    private static let largest = Document.largestNumber

    init() throws {
        files = try StoreFolder()
    }

    /// A store doctor calls sound whose next number leaves no room for one more item, and the
    /// command that would need it.
    struct AtTheLargest: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let make: @Sendable (StoreFolder) throws -> Void
        let command: [String]
        let rule: String
    }

    nonisolated static let atTheLargest: [AtTheLargest] = [
        AtTheLargest(testDescription: "next to-do number", make: { files in
            try files.store().update { $0.todos = list(todo: [todo(1, "Buy milk")], next: largest) }
        }, command: ["add", "Post letter"], rule: "the next to-do number, \(largest + 1), is not between 1 and \(largest)"),
        AtTheLargest(testDescription: "next to-do number, less the adds its journal holds", make: { files in
            try files.store().update { $0.todos = list(todo: [todo(1, "Buy milk")], next: largest - 2) }
            _ = try files.store().add(id: id(2), title: "Call Ann")
            _ = try files.store().add(id: id(3), title: "Pay rent")
            #expect(files.journalLines.count == 3)
        }, command: ["add", "Post letter"], rule: "the next to-do number, \(largest + 1), is not between 1 and \(largest)"),
        AtTheLargest(testDescription: "next to-do number, in a file changed by hand (not proven)", make: { files in
            try files.store().update { $0.todos = list(todo: [todo(1, "Buy milk")], next: largest) }
            // Written back as another JSON writer writes it: the checksum no longer proves it.
            let json = try JSONSerialization.jsonObject(with: files.storeBytes)
            try files.write(try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys, .prettyPrinted]))
            #expect(!StoreHead.isProven(files.storeBytes))
        }, command: ["add", "Post letter"], rule: "the next to-do number, \(largest + 1), is not between 1 and \(largest)"),
        AtTheLargest(testDescription: "next person number", make: { files in
            try files.store().update { document in
                document.todos = makeTodos(todo: ["Buy milk"])
                document.people = makePeople([person(1, "Ann", "Lee")], next: largest)
            }
        }, command: ["user", "add", "Zoë", "Adams", "1990-03-14"],
        rule: "the next person number, \(largest + 1), is not between 1 and \(largest)"),
    ]

    @Test("SF-29 A write the reader would refuse is refused before it is made durable", arguments: atTheLargest)
    func refusedBeforeWriting(_ case: AtTheLargest) throws {
        try `case`.make(files)
        #expect(try files.todo("doctor").status == 0)
        let (store, journal) = (files.storeBytes, files.journalBytes)

        let refused = try files.todo(`case`.command)

        #expect(refused.status == 1)
        #expect(refused.output == "")
        #expect(refused.errors.hasPrefix("error: "), "\(refused)")
        #expect(refused.errors.contains(`case`.rule), "\(refused)")
        #expect(refused.errors.filter { $0 == "\n" }.count == 1, "\(refused)")
        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
        #expect(try files.todo("doctor").status == 0)
        for command in [["list"], ["user", "list"], ["check", "1"], ["undo"]] {
            #expect(try files.todo(command).status == 0, "\(command)")
        }
    }

    @Test("SF-29 A write the reader would refuse is refused before it is made durable: the store refuses it, whatever the caller")
    func storeRefusesBeforeWriting() throws {
        try files.store().update { $0.todos = list(todo: [todo(1, "Buy milk")], next: Self.largest) }
        let store = files.storeBytes

        let refusal = try #require(throws: StoreError.self) { try files.store().add(id: id(2), title: "Call Ann") }
        #expect(refusal == .wouldBeRefused(path: files.storeURL.path, [.nextNumberOutOfRange(.todo, next: Self.largest + 1)]))
        #expect(throws: refusal) {
            try files.store().update { $0.todos = list(todo: [todo(1, "Buy milk")], next: Self.largest + 1) }
        }
        #expect(files.storeBytes == store)
        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path))
    }

    @Test("SF-30 doctor --repair of a store numbered past the largest number rebuilds one every command opens")
    func repairPastTheLargestNumber() throws {
        try files.seed(todo: ["Buy milk"])
        // As an earlier todo wrote it: Call Ann took the largest number there is, and the next is past it.
        var json = try #require(try JSONSerialization.jsonObject(with: files.storeBytes) as? [String: Any])
        var todos = try #require(json["todos"] as? [String: Any])
        var section = try #require(todos["todo"] as? [[String: Any]])
        section.insert(["id": id(2).uuidString, "isFinished": false, "number": Self.largest, "title": "Call Ann"], at: 0)
        todos["todo"] = section
        json["todos"] = todos
        json["nextTodoNumber"] = Self.largest + 1
        try files.write(try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
        #expect(try files.todo("list").status == 1)

        let repaired = try files.todo("doctor", "--repair")

        #expect(repaired.status == 0, "\(repaired)")
        #expect(try files.todos() == list(todo: [todo(2, "Call Ann"), todo(1, "Buy milk")], next: 3))
        #expect(try files.todo("doctor").status == 0)
        #expect(try files.todo("add", "Pay rent").output == "Added 3 “Pay rent”.\n")
        #expect(try files.todo("list").status == 0)
    }
}
