#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dates
import TodoList

/// A yearly all-day event in a calendar: a birthday, named as the person reading it calls it.
public struct YearlyEvent: Sendable, Equatable {
    public let id: UUID
    public let summary: String
    public let firstDay: CalendarDate

    public init(id: UUID, summary: String, firstDay: CalendarDate) {
        self.id = id
        self.summary = summary
        self.firstDay = firstDay
    }
}

/// iCalendar (RFC 5545), the calendar file every calendar reads: to-dos as `VTODO`s, birthdays
/// as yearly all-day `VEVENT`s. Each has a UID made from its id, so that a calendar importing
/// the file again updates what it has instead of adding it twice.
enum ICalendarFormat {
    static func write(_ items: [TodoItem], events: [YearlyEvent], stamp: Date) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//TodoStories//todo//EN", "CALSCALE:GREGORIAN"]
        let stamp = TaskwarriorFormat.basic(stamp)
        let toDo = items.filter { !$0.isFinished && $0.plan.recurrence != nil }
        for item in items {
            lines += ["BEGIN:VTODO", "UID:\(item.id.uuidString.lowercased())", "DTSTAMP:\(stamp)"]
            if let added = item.added { lines.append("CREATED:\(TaskwarriorFormat.basic(added))") }
            lines.append("SUMMARY:\(text(item.title))")
            // A finished to-do's repeat goes on in the to-do its check brought, and one with a
            // later to-do of its repeat left to do goes on in that one: in the calendar only the
            // latest repeats, or the series would be there twice.
            let recurrence = item.isFinished || item.hasLaterToDo(among: toDo) ? nil : item.plan.recurrence
            if let due = item.plan.due {
                // A repeat counts from DTSTART, which the RFC asks for with RRULE and puts before
                // DUE: each time starts the day before it is due, and is due a day after it starts.
                if recurrence != nil, let start = due.adding(days: -1) {
                    lines.append("DTSTART;VALUE=DATE:\(date(start))")
                }
                lines.append("DUE;VALUE=DATE:\(date(due))")
            }
            if let priority = item.plan.priority {
                lines.append("PRIORITY:\(priority == .high ? 1 : priority == .medium ? 5 : 9)")
            }
            if !item.plan.tags.isEmpty { lines.append("CATEGORIES:" + item.plan.tags.map(text).joined(separator: ",")) }
            if item.isFinished {
                lines.append("STATUS:COMPLETED")
                if let checked = item.checked { lines.append("COMPLETED:\(TaskwarriorFormat.basic(checked))") }
            } else {
                lines.append("STATUS:NEEDS-ACTION")
            }
            if let recurrence, let due = item.plan.due, due.adding(days: -1) != nil {
                lines.append("RRULE:" + rule(recurrence, due: due))
            }
            lines.append("END:VTODO")
        }
        for event in events {
            lines += ["BEGIN:VEVENT", "UID:birthday-\(event.id.uuidString.lowercased())", "DTSTAMP:\(stamp)",
                      "DTSTART;VALUE=DATE:\(date(event.firstDay))", "SUMMARY:\(text(event.summary))"]
            // Born on 29 February: the 60th day of the year, which is 1 March in a year without one,
            // as the birthdays page counts it.
            let leapDay = event.firstDay.month == 2 && event.firstDay.day == 29
            lines += [leapDay ? "RRULE:FREQ=YEARLY;BYYEARDAY=60" : "RRULE:FREQ=YEARLY", "TRANSP:TRANSPARENT", "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        return lines.map { folded($0) + "\r\n" }.joined()
    }

    /// The rule of a repeat due on `due`, for the days before each due date it counts from: a
    /// month's end that shortens the due date (to the 28th from the 31st, or from 29 February),
    /// or moves the day before it (to the end of the month before the 1st), is in the rule, so a
    /// calendar finds each time due on the day todo brings the to-do back on.
    private static func rule(_ recurrence: Recurrence, due: CalendarDate) -> String {
        let rule = "FREQ=" + recurrence.rawValue.uppercased()
        switch recurrence {
        case .daily, .weekly: return rule
        case .monthly:
            // The day before the 29th, 30th or 31st, or before a shorter month's last day: the
            // second to last of the 27th up to the day before, and the month's last day.
            if due.day == 1 { return rule + ";BYMONTHDAY=-1" }
            guard due.day >= 29 else { return rule }
            return rule + ";BYMONTHDAY=" + (27..<due.day).map(String.init).joined(separator: ",") + ",-1;BYSETPOS=-2"
        case .yearly:
            if due.day == 1 { return rule + ";BYMONTH=\(due.month == 1 ? 12 : due.month - 1);BYMONTHDAY=-1" }
            guard due.month == 2 && due.day == 29 else { return rule }
            return rule + ";BYMONTH=2;BYMONTHDAY=27,28,-1;BYSETPOS=-2"
        }
    }

    /// `20261201`: a DATE value.
    private static func date(_ day: CalendarDate) -> String {
        day.iso.filter { $0 != "-" }
    }

    /// TEXT as the RFC writes it: backslashes, semicolons, commas and line breaks escaped, other
    /// control characters, which TEXT cannot hold, as spaces.
    static func text(_ value: String) -> String {
        var escaped = ""
        var scalars = value.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\r":
                if scalars.first == "\n" { scalars.removeFirst() }
                escaped += "\\n"
            case "\n": escaped += "\\n"
            default:
                if scalar.properties.generalCategory == .control { escaped += " " } else { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }

    /// A content line cut into lines of at most 75 octets, each after the first starting with
    /// a space, never inside the UTF-8 bytes of a code point (unfolding joins them again).
    static func folded(_ line: String) -> String {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > 75 {
                lines.append(String(current))
                current = String.UnicodeScalarView([" "])
                octets = 1
            }
            current.append(scalar)
            octets += size
        }
        lines.append(String(current))
        return lines.joined(separator: "\r\n")
    }
}
