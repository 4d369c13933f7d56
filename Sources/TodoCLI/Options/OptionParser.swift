import Dates
import TodoList
import UserList

/// What the words of todo's command line, or of one line at its prompt, ask for.
enum Request: Equatable {
    case help
    case version
    /// The Tab completion script for a shell, or the words for the line a shell completes.
    case completionScript(Shell)
    case completions(line: String)
    case manual
    /// Run these words as one command, or read commands line by line when there are none.
    case run([String])
}

/// Takes todo's own options out of a command's words, from the table of them, by the same rules
/// on the command line and on a line at the prompt: anywhere until `--`, and in a command that
/// takes text (a title, a search) only before the text's first word, past which every word is
/// the text's: `add Fix --json output`. A word like an option that neither todo nor the command
/// has is refused as an unknown option, with the one meant when one is a letter or two away.
@MainActor
enum OptionParser {
    /// What the command line asks for, and the settings it runs with: the environment's, then
    /// the options'.
    static func parse(arguments: [String], environment: [String: String]) throws(OptionError) -> (Request, Settings) {
        var words = Arguments(rest: arguments[...])
        return try parse(&words, at: .start, settings: Settings(environment: environment))
    }

    /// What a line typed at the prompt or piped in asks for, and the settings it runs with: those
    /// todo started with, then the line's own, for that line alone. An option that only the
    /// command line takes is refused, and the line is not run.
    static func parse(line: String, settings: Settings) throws(OptionError) -> (Request, Settings) {
        var words = TypedLine(rest: Substring(line))
        return try parse(&words, at: .everyLine, settings: settings)
    }

    /// Whether words hold nothing but what plans a to-do, as the command of `words` reads them:
    /// a title's for add, an edit's for edit; no words do for any other command.
    static func onlyPlans(for words: [String]) -> (String) -> Bool {
        // Whether words plan a to-do does not hang on the day they are counted from.
        let day = CalendarDate(year: 2000, month: 1, day: 1)!
        switch (try? CommandTable.command(for: words))?.command.name {
        case "add": return { (try? TitleWords($0, today: day))?.title.isEmpty == true }
        case "edit": return { (try? TodoEdit(typed: $0, today: day)).map { $0.title == nil } == true }
        default: return { _ in false }
        }
    }

