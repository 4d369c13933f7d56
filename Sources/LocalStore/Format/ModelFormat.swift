import FastJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListEngine
import TodoList
import UserList

// The lists as the store file and the journal write them: keys in sorted order, optional
// values left out when absent, as Foundation's JSONEncoder would write the same values.
// Readers take any order and skip keys they do not know; `Specs/store-format.md` gives each key.

extension HistoryStep {
    init(json: inout JSONReader) throws {
        var step: HistoryStep?
        try json.readObject { json, key in
            guard step == nil else { throw json.error(expected: "one change in an undo step") }
            switch key {
            case "people": step = .people(try PeopleStep(json: &json))
            case "todos": step = .todos(try TodoStep(json: &json))
            default: throw json.error(expected: "\"todos\" or \"people\"")
            }
        }
        self = try json.required(step, "todos")
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            switch self {
            case .people(let step):
                json.key("people")
                step.write(to: &json)
            case .todos(let step):
                json.key("todos")
                step.write(to: &json)
            }
        }
    }
}

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

extension JSONWriter {
    /// Writes `key` and the value when there is one, and nothing when there is none.
    mutating func optional<Value>(_ key: StaticString, _ value: Value?, _ write: (inout JSONWriter, Value) -> Void) {
        guard let value else { return }
        self.key(key)
        write(&self, value)
    }
}
