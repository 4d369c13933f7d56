#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Moments written as RFC 3339 text, `2026-11-25T18:28:24Z`: what the store keeps and `--json`
/// prints, so that a person or `jq` reads them. Seconds that are not whole are written with as
/// many digits as it takes to read back the very same moment.
extension Date {
    /// The moment in RFC 3339, at `offset` seconds east of UTC: `Z` for UTC, else `+01:00`.
    /// Nil outside the years 1 to 9999, and for an offset of a day or more, which RFC 3339 cannot
    /// write (its hours end at 23).
    public func rfc3339(offset: Int = 0) -> String? {
        // Counted from 2001, as a Date holds it, so that the fraction is the Date's own.
        let whole = timeIntervalSinceReferenceDate.rounded(.down)
        guard whole.magnitude < 1e12, offset.magnitude < 86_400 else { return nil }
        let seconds = Int(whole) + offset
        let days = seconds.dividedRoundingDown(by: 86_400)
        guard let day = CalendarDate(dayNumber: Self.dayOf2001 + days) else { return nil }
        let secondOfDay = seconds - days * 86_400
        var text = day.iso + "T" + Self.two(secondOfDay / 3600) + ":" + Self.two(secondOfDay / 60 % 60) + ":" + Self.two(secondOfDay % 60)
        text += Self.partOfSecond(timeIntervalSinceReferenceDate, whole: whole)
        guard offset != 0 else { return text + "Z" }
        let sign = offset < 0 ? "-" : "+"
        return text + sign + Self.two(abs(offset) / 3600) + ":" + Self.two(abs(offset) / 60 % 60)
    }

    /// The part of the second of `seconds` past `whole`, as `.` and the fewest digits that
    /// `init(rfc3339:)` reads back as this very moment; empty for none, or for one that 17 digits
    /// do not reach, which no clock gives. Near today a Date's Double holds about seven digits of
    /// the second: the part alone, taken out of it, would be written with that part's noise (.1
    /// as .10000002384185791), or not at all past an exponent.
    private static func partOfSecond(_ seconds: Double, whole: Double) -> String {
        guard seconds > whole else { return "" }
        var scale = 1.0
        for count in 1...17 {
            scale *= 10
            let scaled = ((seconds - whole) * scale).rounded()
            guard scaled < scale else { continue }
            var digits = String(Int(scaled))
            digits = String(repeating: "0", count: count - digits.count) + digits
            // No trailing zero: the same digits less it read as the same number, and came first.
            if let part = Double("0." + digits), whole + part == seconds {
                return "." + digits
            }
        }
        return ""
    }

    /// A moment written in RFC 3339: `YYYY-MM-DDTHH:MM:SS`, a fraction of the second if any, and
    /// `Z` or an offset `±HH:MM` (a lower-case `t` or `z`, or a space for the `T`, are taken
    /// too). Nil for anything else, a day that does not exist, a leap second, or a moment that
    /// its offset takes out of the years 1 to 9999 in UTC, which `rfc3339()` could not write back.
    public init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, let day = CalendarDate(iso: String(decoding: bytes[0..<10], as: UTF8.self)),
              [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let hour = Self.number(bytes[11..<13]), let minute = Self.number(bytes[14..<16]), let second = Self.number(bytes[17..<19]),
              hour < 24, minute < 60, second < 60 else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            let start = index
            index += 1
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > start + 1, let value = Double("0" + String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
            fraction = value
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                  let hours = Self.number(bytes[(index + 1)..<(index + 3)]), let minutes = Self.number(bytes[(index + 4)..<(index + 6)]),
                  hours < 24, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        let seconds = (day.dayNumber - Self.dayOf2001) * 86_400 + hour * 3600 + minute * 60 + second - offset
        guard Self.inRFC3339.contains(Date(timeIntervalSinceReferenceDate: Double(seconds))) else { return nil }
        self.init(timeIntervalSinceReferenceDate: Double(seconds) + fraction)
    }

    /// The moments `rfc3339()` writes, and so `init(rfc3339:)` reads: 0001-01-01T00:00:00Z to
    /// 9999-12-31T23:59:59Z, whole seconds.
    public static let inRFC3339 = Date(timeIntervalSinceReferenceDate: -63_113_904_000)...Date(timeIntervalSinceReferenceDate: 252_423_993_599)

    /// 2001-01-01, where a Date counts from, as days since 1970-01-01.
    private static let dayOf2001 = 11_323

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
