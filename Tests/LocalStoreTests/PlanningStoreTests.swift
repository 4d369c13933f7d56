import Foundation
@testable import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList
import Undo
import UserList

@MainActor
@Suite("Planning a week: the store of the format before")
struct PlanningStoreTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
    }

    /// A store as todo wrote it in format 6: two to-dos, a person whose addedAt is a number of
    /// seconds, one undo step, and a journal that checked an item, its ids a list.
    private func writeFormat6() throws {
        let journal = UUID(uuidString: "00000000-0000-4000-8000-000000000006")!
        func item(_ number: Int, _ title: String) -> String {
            "{\"id\":\"\(id(number).uuidString)\",\"isFinished\":false,\"number\":\(number),\"title\":\"\(title)\"}"
        }
        let body = "\"journal\":\"\(journal.uuidString)\",\"nextPersonNumber\":2,\"nextTodoNumber\":3,"
            + "\"people\":{\"deleted\":[],\"everyone\":[{\"addedAt\":786000000,\"firstName\":\"Ann\",\"id\":\"\(id(101).uuidString)\","
            + "\"lastName\":\"Lee\",\"number\":1}],\"sortOrder\":\"added\",\"unmatchedSearches\":[]},"
            + "\"todos\":{\"finished\":[],\"todo\":[\(item(2, "Call Ann")),\(item(1, "Buy milk"))]},"
            + "\"undo\":[{\"todos\":{\"kind\":\"add\",\"removing\":[\"\(id(2).uuidString)\"],\"restoring\":[]}}],\"version\":6}"
        try files.write(StoreHead.sealed(Array(("{\"checksum\":\"0000000000000000\"," + body).utf8)))
        let check = Journal.line(for: .todos(.check([id(1)])), number: nil, after: Journal.firstSum(journal))
        #expect(String(decoding: check.bytes, as: UTF8.self).hasPrefix("{\"checkTodos\":[\""), "a check without its moment, as format 6 wrote it")
        try files.writeJournal(Data(Journal.header(journal) + check.bytes))
    }

    @Test("PL-14 A store of the format before is read as it is and written in the new format by the next change")
    func formatBefore() throws {
        try writeFormat6()
        let expected = list(todo: [todo(2, "Call Ann")], finished: [finished(1, "Buy milk")], next: 3)

        #expect(try files.todos() == expected)
        #expect(try files.store().read().people.everyone.map(\.addedAt) == [Date(timeIntervalSinceReferenceDate: 786_000_000)])
        #expect(try files.storeFile().version == 6)

        let list = TodoListViewModel(store: files.store(), clock: testClock())
        try list.load()
        try list.check(id(2))

        #expect(try files.storeFile().version == 7)
        #expect(try files.contents() == ["store.json", "store.json.lock"], "written whole: the journal was taken in")
        #expect(String(decoding: files.storeBytes, as: UTF8.self).contains("\"addedAt\":\"2025-11-28T05:20:00Z\""))
        #expect(try files.todos().finished == [finished(2, "Call Ann").checked(), finished(1, "Buy milk")])
        #expect(try list.undo() == UndoneChange(.checkTodos, names: ["Call Ann"]))
        #expect(try list.undo() == UndoneChange(.checkTodos, names: ["Buy milk"]))
        #expect(try list.undo() == UndoneChange(.addTodos, names: ["Call Ann"]))
        #expect(try files.todos() == TestSupport.list(todo: [todo(1, "Buy milk")], next: 3))
    }

    /// Format 6's journal is read as format 6 wrote it, with a sum on each line, beside a store of
    /// format 6 that does not read as beside one that does: its sound change is no finding.
    @Test("SF-17 doctor says what is wrong, where, and what a repair would lose: a store of format 6 with an empty title, beside a sound journal")
    func formatBeforeWithAProblem() throws {
        try writeFormat6()
        try files.write(Data(String(decoding: files.storeBytes, as: UTF8.self)
            .replacingOccurrences(of: "\"title\":\"Call Ann\"", with: "\"title\":\"\"").utf8))

        let report = try files.store().inspect()

        #expect(report.findings.map(\.file) == [files.storeURL.path], "\(report.findings)")
    }

    @Test("PL-14 A store of the format before: a todo that reads only that format refuses the new file as a newer todo's")
    func olderTodoRefusesTheNewFormat() throws {
        try files.seed(todo: ["Buy milk"])
        let text = String(decoding: files.storeBytes, as: UTF8.self)

        #expect(text.hasSuffix("\"version\":\(StoreFormat.current)}"))
        #expect(StoreFormat.current == 7)
        try files.write(Data(text.replacingOccurrences(of: "\"version\":7}", with: "\"version\":8}").utf8))
        #expect(throws: StoreError.newerVersion(path: files.storeURL.path, version: 8)) { try files.todos() }
    }
}
