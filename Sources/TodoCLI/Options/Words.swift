import Forms

/// Splits a typed line into words, so `add "Buy milk"` at the prompt means what
/// `todo add "Buy milk"` means in a shell, while a name or a title keeps the apostrophes and
/// quotes inside it (`O'Brien`, `Don't`): a quote opens only at the start of a word and
/// closes only at the end of one; anywhere else it is a character like any other.
enum Words {
    struct UnclosedQuote: Error {
        let quote: Character
    }

    /// Takes the next word off the front of `rest`: up to white space, or, when it starts with
    /// a quote, up to the same quote at the end of a word, the quotes taken off. Nil when only
    /// white space is left.
    static func next(in rest: inout Substring) throws(UnclosedQuote) -> String? {
        rest = rest.drop { $0.isWhitespace }
        guard let first = rest.first else { return nil }
        guard first == "\"" || first == "'" else {
            let word = rest.prefix { !$0.isWhitespace }
            rest = rest.dropFirst(word.count)
            return String(word)
        }
        let inside = rest.dropFirst()
        var index = inside.startIndex
        while index < inside.endIndex {
            let after = inside.index(after: index)
            if inside[index] == first && (after == inside.endIndex || inside[after].isWhitespace) {
                rest = inside[after...]
                return String(inside[..<index])
            }
            index = after
        }
        throw UnclosedQuote(quote: first)
    }

    /// The text of a line as it was typed, white space around it taken off, and quotes
    /// around the whole, as a shell would need them: the title of `add`, the text of `search`.
    /// So too quotes around a title before or after words of which `onlyPlans` says they hold
    /// nothing but what plans a to-do: `"Buy milk" due:friday`.
    static func unquoted(_ line: String, besides onlyPlans: (String) -> Bool = { _ in false }) -> String {
        let text = line.trimmed
        guard let first = text.first, let last = text.last else { return "" }
        let isQuote = { (character: Character) in character == "\"" || character == "'" }
        // Only quotes around one quoted whole: in `"Dune" and "Emma"` they belong to the title.
        if text.count >= 2, isQuote(first), last == first, !text.dropFirst().dropLast().contains(first) {
            return String(text.dropFirst().dropLast())
        }
        var rest = Substring(text)
        if isQuote(first), let title = try? next(in: &rest), !title.contains(first), onlyPlans(rest.trimmed) {
            return title + " " + rest.trimmed
        }
        if isQuote(last), let open = text.dropLast().lastIndex(of: last), open > text.startIndex,
           text[text.index(before: open)].isWhitespace, onlyPlans(text[..<open].trimmed) {
            return text[..<open].trimmed + " " + text[text.index(after: open)...].dropLast()
        }
        return text
    }

    /// `word` as a shell reads it back: as it is when it holds nothing a shell splits or
    /// expands, else in single quotes, a single quote in it written `'\''`; one with a control
    /// or an invisible character (which a terminal would not show as it is) as `$'…'`, where
    /// those are written as escapes.
    static func shellQuoted(_ word: String) -> String {
        if word.unicodeScalars.contains(where: TerminalText.needsEscaping) {
            var quoted = "$'"
            for scalar in word.unicodeScalars {
                switch scalar {
                case "\\", "'": quoted += "\\" + String(scalar)
                case "\n": quoted += "\\n"
                case "\t": quoted += "\\t"
                case _ where TerminalText.needsEscaping(scalar):
                    let hex = String(scalar.value, radix: 16)
                    let (escape, digits) = scalar.isASCII ? ("\\x", 2) : scalar.value > 0xFFFF ? ("\\U", 8) : ("\\u", 4)
                    quoted += escape + String(repeating: "0", count: max(0, digits - hex.count)) + hex
                default: quoted.unicodeScalars.append(scalar)
                }
            }
            return quoted + "'"
        }
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { shellPlain.unicodeScalars.contains($0) }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }

    private static let shellPlain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@%"
}
