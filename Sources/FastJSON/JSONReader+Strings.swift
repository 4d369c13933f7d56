/// Strings as JSON writes them: UTF-8 checked, escapes (`\n`, `\u00e9`, surrogate pairs)
/// turned back into the characters they stand for.
extension JSONReader {
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

    func string(from text: UnsafeBufferPointer<UInt8>, isASCII: Bool, at start: Int) throws -> String {
        let string = String(decoding: text, as: UTF8.self)
        // Decoding replaces bytes that are not UTF-8; then the string no longer has the same bytes.
        guard isASCII || string.utf8.elementsEqual(text) else {
            throw Error(offset: start, expected: "UTF-8 text")
        }
        return string
    }

    /// The rest of a string that holds an escape, from its first byte at `start`.
    mutating func readEscapedString(from start: Int) throws -> String {
        var unescaped = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try unescaped.withUnsafeBufferPointer { try string(from: $0, isASCII: false, at: start) }
            case UInt8(ascii: "\\"):
                try readEscape(into: &unescaped)
            case ..<0x20:
                position -= 1
                throw error(expected: "a control character to be escaped")
            default:
                unescaped.append(byte)
            }
        }
        throw error(expected: "the end of the string")
    }

    private mutating func readEscape(into unescaped: inout [UInt8]) throws {
        guard position < bytes.count else { throw error(expected: "an escape") }
        let letter = bytes[position]
        position += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(letter)
        case UInt8(ascii: "b"): unescaped.append(0x08)
        case UInt8(ascii: "f"): unescaped.append(0x0C)
        case UInt8(ascii: "n"): unescaped.append(0x0A)
        case UInt8(ascii: "r"): unescaped.append(0x0D)
        case UInt8(ascii: "t"): unescaped.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try readHexQuad())
            if (0xD800..<0xDC00).contains(scalar) {
                guard readLiteral("\\u") else { throw error(expected: "the second half of a surrogate pair") }
                let low = UInt32(try readHexQuad())
                guard (0xDC00..<0xE000).contains(low) else { throw error(expected: "the second half of a surrogate pair") }
                scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
            }
            guard let character = Unicode.Scalar(scalar) else { throw error(expected: "a character, not half of a surrogate pair") }
            unescaped.append(contentsOf: String(character).utf8)
        default:
            position -= 1
            throw error(expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u")
        }
    }

    private mutating func readHexQuad() throws -> UInt16 {
        guard bytes.count - position >= 4 else { throw error(expected: "four hexadecimal digits") }
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard let digit = Self.hexDigit(bytes[position + offset]) else { throw error(expected: "four hexadecimal digits") }
            value = value << 4 | UInt16(digit)
        }
        position += 4
        return value
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