    private static func parse(_ source: inout some WordSource, at place: GlobalOption.Place,
                               settings: Settings) throws(OptionError) -> (Request, Settings) {
        var settings = settings
        var words: [String] = []
        var optionsEnded = false
        var given: [GlobalOption] = []
        while true {
            if let start = CommandTable.textStart(of: words), words.count >= start,
               optionsEnded || !isOption(source.peek()) {
                words += source.text(besides: onlyPlans(for: words))
                break
            }
            guard let word = try source.next() else { break }
            if optionsEnded {
                words.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let (name, attached) = split(word)
            guard let option = GlobalOption.named(name) else {
                // Before the command, a word like an option is one todo does not know; after
                // it, one of the command's own (`doctor --repair`), or one neither knows.
                if words.isEmpty && word.hasPrefix("-") && word != "-" {
                    throw unknownOption(name, at: place, of: nil)
                }
                if name.hasPrefix("--"), let command = commandOwning(words), !command.options.contains(where: { $0.name == name }) {
                    throw unknownOption(name, at: place, of: command)
                }
                words.append(word)
                continue
            }
            guard option.place == .everyLine || place == .start else {
                throw OptionError("\(name) is given when todo starts (todo \(name) …), not on a line")
            }
            guard attached == nil || option.option.value != nil else {
                throw OptionError("unknown option \(quoted(word))")
            }
            // Which of two stores, days or servers was meant, the line does not say.
            guard option.option.value == nil || !given.contains(option) else {
                throw OptionError("\(name) is given twice; give it once")
            }
            given.append(option)
            switch option {
            case .help:
                // After a command, its own help: `todo check --help` is `todo help check`.
                return (words.isEmpty && place == .start ? .help : .run(["help"] + words), settings)
            case .version:
                return (.version, settings)
            case .man:
                guard words.isEmpty && source.peek() == nil else { throw OptionError("--man takes nothing else on the line") }
                return (.manual, settings)
            case .completion:
                let shells = Shell.allCases.map(\.rawValue).joined(separator: ", ")
                let name = try value(of: name, attached, &source, "a shell: " + shells)
                guard words.isEmpty && source.peek() == nil else { throw OptionError("--completion takes a shell and nothing else") }
                guard let shell = Shell(rawValue: name) else {
                    throw OptionError("there is no completion script for \(quoted(name)); there is one for " + shells)
                }
                return (.completionScript(shell), settings)
            case .completeLine:
                // What the completion scripts run: the line is the shell's, up to the cursor.
                return (.completions(line: try value(attached, &source) ?? ""), settings)
            case .json:
                settings.json = true
            case .store:
                let path = try value(of: name, attached, &source, "the path of a store file")
                settings.storePath = try Settings.storePath(path, from: name)
                settings.storeIsNamed = true
                settings.storeVariableProblem = nil
            case .wait:
                settings.lockWait = try Settings.lockWait(try value(of: name, attached, &source, "a number of seconds"), from: name)
                settings.lockWaitVariableProblem = nil
            case .today:
                let text = try value(of: name, attached, &source, "a date, typed as YYYY-MM-DD or DD-MM-YYYY")
                guard let date = CalendarDate.typed(text)?.date, date <= Settings.latestToday else {
                    throw OptionError("--today takes a date from 0001-01-01 to \(Settings.latestToday.iso), typed as "
                                      + "YYYY-MM-DD or DD-MM-YYYY, not \(quoted(text))")
                }
                settings.today = date
            case .api:
                settings.api = (try value(of: name, attached, &source, "the URL of a randomuser.me API"), name)
            }
        }
        return (.run(words), settings)
    }

    /// The command whose options may follow `words`, once its name is whole; after `help`, the
    /// command it is asked about (`help list --sort`).
    private static func commandOwning(_ words: [String]) -> Command? {
        guard let (command, nameLength) = try? CommandTable.command(for: words), words.count >= nameLength else { return nil }
        guard command.name == "help", words.count > nameLength else { return command }
        return commandOwning(Array(words.dropFirst(nameLength)))
    }

    /// An option that neither todo nor `command` has: with the one meant when one of theirs is a
    /// letter or two away, else with the options the command takes (or todo's, before one).
    private static func unknownOption(_ name: String, at place: GlobalOption.Place, of command: Command?) -> OptionError {
        let own = command?.options ?? []
        let todos = GlobalOption.allCases.filter { $0.summary != nil && (place == .start || $0.place == .everyLine) }
        if let meant = Suggestion.closest(to: name, among: (own + todos.map(\.option)).map(\.name)) {
            return OptionError("unknown option \(quoted(name))", meant: meant)
        }
        guard let command else { return OptionError("unknown option \(quoted(name))") }
        let takes = own.isEmpty ? "takes no option of its own" : "takes " + own.map(\.usage).joined(separator: ", ")
        return OptionError("unknown option \(quoted(name)); \(command.name) \(takes)", command: command.name)
    }

    /// Whether the word, as typed, is `--` or one of todo's options: at the start of a text, it
    /// is taken as one rather than as the text's first word.
    private static func isOption(_ word: String?) -> Bool {
        guard let word else { return false }
        return word == "--" || GlobalOption.named(split(word).name) != nil
    }

    /// `--store=PATH` as (`--store`, `PATH`); anything else as (itself, nil).
    private static func split(_ word: String) -> (name: String, value: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// The option's value, attached with `=` or the next word; never empty.
    private static func value(of name: String, _ attached: String?, _ source: inout some WordSource,
                              _ what: String) throws(OptionError) -> String {
        guard let value = try value(attached, &source), !value.isEmpty else { throw OptionError("\(name) needs \(what)") }
        return value
    }

    /// The value attached with `=`, else the next word, if any.
    private static func value(_ attached: String?, _ source: inout some WordSource) throws(OptionError) -> String? {
        if let attached { return attached }
        return try source.next()
    }
}
