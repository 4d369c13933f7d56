import FastJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The keys of one kind of record the store's files hold: an enum whose cases are the keys, raw
/// value and all, declared in the order they are written (sorted, as JSON libraries write them
/// with sorted keys). With the record's `read` and `write`, which take and give each key in that
/// order, it is the record's table; `Specs/store-format.md` tells how to add a key.
protocol RecordKey: RawRepresentable, CaseIterable, Equatable where RawValue == String, AllCases == [Self] {}

extension RecordKey {
    /// Where the key stands among the keys, from 0. An enum of cases without values is stored as
    /// the place of its case: one byte, read here without a search (`RecordKeys` checks the
    /// size), or none at all for an enum of one case.
    @inline(__always)
    var ordinal: Int { MemoryLayout<Self>.size == 0 ? 0 : Int(unsafeBitCast(self, to: UInt8.self)) }
}

/// The bytes of every key of one record kind, `"key":` and `,"key":`, made once, when the record's
/// table is first used, and kept for as long as the program runs: what the writer writes and the
/// shortcut of the reader compares.
struct RecordKeys<Key: RecordKey>: @unchecked Sendable {
    private let literals: UnsafeMutableBufferPointer<UnsafeRawBufferPointer>

    init() {
        let cases = Key.allCases
        precondition(MemoryLayout<Key>.size <= 1 && cases.count <= 64,
                     "a record's keys are the cases of an enum without values, 64 at most: a bit each marks those read")
        assert(cases.indices.allSatisfy { cases[$0].ordinal == $0 }
               && zip(cases, cases.dropFirst()).allSatisfy { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) },
               "a record's keys are declared in sorted order")
        // Every key twice, `"key":` then `,"key":`, in one piece of memory.
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: cases.reduce(0) { $0 + 2 * $1.rawValue.utf8.count + 7 },
                                                           alignment: 1)
        literals = .allocate(capacity: 2 * cases.count)
        var offset = 0
        for key in cases {
            for pass in 0..<2 {
                let start = offset
                if pass == 1 {
                    bytes[offset] = UInt8(ascii: ",")
                    offset += 1
                }
                bytes[offset] = UInt8(ascii: "\"")
                offset += 1
                for byte in key.rawValue.utf8 {
                    bytes[offset] = byte
                    offset += 1
                }
                bytes[offset] = UInt8(ascii: "\"")
                bytes[offset + 1] = UInt8(ascii: ":")
                offset += 2
                literals[2 * key.ordinal + pass] = UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
            }
        }
    }

    /// `"key":`.
    @inline(__always)
    func literal(_ key: Key) -> UnsafeRawBufferPointer { literals[2 * key.ordinal] }

    /// `,"key":`, as a key that follows another stands.
    @inline(__always)
    func afterComma(_ key: Key) -> UnsafeRawBufferPointer { literals[2 * key.ordinal + 1] }
}

/// Whether records are read past keys todo does not know, which every reader refuses: only
/// where a repair rebuilds the most the files hold, after keeping a copy of each.
enum UnknownKeys {
    @TaskLocal static var areSkipped = false

    /// What a reader expected where it met `name`, a key the record has no place for.
    static func expected(_ name: String) -> String {
        "a key todo keeps here in place of \"\(name)\""
    }
}

extension JSONReader {
    /// Refuses the value under a key the format does not have, or passes over it where a repair
    /// reads: skipped by every reader, it would be gone from the next store file written.
    mutating func passOverUnknownKey(_ name: String) throws {
        guard UnknownKeys.areSkipped else { throw error(expected: UnknownKeys.expected(name)) }
        try skipValue()
    }

    /// Refuses `name`, a key of the object read from `start` that this record has no place for
    /// (a number where the list gives one), naming where its value starts; a repair passes over it.
    mutating func refuseKey(_ name: String, ofObjectAt start: Int) throws {
        guard !UnknownKeys.areSkipped else { return }
        let end = offset
        move(to: start)
        try readObject { json, key in
            guard key != name else { throw json.error(expected: UnknownKeys.expected(name)) }
            try json.skipValue()
        }
        move(to: end)
    }
}

/// Reads the keys of one object in the order a record's `read` asks for them, which is the order
/// of its `Key`: by a shortcut that compares each key's bytes where the object is written as
/// `todo` writes it, else from an index of where each key's value stands, whatever the order or
/// spaces. A key it does not know is refused, not skipped: the next store file, written from what
/// was read, would leave it out. A key given twice is refused: a reader of the first keys alone
/// (the head an add reads) would take the first value, where this takes the last.
struct RecordReader<Key: RecordKey> {
    private let keys: RecordKeys<Key>
    /// In the shortcut: whether a key was read yet, so the next one follows a comma.
    private var first = true
    /// In the full reading: where each key's value starts, and where the object ends. None in
    /// the shortcut, which every item of a list takes: not even an empty array to count.
    private var values: [Int?]?
    private var end = 0
    /// In the full reading: the keys `read` asked for, a bit each by ordinal.
    private var asked: UInt64 = 0

    fileprivate init(_ keys: RecordKeys<Key>) {
        self.keys = keys
    }

    private var isAsWritten: Bool { values == nil }

    /// The value under `key`, which every record has, read by `read` from the reader placed at it.
    @inline(__always)
    mutating func value<Value>(_ key: Key, _ json: inout JSONReader, _ read: (inout JSONReader) throws -> Value) throws -> Value {
        guard let value = try optional(key, &json, read) else { throw missing(key, json) }
        return value
    }

    /// Why `key` was not read: in the shortcut, only that the object is not as written. Apart
    /// from `value`, which every key of every record read runs through, so that it stays small.
    @inline(never)
    private func missing(_ key: Key, _ json: borrowing JSONReader) -> Error {
        isAsWritten ? NotAsWritten() : json.error(expected: "the key \"\(key.rawValue)\" before the end of the object")
    }

