/// Splits a typed line into words the way a shell does, so `add "Buy milk"` at the prompt
/// means what `todo add "Buy milk"` means in a shell: spaces separate words, single or
/// double quotes keep spaces inside one, and a backslash takes the next character as it is.
enum Words {
    struct UnclosedQuote: Error {
        let quote: Character
    }

    static func split(_ line: String) throws(UnclosedQuote) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaping = false

        for character in line {
            if escaping {
                current.append(character)
                escaping = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaping = true
                } else {
                    current.append(character)
                }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == "\\" {
                escaping = true
                inWord = true
            } else if character == " " || character == "\t" {
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
}
