/// What Tab offers for the word being typed, at the prompt and in the shells. It reads the
/// same table of commands as `help`, so a new command or option is completed as soon as it
/// is listed.
@MainActor
enum Completion {
    /// The options the command line takes before or after any command, as help lists them
    /// (`--store PATH`, `-h, --help`), and whether each takes a value. At the prompt only
    /// `--json` means something.
    private static let globalOptions: [(name: String, takesValue: Bool)] = Help.options.flatMap { option in
        let words = option.usage.split(separator: " ")
        let takesValue = words.count > 1 && words[words.count - 1].allSatisfy(\.isUppercase)
        return words.filter { $0.hasPrefix("-") }.map { (String($0.filter { $0 != "," }), takesValue) }
    }

    /// The words that can stand for the last word of `line`, the text before the cursor,
    /// sorted; none where the word is the user's own (a title, a number, a name). `shell` says
    /// that the line is a shell's, which starts with the program's name and may hold the
    /// options of the command line.
    static func candidates(forLine line: String, shell: Bool = false, commands: [Command] = Session.commands) -> [String] {
        var (words, current) = shell ? shellWords(line) : promptWords(line)
        // `--sort=d` is `--sort d`: the shells and the prompt's editor complete the part after `=`.
        if current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
            words.append(String(current[..<equals]))
            current = String(current[current.index(after: equals)...])
        }
        if shell {
            words = Array(words.dropFirst())
            if let last = words.last, globalOptions.contains(where: { $0.name == last && $0.takesValue }) {
                return last == "--completion" ? matching(current, ["bash", "fish", "zsh"]) : []
            }
            words = withoutGlobalOptions(words)
        } else {
            words = words.filter { $0 != "--json" }
        }
        let choices = choices(after: words, commands: commands, shell: shell)
        // An option only for a word that starts like one: after `check `, a number is meant.
        return matching(current, current.hasPrefix("-") ? choices : choices.filter { !$0.hasPrefix("-") })
    }

    /// The words before the cursor at the prompt, split where the line editor splits them, and
    /// the word being typed (empty after a space).
    private static func promptWords(_ line: String) -> (words: [String], current: String) {
        var words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        let current = line.last.map { $0.isWhitespace } ?? true ? "" : words.removeLast()
        return (words, current)
    }

    /// The words of a shell's line as the shell passes them to a program, quotes and
    /// backslashes taken off (`my\ store.json`, `"user"`), and the word being typed.
    private static func shellWords(_ line: String) -> (words: [String], current: String) {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
            } else if character.isWhitespace {
                if inWord {
                    words.append(current)
                    current = ""
                }
                inWord = false
                continue
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" || character == "'" {
                quote = character
            } else {
                current.append(character)
            }
            inWord = true
        }
        return (words, current)
    }

    /// The words in `choices` that start with `typed`, whatever its case.
    private static func matching(_ typed: String, _ choices: [String]) -> [String] {
        let typed = typed.lowercased()
        return Set(choices.filter { $0.lowercased().hasPrefix(typed) }).sorted()
    }

    /// What may come after `words`, a command's start.
    private static func choices(after words: [String], commands: [Command], shell: Bool) -> [String] {
        let spellings = commands.flatMap { command in ([command.name] + command.aliases).map { $0.split(separator: " ").map(String.init) } }
        let firstWords = spellings.map { $0[0] }
        let lowered = words.map { $0.lowercased() }
        switch lowered.count {
        case 0:
            // In the shell a command runs alone: the prompt's back, quit and exit mean nothing there.
            let shown = shell ? firstWords.filter { !["back", "quit", "exit"].contains($0) } : firstWords
            return shown + (shell ? globalOptions.map(\.name) : ["--json"])
        case 1 where lowered[0] == "help":
            return firstWords
        case 2 where lowered[0] == "help":
            return subcommands(of: lowered[1], in: spellings)
        case 1 where !subcommands(of: lowered[0], in: spellings).isEmpty:
            return subcommands(of: lowered[0], in: spellings)
        default:
            guard let command = commands.first(where: { $0.matchLength(lowered) != nil }),
                  let nameLength = command.matchLength(lowered) else { return [] }
            let arguments = Array(lowered.dropFirst(nameLength))
            let usage = Usage(command.arguments)
            if let option = arguments.last, let values = usage.options[option] {
                return values
            }
            // Past the start of a title or a search the words are the user's; before it, --json.
            if let textStart = command.textAfter, arguments.count >= textStart {
                return arguments.count == textStart ? ["--json"] : []
            }
            let given = arguments.filter { !$0.hasPrefix("-") }
            let positional = given.isEmpty ? usage.choices : []
            return positional + (usage.flags + usage.options.keys + ["--json"]).filter { !arguments.contains($0) }
        }
    }

    private static func subcommands(of family: String, in spellings: [[String]]) -> [String] {
        spellings.filter { $0.count == 2 && $0[0] == family }.map { $0[1] }
    }

    /// `words` without the command line's own options and their values.
    private static func withoutGlobalOptions(_ words: [String]) -> [String] {
        var kept: [String] = []
        var skipsValue = false
        for word in words {
            if skipsValue {
                skipsValue = false
            } else if let option = globalOptions.first(where: { $0.name == word }) {
                skipsValue = option.takesValue
            } else if !globalOptions.contains(where: { word.hasPrefix($0.name + "=") }) {
                kept.append(word)
            }
        }
        return kept
    }

    /// What a usage line such as `[todo|finished]` or `FIRST LAST DATE [--sort asc|desc|added]`
    /// offers: words to choose from, options that take a value (with the values to choose
    /// from, when the usage names them), and options that stand alone.
    private struct Usage {
        var choices: [String] = []
        var options: [String: [String]] = [:]
        var flags: [String] = []

        init(_ arguments: String) {
            let tokens = arguments.split(whereSeparator: { "[] ".contains($0) }).map(String.init)
            var index = 0
            while index < tokens.count {
                let token = tokens[index]
                index += 1
                if token.hasPrefix("--") {
                    let value = index < tokens.count ? tokens[index] : ""
                    let takesValue = !value.isEmpty && !value.hasPrefix("--") && (value.contains("|") || value == value.uppercased())
                    if takesValue {
                        options[token] = value.contains("|") ? value.split(separator: "|").map(String.init) : []
                        index += 1
                    } else {
                        flags.append(token)
                    }
                } else if token.contains("|") {
                    choices += token.split(separator: "|").map(String.init)
                }
            }
        }
    }
}
