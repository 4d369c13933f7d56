#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Forms
import LocalStore
import TodoList
import UserList

/// One run of the program: the commands it understands, the list they work on, and where
/// they read and print. It runs a single command from the command line, or reads commands
/// line by line, at a prompt or from a pipe.
@MainActor
final class Session {
    let options: Options
    let store: FileStore
    let todoList: TodoListViewModel
    /// The item whose detail was open when another program deleted it: a command meant for
    /// it says so, instead of asking for a number.
    private(set) var deletedWhileOpen: TodoItem?
    /// Made on first use: a command on the to-dos has no need of the helper program the
    /// people's view-model looks up, and starts sooner without it.
    private(set) lazy var userList = UserListViewModel(
        store: store, source: FetchProcess(base: (try? options.apiURL()) ?? nil),
        today: { [today = options.today] in today ?? CalendarDate(Date(), in: .current) ?? Options.latestToday })
    let rendering: TodoRendering
    let peopleRendering: PeopleRendering

    private let terminal: Terminal
    /// How wide help is laid out.
    let width: Int
    private let errorsInRed: Bool
    private let input: LineReader
    private let output: TextOutput
    private let errors: TextOutput
    /// True while lines are read from the input rather than taken from the command line:
    /// errors then point to `help`, not `todo --help`.
    private(set) var readsLines = false
    /// True when a person types the lines at a prompt: only then do the add form and the
    /// detail stay open and ask for more.
    private(set) var isPrompt = false
    /// Set by quit: the prompt stops reading.
    var wantsToQuit = false
    /// The number of the line being run, when lines are piped in: an error names it.
    private var pipedLine: Int?
    /// Whether the line being run asked for JSON itself (`list --json` at the prompt).
    private var lineAsksForJSON = false
    /// Whether the command prints JSON: `--json` on the command line or on its line.
    var json: Bool { options.json || lineAsksForJSON }

    init(options: Options, environment: [String: String], terminal: Terminal,
         input: LineReader, output: TextOutput, errors: TextOutput) {
        self.options = options
        self.terminal = terminal
        self.input = input
        self.output = output
        self.errors = errors
        let store = FileStore(url: options.storeURL)
        self.store = store
        self.todoList = TodoListViewModel(store: store)
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let usesColour = terminal.isOutputInteractive && !noColour
        self.errorsInRed = terminal.isErrorsInteractive && !noColour
        self.width = terminal.width(environment)
        self.rendering = TodoRendering(usesColour: usesColour)
        self.peopleRendering = PeopleRendering(usesColour: usesColour)
    }

    static let commands: [Command] = todoCommands + peopleCommands + promptCommands

    /// The commands as `help` lists them.
    static let commandGroups: [(title: String, commands: [Command])] = [
        ("To-dos", todoCommands), ("People", peopleCommands), ("The store, help and the prompt", promptCommands),
    ]

    /// The command `words` start with, and how many words its name takes. Names are matched
    /// whatever their case; a name a letter or two away from one is answered with it.
    static func command(for words: [String]) throws -> (command: Command, nameLength: Int) {
        let names = words.prefix(2).map { $0.lowercased() }
        let matches = commands.compactMap { command in command.matchLength(names).map { (command, $0) } }
        if let longest = matches.max(by: { $0.1 < $1.1 }) {
            return longest
        }
        let family = names[0]
        let subcommands = commands.filter { $0.name.hasPrefix(family + " ") }.map { String($0.name.dropFirst(family.count + 1)) }
        guard !subcommands.isEmpty else {
            let spellings: [String] = commands.flatMap { [$0.name] + $0.aliases }
            let firstWords = Set(spellings.map { String($0.prefix { $0 != " " }) })
            if let meant = Suggestion.closest(to: family, among: firstWords.sorted()) {
                throw CommandError.malformed("unknown command \(quoted(words[0])); did you mean \(quoted(meant))?")
            }
            throw CommandError.usage("unknown command \(quoted(words[0]))", command: nil)
        }
        guard names.count > 1 else {
            throw CommandError.usage("\(family) needs one of: " + subcommands.joined(separator: ", "), command: family)
        }
        if let meant = Suggestion.closest(to: names[1], among: subcommands) {
            throw CommandError.malformed("unknown command \(quoted(words[0] + " " + words[1])); did you mean \(quoted(family + " " + meant))?")
        }
        throw CommandError.usage("unknown command \(quoted(words[0] + " " + words[1])); \(family) takes one of: "
                                 + subcommands.joined(separator: ", "), command: family)
    }

