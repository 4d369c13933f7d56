/// The words the option parser reads, one at a time: the command line's, which the shell has
/// split already, or a typed line's, split as they are read, so that a title is kept as it was
/// typed, quotes, spaces and all.
protocol WordSource {
    /// Takes the next word; nil at the end.
    mutating func next() throws(OptionError) -> String?
    /// The next word as it was typed, left in place: is it an option?
    func peek() -> String?
    /// Takes the rest, as the words of a title or a search; `onlyPlans` says whether words
    /// hold nothing but what plans a to-do, beside which a typed title's quotes are taken off.
    mutating func text(besides onlyPlans: (String) -> Bool) -> [String]
}

/// The words of the command line.
struct Arguments: WordSource {
    var rest: ArraySlice<String>

    mutating func next() -> String? {
        rest.popFirst()
    }

    func peek() -> String? {
        rest.first
    }

    mutating func text(besides onlyPlans: (String) -> Bool) -> [String] {
        defer { rest = [] }
        return Array(rest)
    }
}

/// The words of a line typed at the prompt or piped in. Quotes group words as a shell's do
/// (`user add "Mary Ann" Lee 1985-07-01`); a title or a search is the rest of the line, as typed.
struct TypedLine: WordSource {
    var rest: Substring

    mutating func next() throws(OptionError) -> String? {
        do {
            return try Words.next(in: &rest)
        } catch {
            throw OptionError("a quote is not closed (\(error.quote))")
        }
    }

    func peek() -> String? {
        let word = rest.drop { $0.isWhitespace }.prefix { !$0.isWhitespace }
        return word.isEmpty ? nil : String(word)
    }

    mutating func text(besides onlyPlans: (String) -> Bool) -> [String] {
        defer { rest = "" }
        let text = Words.unquoted(String(rest), besides: onlyPlans)
        // Quotes around nothing are an empty title, not none: `add ""` is refused as one.
        return rest.trimmed.isEmpty ? [] : [text]
    }
}
