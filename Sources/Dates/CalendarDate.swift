#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A day on the calendar, with no time and no time zone: a date of birth, or today.
///
/// A birthday kept as a `Date` at midnight moves to the day before for anyone west of the
/// zone it was written in; a year, a month and a day cannot.
public struct CalendarDate: Hashable, Comparable, Sendable {
    public var year: Int { Int(storedYear) }
    public var month: Int { Int(storedMonth) }
    public var day: Int { Int(storedDay) }
    // Four bytes, not three words: a date stands in every to-do's plan and every person.
    private let storedYear: Int16
    private let storedMonth: UInt8
    private let storedDay: UInt8

    /// Nil when there is no such day, such as 2021-02-29 or 2022-04-31.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, of: year)).contains(day) else { return nil }
        self.storedYear = Int16(year)
        self.storedMonth = UInt8(month)
        self.storedDay = UInt8(day)
    }

    /// Reads `YYYY-MM-DD` exactly: four, two and two ASCII digits. Nil for anything else.
    /// How a date is typed: `1990-03-14`, or `14-03-1990` as the seed apps show it.
    public enum Style: Sendable, Equatable {
        case yearFirst, dayFirst
    }

    /// A date typed either way, and the way it was typed; nil for anything else.
    public static func typed(_ text: String) -> (date: CalendarDate, style: Style)? {
        if let date = CalendarDate(iso: text) { return (date, .yearFirst) }
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[2] == UInt8(ascii: "-"), bytes[5] == UInt8(ascii: "-"),
              let date = CalendarDate(iso: String(decoding: bytes[6..<10] + bytes[2..<6] + bytes[0..<2], as: UTF8.self))
        else { return nil }
        return (date, .dayFirst)
    }

    /// The date written the way `style` types it.
    public func written(_ style: Style) -> String {
        style == .yearFirst ? iso : dayMonthYear
    }

    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `1990-03-14`: how it is typed and stored.
    public var iso: String {
        "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
    }

    /// `14-03-1990`: how the Birthdays page shows it.
    public var dayMonthYear: String {
        "\(Self.padded(day, 2))-\(Self.padded(month, 2))-\(Self.padded(year, 4))"
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    // MARK: - Birthdays

    /// The day this date's anniversary falls on in `year`, nil past the year 9999. Someone born
    /// on 29 February has it on 1 March in a year without one: that is the day they are a year older.
    public func anniversary(in year: Int) -> CalendarDate? {
        if month == 2 && day == 29 && !Self.isLeap(year) {
            return CalendarDate(year: year, month: 3, day: 1)
        }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// Whole years from this date to `today`; one more on each anniversary, not the day before.
    public func years(on today: CalendarDate) -> Int {
        let years = today.year - year
        guard let anniversary = anniversary(in: today.year) else { return years }
        return today < anniversary ? years - 1 : years
    }

    /// The first anniversary on or after `today`; nil when it would fall after 9999-12-31.
    public func nextAnniversary(onOrAfter today: CalendarDate) -> CalendarDate? {
        guard let thisYear = anniversary(in: today.year) else { return nil }
        return thisYear < today ? anniversary(in: today.year + 1) : thisYear
    }

    /// Days from this date to `later`: 1 for the next day, negative when `later` is earlier.
    public func days(to later: CalendarDate) -> Int {
        later.dayNumber - dayNumber
    }

    // MARK: - Calendar arithmetic

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysIn(month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day `count` days later (earlier when negative); nil outside the years 1 to 9999.
    public func adding(days count: Int) -> CalendarDate? {
        CalendarDate(dayNumber: dayNumber + count)
    }

    /// The same day `count` months later, or the month's last day when it has no such day:
    /// a month after 31 January is 28 or 29 February. Nil outside the years 1 to 9999.
    public func adding(months count: Int) -> CalendarDate? {
        let months = (year * 12 + month - 1) + count
        let (newYear, newMonth) = (months / 12, months % 12 + 1)
        guard (1...9999).contains(newYear) else { return nil }
        return CalendarDate(year: newYear, month: newMonth, day: min(day, Self.daysIn(month: newMonth, of: newYear)))
    }

    /// The day of the week, 1 for Monday to 7 for Sunday, as ISO 8601 counts them.
    public var weekday: Int {
        // 1970-01-01 was a Thursday, day 4.
        ((dayNumber % 7) + 7 + 3) % 7 + 1
    }

    /// The day `number` days after 1970-01-01; nil outside the years 1 to 9999.
    public init?(dayNumber number: Int) {
        let shifted = number + 719_468
        let era = shifted.dividedRoundingDown(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (the civil-days algorithm).
    public var dayNumber: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear.dividedRoundingDown(by: 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension CalendarDate: Codable {
    /// Stored as `YYYY-MM-DD`, so the store file reads as the user typed it.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a YYYY-MM-DD date")
        }
        self = date
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}

extension Int {
    /// The quotient rounded down, where `/` rounds toward zero: the second before 1970 is on the
    /// day before it, not on its first day. `divisor` is above 0.
    public func dividedRoundingDown(by divisor: Int) -> Int {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}
