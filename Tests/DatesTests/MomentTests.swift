import Dates
import Foundation
import Testing

@Suite("Moments as RFC 3339 text")
struct MomentTests {
    @Test("A moment is written in UTC, or at an offset, and read back as the same moment",
          arguments: [(0.0, 0, "2001-01-01T00:00:00Z"), (785_500_000, 0, "2025-11-22T10:26:40Z"),
                      (785_500_000, 3600, "2025-11-22T11:26:40+01:00"), (785_500_000, -34_200, "2025-11-22T00:56:40-09:30"),
                      (-1.0, 0, "2000-12-31T23:59:59Z")])
    func written(seconds: Double, offset: Int, text: String) throws {
        let moment = Date(timeIntervalSinceReferenceDate: seconds)

        #expect(moment.rfc3339(offset: offset) == text)
        #expect(Date(rfc3339: text) == moment)
    }

    /// RFC 3339's offsets end at 23:59, and a day's offset from the moment 1e12 seconds would
    /// bring it back into the years written.
    @Test("An offset of a day or more is not written", arguments: [86_400, -86_400, Int.max, Int.min])
    func offsetOfADay(offset: Int) {
        #expect(Date(timeIntervalSinceReferenceDate: 785_500_000).rfc3339(offset: offset) == nil)
        #expect(Date(timeIntervalSinceReferenceDate: 1e12).rfc3339(offset: offset) == nil)
        #expect(Date(timeIntervalSinceReferenceDate: 785_500_000).rfc3339(offset: offset.signum() * 86_399) != nil)
    }

    @Test("A moment with a part of a second reads back as the very same moment",
          arguments: [785_500_000.125, 785_500_000.1234567, 0.5, 786_091_704.123456789])
    func fractions(seconds: Double) throws {
        let moment = Date(timeIntervalSinceReferenceDate: seconds)
        let text = try #require(moment.rfc3339())

        #expect(Date(rfc3339: text) == moment, "\(text)")
    }

    /// Near today a Date's Double holds about seven digits of the second: the part alone, taken
    /// out of it, would be written with that part's noise (.1 as .10000002384185791).
    @Test("A part of a second is written back in the fewest digits that read as the same moment",
          arguments: ["2026-11-20T10:00:00.1Z", "2026-11-20T10:00:00.123456Z", "2026-11-20T10:00:00.5Z", "2026-11-20T10:00:00.000001Z",
                      "2001-01-01T00:00:00.1234567890123Z", "1800-01-01T12:00:00.25Z", "2026-11-20T10:00:00.96Z"])
    func fewestDigits(text: String) throws {
        let moment = try #require(Date(rfc3339: text))

        #expect(moment.rfc3339() == text)
    }

    /// What is read is what can be written: a moment outside them, through its offset, is no moment.
    @Test("The first and the last second of the years 1 to 9999 in UTC read and write back",
          arguments: ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "0001-01-01T00:00:00-00:01", "9999-12-31T23:59:59+00:01"])
    func yearsOneTo9999(text: String) throws {
        let moment = try #require(Date(rfc3339: text))

        #expect(moment.rfc3339() != nil)
    }

    @Test("Anything else is no moment",
          arguments: ["", "2026-11-25", "2026-11-25T18:28:24", "2026-02-30T00:00:00Z", "2026-11-25T24:00:00Z",
                      "2026-11-25T18:28:60Z", "2026-11-25T18:60:24Z", "2026-11-25T18:28:24+1:00", "2026-11-25T18:28:24+24:00", "2026-11-25T18:28:24-05:60",
                      "2026-11-25T18:28:24.Z", "2026-11-25T18:28:24.25", "2026-11-25T18:28:24Zjunk",
                      "0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01"])
    func notAMoment(text: String) {
        #expect(Date(rfc3339: text) == nil)
    }
}
