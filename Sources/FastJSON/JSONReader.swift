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

/// Reads JSON from bytes in one pass, straight into the caller's values: the caller asks for
/// the kind of value it expects next, and gets it or an error saying where the text went wrong.
///
/// It is strict where JSON is (no comments, no trailing commas, no leading zeros, no raw control
/// characters in strings, only UTF-8), so that whatever it accepts, any JSON library accepts.
/// Keys the caller does not know are skipped, as Foundation's decoder skips them.
///
/// It points into the bytes it reads, so it is only lent to the body of `read(_:_:)`, and it
/// cannot be copied: no reader outlives its bytes.
public struct JSONReader: ~Copyable {
    // Internal, not private, for the strings and UUIDs read in the files beside this one; usable
    // from inlined code, for `attempt` and `readLiteral`, which are inlined into a store's reader.
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline var position = 0
    /// How deep a value passed over may nest.
    private let depthLimit: Int

    private init(_ bytes: UnsafeBufferPointer<UInt8>, depthLimit: Int = maximumDepth) {
        self.bytes = bytes
        self.depthLimit = depthLimit
    }

    /// Reads `data` as one JSON value with `body`, and checks that nothing but white space surrounds it.
    /// A byte-order mark before the text, which some editors add, is passed over, as Foundation's
    /// readers pass it over.
    public static func read<Value>(_ data: Data, _ body: (inout JSONReader) throws -> Value) throws -> Value {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                reader.position = 3
            }
            reader.skipWhiteSpace()
            let value = try body(&reader)
            reader.skipWhiteSpace()
            guard reader.position == reader.bytes.count else { throw reader.error(expected: "the end of the text") }
            return value
        }
    }

    /// Reads one JSON value that starts at byte `offset` of `data`, and says where it ends;
    /// whatever follows it is not looked at. For picking whole values out of damaged text, which
    /// tries at every brace of values nested a million deep: a value it passes over may nest
    /// `depthLimit` deep, so that each try stops soon.
    public static func read<Value>(_ data: Data, from offset: Int, depthLimit: Int = maximumDepth,
                                   _ body: (inout JSONReader) throws -> Value) throws -> (value: Value, end: Int) {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self), depthLimit: depthLimit)
            reader.position = min(max(offset, 0), reader.bytes.count)
            let value = try body(&reader)
            return (value, reader.position)
        }
    }

    // MARK: - Objects and arrays

    /// Reads an object, calling `field` once for each key with the reader at its value, which
    /// `field` must read (or skip) whatever the key.
    public mutating func readObject(_ field: (inout JSONReader, String) throws -> Void) throws {
        try readMembers { json in
            let key = try json.readString()
            try json.expectColon(afterKey: key)
            try field(&json, key)
        }
    }

    /// `{`, the members `member` reads (each from its key to the end of its value), then `}`.
    mutating func readMembers(_ member: (inout JSONReader) throws -> Void) throws {
        try expect(UInt8(ascii: "{"), "an object")
        skipWhiteSpace()
        if try peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            skipWhiteSpace()
            try member(&self)
            skipWhiteSpace()
            if try next(UInt8(ascii: "}"), or: UInt8(ascii: ","), "a comma or the end of the object") { return }
        }
    }

    mutating func expectColon(afterKey key: @autoclosure () -> String) throws {
        skipWhiteSpace()
        try expect(UInt8(ascii: ":"), "a colon after the key \"\(key())\"")
        skipWhiteSpace()
    }

    /// Reads an array, calling `element` once for each of its values, with the reader at it.
    public mutating func readArray(_ element: (inout JSONReader) throws -> Void) throws {
        try expect(UInt8(ascii: "["), "an array")
        skipWhiteSpace()
        if try peek() == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            skipWhiteSpace()
            try element(&self)
            skipWhiteSpace()
            if try next(UInt8(ascii: "]"), or: UInt8(ascii: ","), "a comma or the end of the array") { return }
        }
    }

    /// Reads an array whose values `element` turns into one value each.
    @inlinable
    public mutating func readArray<Element>(of element: (inout JSONReader) throws -> Element) throws -> [Element] {
        var elements: [Element] = []
        try readArray { elements.append(try element(&$0)) }
        return elements
    }

    /// Where the reader is, in bytes from the start: a place to come back to with `move(to:)`.
    @inlinable
    public var offset: Int { position }

    /// Puts the reader at `offset`, a place it was before: for reading the values of an object
    /// in another order than they stand in.
    @inlinable
    public mutating func move(to offset: Int) {
        position = min(max(offset, 0), bytes.count)
    }

    /// What `shortcut` reads, or nil with the reader back where it was when it gives nil or throws.
    /// For reading text as one writer writes it, byte for byte, and leaving anything else, and
    /// what is wrong with it, to the full reading of the same bytes.
    @inlinable
    public mutating func attempt<Value>(_ shortcut: (inout JSONReader) throws -> Value?) -> Value? {
        let start = position
        if let value = try? shortcut(&self) { return value }
        position = start
        return nil
    }

    /// `value`, or an error saying the object being read has no `key`.
    @inlinable
    public func required<Value>(_ value: Value?, _ key: String) throws -> Value {
        guard let value else { throw error(expected: "the key \"\(key)\" before the end of the object") }
        return value
    }

    // MARK: - Values

    public mutating func readBool() throws -> Bool {
        if readLiteral("true") { return true }
        if readLiteral("false") { return false }
        throw error(expected: "true or false")
    }

    /// Reads `null` and says true, or says false and reads nothing.
    public mutating func readNull() -> Bool {
        readLiteral("null")
    }

    /// Reads a value of any kind and drops it, checking it is valid JSON all the same.
    public mutating func skipValue() throws {
        try skipValue(depth: 0)
    }

    // MARK: - Errors

    /// Where the text stops being what was expected, and what was.
    public struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        /// Counted from 0, in bytes.
        public let offset: Int
        public let expected: String

        public init(offset: Int, expected: String) {
            self.offset = offset
            self.expected = expected
        }

        public var description: String { "expected \(expected) at byte \(offset)" }
    }

    /// An error at the current position: for a caller whose value read as JSON but is not one it takes.
    public func error(expected: String) -> Error {
        Error(offset: position, expected: expected)
    }

    // MARK: - Private

    /// How deep a value passed over may nest, unless a reader is told otherwise.
    public static let maximumDepth = 512

    private mutating func skipValue(depth: Int) throws {
        guard depth < depthLimit else { throw error(expected: "values nested no deeper than \(depthLimit)") }
        switch try peek() {
        case UInt8(ascii: "{"): try readObject { reader, _ in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try readArray { try $0.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try readString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"):
            guard readNull() else { throw error(expected: "null") }
        default: _ = try numberToken()
        }
    }

    mutating func skipWhiteSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    private func peek() throws -> UInt8 {
        guard position < bytes.count else { throw error(expected: "a value before the end of the text") }
        return bytes[position]
    }

    /// `what` is only worked out for the error: most keys are read without it.
    mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws {
        guard position < bytes.count, bytes[position] == byte else { throw error(expected: what()) }
        position += 1
    }

    /// Reads `end` and says true, or reads `separator` and says false.
    private mutating func next(_ end: UInt8, or separator: UInt8, _ what: String) throws -> Bool {
        guard position < bytes.count, bytes[position] == end || bytes[position] == separator else {
            throw error(expected: what)
        }
        position += 1
        return bytes[position - 1] == end
    }

    /// Reads `literal` when the bytes at the reader are exactly it, and says whether they were:
    /// text made at run time, such as a key and its colon, or written in the code. Up to 16 bytes
    /// are compared as two words, which may overlap.
    @inlinable @inline(__always)
    public mutating func readLiteral(_ literal: UnsafeRawBufferPointer) -> Bool {
        let count = literal.count
        // The reader is never past its bytes, and a literal is a few bytes: nothing here overflows.
        guard bytes.count &- position >= count, let expected = literal.baseAddress else { return false }
        let text = UnsafeRawPointer(bytes.baseAddress! + position)
        if count >= 8 && count <= 16 {
            guard text.loadUnaligned(as: UInt64.self) == expected.loadUnaligned(as: UInt64.self),
                  text.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == expected.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) else { return false }
        } else {
            guard memcmp(text, expected, count) == 0 else { return false }
        }
        position &+= count
        return true
    }

    /// Reads `literal` when the bytes at the reader are exactly it, and says whether they were.
    @inlinable @inline(__always)
    public mutating func readLiteral(_ literal: StaticString) -> Bool {
        readLiteral(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
