/// A JSON value whose object keys keep the order they were written in, so `--json` output
/// reads `number`, `id`, `title`… on every platform (Foundation's encoder sorts them on Linux).
enum JSON {
    case null
    case bool(Bool)
    case number(Int)
    case string(String)
    case array([JSON])
    case object([(key: String, value: JSON)])

    /// One line, no spaces, then a line break: one value per line for scripts to read.
    var line: String {
        var text = ""
        write(to: &text)
        text += "\n"
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null:
            text += "null"
        case .bool(let value):
            text += value ? "true" : "false"
        case .number(let value):
            text += String(value)
        case .string(let value):
            Self.write(value, to: &text)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                Self.write(member.key, to: &text)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    /// Quotes a string. Besides what JSON requires, it escapes what a terminal would act on
    /// (the same characters `TerminalText` escapes), so printing the JSON is safe too.
    private static func write(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where TerminalText.needsEscaping(scalar):
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
