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
