/// Numbers as JSON writes them, read as strictly as JSON's grammar and as leniently as
/// Foundation's `JSONDecoder` about how a whole number is written.
extension JSONReader {
    /// A whole number that fits in an `Int`. As Foundation's `JSONDecoder` reads it, a whole
    /// number may be written with a fraction or an exponent (`5.0`, `5e0`); `5.5` is refused.
    public mutating func readInt() throws -> Int {
        let start = position
        let token = try numberToken()
        if let value = digitsValue(token) ?? Int(text(token)) {
            return value
        }
        let isWrittenWithFraction = text(token).contains { $0 == "." || $0 == "e" || $0 == "E" }
        if isWrittenWithFraction, let value = Double(text(token)), value.rounded() == value, let whole = Int(exactly: value) {
            return whole
        }
        position = start
        throw error(expected: "a whole number that fits in 64 bits")
    }

    /// Any JSON number that a `Double` holds; one too large for it is an error, not infinity.
    public mutating func readDouble() throws -> Double {
        let start = position
        let token = try numberToken()
        guard let value = Double(text(token)), value.isFinite else {
            position = start
            throw error(expected: "a number that fits in a Double")
        }
        return value
    }

    /// The bytes of one number as JSON writes it: `-`, digits without a leading zero, then an
    /// optional fraction and exponent.
    mutating func numberToken() throws -> Range<Int> {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - first
        }
        func fail() -> Error {
            position = start
            return error(expected: "a number")
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let leading = position
        let count = digits()
        guard count > 0, count == 1 || bytes[leading] != UInt8(ascii: "0") else { throw fail() }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw fail() }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw fail() }
        }
        return start..<position
    }

    /// The value of a token of at most 18 digits, a minus or not, which no `Int` overflows: every
    /// number a store holds, read without the standard library's parsing of text. Nil for any other.
    private func digitsValue(_ token: Range<Int>) -> Int? {
        var index = token.lowerBound
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        guard token.upperBound - index <= 18 else { return nil }
        var value = 0
        while index < token.upperBound {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        return isNegative ? -value : value
    }

    private func text(_ range: Range<Int>) -> Substring {
        Substring(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
