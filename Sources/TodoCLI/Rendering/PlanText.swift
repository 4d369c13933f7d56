#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dates
import TodoList

/// What a to-do's plan and times say, in words: after the title on a line, in a message, on
/// its page.
enum PlanText {
    /// `(H)  due tomorrow  +home +bills  every month`, the parts that are there, `separator`
    /// between them; nil for an item with nothing planned. An item still to do that is due
    /// before today says how overdue it is, in red when `red` is given.
    static func parts(of item: TodoItem, today: CalendarDate, separator: String = "  ", red: Bool = false) -> String? {
        let plan = item.plan
        var parts: [String] = []
        if let priority = plan.priority { parts.append("(\(priority.rawValue))") }
        if let due = plan.due {
            let overdue = item.isFinished ? 0 : due.days(to: today)
            if overdue > 0 {
                let text = "overdue \(counted(overdue, "day"))"
                parts.append(red ? "\u{1B}[31m" + text + "\u{1B}[39m" : text)
            } else {
                parts.append("due " + day(due, today: today))
            }
        }
        if !plan.tags.isEmpty { parts.append(plan.tags.map { "+" + TerminalText.escaped($0) }.joined(separator: " ")) }
        if let recurrence = plan.recurrence { parts.append(every(recurrence)) }
        return parts.isEmpty ? nil : parts.joined(separator: separator)
    }

    /// `today`, `tomorrow`, a weekday within the coming week, else the date, day first.
    static func day(_ day: CalendarDate, today: CalendarDate) -> String {
        switch today.days(to: day) {
        case 0: "today"
        case 1: "tomorrow"
        case 2..<7: weekday(day)
        default: day.dayMonthYear
        }
    }

    static func weekday(_ day: CalendarDate) -> String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][day.weekday - 1]
    }

    static func every(_ recurrence: Recurrence) -> String {
        switch recurrence {
        case .daily: "every day"
        case .weekly: "every week"
        case .monthly: "every month"
        case .yearly: "every year"
        }
    }

    /// `25-11-2026 10:30`, in the time zone of this computer; `01-01-0001 00:00 UTC` for one that
    /// its clock would put outside the years 1 to 9999 (PL-17).
    static func moment(_ moment: Date) -> String {
        let whole = Int(moment.timeIntervalSince1970.rounded(.down))
        let offset = LocalZone.system.offset(at: moment)
        guard let local = dayAndTime(whole + offset) else { return dayAndTime(whole).map { $0 + " UTC" } ?? "?" }
        return local
    }

    /// `25-11-2026 10:30`, of `seconds` from 1970; nil outside the years 1 to 9999.
    private static func dayAndTime(_ seconds: Int) -> String? {
        let days = seconds.dividedRoundingDown(by: 86_400)
        let minutes = (seconds - days * 86_400) / 60
        guard let day = CalendarDate(dayNumber: days) else { return nil }
        return day.dayMonthYear + " " + (minutes / 60 < 10 ? "0" : "") + "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
    }

    /// A moment as `--json` gives it: RFC 3339, at this computer's offset from UTC, or in UTC
    /// where that offset would take it outside the years 1 to 9999 (PL-17), or is not of whole
    /// minutes, which RFC 3339 cannot write (PL-18).
    static func rfc3339(_ moment: Date) -> String {
        let offset = LocalZone.system.offset(at: moment)
        return (offset % 60 == 0 ? moment.rfc3339(offset: offset) : nil) ?? moment.rfc3339() ?? ""
    }

    /// Why the words of a title or an edit were refused.
    static func refusal(_ refusal: TitleWords.Refusal) -> String {
        switch refusal {
        case .notADay(let text):
            "\(quoted(text)) is not a day: give a date (YYYY-MM-DD or DD-MM-YYYY), today, tomorrow, a weekday, or 3d or 2w"
        case .notAPriority(let text): "\(quoted(text)) is not a priority: H, M or L"
        case .notARepeat(let text): "\(quoted(text)) is not a repeat: daily, weekly, monthly, yearly"
        case .repeatWithoutDue: "a repeat needs a due date to count from"
        case .givenTwice(let key): "\(quoted(key + ":")) is given twice: give it once"
        case .addedAndTakenAway(let tag): "\(quoted(tag)) is both added and taken away: give one"
        }
    }
}
