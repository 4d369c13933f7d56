/// A Swift source with its comments and the insides of its string literals blanked out, byte
/// for byte, so that what is left is code at the same lines and columns: `#expect(true)` written
/// in a comment or a raw string is not taken for an assertion.
struct SwiftCode {
    /// The code, as UTF-8 bytes; every byte of a comment or of a string's text is a space, and
    /// line breaks are kept.
    let bytes: [UInt8]
    /// Where each line starts in `bytes`.
    let lineStarts: [Int]

    init(_ source: String) {
        bytes = Self.mask(Array(source.utf8))
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        lineStarts = starts
    }

    private enum Context {
        /// Code: at the top of the file, or inside `\( … )` with `depth` parentheses open.
        case code(depth: Int)
        case string(hashes: Int, multiline: Bool)
    }

    private static func mask(_ text: [UInt8]) -> [UInt8] {
        var out = text
        var stack: [Context] = [.code(depth: -1)]
        var index = 0
        func at(_ position: Int, _ literal: String) -> Bool {
            Self.matches(literal, at: position, in: text)
        }
        func blank(_ range: Range<Int>) {
            for position in range where text[position] != UInt8(ascii: "\n") { out[position] = UInt8(ascii: " ") }
        }
        func hashes(at position: Int) -> Int {
            var count = 0
            while position + count < text.count && text[position + count] == UInt8(ascii: "#") { count += 1 }
            return count
        }
        while index < text.count {
            switch stack[stack.count - 1] {
            case .code(let depth):
                if at(index, "//") {
                    let end = text[index...].firstIndex(of: UInt8(ascii: "\n")) ?? text.count
                    blank(index..<end)
                    index = end
                } else if at(index, "/*") {
                    var nesting = 0
                    let start = index
                    repeat {
                        if at(index, "/*") { nesting += 1; index += 2 } else if at(index, "*/") { nesting -= 1; index += 2 } else { index += 1 }
                    } while nesting > 0 && index < text.count
                    blank(start..<index)
                } else if at(index, "#/") {
                    let start = index
                    index += 2
                    while index < text.count && !at(index, "/#") { index += 1 }
                    index = min(index + 2, text.count)
                    blank(start..<index)
                } else if text[index] == UInt8(ascii: "#") || text[index] == UInt8(ascii: "\"") {
                    let count = hashes(at: index)
                    let quote = index + count
                    guard quote < text.count, text[quote] == UInt8(ascii: "\"") else {
                        index += max(count, 1)
                        continue
                    }
                    let multiline = at(quote, "\"\"\"")
                    stack.append(.string(hashes: count, multiline: multiline))
                    index = quote + (multiline ? 3 : 1)
                } else if text[index] == UInt8(ascii: "(") {
                    if depth >= 0 { stack[stack.count - 1] = .code(depth: depth + 1) }
                    index += 1
                } else if text[index] == UInt8(ascii: ")") && depth >= 0 {
                    if depth == 1 {
                        stack.removeLast()
                        blank(index..<(index + 1))
                    } else {
                        stack[stack.count - 1] = .code(depth: depth - 1)
                    }
                    index += 1
                } else {
                    index += 1
                }
            case .string(let count, let multiline):
                let delimiter = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: count)
                let escape = "\\" + String(repeating: "#", count: count)
                if at(index, escape + "(") {
                    blank(index..<(index + escape.utf8.count + 1))
                    index += escape.utf8.count + 1
                    stack.append(.code(depth: 1))
                } else if at(index, escape) {
                    let end = min(index + escape.utf8.count + 1, text.count)
                    blank(index..<end)
                    index = end
                } else if at(index, delimiter) {
                    stack.removeLast()
                    index += delimiter.utf8.count
                } else if !multiline && text[index] == UInt8(ascii: "\n") {
                    stack.removeLast()
                } else {
                    blank(index..<(index + 1))
                    index += 1
                }
            }
        }
        return out
    }

    /// Whether `literal` stands in `bytes` at `position`.
    static func matches(_ literal: String, at position: Int, in bytes: [UInt8]) -> Bool {
        var index = position
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// The code from `start` up to the bracket that closes the one at `start`: `(…)` or `{…}`.
    func balanced(from start: Int) -> Range<Int>? {
        guard start < bytes.count else { return nil }
        let open = bytes[start]
        let close: UInt8 = open == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
        var depth = 0
        for index in start..<bytes.count {
            if bytes[index] == open { depth += 1 }
            if bytes[index] == close {
                depth -= 1
                if depth == 0 { return start..<(index + 1) }
            }
        }
        return nil
    }

    /// The first position at or after `start` that holds no space or line break.
    func skippingSpace(from start: Int) -> Int {
        var index = start
        while index < bytes.count && [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[index]) {
            index += 1
        }
        return index
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Where the attribute `@name` on line `line` (1-based) starts, if the line has one.
    func attribute(_ name: String, onLine line: Int) -> Int? {
        guard line >= 1 && line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        let pattern = "@" + name
        var index = start
        while index + pattern.utf8.count <= end {
            if Self.matches(pattern, at: index, in: bytes) {
                let after = index + pattern.utf8.count
                if after >= bytes.count || !Self.isIdentifierByte(bytes[after]) { return index }
            }
            index += 1
        }
        return nil
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
