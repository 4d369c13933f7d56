import Foundation
import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList
import UserList

@Suite("A repair keeps what each change of the journal meant")
struct RepairIntentTests {
    private let files: StoreFolder
    private let now = Date(timeIntervalSinceReferenceDate: 785_500_000)

    /// Twelve to-dos added one by one, "Task 1" to "Task 12", 1 to 5 checked in one change, and
    /// the finished ones cleared: the first add wrote the store, the rest are in its journal.
    init() throws {
        files = try StoreFolder()
        for number in 1...12 {
            _ = try files.store().add(id: id(number), title: "Task \(number)")
        }
        try files.store().apply(TodoChange.check((1...5).map(id)))
        try files.store().apply(TodoChange.clearFinished)
        #expect(files.journalLines.count == 14)
    }

    /// To-dos 6 to 12, none finished: what the user left.
    private let left = list(todo: (6...12).reversed().map { todo($0, "Task \($0)") }, next: 13)

    @Test("SF-33 A repair keeps what each change of the journal meant: a check that names a to-do lost with the store")
    func checkOfALostItem() throws {
        // The store held the first to-do alone; its lists are cut off before it.
        let first = try #require(files.storeBytes.range(of: Data("{\"id\":\"\(id(1).uuidString)\"".utf8)))
        try files.write(files.storeBytes.prefix(upTo: first.lowerBound))
        var asked = false

        let repaired = try #require(try files.store().repair(at: now) { _ in
            asked = true
            return true
        })

        #expect(try files.todos() == left)
        #expect(repaired.changesBroughtIn == 13)
        #expect(repaired.linesLeftOut == [])
        #expect(repaired.cameBack == [])
        #expect(!asked)
    }

    @Test("SF-33 A repair keeps what each change of the journal meant: a delete of people, one of them lost with the store")
    func deleteOfALostPerson() throws {
        try files.store().update { $0.people = makePeople([person(21, "Ann", "Lee"), person(22, "Bo", "Berg"), person(23, "Cy", "Cee")]) }
        _ = try files.store().apply(PeopleChange.delete([id(21), id(22)]))
        #expect(files.journalLines.count == 2)
        // The store file lost Bo Berg: written again, by another writer, without him.
        var object = try #require(try JSONSerialization.jsonObject(with: files.storeBytes) as? [String: Any])
        var people = try #require(object["people"] as? [String: Any])
        people["everyone"] = (people["everyone"] as? [[String: Any]])?.filter { $0["id"] as? String != id(22).uuidString }
        object["people"] = people
        try files.write(try JSONSerialization.data(withJSONObject: object))
        var asked = false

        let repaired = try #require(try files.store().repair(at: now) { _ in
            asked = true
            return true
        })

        #expect(try files.todos() == left)
        #expect(try files.store().read().people.everyone.map(\.fullName) == ["Cy Cee"])
        #expect(repaired.changesBroughtIn == 1)
        #expect(repaired.linesLeftOut == [])
        #expect(repaired.cameBack == [])
        #expect(!asked)
    }

    /// A change whose line is changed by hand, so that its sum is wrong but it still reads as
    /// the change: a space after its first key.
    private func changeByHand(line: Int) throws {
        var lines = files.journalLines
        let changed = try #require(lines[line].range(of: "\":"))
        lines[line].replaceSubrange(changed, with: "\": ")
        try files.writeJournal(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    enum Removal: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case deleted = "a delete of two to-dos", checked = "a check of two to-dos", personDeleted = "a delete of a person"
        var testDescription: String { rawValue }
    }

    @Test("SF-33 A repair keeps what each change of the journal meant: what a line left out had removed comes back, by name",
          arguments: Removal.allCases)
    func removalLeftOut(removal: Removal) throws {
        switch removal {
        case .deleted: try files.store().apply(TodoChange.delete([id(7), id(6)]))
        case .checked: try files.store().apply(TodoChange.check([id(6), id(7)]))
        case .personDeleted:
            try files.store().update { $0.people = makePeople([person(21, "Ann", "Lee")]) }
            try files.store().apply(PeopleChange.delete([id(21)]))
        }
        try changeByHand(line: files.journalLines.count - 1)

        let repaired = try #require(try files.store().repair(at: now))

        #expect(repaired.linesLeftOut.count == 1)
        switch removal {
        case .deleted: #expect(repaired.cameBack.map { "\($0.name) \($0.how)" } == ["Task 7 deleted", "Task 6 deleted"])
        case .checked: #expect(repaired.cameBack.map { "\($0.name) \($0.how)" } == ["Task 6 checked", "Task 7 checked"])
        case .personDeleted: #expect(repaired.cameBack.map { "\($0.name) \($0.how)" } == ["Ann Lee personDeleted"])
        }
        #expect(try files.todos() == left)
        #expect(try files.store().read().people.everyone.map(\.fullName) == (removal == .personDeleted ? ["Ann Lee"] : []))
    }

    @Test("SF-33 A repair keeps what each change of the journal meant: a change of two to-dos, one of them added by a line left out",
          arguments: [TodoChange.uncheck([id(6), id(7)]), TodoChange.delete([id(6), id(7)])])
    func changeOfALostItem(change: TodoChange) throws {
        try files.store().apply(TodoChange.check([id(6), id(7)]))
        try files.store().apply(change)
        let addOfTask7 = try #require(files.journalLines.firstIndex { $0.contains("Task 7") })
        try changeByHand(line: addOfTask7)

        let repaired = try #require(try files.store().repair(at: now))

        #expect(repaired.linesLeftOut == [addOfTask7 + 1])
        #expect(repaired.changesBroughtIn == 14)
        #expect(repaired.cameBack == [])
        let kept = change == .delete([id(6), id(7)]) ? [12, 11, 10, 9, 8] : [12, 11, 10, 9, 8, 6]
        #expect(try files.todos() == list(todo: kept.map { todo($0, "Task \($0)") }, next: 13))
    }

    @Test("SF-33 A repair keeps what each change of the journal meant: what a line that does not apply had removed comes back, by name")
    func removalThatDoesNotApply() throws {
        _ = try files.store().add(id: id(13), title: "Water plants", plan: TodoPlan(due: date("2026-11-25"), recurrence: .daily), at: nil)
        // Its sum holds, and its next time would take the id of Task 7: it is left out because
        // it does not apply, not because it was changed.
        try files.appendSummedLine(#""checkTodos":{"at":"2026-11-25T10:00:00Z","ids":["\#(id(13).uuidString)"],"#
                                   + #""repeats":{"\#(id(13).uuidString)":"\#(id(7).uuidString)"},"today":"2026-11-25"}"#)
        let line = files.journalLines.count

        let repaired = try #require(try files.store().repair(at: now))

        #expect(repaired.linesLeftOut == [line])
        #expect(repaired.cameBack.map { "\($0.name) \($0.how)" } == ["Water plants checked"])
        #expect(try files.todos().unfinished.map(\.title) == ["Water plants"] + left.unfinished.map(\.title))
    }

    @Test("SF-33 A repair keeps what each change of the journal meant: an add that does not apply, numbered past the others")
    func addThatDoesNotApply() throws {
        // Its sum holds; its title is empty, which no list takes.
        try files.appendSummedLine(#""addTodo":{"added":"2026-11-25T10:00:00Z","id":"\#(id(30).uuidString)","number":20,"title":""}"#)
        let line = files.journalLines.count

        let repaired = try #require(try files.store().repair(at: now))

        #expect(repaired.linesLeftOut == [line])
        #expect(repaired.cameBack == [])
        #expect(try files.todos() == left, "the next to-do is still 13")
    }

    @Test("SF-33 A repair keeps what each change of the journal meant: a journal the store had taken in")
    func journalTakenInAlready() throws {
        _ = try files.store().add(id: id(13), title: "Call Ann")
        let takenIn = files.journalBytes
        // The delete walks more than the limit lets a journal hold: it writes the store whole.
        try files.store(replayLimit: 1).apply(TodoChange.delete([id(13)]))
        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path))
        try files.writeJournal(takenIn)
        try files.write(files.storeBytes.prefix(files.storeBytes.count - 10))
        var asked = false

        let repaired = try #require(try files.store().repair(at: now) { _ in
            asked = true
            return true
        })

        #expect(try files.todos() == left)
        #expect(repaired.journalSetAside == .takenInAlready)
        #expect(repaired.cameBack == [])
        #expect(!asked)
    }
}
