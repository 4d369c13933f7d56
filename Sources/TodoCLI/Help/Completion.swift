import TodoList

/// What Tab offers for the word being typed, at the prompt and in the shells. It reads the
/// same table of commands as `help`, so a new command or option is completed as soon as it
/// is listed.
@MainActor
enum Completion {
    /// The options help lists, which the command line takes before or after any command.
    private static let commandLineOptions = GlobalOption.listed.map(\.option)
    /// The options a line at the prompt may set for itself; at the prompt, only these.
    private static let lineOptions = GlobalOption.settingsOfALine.map(\.option)

    /// A priority as a title, an edit or list's filter takes it.
    nonisolated static let priorityWords = Priority.allCases.map { "pri:" + $0.rawValue }
    /// The words of a title or an edit whose values are a fixed few: a priority, a repeat, and a
    /// due day named as a word (the dates are the user's to type).
    static let planWords = priorityWords + Recurrence.allCases.map { "recur:" + $0.rawValue }
        + ["today", "tomorrow", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map { "due:" + $0 }

    /// The words that can stand for the last word of `line`, the text before the cursor,
    /// sorted; none where the word is the user's own (a title, a number, a name). Where it is a
    /// file's name (`import FILE`), what `files` offers for it, or nil when there is no `files`:
    /// the shell completes it. `shell` says that the line is a shell's, which starts with the
    /// program's name and may hold the options of the command line. `tags` gives the list's,
    /// asked only where a tag is being typed.
    static func candidates(forLine line: String, shell: Bool = false, commands: [Command] = CommandTable.all,
                           tags: () -> [String] = { [] }, files: ((String) -> [String])? = nil) -> [String]? {
        var (words, current) = shell ? shellWords(line) : promptWords(line)
        // `--sort=d` is `--sort d`: the shells and the prompt's editor complete the part after `=`.
        if current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
            words.append(String(current[..<equals]))
            current = String(current[current.index(after: equals)...])
        }
        let options = shell ? commandLineOptions : lineOptions
        if shell {
            words = Array(words.dropFirst())
        }
        if let last = words.last, let option = options.first(where: { $0.spellings.contains(last) }), let value = option.value {
            return value.namesAFile ? files?(current) : matching(current, value.choices)
        }
        words = without(options, words)
        let signed = current.hasPrefix("+") || current.hasPrefix("-")
        guard let choices = choices(after: words, current: current, commands: commands, shell: shell, options: options,
                                    tags: signed ? distinct(tags(), typed: String(current.dropFirst())) : []) else { return files?(current) }
        // An option or a tag taken away only for a word that starts like one: after `check `, a
        // number is meant. A tag only once its `+` is typed, and a planning word its colon:
        // before, the word is the user's own.
        let matches = matching(current, choices.filter { choice in
            (current.hasPrefix("-") || !choice.hasPrefix("-")) && (current.hasPrefix("+") || !choice.hasPrefix("+"))
                && (current.contains(":") || !choice.contains(":"))
        })
        // Between several choices bash puts in the word the start they share, letter case and
        // all: `+h` between `+Home-2` and `+home` would become `+`, losing what was typed. There
        // each starts as typed; one choice alone takes the word's place, as it is spelled.
        guard shell, matches.count > 1, !matches.allSatisfy({ $0.hasPrefix(current) }) else { return matches }
        return matches.map { current + $0.dropFirst(current.count) }.sorted()
    }

    /// The words before the cursor at the prompt, split where the line editor splits them, and
    /// the word being typed (empty after a space).
    /// What Tab puts in place of the word typed, given the matches it offers: the start they all
    /// share, in any case (`+home`, `+Home2` share `+home`), and never shorter than the word, so
    /// that nothing typed is taken away.
    nonisolated static func replacement(for typed: String, matches: [String]) -> String {
        guard let first = matches.first else { return typed }
        let shared = matches.dropFirst().reduce(first) { common, match in
            String(zip(common, match).prefix { $0.lowercased() == $1.lowercased() }.map(\.0))
        }
        return shared.count < typed.count ? typed : shared
    }

