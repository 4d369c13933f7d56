import Dates
import Foundation
@testable import Interchange
import Testing
import TodoList

/// todo.txt read and written word by word, without the command around it. Days are New York's,
/// five hours behind UTC, so that a day and the moment it starts are told apart.
@Suite("Other tools' formats: todo.txt")
struct TodoTxtFormatTests {
    private static let zone = LocalZone.fixed(secondsEast: -5 * 3600)

    /// What one line is read as; `added` and `checked` are the days whose start the to-do keeps.
    struct Line: Sendable, CustomTestStringConvertible {
        let text: String
        var title: String
        var plan = TodoPlan()
        var added: String?
        var checked: String?
        var isFinished = false
        var leftOut: [String] = []
        var withoutDue: [String] = []

        var testDescription: String { text }
    }

    static let lines: [Line] = [
        Line(text: "(A) 2026-11-20 Call mom +family @phone due:2026-12-01 rec:1w", title: "Call mom",
             plan: TodoPlan(tags: ["family", "phone"], due: day("2026-12-01"), priority: .high, recurrence: .weekly),
             added: "2026-11-20"),
        Line(text: "x 2026-11-21 2026-11-20 Buy milk pri:B", title: "Buy milk", plan: TodoPlan(priority: .medium),
             added: "2026-11-20", checked: "2026-11-21", isFinished: true),
        Line(text: "x 2026-11-21 Buy milk", title: "Buy milk", checked: "2026-11-21", isFinished: true),
        Line(text: "x Buy milk", title: "Buy milk", isFinished: true),
        Line(text: "x", title: "x"),
        Line(text: "X Buy milk", title: "X Buy milk"),
        Line(text: "(B) Pay rent", title: "Pay rent", plan: TodoPlan(priority: .medium)),
        Line(text: "(C) Pay rent", title: "Pay rent", plan: TodoPlan(priority: .low)),
        Line(text: "(Z) Pay rent", title: "Pay rent", plan: TodoPlan(priority: .low)),
        Line(text: "(a) Pay rent", title: "(a) Pay rent"),
        Line(text: "(AB) Pay rent", title: "(AB) Pay rent"),
        Line(text: "Pay rent (A)", title: "Pay rent (A)"),
        Line(text: "2026-11-20 (A) Pay rent", title: "(A) Pay rent", added: "2026-11-20"),
        Line(text: "Pay rent pri:A", title: "Pay rent", plan: TodoPlan(priority: .high)),
        Line(text: "(B) Pay rent pri:A", title: "Pay rent pri:A", plan: TodoPlan(priority: .medium)),
        Line(text: "Pay rent pri:AB", title: "Pay rent pri:AB"),
        Line(text: "\\x marks the spot", title: "x marks the spot"),
        Line(text: "Read \\+tags and \\@places", title: "Read +tags and @places"),
        Line(text: "Read \\word", title: "Read \\word"),
        Line(text: "Call +2026 @", title: "Call +2026 @"),
        Line(text: "Water plants due:2026-12-01 rec:+1w", title: "Water plants",
             plan: TodoPlan(due: day("2026-12-01"), recurrence: .weekly)),
        Line(text: "Water plants rec:1y due:2026-12-01", title: "Water plants",
             plan: TodoPlan(due: day("2026-12-01"), recurrence: .yearly)),
        Line(text: "Water plants due:2026-12-01 rec:2w", title: "Water plants", plan: TodoPlan(due: day("2026-12-01")),
             leftOut: ["2w"]),
        Line(text: "Water plants rec:1d", title: "Water plants", withoutDue: ["1d"]),
        Line(text: "Water plants rec:2d", title: "Water plants", leftOut: ["2d"]),
        Line(text: "Water plants rec:1q rec:++1m rec:w rec:1.5m", title: "Water plants rec:1q rec:++1m rec:w rec:1.5m"),
        Line(text: "  Spaced   out  ", title: "Spaced   out"),
    ]

    @Test("A line's words are read where todo keeps them", arguments: lines)
    func readsLine(line: Line) throws {
        let read = try TodoTxtFormat.read(Array(line.text.utf8), zone: Self.zone)

        let todo = try #require(read.todos.first)
        #expect(read.todos.count == 1)
        #expect(todo.title == line.title)
        #expect(todo.plan == line.plan)
        #expect(todo.isFinished == line.isFinished)
        #expect(todo.added == line.added.map { Self.zone.start(of: Self.day($0)) })
        #expect(todo.checked == line.checked.map { Self.zone.start(of: Self.day($0)) })
        #expect(read.repeatsLeftOut == line.leftOut)
        #expect(read.repeatsWithoutDue == line.withoutDue)
    }

