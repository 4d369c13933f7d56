#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dates

/// Where the list's view-models get what changes from one moment to the next: ids for new
/// items, the time a change is made, and today, which due dates count from. Injected, so that a
/// test, or `todo --today`, says what they are.
public struct ListClock: Sendable {
    /// An id for each new item: a fresh UUID, or one a test counts.
    public let newID: @Sendable () -> UUID
    /// The moment a change is made, kept as when an item was added or checked.
    public let now: @Sendable () -> Date
    /// The day due dates and repeats count from, where the user is.
    public let today: @Sendable () -> CalendarDate

    public init(newID: @escaping @Sendable () -> UUID, now: @escaping @Sendable () -> Date,
                today: @escaping @Sendable () -> CalendarDate) {
        self.newID = newID
        self.now = now
        self.today = today
    }

    /// Ids, the time to the second, and today as the system gives them, today in the system's
    /// time zone.
    public static let system = ListClock(today: {
        LocalZone.system.day(of: Date()) ?? CalendarDate(year: 9999, month: 12, day: 31)!
    })

    /// Ids and the time as the system gives them, the time to the second, and `today` for today.
    public init(today: @escaping @Sendable () -> CalendarDate) {
        self.init(newID: UUID.init, now: { Date(timeIntervalSinceReferenceDate: Date().timeIntervalSinceReferenceDate.rounded(.down)) },
                  today: today)
    }

    /// What a check of `items` needs: the time, today, and an id for each of them that repeats,
    /// for the new to-do it brings back.
    func checking(_ items: [TodoItem]) -> Checking {
        let repeating = items.filter { $0.plan.recurrence != nil }.map(\.id)
        return Checking(at: now(), today: today(), repeatIDs: Dictionary(repeating.map { ($0, newID()) }) { first, _ in first })
    }
}
