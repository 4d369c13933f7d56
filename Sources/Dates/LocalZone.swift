#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The time zone a person's days are in: what day it is, when a day starts, and how far a
/// moment's clock time is from UTC. The system's is read as the C library reads it (`TZ`, else
/// `/etc/localtime`): Foundation's own time zones need its international data, which `todo`
/// does not load, and without which every zone is UTC. A fixed offset is for tests.
public struct LocalZone: Sendable, Equatable {
    private enum Kind: Sendable, Equatable {
        case system
        case fixed(secondsEast: Int)
    }

    private let kind: Kind

    /// The zone of this computer, or of `TZ`.
    public static let system = LocalZone(kind: .system)

    /// A zone always `seconds` east of UTC (negative to the west): New York in November is -18000.
    /// Less than a day either way, as every zone on Earth is.
    public static func fixed(secondsEast seconds: Int) -> LocalZone {
        precondition(seconds.magnitude < 86_400, "a zone is less than a day from UTC")
        return LocalZone(kind: .fixed(secondsEast: seconds))
    }

    /// The C library reads `TZ` once it is told to.
    private static let prepared: Void = tzset()

    /// How many seconds the clock here is ahead of UTC at `moment`.
    public func offset(at moment: Date) -> Int {
        switch kind {
        case .fixed(let seconds):
            return seconds
        case .system:
            _ = Self.prepared
            // A moment past what time_t holds has no offset to ask for.
            guard var time = time_t(exactly: moment.timeIntervalSince1970.rounded(.down)) else { return 0 }
            var parts = tm()
            guard localtime_r(&time, &parts) != nil else { return 0 }
            return Int(parts.tm_gmtoff)
        }
    }

    /// The day it is here at `moment`; nil outside the years 1 to 9999.
    public func day(of moment: Date) -> CalendarDate? {
        let seconds = moment.timeIntervalSince1970.rounded(.down)
        guard seconds.magnitude < 1e12 else { return nil }
        let local = Int(seconds) + offset(at: moment)
        return CalendarDate(dayNumber: local.dividedRoundingDown(by: 86_400))
    }

    /// The moment `day` starts here: its midnight, or where the clocks jump from midnight to
    /// a later hour (Havana's in March), the jump, as that day has no midnight.
    public func start(of day: CalendarDate) -> Date {
        let midnight = Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400)
        // The offset at the start of the day, which the offset at UTC's midnight finds, unless
        // the clocks change in between.
        let guess = midnight.addingTimeInterval(Double(-offset(at: midnight)))
        let found = midnight.addingTimeInterval(Double(-offset(at: guess)))
        // Still the day before: the clocks jumped over midnight, at the moment the offset
        // before the jump gives it.
        guard self.day(of: found) != day else { return found }
        return midnight.addingTimeInterval(Double(-offset(at: found)))
    }
}