    /// For the words of a command so far, how many come before its text, when it takes text.
    static func textStart(of words: [String]) -> Int? {
        guard !words.isEmpty, let (command, nameLength) = try? command(for: words), let leading = command.textAfter else { return nil }
        return nameLength + leading
    }

    /// The words of a line typed at the prompt or piped in, and whether it asks for JSON
    /// (`--json` anywhere before `--`). For a command that takes text (`add`, `search`,
    /// `edit N`), the rest of the line is the text as typed, after a leading `--json` or `--`.
    static func words(of line: String) throws(Words.UnclosedQuote) -> (words: [String], json: Bool) {
        let plain = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !plain.isEmpty, let (command, nameLength) = try? command(for: plain), let leading = command.textAfter else {
            let words = try Words.split(line)
            let dashes = words.firstIndex(of: "--") ?? words.endIndex
            let options = words[..<dashes]
            // `list --help` at the prompt is `help list`, as `todo list --help` is.
            if let help = options.firstIndex(where: { $0 == "--help" || $0 == "-h" }) {
                return (["help"] + options[..<help].filter { $0 != "--json" }, false)
            }
            return (options.filter { $0 != "--json" } + words[dashes...].dropFirst(), options.contains("--json"))
        }
        var (words, text) = Words.split(line, leading: nameLength + leading)
        let first = String(text.prefix { !$0.isWhitespace })
        if first == "--help" || first == "-h" {
            return (["help"] + words.prefix(nameLength), false)
        }
        if isStartOnly(first) {
            // Kept as a word of its own, so that the line is refused as any other that holds it.
            return (words + [first, String(text.dropFirst(first.count))], false)
        }
        var json = false
        if let option = text.split(separator: " ", maxSplits: 1).first, option == "--json" || option == "--" {
            json = option == "--json"
            text = Words.split(String(text.dropFirst(option.count)), leading: 0).rest
        }
        if !text.isEmpty { words.append(text) }
        return (words, json)
    }

    // MARK: - Running

    /// Runs `todo COMMAND ARGUMENTS…`: 0 done, 1 refused, 2 a usage error.
    func run(_ words: [String]) async -> Int32 {
        await execute(words)
    }

    /// Runs the lines of the input one by one until `quit` or the end of the input. At a
    /// prompt the exit status is 0; piped, it is 1 when any line failed.
    func runLines() async -> Int32 {
        readsLines = true
        isPrompt = terminal.isInputInteractive
        if isPrompt {
            write(Help.wrapped("todo \(TodoProgram.version): type help for the commands, quit to leave.", width: width))
        }
        var anyFailed = false
        var lineNumber = 0
        while !wantsToQuit {
            guard let line = input.readLine(prompt: prompt, completesCommands: true) else {
                if isPrompt { write("\n") }
                if isPrompt && Interrupt.arrived() { continue }
                break
            }
            lineNumber += 1
            pipedLine = isPrompt ? nil : lineNumber
            if line.trimmed.hasPrefix("#") { continue }
            let words: [String]
            do {
                (words, lineAsksForJSON) = try Self.words(of: line)
            } catch {
                report(CommandError.malformed("a quote is not closed (\(error.quote))"))
                anyFailed = true
                continue
            }
            if let option = words.dropLast(Self.textStart(of: words) == nil ? 0 : 1).first(where: Self.isStartOnly) {
                let name = option.prefix { $0 != "=" }
                report(CommandError.malformed("\(name) is given when todo starts (todo \(name) …), not on a line"))
                anyFailed = true
                continue
            }
            if !words.isEmpty, await execute(words) != 0 {
                anyFailed = true
            }
            // A Ctrl-C that came while the command ran was the command's; the next read starts clean.
            if isPrompt { _ = Interrupt.arrived() }
        }
        return anyFailed && !isPrompt ? 1 : 0
    }

