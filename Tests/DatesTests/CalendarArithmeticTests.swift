import Dates
import Testing

@Suite("Days on the calendar: adding days and months, weekdays")
struct CalendarArithmeticTests {
    private func day(_ text: String) throws -> CalendarDate {
        try #require(CalendarDate(iso: text))
    }

    @Test("A day counted from 1970 and back is the same day, across centuries and leap days",
          arguments: ["0001-01-01", "1600-02-29", "1969-12-31", "1970-01-01", "2000-02-29", "2026-11-25", "9999-12-31"])
    func dayNumbers(text: String) throws {
        let date = try day(text)

        #expect(CalendarDate(dayNumber: date.dayNumber) == date)
    }

    @Test("Adding days crosses months and years, and stops at the calendar's ends",
          arguments: [("2026-12-31", 1, "2027-01-01"), ("2024-02-28", 1, "2024-02-29"), ("2026-03-01", -1, "2026-02-28"),
                      ("2026-11-25", 7, "2026-12-02")])
    func addingDays(start: String, days: Int, end: String) throws {
        #expect(try day(start).adding(days: days) == (try day(end)))
    }

    @Test("A month after the 31st is the next month's last day; a year after 29 February is 28 February",
          arguments: [("2026-01-31", 1, "2026-02-28"), ("2024-01-31", 1, "2024-02-29"), ("2026-03-31", 1, "2026-04-30"),
                      ("2026-12-15", 1, "2027-01-15"), ("2024-02-29", 12, "2025-02-28"), ("2026-01-31", 2, "2026-03-31")])
    func addingMonths(start: String, months: Int, end: String) throws {
        #expect(try day(start).adding(months: months) == (try day(end)))
    }

    @Test("Past the year 9999 there is no day")
    func pastTheEnd() throws {
        #expect(try day("9999-12-31").adding(days: 1) == nil)
        #expect(try day("9999-12-15").adding(months: 1) == nil)
        #expect(try day("0001-01-01").adding(days: -1) == nil)
    }

    @Test("Weekdays count Monday 1 to Sunday 7", arguments: [("2026-11-23", 1), ("2026-11-25", 3), ("2026-11-29", 7), ("1970-01-01", 4)])
    func weekdays(text: String, weekday: Int) throws {
        #expect(try day(text).weekday == weekday)
    }
}
