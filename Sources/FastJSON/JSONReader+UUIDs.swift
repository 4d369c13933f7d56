#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// UUIDs as `uuidString` writes them, read eight digits at a time: a store reads one for each
/// of its items.
extension JSONReader {
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
        // A UUID is its 16 bytes and nothing else; its initializer, which takes them as 16
        // arguments and is not inlined, cost a third as much as reading the digits.
        let bytes: uuid_t = (Self.byte(a, 0), Self.byte(a, 1), Self.byte(a, 2), Self.byte(a, 3),
                             Self.byte(b, 0), Self.byte(b, 1), Self.byte(b, 2), Self.byte(b, 3),
                             Self.byte(c, 0), Self.byte(c, 1), Self.byte(c, 2), Self.byte(c, 3),
                             Self.byte(d, 0), Self.byte(d, 1), Self.byte(d, 2), Self.byte(d, 3))
        return unsafeBitCast(bytes, to: UUID.self)
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
}
