import Dates
import Foundation
@testable import Interchange
import Testing
import TodoList

/// iCalendar written line by line, without the command around it.
@Suite("Other tools' formats: iCalendar")
struct ICalendarFormatTests {
    private static let stamp = Date(rfc3339: "2026-11-25T12:00:00.75Z")!

    private static func id(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!
    }

    private static func write(_ items: [TodoItem], events: [YearlyEvent] = []) -> [String] {
        let text = ICalendarFormat.write(items, events: events, stamp: stamp)
        #expect(text.hasSuffix("\r\n"))
        return text.components(separatedBy: "\r\n").dropLast()
    }

    /// The lines of one to-do's VTODO, between its DTSTAMP and its END.
    private static func todoLines(_ item: TodoItem) -> [String] {
        let lines = write([item])
        #expect(Array(lines.prefix(7)) == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//TodoStories//todo//EN", "CALSCALE:GREGORIAN",
                                           "BEGIN:VTODO", "UID:\(item.id.uuidString.lowercased())", "DTSTAMP:20261125T120000Z"])
        #expect(Array(lines.suffix(2)) == ["END:VTODO", "END:VCALENDAR"])
        return Array(lines.dropFirst(7).dropLast(2))
    }

    @Test("An empty list is a calendar with nothing in it")
    func emptyCalendar() {
        #expect(Self.write([]) == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//TodoStories//todo//EN", "CALSCALE:GREGORIAN",
                                   "END:VCALENDAR"])
    }

    @Test("A to-do with everything planned is a VTODO with each field, its repeat counted from the day before it is due")
    func plannedTodo() {
        let item = TodoItem(id: Self.id(1), number: 1, title: "Pay rent; now, please",
                            plan: TodoPlan(tags: ["home", "bills"], due: CalendarDate(iso: "2026-03-31"), priority: .high,
                                           recurrence: .monthly),
                            added: Date(rfc3339: "2026-11-20T14:00:00Z"))

        #expect(Self.todoLines(item) == ["CREATED:20261120T140000Z", "SUMMARY:Pay rent\\; now\\, please",
                                         "DTSTART;VALUE=DATE:20260330", "DUE;VALUE=DATE:20260331", "PRIORITY:1",
                                         "CATEGORIES:home,bills", "STATUS:NEEDS-ACTION",
                                         "RRULE:FREQ=MONTHLY;BYMONTHDAY=27,28,29,30,-1;BYSETPOS=-2"])
    }

    @Test("IE-31 A repeat in the iCalendar export starts the day before it is due, its month ends in the rule", arguments: [
        ("2026-03-02", Recurrence.daily, "20260301", "FREQ=DAILY"), ("2026-03-02", .weekly, "20260301", "FREQ=WEEKLY"),
        ("2026-03-15", .monthly, "20260314", "FREQ=MONTHLY"), ("2026-12-01", .monthly, "20261130", "FREQ=MONTHLY;BYMONTHDAY=-1"),
        ("2026-01-29", .monthly, "20260128", "FREQ=MONTHLY;BYMONTHDAY=27,28,-1;BYSETPOS=-2"),
        ("2026-01-31", .monthly, "20260130", "FREQ=MONTHLY;BYMONTHDAY=27,28,29,30,-1;BYSETPOS=-2"),
        ("2026-03-02", .yearly, "20260301", "FREQ=YEARLY"), ("2026-02-15", .yearly, "20260214", "FREQ=YEARLY"),
        ("2026-03-29", .yearly, "20260328", "FREQ=YEARLY"), ("2026-03-01", .yearly, "20260228", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"),
        ("2024-02-29", .yearly, "20240228", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=27,28,-1;BYSETPOS=-2"),
    ])
    func repeatRule(due: String, period: Recurrence, start: String, rule: String) throws {
        let day = try #require(CalendarDate(iso: due))
        let item = TodoItem(id: Self.id(1), number: 1, title: "Water", plan: TodoPlan(due: day, recurrence: period))

        #expect(Self.todoLines(item) == ["SUMMARY:Water", "DTSTART;VALUE=DATE:\(start)", "DUE;VALUE=DATE:\(due.replacingOccurrences(of: "-", with: ""))",
                                         "STATUS:NEEDS-ACTION", "RRULE:\(rule)"])
    }

    @Test("Each priority is iCalendar's number", arguments: [(Priority.medium, "PRIORITY:5"), (.low, "PRIORITY:9"), (.high, "PRIORITY:1")])
    func priority(priority: Priority, line: String) {
        let item = TodoItem(id: Self.id(1), number: 1, title: "Water", plan: TodoPlan(due: CalendarDate(iso: "2026-03-02"), priority: priority))

        #expect(Self.todoLines(item) == ["SUMMARY:Water", "DUE;VALUE=DATE:20260302", line, "STATUS:NEEDS-ACTION"])
    }

    @Test("A repeat whose day before falls outside the calendar has no start and no rule")
    func repeatAtCalendarStart() {
        let item = TodoItem(id: Self.id(1), number: 1, title: "Water",
                            plan: TodoPlan(due: CalendarDate(iso: "0001-01-01"), recurrence: .daily))

        #expect(Self.todoLines(item) == ["SUMMARY:Water", "DUE;VALUE=DATE:00010101", "STATUS:NEEDS-ACTION"])
    }

    @Test("IE-11 An export to iCalendar holds each to-do and each birthday, as RFC 5545 writes them: a to-do of a repeat with a later one left to do has no rule")
    func earlierOfOneRepeat() {
        let earlier = TodoItem(id: Self.id(1), number: 1, title: "Water", plan: TodoPlan(due: CalendarDate(iso: "2026-03-02"), recurrence: .weekly))
        let later = TodoItem(id: Self.id(2), number: 2, title: "Water", plan: TodoPlan(due: CalendarDate(iso: "2026-03-09"), recurrence: .weekly))
        let otherDay = TodoItem(id: Self.id(3), number: 3, title: "Water", plan: TodoPlan(due: CalendarDate(iso: "2026-03-05"), recurrence: .weekly))
        let written = ICalendarFormat.write([earlier, later, otherDay], events: [], stamp: Date(timeIntervalSince1970: 0))
        let todos = written.components(separatedBy: "BEGIN:VTODO").dropFirst()

        #expect(todos.map { $0.contains("RRULE:") } == [false, true, true])
        #expect(todos.map { $0.contains("DTSTART") } == [false, true, true])
    }

    @Test("A finished to-do is completed when it was checked, and its repeat is left to the to-do its check brought")
    func finishedTodo() {
        let item = TodoItem(id: Self.id(2), number: 2, title: "Fix bike", isFinished: true,
                            plan: TodoPlan(due: CalendarDate(iso: "2026-11-30"), recurrence: .weekly),
                            checked: Date(rfc3339: "2026-11-24T15:00:00Z"))
        let unknown = TodoItem(id: Self.id(3), number: 3, title: "Fix car", isFinished: true)

        #expect(Self.todoLines(item) == ["SUMMARY:Fix bike", "DUE;VALUE=DATE:20261130", "STATUS:COMPLETED",
                                         "COMPLETED:20261124T150000Z"])
        #expect(Self.todoLines(unknown) == ["SUMMARY:Fix car", "STATUS:COMPLETED"])
    }

    @Test("A birthday is a yearly all-day event; one on 29 February falls on the year's 60th day")
    func birthdays() {
        let events = [YearlyEvent(id: Self.id(4), summary: "Ada Lovelace, born 1990", firstDay: CalendarDate(iso: "1990-12-10")!),
                      YearlyEvent(id: Self.id(5), summary: "Leap Day", firstDay: CalendarDate(iso: "1992-02-29")!)]

        #expect(Self.write([], events: events) == [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//TodoStories//todo//EN", "CALSCALE:GREGORIAN",
            "BEGIN:VEVENT", "UID:birthday-00000000-0000-4000-8000-000000000004", "DTSTAMP:20261125T120000Z",
            "DTSTART;VALUE=DATE:19901210", "SUMMARY:Ada Lovelace\\, born 1990", "RRULE:FREQ=YEARLY", "TRANSP:TRANSPARENT",
            "END:VEVENT",
            "BEGIN:VEVENT", "UID:birthday-00000000-0000-4000-8000-000000000005", "DTSTAMP:20261125T120000Z",
            "DTSTART;VALUE=DATE:19920229", "SUMMARY:Leap Day", "RRULE:FREQ=YEARLY;BYYEARDAY=60", "TRANSP:TRANSPARENT",
            "END:VEVENT",
            "END:VCALENDAR",
        ])
    }

    @Test("A long summary is folded, and the calendar's lines end in CRLF")
    func foldedSummary() {
        let item = TodoItem(id: Self.id(1), number: 1, title: String(repeating: "é", count: 40))
        let text = ICalendarFormat.write([item], events: [], stamp: Self.stamp)

        #expect(text.contains("\r\nSUMMARY:" + String(repeating: "é", count: 33) + "\r\n " + String(repeating: "é", count: 7) + "\r\n"))
    }
}
