/// Text as it may be printed to a terminal. Titles and names are stored exactly as typed, so
/// they can hold escape sequences that would move the cursor, retitle the window or reverse
/// the text direction; here every such character is shown as a visible escape instead.
enum TerminalText {
    static func escaped(_ text: String) -> String {
        // Most titles are printable ASCII: one pass over the bytes says so.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text }
        guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x1B: result += "\\e"
            case 0x09: result += "\\t"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case _ where needsEscaping(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Control characters (C0, DEL, C1), the characters that reorder text (bidirectional
    /// marks, the Arabic letter mark, embeddings, overrides and isolates), the Unicode line and
    /// paragraph separators, and the invisible ones that hide what a word is (the soft hyphen,
    /// the zero-width space, the byte-order mark). The zero-width joiner stays: emoji need it.
    static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x00AD, 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029,
             0xFEFF:
            true
        default:
            false
        }
    }
}
