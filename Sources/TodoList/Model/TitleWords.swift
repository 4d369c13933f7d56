import Dates

/// A title as typed, with the words that plan the to-do taken out of it: `+WORD` is a tag,
/// `due:DATE` a due date, `pri:H` a priority, `recur:weekly` a repeat. A word meant as it is
/// starts with a backslash, which is taken off. What is left, trimmed, is the title.
public struct TitleWords: Sendable, Equatable {
    /// Why the words of a title were refused: each names what was typed.
    public enum Refusal: Error, Sendable, Equatable {
        /// `due:` with no such day, or a word that is no day at all.
        case notADay(String)
        case notAPriority(String)
        case notARepeat(String)
        /// `recur:` with no due date to count the repeats from.
        case repeatWithoutDue
    }

    public let title: String
    public let plan: TodoPlan

    /// Reads `typed`; a due date is counted from `today`.
    public init(_ typed: String, today: CalendarDate) throws(Refusal) {
        var plan = TodoPlan()
        var kept: [Substring] = []
        for word in typed.split(separator: " ", omittingEmptySubsequences: false) {
            switch try Self.read(word, today: today) {
            case .tag(let tag): plan.add(tag: tag)
            case .due(let day): plan.due = day
            case .priority(let priority): plan.priority = priority
            case .recurrence(let recurrence): plan.recurrence = recurrence
            case .text(let text): kept.append(text)
            case .clear: kept.append(word)
            }
        }
        guard plan.recurrence == nil || plan.due != nil else { throw .repeatWithoutDue }
        title = kept.joined(separator: " ")
        self.plan = plan
    }

    /// What one word of a title or an edit says.
    enum Word: Equatable {
        case tag(String)
        case due(CalendarDate)
        case priority(Priority)
        case recurrence(Recurrence)
        /// `due:`, `pri:` or `recur:` with nothing after it: in an edit, clears it.
        case clear(PlanField)
        /// A word of the title, a leading backslash taken off.
        case text(Substring)
    }

    enum PlanField: Equatable {
        case due, priority, recurrence
    }

    static func read(_ word: Substring, today: CalendarDate) throws(Refusal) -> Word {
        if word.first == "\\" { return .text(word.dropFirst()) }
        if word.first == "+", TodoPlan.isTag(word.dropFirst()) { return .tag(String(word.dropFirst())) }
        guard let colon = word.firstIndex(of: ":") else { return .text(word) }
        let value = word[word.index(after: colon)...]
        switch word[..<colon].lowercased() {
        case "due":
            guard !value.isEmpty else { return .clear(.due) }
            guard let day = DueDay.read(value, today: today) else { throw .notADay(String(value)) }
            return .due(day)
        case "pri":
            guard !value.isEmpty else { return .clear(.priority) }
            guard let priority = Priority(rawValue: value.uppercased()) else { throw .notAPriority(String(value)) }
            return .priority(priority)
        case "recur":
            guard !value.isEmpty else { return .clear(.recurrence) }
            guard let recurrence = Recurrence(rawValue: value.lowercased()) else { throw .notARepeat(String(value)) }
            return .recurrence(recurrence)
        default:
            return .text(word)
        }
    }
}

/// A due date as typed: a day, or a word counted from today.
enum DueDay {
    /// `YYYY-MM-DD` or `DD-MM-YYYY`; `today`, `tomorrow`; a weekday or its first three
    /// letters, any case: the next such day after today, as in Taskwarrior; `3d`, `2w`: so many
    /// days or weeks after today. Nil for anything else, or a day past the calendar.
    static func read(_ text: Substring, today: CalendarDate) -> CalendarDate? {
        if let typed = CalendarDate.typed(String(text)) { return typed.date }
        let word = text.lowercased()
        switch word {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        default: break
        }
        if let weekday = weekdays.firstIndex(where: { $0 == word || $0.prefix(3) == word }) {
            let ahead = (weekday + 1 - today.weekday + 7) % 7
            return today.adding(days: ahead == 0 ? 7 : ahead)
        }
        guard let unit = word.last, unit == "d" || unit == "w", let count = Int(word.dropLast()), count >= 0,
              count <= 3_660_000 else { return nil }
        return today.adding(days: unit == "d" ? count : count * 7)
    }

    private static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
}
