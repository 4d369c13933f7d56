import Dates
import Foundation
import Testing

/// The zone days are counted in, read without Foundation's time-zone data.
@Suite("The time zone a person's days are in")
struct LocalZoneTests {
    private let lateEvening = Date(rfc3339: "2026-11-23T02:30:00Z")!

    @Test("Today is the calendar day in the user's time zone, not in UTC")
    func todayInATimeZone() {
        #expect(LocalZone.fixed(secondsEast: -5 * 3600).day(of: lateEvening)?.iso == "2026-11-22")
        #expect(LocalZone.fixed(secondsEast: 0).day(of: lateEvening)?.iso == "2026-11-23")
        #expect(LocalZone.fixed(secondsEast: 14 * 3600).day(of: lateEvening)?.iso == "2026-11-23")
    }

    @Test("A day starts at midnight on the zone's clock", arguments: [-5 * 3600, 0, 5 * 3600 + 1800, 14 * 3600])
    func startOfADay(secondsEast: Int) throws {
        let zone = LocalZone.fixed(secondsEast: secondsEast)
        let day = try #require(CalendarDate(year: 2026, month: 12, day: 1))

        let start = zone.start(of: day)

        #expect(start.timeIntervalSince1970 == Double(day.dayNumber * 86_400 - secondsEast))
        #expect(zone.day(of: start) == day)
        #expect(zone.day(of: start.addingTimeInterval(-1)) == day.adding(days: -1))
    }

    @Test("The system's zone is the one Foundation reads from TZ and /etc/localtime")
    func systemZone() {
        for moment in [lateEvening, Date(rfc3339: "2026-07-01T12:00:00Z")!, Date()] {
            #expect(LocalZone.system.offset(at: moment) == TimeZone.current.secondsFromGMT(for: moment))
        }
    }
}
