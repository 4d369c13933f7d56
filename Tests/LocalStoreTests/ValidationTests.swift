import Foundation
@testable import LocalStore
import FastJSON
import ListEngine
import TestSupport
import Testing
import TodoList
import UserList

@Suite("A store that crashes on nothing: what readers refuse, and what they all open")
struct ValidationTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
    }

    enum Breakage: String, CaseIterable, Sendable {
        case body = "the store's body is damaged after its first bytes"
        case lineDoesNotApply = "a journal line does not apply to the list"
        case forgedLine = "a journal line, its sum made right, adds an item the store holds"
        case forgedLineBeforeAnother = "a journal line, its sum made right, adds an item the store holds, and a line after it adds another"
        case repeatWithoutDue = "a journal line, its sum made right, adds a to-do that repeats with no due date"
        case namelessPerson = "a journal line, its sum made right, adds a person without a last name"
        case personHeld = "a journal line, its sum made right, adds a person the store holds"
    }

    @Test("SF-8 A change is refused on a store every reader refuses", arguments: Breakage.allCases)
    func changeRefused(damage: Breakage) throws {
        try files.seed(todo: ["Buy milk", "Call Ann"], people: [person(1, "Zoë", "Adams")])
        let reason: Damage
        switch damage {
        case .body:
            _ = try files.store().add(id: id(3), title: "Pay rent")
            let text = String(decoding: files.storeBytes, as: UTF8.self)
            try files.write(Data(text.replacingOccurrences(of: "\"title\":\"Call Ann\"", with: "\"title\";\"Call Ann\"").utf8))
            let semicolon = try #require(files.storeBytes.firstIndex(of: UInt8(ascii: ";")))
            reason = .notAStore(FormatFailure(offset: semicolon, expected: "a colon after the key \"title\""))
        case .lineDoesNotApply:
            try files.store().apply(TodoChange.check([id(1)]))
            // Someone removed "Buy milk" from the store by hand; the journal still checks it.
            let edited = String(decoding: files.storeBytes, as: UTF8.self)
                .replacingOccurrences(of: "{\"id\":\"\(id(1).uuidString)\",\"isFinished\":false,\"number\":1,\"title\":\"Buy milk\"},", with: "")
            try files.write(Data(edited.utf8))
            reason = .journalChange(line: 2, journal: "store.json.journal", .todos(.noSuchItem))
        case .forgedLine:
            _ = try files.store().add(id: id(3), title: "Pay rent")
            let lastLine = try #require(files.journalLines.last)
            let lastSum = try #require(Checksum.value(ofHex: Array(lastLine.utf8.dropLast(2).suffix(16))[...]))
            let forged = Journal.line(for: .todos(.add(id: id(1), title: "Buy milk again")), number: 4, after: lastSum).bytes
            try files.writeJournal(files.journalBytes + Data(forged))
            reason = .journalChange(line: 3, journal: "store.json.journal", .alreadyHeld)
        case .forgedLineBeforeAnother:
            _ = try files.store().add(id: id(3), title: "Pay rent")
            let lastLine = try #require(files.journalLines.last)
            let lastSum = try #require(Checksum.value(ofHex: Array(lastLine.utf8.dropLast(2).suffix(16))[...]))
            let forged = Journal.line(for: .todos(.add(id: id(1), title: "Buy milk again")), number: 4, after: lastSum)
            let next = Journal.line(for: .todos(.add(id: id(4), title: "Water the plants")), number: 5, after: forged.sum)
            try files.writeJournal(files.journalBytes + Data(forged.bytes) + Data(next.bytes))
            // Brought in with the add after it, which applies: the one that does not is named, not the last.
            reason = .journalChange(line: 3, journal: "store.json.journal", .alreadyHeld)
        case .repeatWithoutDue:
            _ = try files.store().add(id: id(3), title: "Pay rent")
            let lastLine = try #require(files.journalLines.last)
            let lastSum = try #require(Checksum.value(ofHex: Array(lastLine.utf8.dropLast(2).suffix(16))[...]))
            let forged = Journal.line(for: .todos(.add(id: id(4), title: "Water plants", plan: TodoPlan(recurrence: .daily))),
                                      number: 4, after: lastSum).bytes
            try files.writeJournal(files.journalBytes + Data(forged))
            reason = .journalChange(line: 3, journal: "store.json.journal", .todos(.repeatWithoutDue))
        case .namelessPerson, .personHeld:
            _ = try files.store().add(id: id(3), title: "Pay rent")
            let lastLine = try #require(files.journalLines.last)
            let lastSum = try #require(Checksum.value(ofHex: Array(lastLine.utf8.dropLast(2).suffix(16))[...]))
            let added = try #require(files.store().read().people.everyone.first)
            let person = damage == .personHeld ? NewPerson(id: added.id, details: PersonDetails(firstName: "Bo", lastName: "Bee", birthDate: nil), addedAt: added.addedAt)
                : NewPerson(id: id(8), details: PersonDetails(firstName: "Bo", lastName: "", birthDate: nil), addedAt: added.addedAt)
            let forged = Journal.line(for: .people(.add(person, again: true)), number: nil, after: lastSum).bytes
            try files.writeJournal(files.journalBytes + Data(forged))
            reason = .journalChange(line: 3, journal: "store.json.journal", damage == .personHeld ? .alreadyHeld : .people(.nameless))
        }
        let (store, journal) = (files.storeBytes, files.journalBytes)

        let refusal = try #require(throws: StoreError.self) { try files.todos() }
        #expect(refusal == .damaged(path: files.storeURL.path, reason))
        for change in files.everyCommand() {
            #expect(throws: refusal, "\(change.name)") { try change.run() }
        }

        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
    }

    /// A line todo does not write, its sum made right, that carries a value its change has no use
    /// for: read and passed over, it would be gone from the next store file.
    static let valuesLeftOut: [(change: String, expected: String)] = [
        (#""addPerson":{"addedAt":"2026-11-25T09:00:00Z","firstName":"Bo","id":"\#(id(8).uuidString)","lastName":"Bee","number":42}}"#,
         #"a key todo keeps here in place of "number""#),
        (#""loadPeople":{"page":1,"people":[{"addedAt":"2026-11-25T09:00:00Z","firstName":"Bo","id":"\#(id(8).uuidString)","#
            + #""lastName":"Bee","number":2}],"seed":"s"}}"#,
         #"a key todo keeps here in place of "number""#),
        (#""checkTodos":{"at":"2026-11-25T09:00:00Z","ids":["\#(id(1).uuidString)"],"repeats":{"\#(id(1).uuidString)":"\#(id(8).uuidString)","#
            + #""\#(id(1).uuidString)":"\#(id(9).uuidString)"},"today":"2026-11-25"}}"#,
         "the repeat of each to-do once, not \(id(1).uuidString) again"),
        (#""checkTodos":{"at":"2026-11-25T09:00:00Z","ids":["\#(id(1).uuidString)"],"repeats":{"\#(id(2).uuidString)":"\#(id(8).uuidString)"},"#
            + #""today":"2026-11-25"}}"#,
         "repeats of the to-dos it checks, and of no other"),
    ]

    @Test("SF-8 A change is refused on a store every reader refuses: a journal line, its sum made right, with a value its change has no use for",
          arguments: valuesLeftOut)
    func valueLeftOut(change: String, expected: String) throws {
        try files.seed(todo: ["Buy milk", "Call Ann"])
        _ = try files.store().add(id: id(3), title: "Pay rent")
        try files.appendSummedLine(change)
        let (store, journal) = (files.storeBytes, files.journalBytes)

        let refusal = try #require(throws: StoreError.self) { try files.todos() }
        #expect(refusal.isDamaged)
        let said = try files.todo("list").errors
        #expect(said.contains("line 3") && said.contains(expected), "\(said)")
        for change in files.everyCommand() {
            #expect(throws: refusal, "\(change.name)") { try change.run() }
        }
        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
    }

    /// A change to the saved JSON, and what every reader then says is wrong.
    struct OutOfRange: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let problem: String
        /// Whether the value is in the first bytes an add reads, which it checks too.
        var inHead = false
        let edit: @Sendable (inout [String: Any]) -> Void
    }

    nonisolated static let outOfRange: [OutOfRange] = [
        OutOfRange(testDescription: "undo step puts an item back at position -1", problem: "puts an item back at position -1") {
            $0[path: ["undo", 0, "todos", "restoring", 0, "index"]] = -1
        },
        OutOfRange(testDescription: "undo step puts two items back at one position of a list", problem: "puts two items back at position") {
            var other = $0[path: ["undo", 0, "todos", "restoring", 0]] as? [String: Any] ?? [:]
            other[path: ["item", "id"]] = UUID().uuidString
            other[path: ["item", "number"]] = 7
            $0[path: ["undo", 0, "todos", "restoring"]] = ($0[path: ["undo", 0, "todos", "restoring"]] as? [Any] ?? []) + [other]
        },
        OutOfRange(testDescription: "undo step brings back an item numbered 0", problem: "brings back an item numbered 0") {
            $0[path: ["undo", 0, "todos", "restoring", 0, "item", "number"]] = 0
        },
        OutOfRange(testDescription: "undo step puts items back at positions -1 and -2: the first is named",
                   problem: "puts an item back at position -1") {
            restoringTwo(&$0) { first, second in first["index"] = -1; second["index"] = -2 }
        },
        OutOfRange(testDescription: "undo step brings back items numbered 0 and -5: the first is named",
                   problem: "brings back an item numbered 0") {
            restoringTwo(&$0) { first, second in first[path: ["item", "number"]] = 0; second[path: ["item", "number"]] = -5 }
        },
        OutOfRange(testDescription: "two to-dos have blank titles: the first is named",
                   problem: "the to-do \(id(1).uuidString) has an empty title") {
            $0[path: ["todos", "todo", 0, "title"]] = " "
            $0[path: ["todos", "todo", 1, "title"]] = "\t"
        },
        OutOfRange(testDescription: "undo step brings back a to-do with an empty title",
                   problem: "brings back what the lists refuse: the to-do \(id(3).uuidString) has an empty title") {
            $0[path: ["undo", 0, "todos", "restoring", 0, "item", "title"]] = " "
        },
        OutOfRange(testDescription: "undo step brings back a to-do with a tag the list refuses",
                   problem: "brings back what the lists refuse: the to-do \(id(3).uuidString) has a plan the list refuses") {
            $0[path: ["undo", 0, "todos", "restoring", 0, "item", "plan"]] = ["tags": ["1x"]]
        },
        OutOfRange(testDescription: "next page to load is 9223372036854775807",
                   problem: "the next page to load, 9223372036854775807, is not between 1 and 1000000") {
            $0[path: ["people", "fetchProgress", "nextPage"]] = Int.max
        },
        OutOfRange(testDescription: "to-do is numbered 0", problem: "a to-do is numbered 0, outside 1 to 3") {
            $0[path: ["todos", "todo", 0, "number"]] = 0
        },
        OutOfRange(testDescription: "to-do has the next number", problem: "a to-do is numbered 4, outside 1 to 3 (the next number is 4)") {
            $0[path: ["todos", "todo", 0, "number"]] = 4
        },
        OutOfRange(testDescription: "next person number is -5", problem: "the next person number, -5, is not between 1 and") {
            $0["nextPersonNumber"] = -5
        },
        OutOfRange(testDescription: "next to-do number is 0", problem: "the next to-do number, 0, is not between 1 and", inHead: true) {
            $0["nextTodoNumber"] = 0
        },
        OutOfRange(testDescription: "next to-do number is -9223372036854775808",
                   problem: "the next to-do number, -9223372036854775808, is not between 1 and", inHead: true) {
            $0["nextTodoNumber"] = Int.min
        },
        OutOfRange(testDescription: "next person number is -9223372036854775808",
                   problem: "the next person number, -9223372036854775808, is not between 1 and") {
            $0["nextPersonNumber"] = Int.min
        },
        OutOfRange(testDescription: "to-do number is used twice", problem: "the to-do number 2 is used more than once") {
            $0[path: ["todos", "todo", 0, "number"]] = 2
        },
        OutOfRange(testDescription: "history holds 51 undo steps", problem: "the undo history holds 51 steps, more than 50") {
            let step = $0[path: ["undo", 0]] ?? [:]
            $0["undo"] = Array(repeating: step, count: 51)
        },
        OutOfRange(testDescription: "person has an empty last name", problem: "has no first or last name") {
            $0[path: ["people", "everyone", 0, "lastName"]] = ""
        },
        OutOfRange(testDescription: "to-do is due on 30 February", problem: "a day written YYYY-MM-DD") {
            $0[path: ["todos", "todo", 0, "plan"]] = ["due": "2026-02-30"]
        },
        OutOfRange(testDescription: "to-do has priority X", problem: "one of H, M, L") {
            $0[path: ["todos", "todo", 0, "plan"]] = ["priority": "X"]
        },
        OutOfRange(testDescription: "to-do repeats fortnightly", problem: "one of daily, weekly, monthly, yearly") {
            $0[path: ["todos", "todo", 0, "plan"]] = ["due": "2026-12-01", "recur": "fortnightly"]
        },
        OutOfRange(testDescription: "to-do repeats with no due date", problem: "a repeat needs a due date to count from") {
            $0[path: ["todos", "todo", 0, "plan"]] = ["recur": "weekly"]
        },
        OutOfRange(testDescription: "to-do has a tag twice, in two cases", problem: "the tag “Home” is there twice") {
            $0[path: ["todos", "todo", 0, "plan"]] = ["tags": ["home", "Home"]]
        },
        OutOfRange(testDescription: "to-do has a tag with a space", problem: "“two words” is not a tag") {
            $0[path: ["todos", "todo", 0, "plan"]] = ["tags": ["home", "two words"]]
        },
        OutOfRange(testDescription: "to-do was added at no time", problem: "a time written as RFC 3339") {
            $0[path: ["todos", "todo", 0, "times"]] = ["added": "yesterday"]
        },
        OutOfRange(testDescription: "to-do was added at a time with no offset", problem: "a time written as RFC 3339") {
            $0[path: ["todos", "todo", 0, "times"]] = ["added": "2026-11-25T09:00:00"]
        },
        OutOfRange(testDescription: "to-do was added before the year 1 in UTC, at an offset",
                   problem: "a time written as RFC 3339, in the years 1 to 9999") {
            $0[path: ["todos", "todo", 0, "times"]] = ["added": "0001-01-01T00:00:00+05:00"]
        },
        OutOfRange(testDescription: "to-do was checked after the year 9999 in UTC, at an offset",
                   problem: "a time written as RFC 3339, in the years 1 to 9999") {
            $0[path: ["todos", "finished"]] = [["id": UUID().uuidString, "isFinished": true, "number": 3, "title": "Fix bike",
                                                "times": ["checked": "9999-12-31T23:00:00-05:00"]]]
        },
        OutOfRange(testDescription: "person was added 1e300 seconds after 2001, as formats before 7 wrote it",
                   problem: "seconds since 2001 in the years 1 to 9999") {
            $0[path: ["people", "everyone", 0, "addedAt"]] = 1e300
        },
        OutOfRange(testDescription: "person was added 10^15 seconds before 2001, as formats before 7 wrote it",
                   problem: "seconds since 2001 in the years 1 to 9999") {
            $0[path: ["people", "everyone", 0, "addedAt"]] = -1e15
        },
        OutOfRange(testDescription: "to-dos are shown in an order todo does not have", problem: "one of added, due, priority") {
            $0[path: ["todos", "order"]] = "random"
        },
    ]

    /// The first undo step restoring two items, the second a copy of the first with its own id,
    /// each then changed by `edit`.
    private static func restoringTwo(_ json: inout [String: Any], _ edit: (inout [String: Any], inout [String: Any]) -> Void) {
        var first = json[path: ["undo", 0, "todos", "restoring", 0]] as? [String: Any] ?? [:]
        var second = first
        second[path: ["item", "id"]] = UUID().uuidString
        second["index"] = 5
        edit(&first, &second)
        json[path: ["undo", 0, "todos", "restoring"]] = [first, second]
    }

    @Test("SF-9 A value out of range in the store is refused with a message, never a crash", arguments: outOfRange, [false, true])
    func outOfRangeValues(_ case: OutOfRange, checksumForged: Bool) throws {
        try files.seed(todo: ["Buy milk", "Call Ann", "Fix bike"], people: [person(1, "Zoë", "Adams")])
        try files.store().update { document in
            _ = try document.apply(.todos(.delete([id(3)])))
            _ = try document.apply(.people(.load(page: 1, seed: "s", people: [])))
        }
        var json = try #require(try JSONSerialization.jsonObject(with: files.storeBytes) as? [String: Any])
        let unedited = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        `case`.edit(&json)
        let edited = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        try #require(edited != unedited, "the edit changes the store")
        try files.write(checksumForged ? StoreHead.sealed(Array(edited)) : edited)
        #expect(StoreHead.isProven(files.storeBytes) == checksumForged)
        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path))
        let store = files.storeBytes

        let refusal = try #require(throws: StoreError.self) { try files.todos() }
        #expect(refusal.isDamaged)
        let said = try files.todo("list").errors
        #expect(said.contains(`case`.problem), "\(said)")
        #expect(said.filter { $0 == "\n" }.count == 1)
        var journal = Data()
        for change in files.everyCommand() {
            if checksumForged && change.name == "add" && !`case`.inHead {
                // add reads only the store's first bytes, which a forged checksum proves: its line
                // goes to the journal, and is kept there (see the spec).
                try change.run()
                #expect(files.journalLines.count == 2)
                let added = "{\"addTodo\":{\"id\":\"\(id(9).uuidString)\",\"number\":4,\"title\":\"Post letter\"}"
                #expect(files.journalLines.last?.hasPrefix(added) == true, "\(files.journalLines)")
                journal = files.journalBytes
            } else {
                #expect(throws: refusal, "\(change.name)") { try change.run() }
            }
        }
        let report = try files.store().inspect()
        #expect(report.findings.map(\.file) == [files.storeURL.path])
        let doctor = try files.todo("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.output.contains("Problem in \(files.storeURL.path)"), "\(doctor)")
        #expect(doctor.output.contains(`case`.problem), "\(doctor)")
        #expect(doctor.errors == "error: the store \(files.storeURL.path) has a problem; it was left as it is. "
                + "todo doctor --repair keeps a copy of each file and rebuilds the store from what they hold\n")
        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The value at a path of keys and indexes into nested objects and arrays; setting one
    /// that is not there does nothing.
    subscript(path path: [Any]) -> Any? {
        get {
            path.reduce(self as Any?) { value, step in
                if let key = step as? String { return (value as? [String: Any])?[key] }
                if let index = step as? Int, let array = value as? [Any], array.indices.contains(index) { return array[index] }
                return nil
            }
        }
        set {
            self = Self.setting(newValue, at: path[...], in: self) as? [String: Any] ?? self
        }
    }

    private static func setting(_ newValue: Any?, at path: ArraySlice<Any>, in value: Any) -> Any {
        guard let step = path.first else { return newValue as Any }
        if let key = step as? String, var object = value as? [String: Any], path.count == 1 || object[key] != nil {
            object[key] = path.count == 1 ? newValue : setting(newValue, at: path.dropFirst(), in: object[key] as Any)
            return object
        }
        if let index = step as? Int, var array = value as? [Any], array.indices.contains(index) {
            array[index] = setting(newValue, at: path.dropFirst(), in: array[index])
            return array
        }
        return value
    }
}
