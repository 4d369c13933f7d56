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
    // Internal, not private, for the string reading in JSONReader+Strings.swift; usable from
    // inlined code, for `attempt` and `readLiteral`, which are inlined into the readers of a store.
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline var position = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
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
    /// whatever follows it is not looked at. For picking whole values out of damaged text.
    public static func read<Value>(_ data: Data, from offset: Int, _ body: (inout JSONReader) throws -> Value) throws
        -> (value: Value, end: Int) {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
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

    /// A string, its escapes undone. Bytes that are not UTF-8 are an error, not replaced.
    public mutating func readString() throws -> String {
        try expect(UInt8(ascii: "\""), "a string")
        let start = position
        var isASCII = true
        while position < bytes.count {
            if bytes.count - position >= 8, !Self.mayEndOrEscape(eightBytes(at: position)) {
                position += 8
                continue
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return try string(from: text, isASCII: isASCII, at: start)
            }
            if byte == UInt8(ascii: "\\") {
                return try readEscapedString(from: start)
            }
            guard byte >= 0x20 else { throw error(expected: "a control character to be escaped") }
            isASCII = isASCII && byte < 0x80
            position += 1
        }
        throw error(expected: "the end of the string")
    }

    private func eightBytes(at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    /// Says whether any of eight bytes is a quote, a backslash, a control character or not
    /// ASCII: a string's plain stretches are passed over eight bytes at a time.
    @inline(__always)
    private static func mayEndOrEscape(_ text: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, high = ones &* 0x80
        // A byte is below `bound` (at most 0x80) or zero: the test is exact for the word as a whole.
        func anyBelow(_ bound: UInt64, _ bytes: UInt64) -> UInt64 { (bytes &- (ones &* bound)) & ~bytes & high }
        let quote = anyBelow(1, text ^ (ones &* 0x22)), backslash = anyBelow(1, text ^ (ones &* 0x5C))
        return (quote | backslash | anyBelow(0x20, text) | text & high) != 0
    }

    /// A UUID written as a string, `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, in either case.
    public mutating func readUUID() throws -> UUID {
        let start = position
        try expect(UInt8(ascii: "\""), "a UUID")
        guard bytes.count - position >= 37, bytes[position + 36] == UInt8(ascii: "\""),
              bytes[position + 8] == UInt8(ascii: "-"), bytes[position + 13] == UInt8(ascii: "-"),
              bytes[position + 18] == UInt8(ascii: "-"), bytes[position + 23] == UInt8(ascii: "-") else {
            position = start
            throw error(expected: "a UUID")
        }
        let text = UnsafeRawPointer(bytes.baseAddress! + position)
        func eight(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        func fourAndFour(_ first: Int, _ second: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: text.loadUnaligned(fromByteOffset: first, as: UInt32.self)))
                | UInt64(UInt32(littleEndian: text.loadUnaligned(fromByteOffset: second, as: UInt32.self))) << 32
        }
        guard let a = Self.hexPairs(eight(0)), let b = Self.hexPairs(fourAndFour(9, 14)),
              let c = Self.hexPairs(fourAndFour(19, 24)), let d = Self.hexPairs(eight(28)) else {
            position = start
            throw error(expected: "a UUID")
        }
        position += 37
        return UUID(uuid: (Self.byte(a, 0), Self.byte(a, 1), Self.byte(a, 2), Self.byte(a, 3),
                           Self.byte(b, 0), Self.byte(b, 1), Self.byte(b, 2), Self.byte(b, 3),
                           Self.byte(c, 0), Self.byte(c, 1), Self.byte(c, 2), Self.byte(c, 3),
                           Self.byte(d, 0), Self.byte(d, 1), Self.byte(d, 2), Self.byte(d, 3)))
    }

    /// Eight hexadecimal digits, the first in the low byte of `text`, as the four bytes they
    /// write, each in the low byte of a 16-bit lane; nil when any byte is no such digit. All
    /// eight are looked at at once: a store reads a UUID for each of its items.
    @inline(__always)
    private static func hexPairs(_ text: UInt64) -> UInt64? {
        let ones: UInt64 = 0x0101_0101_0101_0101, high = ones &* 0x80
        guard text & high == 0 else { return nil }
        // With every high bit clear, a byte's high bit is set here exactly when the byte is at
        // least `bound`, and no byte borrows from the next.
        func atLeast(_ bound: UInt64, _ bytes: UInt64) -> UInt64 { ((bytes | high) &- (ones &* bound)) & high }
        let isDigit = atLeast(0x30, text) & ~atLeast(0x3A, text)
        let lowercase = text | (ones &* 0x20)
        let isLetter = atLeast(0x61, lowercase) & ~atLeast(0x67, lowercase)
        guard isDigit | isLetter == high else { return nil }
        let values = (text & (ones &* 0x0F)) &+ (isLetter >> 7) &* 9
        let evenBytes: UInt64 = 0x00FF_00FF_00FF_00FF
        return (values & evenBytes) << 4 | (values >> 8) & evenBytes
    }

    @inline(__always)
    private static func byte(_ pairs: UInt64, _ index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: pairs >> (16 * index))
    }

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
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        /// Counted from 0, in bytes.
        public let offset: Int
        public let expected: String

        public var description: String { "expected \(expected) at byte \(offset)" }
    }

    /// An error at the current position: for a caller whose value read as JSON but is not one it takes.
    public func error(expected: String) -> Error {
        Error(offset: position, expected: expected)
    }

    // MARK: - Private

    private static let maximumDepth = 512

    private mutating func skipValue(depth: Int) throws {
        guard depth < Self.maximumDepth else { throw error(expected: "less deeply nested values") }
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
    private mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws {
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

    /// Reads `literal` when the bytes at the reader are exactly it, and says whether they were.
    /// Up to 16 bytes are compared as two words, which may overlap.
    @inlinable @inline(__always)
    public mutating func readLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        let text = UnsafeRawPointer(bytes.baseAddress! + position), expected = UnsafeRawPointer(literal.utf8Start)
        if count >= 8 && count <= 16 {
            guard text.loadUnaligned(as: UInt64.self) == expected.loadUnaligned(as: UInt64.self),
                  text.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == expected.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) else { return false }
        } else {
            guard memcmp(text, expected, count) == 0 else { return false }
        }
        position += count
        return true
    }
}
