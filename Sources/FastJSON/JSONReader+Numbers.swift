/// Numbers as JSON writes them, read as strictly as JSON's grammar and as leniently as
/// Foundation's `JSONDecoder` about how a whole number is written.
extension JSONReader {
    /// A whole number that fits in an `Int`. As Foundation's `JSONDecoder` reads it, a whole
    /// number may be written with a fraction or an exponent (`5.0`, `5e0`); `5.5` is refused,
    /// and so is `0.99999999999999999`, which is not whole either, though as a `Double` it is 1.
    public mutating func readInt() throws -> Int {
        let start = position
        let token = try numberToken()
        if let value = token.whole ?? exactWhole(token.bytes) {
            return value
        }
        position = start
        throw error(expected: "a whole number that fits in 64 bits")
    }

    /// The whole number a token stands for, worked out on its digits, not through a `Double`,
    /// which rounds: for one written with a fraction, an exponent or more than 18 digits. Nil
    /// for one that is not whole, or does not fit in an `Int`.
    private func exactWhole(_ token: Range<Int>) -> Int? {
        var index = token.lowerBound
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        // The value is `digits` times ten to the power `shift`; zeros before the first other
        // digit are left out, as they change nothing.
        var digits: [UInt8] = [], shift = 0, isFraction = false
        while index < token.upperBound, bytes[index] | 0x20 != UInt8(ascii: "e") {
            if bytes[index] == UInt8(ascii: ".") {
                isFraction = true
            } else {
                if !digits.isEmpty || bytes[index] != UInt8(ascii: "0") { digits.append(bytes[index]) }
                if isFraction { shift -= 1 }
            }
            index += 1
        }
        if index < token.upperBound {
            index += 1
            let isNegativeExponent = bytes[index] == UInt8(ascii: "-")
            if isNegativeExponent || bytes[index] == UInt8(ascii: "+") { index += 1 }
            // Past a million the exponent is no less out of reach: it stops growing there.
            var exponent = 0
            while index < token.upperBound {
                exponent = Swift.min(exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            shift += isNegativeExponent ? -exponent : exponent
        }
        guard !digits.isEmpty else { return 0 }
        // A fraction is whole when zeros end its digits, one for each place after the point; the
        // whole number then has `digits.count + shift` digits.
        let zeros = digits.reversed().prefix { $0 == UInt8(ascii: "0") }.count
        guard shift + zeros >= 0, digits.count + shift <= 19 else { return nil }
        let whole = String(decoding: digits.dropLast(Swift.max(0, -shift)), as: UTF8.self)
            + String(repeating: "0", count: Swift.max(0, shift))
        return Int(isNegative ? "-" + whole : whole)
    }

    /// Any JSON number that a `Double` holds; one too large for it is an error, not infinity.
    public mutating func readDouble() throws -> Double {
        let start = position
        let token = try numberToken()
        guard let value = Double(text(token.bytes)), value.isFinite else {
            position = start
            throw error(expected: "a number that fits in a Double")
        }
        return value
    }

    /// The bytes of one number as JSON writes it: `-`, digits without a leading zero, then an
    /// optional fraction and exponent. With its value, read as its digits are passed, when it is
    /// a whole number of at most 18 digits, which no `Int` overflows: every number a store holds,
    /// read in one pass, without the standard library's parsing of text.
    mutating func numberToken() throws -> (bytes: Range<Int>, whole: Int?) {
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
        let isNegative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
        if isNegative { position += 1 }
        let leading = position
        var value = 0, index = leading
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        position = index
        let count = index - leading
        guard count > 0, count == 1 || bytes[leading] != UInt8(ascii: "0") else { throw fail() }
        var isWhole = count < 19
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw fail() }
            isWhole = false
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw fail() }
            isWhole = false
        }
        return (start..<position, isWhole ? (isNegative ? -value : value) : nil)
    }

    private func text(_ range: Range<Int>) -> Substring {
        Substring(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