    /// Whether `word` is an option that only the command line takes: `--store`, `--today=…`.
    static func isStartOnly(_ word: String) -> Bool {
        Options.startOnly.contains(String(word.prefix { $0 != "=" }))
    }

    private var prompt: String {
        guard isPrompt else { return "" }
        guard let detail = todoList.detail, let item = todoList.todos.item(withID: detail.item.id) else { return "todo> " }
        return "todo \(item.number)> "
    }

    private func execute(_ words: [String]) async -> Int32 {
        do {
            let (command, nameLength) = try Self.command(for: words)
            switch command.reads {
            case .nothing: break
            case .todos: try load()
            case .people:
                try userList.load()
                // Turning to the people leaves the open to-do: `delete` alone must not delete it.
                todoList.detail?.back()
            }
            try await command.run(self, Array(words.dropFirst(nameLength)))
            output.flush()
            return 0
        } catch {
            return report(error)
        }
    }

    /// Reads the list as saved now, so a change made in another terminal is never undone
    /// by acting on an old copy.
    func load() throws {
        try todoList.load()
        deletedWhileOpen = nil
        if let detail = todoList.detail {
            let open = detail.item
            refreshDetail(open.id)
            if todoList.detail == nil { deletedWhileOpen = open }
        }
    }

    /// Reopens the detail with the item as it is now, or closes it when the item is gone.
    func refreshDetail(_ id: TodoItem.ID) {
        guard todoList.detail != nil else { return }
        if (try? todoList.openDetail(id)) == nil {
            todoList.detail?.back()
        }
    }

    // MARK: - Printing

    /// A command as the user types it here: after `todo` in the shell, alone at the prompt.
    func typed(_ command: String) -> String {
        readsLines ? command : "todo " + command
    }

    func write(_ text: String) {
        output.write(text)
    }

    /// Prints a sentence for a person; with `--json`, that sentence as `{"message": …}`, so a
    /// script reading JSON never meets plain text.
    func say(_ line: String) {
        output.write(json ? JSON.object([("message", .string(line))]).line : line + "\n")
    }

    /// Prints one `error:` line and returns the exit status that goes with it.
    @discardableResult
    private func report(_ error: any Error) -> Int32 {
        let message: String
        let status: Int32
        switch error {
        case CommandError.usage(let text, let command):
            let help = readsLines ? "help" : "todo help"
            message = text + "; " + (command.map { "see: \(help) \($0)" } ?? "type \(help) for the commands")
            status = 2
        case CommandError.malformed(let text):
            message = text
            status = 2
        case CommandError.refused(let text):
            message = text
            status = 1
        case let error as StoreError:
            message = StoreText.message(error)
            status = 1
        default:
            message = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
            status = 1
        }
        let shown = TerminalText.escaped(message)
        output.flush()
        let line = (pipedLine.map { "line \($0): " } ?? "") + "error: " + shown
        errors.write(errorsInRed ? "\u{1B}[31m" + line + "\u{1B}[0m\n" : line + "\n")
        errors.flush()
        return status
    }

    // MARK: - Reading more at the prompt

    /// The next line typed at the prompt, or nil at the end of the input or at Ctrl-C, which
    /// cancels what asked for the line and nothing more.
    func readLine(prompt: String) -> String? {
        guard let line = input.readLine(prompt: prompt, completesCommands: false) else {
            write("\n")
            _ = Interrupt.arrived()
            return nil
        }
        return line
    }
}
