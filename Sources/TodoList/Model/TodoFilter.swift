import Dates

/// Which items a list shows: every condition must hold. An empty filter shows everything.
public struct TodoFilter: Sendable, Equatable {
    /// When a to-do is due, against today; a finished item passes none.
    public enum Due: Sendable, Equatable {
        /// Due before today.
        case overdue
        /// Due today, or overdue.
        case today
        /// Due within the next seven days (today and the six after it), or overdue.
        case week
    }

    /// Tags the item has, each whatever its case.
    public var tags: [String]
    /// Tags the item has not.
    public var withoutTags: [String]
    public var priority: Priority?
    public var due: Due?

    public init(tags: [String] = [], withoutTags: [String] = [], priority: Priority? = nil, due: Due? = nil) {
        self.tags = tags
        self.withoutTags = withoutTags
        self.priority = priority
        self.due = due
    }

    public static let everything = TodoFilter()

    public var isEverything: Bool { self == .everything }

    /// Whether `item` passes, counting due dates from `today`.
    public func shows(_ item: TodoItem, today: CalendarDate) -> Bool {
        guard tags.allSatisfy(item.plan.has(tag:)), !withoutTags.contains(where: item.plan.has(tag:)),
              priority == nil || item.plan.priority == priority else { return false }
        guard let due else { return true }
        // A finished item is due no more: overdue, today and week are what is left to do.
        guard !item.isFinished, let itemDue = item.plan.due else { return false }
        switch due {
        case .overdue: return itemDue < today
        case .today: return itemDue <= today
        case .week: return today.adding(days: 7).map { itemDue < $0 } ?? true
        }
    }
}

extension Todos {
    /// To do in `order`, filtered, then Finished in its own order, filtered.
    public func shown(_ filter: TodoFilter, in order: TodoOrder, today: CalendarDate) -> (todo: [TodoItem], finished: [TodoItem]) {
        let todo = filter.isEverything ? unfinished : unfinished.filter { filter.shows($0, today: today) }
        let finished = filter.isEverything ? finished : finished.filter { filter.shows($0, today: today) }
        return (Self.sorted(todo, order), finished)
    }

    /// Items in `order`: by due date, soonest first and undated last, then by priority; or by
    /// priority, then by due date. Items that tie keep the order they had. Each item's key is
    /// made once, not at each of the million comparisons a sort of 100,000 makes.
    static func sorted(_ items: [TodoItem], _ order: TodoOrder) -> [TodoItem] {
        let keys: [(Int, Int)]
        switch order {
        case .added: return items
        case .due: keys = items.map { (dayNumber($0.plan.due), rank($0.plan.priority)) }
        case .priority: keys = items.map { (rank($0.plan.priority), dayNumber($0.plan.due)) }
        }
        return items.indices.sorted { (keys[$0].0, keys[$0].1, $0) < (keys[$1].0, keys[$1].1, $1) }.map { items[$0] }
    }

    /// Soonest due first, undated last.
    private static func dayNumber(_ due: CalendarDate?) -> Int {
        due?.dayNumber ?? Int.max
    }

    /// High, medium, low, none.
    private static func rank(_ priority: Priority?) -> Int {
        priority.flatMap { Priority.allCases.firstIndex(of: $0) } ?? Priority.allCases.count
    }
}