    /// The store a shell's line names with `--store PATH` or `--store=PATH`, as the shell will
    /// pass it: `~/` starting a word of its own is the home folder, after `=` a folder named `~`
    /// (SF-49), as the shells leave it there. Nil where it names none.
    static func storeNamed(inShellLine line: String, home: String?) -> String? {
        let words = shellWords(line).words
        for (index, word) in words.enumerated() {
            if word == "--store", let path = words.dropFirst(index + 1).first { return TypedPath.expandingHome(path, home: home) }
            if word.hasPrefix("--store=") { return String(word.dropFirst("--store=".count)) }
        }
        return nil
    }

    /// The tags `store` holds, of its to-dos and finished items alike, for Tab to offer after
    /// `+` or `-`. A store that cannot be read offers none: the next command says why.
    static func tags(in store: TodoStore) -> [String] {
        let todos = (try? store.loadTodos()) ?? Todos()
        return (todos.unfinished + todos.finished).flatMap(\.plan.tags)
    }

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

    /// What may come after `words`, a command's start; before a command, `options` too. Nil
    /// where a file's name comes.
    private static func choices(after words: [String], current: String, commands: [Command], shell: Bool, options: [Option],
                                tags: [String]) -> [String]? {
        let spellings = commands.flatMap { command in ([command.name] + command.aliases).map { $0.split(separator: " ").map(String.init) } }
        let firstWords = spellings.map { $0[0] }
        let lowered = words.map { $0.lowercased() }
        switch lowered.count {
        case 0:
            // In the shell a command runs alone: the prompt's back, quit and exit mean nothing there.
            let shown = shell ? firstWords.filter { !["back", "quit", "exit"].contains($0) } : firstWords
            return shown + options.flatMap(\.spellings)
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
            if let last = arguments.last, let option = command.options.first(where: { $0.name == last }), let value = option.value {
                return value.namesAFile ? nil : value.choices
            }
            // The file a command takes first, its options before it or not; a word that starts as
            // an option is one.
            if command.arguments.hasPrefix("FILE") && without(command.options, arguments).isEmpty && !current.hasPrefix("-") {
                return nil
            }
            // A planning word's key the line has given already would be refused a second time.
            let given = Set(arguments.compactMap(planKey))
            let words = (command.words + command.tagSigns.flatMap { sign in tags.map { sign + $0 } })
                .filter { planKey($0).map { !given.contains($0) } ?? true }
            // Past the start of a title or a search the words are the user's; before it, the options of a line.
            let lineSpellings = lineOptions.flatMap(\.spellings)
            if let textStart = command.textAfter, arguments.count >= textStart {
                return (arguments.count == textStart ? lineSpellings : []) + words
            }
            let positional = words.filter { !arguments.contains($0.lowercased()) }
            return positional + (command.options.map(\.name) + lineSpellings).filter { !arguments.contains($0) }
        }
    }

    /// Each tag once: `home` and `HOME` are one tag. The spelling that starts as `typed` does
    /// stands for both, so that what is typed stays as it is; else the first.
    private static func distinct(_ tags: [String], typed: String) -> [String] {
        var chosen: [String: String] = [:]
        var order: [String] = []
        for tag in tags {
            let key = TodoPlan.tagKey(tag)
            if let kept = chosen[key] {
                if !kept.hasPrefix(typed) && tag.hasPrefix(typed) { chosen[key] = tag }
            } else {
                chosen[key] = tag
                order.append(key)
            }
        }
        return order.compactMap { chosen[$0] }
    }

    /// `pri:` of `pri:H`: the key of a planning word, nil for any other word.
    private static func planKey(_ word: String) -> String? {
        word.firstIndex(of: ":").map { String(word[...$0]) }
    }

    private static func subcommands(of family: String, in spellings: [[String]]) -> [String] {
        spellings.filter { $0.count == 2 && $0[0] == family }.map { $0[1] }
    }

    /// `words` without `options` and their values.
    private static func without(_ options: [Option], _ words: [String]) -> [String] {
        var kept: [String] = []
        var skipsValue = false
        for word in words {
            if skipsValue {
                skipsValue = false
            } else if let option = options.first(where: { $0.spellings.contains(word) }) {
                skipsValue = option.value != nil
            } else if !options.contains(where: { word.hasPrefix($0.name + "=") }) {
                kept.append(word)
            }
        }
        return kept
    }
}
