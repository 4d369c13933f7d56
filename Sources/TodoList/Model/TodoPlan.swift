import Dates

/// How much a to-do matters, as Taskwarrior and todo.txt rank it: high, medium or low.
public enum Priority: String, Sendable, CaseIterable {
    case high = "H", medium = "M", low = "L"
}

/// How often a to-do comes back once it is checked.
public enum Recurrence: String, Sendable, CaseIterable {
    case daily, weekly, monthly, yearly

    /// The day `count` periods after `day`. Months are counted from `day`: a month after the
    /// 31st is the month's last day, and two months after it the 31st again. Nil past the
    /// calendar's end.
    public func day(_ count: Int, periodsAfter day: CalendarDate) -> CalendarDate? {
        switch self {
        case .daily: day.adding(days: count)
        case .weekly: day.adding(days: 7 * count)
        case .monthly: day.adding(months: count)
        case .yearly: day.adding(months: 12 * count)
        }
    }

    /// Those of `days` this repeat comes to after `start`, counted from it: a whole number of
    /// periods on. Two repeats with one title and plan are told apart by their days.
    public func days(among days: Set<CalendarDate>, after start: CalendarDate) -> [CalendarDate] {
        switch self {
        case .daily: return days.filter { $0 > start }
        case .weekly: return days.filter { $0 > start && start.days(to: $0) % 7 == 0 }
        case .monthly, .yearly:
            // Which days a month's end shortens, only counting from `start` knows: one count,
            // however many days are asked about.
            guard let last = days.max() else { return [] }
            var found: [CalendarDate] = []
            var count = 1
            while let day = day(count, periodsAfter: start), day <= last {
                if days.contains(day) { found.append(day) }
                count += 1
            }
            return found
        }
    }
}

/// What planning gives a to-do beside its title.
public struct TodoPlan: Sendable, Equatable {
    /// As typed, each once: two that differ only in case are one tag.
    public var tags: [String]
    public var due: CalendarDate?
    public var priority: Priority?
    /// Only with a due date: the repeat is counted from it.
    public var recurrence: Recurrence?

    @inlinable
    public init(tags: [String] = [], due: CalendarDate? = nil, priority: Priority? = nil, recurrence: Recurrence? = nil) {
        self.tags = tags
        self.due = due
        self.priority = priority
        self.recurrence = recurrence
    }

    /// A plan with nothing in it: a to-do as the seed's list has them.
    public static let none = TodoPlan()

    /// Whether nothing is planned: asked of every item a check reads, so without comparing lists.
    @inlinable public var isEmpty: Bool { tags.isEmpty && due == nil && priority == nil && recurrence == nil }

    /// Whether it has the tag, whatever its case.
    public func has(tag: String) -> Bool {
        tags.contains { Self.sameTag($0, tag) }
    }

    /// Adds the tag unless it has it already, in whatever case.
    public mutating func add(tag: String) {
        if !has(tag: tag) { tags.append(tag) }
    }

    mutating func remove(tag: String) {
        tags.removeAll { Self.sameTag($0, tag) }
    }

    static func sameTag(_ one: String, _ other: String) -> Bool {
        tagKey(one) == tagKey(other)
    }

    /// What every spelling of one tag has in common, whatever its case: the tag in small letters,
    /// Greek's final ς as the σ it is, as lowercasing a capital Σ gives σ wherever it stands.
    public static func tagKey(_ tag: String) -> String {
        tag.lowercased().replacing("ς", with: "σ")
    }

    /// Refuses a plan the list cannot keep: a repeat with no due date to count from, a tag that
    /// could not be typed, a tag given twice.
    public func check() throws(TodoError) {
        guard recurrence == nil || due != nil else { throw .repeatWithoutDue }
        if let tag = tags.first(where: { !Self.isTag($0) }) { throw .notATag(tag) }
        var seen = Set<String>()
        if let tag = tags.first(where: { !seen.insert($0.lowercased()).inserted }) { throw .tagTwice(tag) }
    }

    /// Whether a tag could be typed so: a letter, then letters, digits, `-` or `_`.
    public static func isTag(_ text: some StringProtocol) -> Bool {
        guard let first = text.first, first.isLetter else { return false }
        return text.dropFirst().allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
}