    @Test("A file's lines become to-dos in order: CRLF, a byte-order mark and blank lines are passed over")
    func readsFile() throws {
        let read = try TodoTxtFormat.read(Array("\u{FEFF}Buy milk\r\n\r\n   \nSell car\r\nx Fix bike".utf8), zone: Self.zone)

        #expect(read.todos.map(\.title) == ["Buy milk", "Sell car", "Fix bike"])
        #expect(read.todos.map(\.isFinished) == [false, false, true])
        #expect(read.todos.map(\.id) == ["Buy milk", "Sell car", "x Fix bike"].map {
            NameBasedID.make($0, in: NameBasedID.todoTxtLines)
        })
    }

    static let refusals: [([UInt8], ImportFailure)] = [
        (Array("Buy milk\n\nPay due:2026-02-30".utf8), ImportFailure(.line(3), .notADay(field: "due", text: "2026-02-30"))),
        (Array("Buy milk due:soon".utf8), ImportFailure(.line(1), .notADay(field: "due", text: "soon"))),
        (Array("Buy milk due:2026-12-05 due:2026-12-05".utf8), ImportFailure(.line(1), .givenTwice(field: "due"))),
        (Array("2026-13-01 Buy milk".utf8), ImportFailure(.line(1), .notADay(field: "date", text: "2026-13-01"))),
        (Array("x 2026-11-31 Buy milk".utf8), ImportFailure(.line(1), .notADay(field: "date", text: "2026-11-31"))),
        (Array("x 2026-11-21 2026-02-29 Buy milk".utf8), ImportFailure(.line(1), .notADay(field: "date", text: "2026-02-29"))),
        (Array("Buy milk\n(A) +home @phone".utf8), ImportFailure(.line(2), .emptyTitle)),
        (Array("x 2026-11-21 2026-11-20".utf8), ImportFailure(.line(1), .emptyTitle)),
        (Array("Buy milk\r\nSell car\nPay ".utf8) + [0xFF] + Array("rent".utf8), ImportFailure(.line(3), .notUTF8)),
    ]

    @Test("A line is refused naming its number, counting blank lines", arguments: refusals)
    func refusesLine(file: [UInt8], failure: ImportFailure) {
        #expect(throws: failure) { try TodoTxtFormat.read(file, zone: Self.zone) }
    }

    @Test("A to-do is written as todo.txt-cli writes its line", arguments: [
        (TodoItem(id: UUID(), number: 1, title: "Call mom",
                  plan: TodoPlan(tags: ["family"], due: day("2026-12-01"), priority: .high, recurrence: .weekly),
                  added: Date(rfc3339: "2026-11-21T04:00:00Z")),
         "(A) 2026-11-20 Call mom +family due:2026-12-01 rec:1w"),
        (TodoItem(id: UUID(), number: 1, title: "Buy milk", isFinished: true, plan: TodoPlan(priority: .medium),
                  added: Date(rfc3339: "2026-11-20T05:00:00Z"), checked: Date(rfc3339: "2026-11-22T04:59:59Z")),
         "x 2026-11-21 2026-11-20 Buy milk pri:B"),
        (TodoItem(id: UUID(), number: 1, title: "Buy milk", isFinished: true, plan: TodoPlan(priority: .low),
                  added: Date(rfc3339: "2026-11-20T05:00:00Z")),
         "x Buy milk pri:C"),
        (TodoItem(id: UUID(), number: 1, title: "x (A) 2026-11-20 +one @two due:x pri:A rec:1w plain (A) 2026-11-20 x"),
         "\\x (A) 2026-11-20 \\+one \\@two \\due:x \\pri:A \\rec:1w plain (A) 2026-11-20 x"),
        (TodoItem(id: UUID(), number: 1, title: "(A) first"), "\\(A) first"),
        (TodoItem(id: UUID(), number: 1, title: "+ Tea + cake @ home"), "+ Tea + cake @ home"),
        (TodoItem(id: UUID(), number: 1, title: "2026-99-99 first"), "\\2026-99-99 first"),
        (TodoItem(id: UUID(), number: 1, title: "20261120ab first"), "20261120ab first"),
        (TodoItem(id: UUID(), number: 1, title: "Line\none\u{7}two\r\nend"), "Line one two end"),
    ] as [(TodoItem, String)])
    func writesLine(item: TodoItem, line: String) {
        #expect(TodoTxtFormat.write([item], zone: Self.zone) == line + "\n")
    }

    @Test("Items are written one line each, in the order given, and no items are no lines")
    func writesLines() {
        let items = ["One", "Two", "Three"].enumerated().map { TodoItem(id: UUID(), number: $0.offset + 1, title: $0.element) }

        #expect(TodoTxtFormat.write(items, zone: Self.zone) == "One\nTwo\nThree\n")
        #expect(TodoTxtFormat.write([], zone: Self.zone) == "")
    }

    @Test("What is written is read back as the same to-do, known by the id of its line")
    func roundTrip() throws {
        let item = TodoItem(id: UUID(), number: 7, title: "x \\(B) Ship +it due:x soon", isFinished: true,
                            plan: TodoPlan(tags: ["work", "Q4"], due: Self.day("2026-12-24"), priority: .low, recurrence: .monthly),
                            added: Self.zone.start(of: Self.day("2026-11-02")), checked: Self.zone.start(of: Self.day("2026-11-03")))

        let read = try TodoTxtFormat.read(Array(TodoTxtFormat.write([item], zone: Self.zone).utf8), zone: Self.zone)

        #expect(read.todos == [NewTodo(id: TodoTxtFormat.lineID(of: item, zone: Self.zone), title: item.title, plan: item.plan,
                                       added: item.added, isFinished: true, checked: item.checked)])
    }

    private static func day(_ text: String) -> CalendarDate {
        CalendarDate(iso: text)!
    }
}
