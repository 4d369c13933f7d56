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
        /// `due:`, `pri:` or `recur:` twice in one title or edit: which one was meant, only the
        /// user knows. Names the key without its colon.
        case givenTwice(String)
        /// `+home -home` in one edit: which was meant, only the user knows. Names the tag as the
        /// first of the two words gave it.
        case addedAndTakenAway(String)
    }

    public let title: String
    public let plan: TodoPlan

    /// Reads `typed`; a due date is counted from `today`.
    public init(_ typed: String, today: CalendarDate) throws(Refusal) {
        var plan = TodoPlan()
        var kept: [Substring] = []
        var given = PlanField.Given()
        for word in typed.split(separator: " ", omittingEmptySubsequences: false) {
            switch try Self.read(word, today: today) {
            case .tag(let tag): plan.add(tag: tag)
            case .due(let day): try given.insert(.due); plan.due = day
            case .priority(let priority): try given.insert(.priority); plan.priority = priority
            case .recurrence(let recurrence): try given.insert(.recurrence); plan.recurrence = recurrence
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

    enum PlanField: String, Equatable {
        case due, priority = "pri", recurrence = "recur"

        /// The fields one title or edit has given so far, each at most once.
        struct Given {
            private var fields: [PlanField] = []

            mutating func insert(_ field: PlanField) throws(Refusal) {
                guard !fields.contains(field) else { throw .givenTwice(field.rawValue) }
                fields.append(field)
            }
        }
    }

    static func read(_ word: Substring, today: CalendarDate) throws(Refusal) -> Word {
        // A backslash alone is a word of its own, and takes nothing off.
        if word.first == "\\", word.count > 1 { return .text(word.dropFirst()) }
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

extension TodoEdit {
    /// The words of an edit: `+tag` adds a tag and `-tag` takes it away; `due:DATE`, `pri:H`
    /// and `recur:weekly` set, and `due:`, `pri:`, `recur:` clear; what is left, if anything,
    /// is the new title. Counted from `today`, as in a title.
    public init(typed: String, today: CalendarDate) throws(TitleWords.Refusal) {
        self.init()
        var kept: [Substring] = []
        var given = TitleWords.PlanField.Given()
        for word in typed.split(separator: " ", omittingEmptySubsequences: false) {
            if word.first == "-", TodoPlan.isTag(word.dropFirst()) {
                removingTags.append(String(word.dropFirst()))
                continue
            }
            switch try TitleWords.read(word, today: today) {
            case .tag(let tag): addingTags.append(tag)
            case .due(let day): try given.insert(.due); due = .set(day)
            case .priority(let priority): try given.insert(.priority); self.priority = .set(priority)
            case .recurrence(let recurrence): try given.insert(.recurrence); self.recurrence = .set(recurrence)
            case .clear(let field): try given.insert(field); clear(field)
            case .text(let text): kept.append(text)
            }
        }
        if let tag = addingTags.first(where: { added in removingTags.contains { TodoPlan.sameTag($0, added) } }) {
            throw .addedAndTakenAway(tag)
        }
        let title = kept.joined(separator: " ")
        self.title = TodoItem.normalizedTitle(title) == nil ? nil : title
    }

    private mutating func clear(_ field: TitleWords.PlanField) {
        switch field {
        case .due: due = .clear
        case .priority: priority = .clear
        case .recurrence: recurrence = .clear
        }
    }

    /// Whether the edit changes the title and nothing else: a rename.
    public var isRename: Bool {
        title != nil && addingTags.isEmpty && removingTags.isEmpty && due == .keep && priority == .keep && recurrence == .keep
    }
}
