#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Objects whose keys the caller knows: a store's thousands of to-dos, read without making a
// string of each key.

extension JSONReader {
    /// The keys of objects a caller reads by the thousand, prepared once: each as bytes, and as
    /// the writer writes it, quoted and followed by its colon.
    public struct Keys: Sendable {
        let names: [[UInt8]]
        let written: [[UInt8]]

        public init(_ keys: [String]) {
            names = keys.map { Array($0.utf8) }
            written = keys.map { Array("\"\($0)\":".utf8) }
        }
    }

    /// Reads an object whose keys the caller knows: `field` gets the index in `keys` of each key,
    /// or nil for any other, with the reader at its value. The key after the one just read is
    /// looked for first, as it is written (`"title":`), which is how a store that todo wrote,
    /// keys in order, reads fastest; any other key written without escapes is compared as
    /// bytes, and the rest read as `readString()` reads them, errors and all.
    public mutating func readObject(keys: Keys, _ field: (inout JSONReader, Int?) throws -> Void) throws {
        var next = 0
        try readMembers { json in
            let index: Int?
            if next < keys.written.count, json.skip(keys.written[next]) {
                index = next
                json.skipWhiteSpace()
            } else {
                let start = json.position
                index = try json.readKey(among: keys.names)
                let bytes = json.bytes, end = json.position - 1
                try json.expectColon(afterKey: String(decoding: bytes[(start + 1)..<end], as: UTF8.self))
            }
            if let index { next = index + 1 }
            try field(&json, index)
        }
    }

    /// Passes over `literal` when the bytes at the reader are it, and says whether they were.
    private mutating func skip(_ literal: [UInt8]) -> Bool {
        guard bytes.count - position >= literal.count,
              literal.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress! + position, $0.count) }) == 0
        else { return false }
        position += literal.count
        return true
    }

    private mutating func readKey(among keys: [[UInt8]]) throws -> Int? {
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
            var end = position + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
                end += 1
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\""), let base = bytes.baseAddress {
                let count = end - position - 1
                for index in keys.indices where keys[index].count == count
                    && keys[index].withUnsafeBufferPointer({ memcmp($0.baseAddress!, base + position + 1, count) == 0 }) {
                    position = end + 1
                    return index
                }
            }
        }
        position = start
        let key = try readString()
        return keys.firstIndex { $0.elementsEqual(key.utf8) }
    }
}
