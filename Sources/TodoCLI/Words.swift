/// Splits a typed line into words, so `add "Buy milk"` at the prompt means what
/// `todo add "Buy milk"` means in a shell, while a name or a title keeps the apostrophes and
/// quotes inside it (`O'Brien`, `Don't`): a quote opens only at the start of a word and
/// closes only at the end of one; anywhere else it is a character like any other.
enum Words {
    struct UnclosedQuote: Error {
        let quote: Character
    }

    static func split(_ line: String) throws(UnclosedQuote) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        let characters = Array(line)

        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if let open = quote {
                if character == open && next.map(\.isWhitespace) ?? true {
                    quote = nil
                } else {
                    current.append(character)
                }
            } else if (character == "\"" || character == "'") && !inWord {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            } else {
                current.append(character)
                inWord = true
            }
        }
        if let open = quote {
            throw UnclosedQuote(quote: open)
        }
        if inWord {
            words.append(current)
        }
        return words
    }

    /// The first `count` words of the line, split at white space, and the rest of it as it
    /// was typed: the title of `add`, the text of `search`. Quotes around the whole rest, as a
    /// shell would need them, are taken off.
    static func split(_ line: String, leading count: Int) -> (words: [String], rest: String) {
        var words: [String] = []
        var rest = Substring(line)
        while words.count < count {
            rest = rest.drop { $0.isWhitespace }
            guard !rest.isEmpty else { break }
            let word = rest.prefix { !$0.isWhitespace }
            words.append(String(word))
            rest = rest.dropFirst(word.count)
        }
        var text = String(rest.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        // Only quotes around one quoted whole: in `"Dune" and "Emma"` they belong to the title.
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first,
           !text.dropFirst().dropLast().contains(first) {
            text = String(text.dropFirst().dropLast())
        }
        return (words, text)
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
