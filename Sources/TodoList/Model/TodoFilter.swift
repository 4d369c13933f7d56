import Dates

/// Which items a list shows: every condition must hold. An empty filter shows everything.
public struct TodoFilter: Sendable, Equatable {
    /// When an item is due, against today.
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
        guard let itemDue = item.plan.due else { return false }
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

    /// Items in `order`; items that tie keep the order they had.
    static func sorted(_ items: [TodoItem], _ order: TodoOrder) -> [TodoItem] {
        switch order {
        case .added:
            return items
        case .due:
            return items.enumerated().sorted { a, b in
                Self.key(due: a.element, a.offset).lexicographicallyPrecedes(Self.key(due: b.element, b.offset))
            }.map(\.element)
        case .priority:
            return items.enumerated().sorted { a, b in
                Self.key(priority: a.element, a.offset).lexicographicallyPrecedes(Self.key(priority: b.element, b.offset))
            }.map(\.element)
        }
    }

    /// Soonest due first, undated last; then by priority; then as they stood.
    private static func key(due item: TodoItem, _ offset: Int) -> [Int] {
        [item.plan.due?.dayNumber ?? Int.max, rank(item.plan.priority), offset]
    }

    /// High, medium, low, none; then soonest due, undated last; then as they stood.
    private static func key(priority item: TodoItem, _ offset: Int) -> [Int] {
        [rank(item.plan.priority), item.plan.due?.dayNumber ?? Int.max, offset]
    }

    private static func rank(_ priority: Priority?) -> Int {
        priority.flatMap { Priority.allCases.firstIndex(of: $0) } ?? Priority.allCases.count
    }
}
