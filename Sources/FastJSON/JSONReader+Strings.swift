/// Strings as JSON writes them: UTF-8 checked, escapes (`\n`, `\u00e9`, surrogate pairs)
/// turned back into the characters they stand for.
extension JSONReader {
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