    /// The value under `key`, or nil when the object has no such key.
    @inline(__always)
    mutating func optional<Value>(_ key: Key, _ json: inout JSONReader, _ read: (inout JSONReader) throws -> Value) throws -> Value? {
        if isAsWritten {
            guard json.readLiteral(first ? keys.literal(key) : keys.afterComma(key)) else { return nil }
            first = false
            return try read(&json)
        }
        asked |= 1 << key.ordinal
        guard let start = values?[key.ordinal] ?? nil else { return nil }
        json.move(to: start)
        defer { json.move(to: end) }
        return try read(&json)
    }

    @inline(__always)
    mutating func uuid(_ key: Key, _ json: inout JSONReader) throws -> UUID {
        try value(key, &json) { try $0.readUUID() }
    }

    @inline(__always)
    mutating func int(_ key: Key, _ json: inout JSONReader) throws -> Int {
        try value(key, &json) { try $0.readInt() }
    }

    @inline(__always)
    mutating func bool(_ key: Key, _ json: inout JSONReader) throws -> Bool {
        try value(key, &json) { try $0.readBool() }
    }

    @inline(__always)
    mutating func string(_ key: Key, _ json: inout JSONReader) throws -> String {
        try value(key, &json) { try $0.readString() }
    }

    /// A string that may be missing, or `null`.
    @inline(__always)
    mutating func optionalString(_ key: Key, _ json: inout JSONReader) throws -> String? {
        try optional(key, &json) { try $0.readNull() ? nil : $0.readString() } ?? nil
    }

    /// Reads the object at the reader, and the record `body` makes of it: first by the shortcut,
    /// then, when the object is not as written (or `body` throws there), by the full reading,
    /// which says what is wrong where it is.
    @inline(__always)
    static func read<Record>(_ keys: RecordKeys<Key>, _ json: inout JSONReader,
                             _ body: (inout RecordReader, inout JSONReader) throws -> Record) throws -> Record {
        let asWritten = json.attempt { json -> Record? in
            guard json.readLiteral("{") else { return nil }
            var record = RecordReader(keys)
            let value = try body(&record, &json)
            return json.readLiteral("}") ? value : nil
        }
        if let asWritten { return asWritten }
        var record = RecordReader(keys)
        try record.index(&json)
        let value = try body(&record, &json)
        try record.refuseKeysNotAsked(&json)
        return value
    }

    /// Refuses a key of the record's table that `read` did not ask for, as a key it does not
    /// know: the record has no place for it here (a people step's `fetchProgress` in a to-do
    /// step), and it would be gone from the next store file written.
    private func refuseKeysNotAsked(_ json: inout JSONReader) throws {
        guard let values, !UnknownKeys.areSkipped else { return }
        let unasked = values.indices.compactMap { ordinal in
            values[ordinal].flatMap { asked & (1 << ordinal) == 0 ? (start: $0, key: Key.allCases[ordinal]) : nil }
        }
        guard let first = unasked.min(by: { $0.start < $1.start }) else { return }
        json.move(to: first.start)
        throw json.error(expected: UnknownKeys.expected(first.key.rawValue))
    }

    /// Reads the first keys of the object at the reader, as `todo` writes them, by the shortcut
    /// alone: what `body` makes of them, or nil when they are not as written. The reader ends
    /// after the last key `body` read, before the rest of the object.
    static func readStart<Value>(_ keys: RecordKeys<Key>, _ json: inout JSONReader,
                                 _ body: (inout RecordReader, inout JSONReader) throws -> Value) -> Value? {
        json.attempt { json -> Value? in
            guard json.readLiteral("{") else { return nil }
            var record = RecordReader(keys)
            return try body(&record, &json)
        }
    }

    /// Reads the object through, noting where each key's value starts; the reader ends past it.
    private mutating func index(_ json: inout JSONReader) throws {
        var values = [Int?](repeating: nil, count: Key.allCases.count)
        try json.readObject { json, name in
            guard let key = Key(rawValue: name) else { return try json.passOverUnknownKey(name) }
            guard values[key.ordinal] == nil else { throw json.error(expected: "the key \"\(name)\" once, not again") }
            values[key.ordinal] = json.offset
            try json.skipValue()
        }
        self.values = values
        end = json.offset
    }

    /// The shortcut met a byte that is not as `todo` writes it.
    private struct NotAsWritten: Error {}
}

extension JSONWriter {
    /// Writes `key` of a record; its value comes next.
    @inline(__always)
    mutating func key<Key>(_ key: Key, of keys: RecordKeys<Key>) {
        self.key(quoted: keys.literal(key))
    }

    /// Writes `key` and the value when there is one, and nothing when there is none: a record
    /// leaves out the keys it has no value for.
    @inline(__always)
    mutating func optional<Key, Value>(_ key: Key, of keys: RecordKeys<Key>, _ value: Value?, _ write: (inout JSONWriter, Value) -> Void) {
        guard let value else { return }
        self.key(quoted: keys.literal(key))
        write(&self, value)
    }
}

/// Reads an object of one key, which says what the value under it is (an undo step names the
/// list it changed, a journal line the change it makes); `read` reads the value for its key.
func readUnion<Key: RecordKey, Value>(_ json: inout JSONReader, _ read: (Key, inout JSONReader) throws -> Value) throws -> Value {
    var value: Value?
    try json.readObject { json, name in
        guard value == nil else { throw json.error(expected: "one key") }
        guard let key = Key(rawValue: name) else { throw json.error(expected: Key.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")) }
        value = try read(key, &json)
    }
    guard let value else { throw json.error(expected: Key.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")) }
    return value
}
