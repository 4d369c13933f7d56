import Dates
import Foundation
import TodoList

/// Ids 1, 2, 3… written as UUIDs, so a test can name an item's id without storing it.
public func id(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!
}

/// Hands out ids 1, 2, 3… in order, as the app's random ones would be handed out.
public final class SequentialIDs: @unchecked Sendable {
    private var next: Int

    public init(startingAt first: Int = 1) {
        next = first
    }

    public func callAsFunction() -> UUID {
        defer { next += 1 }
        return id(next)
    }
}

/// A clock for the list's view-models whose ids run from `firstID`, whose time stands still at
/// `now`, and whose today is `today`: what a test says, and nothing else.
public func testClock(firstID: Int = 100, now: Date = testNow, today: CalendarDate = testToday) -> ListClock {
    let ids = SequentialIDs(startingAt: firstID)
    return ListClock(newID: { ids() }, now: { now }, today: { today })
}

/// The moment a test clock stands still at: Wednesday 25 November 2026, 09:00 UTC.
public let testNow = Date(timeIntervalSinceReferenceDate: 817_290_000)
/// The day a test clock says it is.
public let testToday = CalendarDate(year: 2026, month: 11, day: 25)!
