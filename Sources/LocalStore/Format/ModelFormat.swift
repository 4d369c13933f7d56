import Dates
import FastJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListEngine
import TodoList
import UserList

// The values the records of the store's files are made of, as they are read and written.

extension CalendarDate {
    init(json: inout JSONReader) throws {
        guard let date = CalendarDate(iso: try json.readString()) else {
            throw json.error(expected: "a day written YYYY-MM-DD")
        }
        self = date
    }
}

extension JSONReader {
    /// A string, or nil for `null`.
    mutating func readOptionalString() throws -> String? {
        try readNull() ? nil : readString()
    }

    /// One of the raw values of `Kind`.
    mutating func readEnum<Kind: RawRepresentable & CaseIterable>(_ kind: Kind.Type) throws -> Kind where Kind.RawValue == String {
        let text = try readString()
        guard let value = Kind(rawValue: text) else {
            throw error(expected: "one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}

/// A moment written as RFC 3339 text (`2026-11-25T18:28:24Z`).
func readMoment(_ json: inout JSONReader) throws -> Date {
    guard let moment = Date(rfc3339: try json.readString()) else {
        throw json.error(expected: "a time written as RFC 3339, in the years 1 to 9999")
    }
    return moment
}

/// A moment as RFC 3339 text, or, as formats before 7 wrote a person's `addedAt`, a number of
/// seconds since 2001-01-01.
func readMomentOrSeconds(_ json: inout JSONReader) throws -> Date {
    guard let seconds = json.attempt({ try $0.readDouble() }) else { return try readMoment(&json) }
    // Out of the years a time is written in, it would be written as the nearest end of them.
    let moment = Date(timeIntervalSinceReferenceDate: seconds)
    guard Date.inRFC3339.contains(moment) else { throw json.error(expected: "a number of seconds since 2001 in the years 1 to 9999") }
    return moment
}

extension JSONWriter {
    /// Writes a moment as RFC 3339 text in UTC; one outside the years 1 to 9999, which no clock
    /// gives, as the nearest end of them, so that what is written always reads.
    mutating func moment(_ moment: Date) {
        string(min(max(moment, Date.inRFC3339.lowerBound), Date.inRFC3339.upperBound).rfc3339() ?? "")
    }
}
