import Foundation
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
    /// Made on first use: a command on the to-dos has no need of the locale and the helper
    /// program the people's view-model looks up, and starts sooner without them.
    private(set) lazy var userList = UserListViewModel(
        store: store, source: FetchProcess(base: options.api),
        today: { [today = options.today] in today ?? CalendarDate(Date(), in: .current) })
    let rendering: TodoRendering
    let peopleRendering: PeopleRendering

    private let terminal: Terminal
    private let input: LineReader
    private let output: TextOutput
    private let errors: TextOutput
    /// True while lines are read from the input rather than taken from the command line:
    /// errors then point to `help`, not `todo --help`.
    private(set) var readsLines = false
    /// True when a person types the lines at a prompt: only then do the add form and the
    /// detail stay open and ask for more.
    private(set) var isPrompt = false
    private var wantsToQuit = false

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
        self.rendering = TodoRendering(usesColour: usesColour)
        self.peopleRendering = PeopleRendering(usesColour: usesColour)
    }

    static let commands: [Command] = todoCommands + peopleCommands + promptCommands

    /// The commands as `help` lists them.
    static let commandGroups: [(title: String, commands: [Command])] = [
        ("To-dos", todoCommands), ("People", peopleCommands), ("The store, help and the prompt", promptCommands),
    ]

    static let promptCommands: [Command] = [
        Command("doctor", summary: "Check the store file and say what it holds, changing nothing.",
                reads: .nothing) { session, words in try session.doctor(words) },
        Command("help", arguments: "[COMMAND]", summary: "Show the commands, or how one is used.",
                reads: .nothing) { session, words in try session.help(words) },
        Command("quit", aliases: ["exit"], summary: "Leave the prompt; Ctrl-D does too.",
                reads: .nothing) { session, words in try session.quit(words) },
    ]

    /// The command `words` start with, and how many words its name takes.
    static func command(for words: [String]) throws -> (command: Command, nameLength: Int) {
        let matches = commands.compactMap { command in command.matchLength(words).map { (command, $0) } }
        if let longest = matches.max(by: { $0.1 < $1.1 }) {
            return longest
        }
        let subcommands = commands.filter { $0.name.hasPrefix(words[0] + " ") }
        if !subcommands.isEmpty {
            let names = subcommands.map { String($0.name.dropFirst(words[0].count + 1)) }
            let typed = words.count > 1 ? " \(words[1])" : ""
            throw CommandError.usage("\(quoted(words[0] + typed)) is not a command; \(words[0]) takes one of: "
                                     + names.joined(separator: ", "), command: words[0])
        }
        throw CommandError.usage("unknown command \(quoted(words[0]))", command: nil)
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
            write("todo \(TodoProgram.version): type help for the commands, quit to leave.\n")
        }
        var anyFailed = false
        while !wantsToQuit {
            guard let line = input.readLine(prompt: prompt) else {
                if isPrompt { write("\n") }
                break
            }
            let words: [String]
            do {
                words = try Words.split(line)
            } catch {
                report(CommandError.refused("a quote is not closed (\(error.quote))"))
                anyFailed = true
                continue
            }
            if !words.isEmpty, await execute(words) != 0 {
                anyFailed = true
            }
        }
        return anyFailed && !isPrompt ? 1 : 0
    }

    private var prompt: String {
        guard isPrompt else { return "" }
        guard let detail = todoList.detail, let entry = numbered(detail.item.id) else { return "todo> " }
        return "todo \(entry.number)> "
    }

    private func execute(_ words: [String]) async -> Int32 {
        do {
            let (command, nameLength) = try Self.command(for: words)
            switch command.reads {
            case .nothing: break
            case .todos: try load()
            case .people: try userList.load()
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
    private func load() throws {
        try todoList.load()
        if let detail = todoList.detail {
            refreshDetail(detail.item.id)
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

    func write(_ text: String) {
        output.write(text)
    }

    func say(_ line: String) {
        output.write(line + "\n")
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
        case CommandError.refused(let text):
            message = text
            status = 1
        default:
            message = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
            status = 1
        }
        let shown = TerminalText.escaped(message)
        output.flush()
        errors.write("error: " + shown + "\n")
        errors.flush()
        return status
    }

    // MARK: - Reading more at the prompt

    /// The next line typed at the prompt, or nil at the end of the input.
    func readLine(prompt: String) -> String? {
        guard let line = input.readLine(prompt: prompt) else {
            write("\n")
            return nil
        }
        return line
    }

    // MARK: - Help and quit

    private func help(_ words: [String]) throws {
        switch words.count {
        case 0:
            write(Help.overview(Self.commandGroups, atPrompt: readsLines))
        default:
            let family = Self.commands.filter { $0.name.hasPrefix(words[0] + " ") }
            if words.count == 1 && !family.isEmpty {
                return write(family.map(Help.usage(of:)).joined(separator: "\n"))
            }
            let (command, nameLength) = try Self.command(for: words)
            guard nameLength == words.count else {
                throw CommandError.usage("help takes one command name", command: "help")
            }
            write(Help.usage(of: command))
        }
    }

    private func doctor(_ words: [String]) throws {
        guard words.isEmpty else { throw CommandError.usage("doctor takes no arguments", command: "doctor") }
        let report = try store.inspect()
        guard report.exists else {
            return say("No store at \(TerminalText.escaped(report.path)) yet: it is made on the first change.")
        }
        let todos = report.document.todos
        let people = report.document.people
        let leftOvers = report.leftOvers.isEmpty
            ? "none"
            : "\(report.leftOvers.count) temporary file(s) from a save that did not finish; the next change removes them"
        let journal = report.journalBytes == 0 ? "" : ", and a journal of \(report.journalBytes) bytes: "
            + "\(report.journalChanges) \(report.journalChanges == 1 ? "change" : "changes") since the store was written"
        write("""
            Store: \(TerminalText.escaped(report.path))
              Format:    \(report.document.version) (this todo reads up to \(StoreDocument.currentVersion))
              Size:      \(report.bytes) bytes\(journal)
              To-dos:    \(todos.todo.count) to do, \(todos.finished.count) finished
              People:    \(people.everyone.count), \(people.deleted.count) deleted, \(people.blacklist.count) remembered searches
              Left over: \(leftOvers)

            """)
        let problems = report.problems
        guard problems.isEmpty else {
            problems.forEach { say("  Problem: \($0)") }
            throw CommandError.refused("the store \(report.path) has \(problems.count == 1 ? "a problem" : "\(problems.count) problems"); "
                                       + "it was left as it is")
        }
        say("The store is sound.")
    }

    private func quit(_ words: [String]) throws {
        guard words.isEmpty else { throw CommandError.usage("quit takes no arguments", command: "quit") }
        wantsToQuit = true
    }

    // MARK: - Numbers

    func numbered(_ id: TodoItem.ID) -> NumberedItem? {
        let all = todoList.todos.all
        guard let index = all.firstIndex(where: { $0.id == id }) else { return nil }
        return NumberedItem(number: index + 1, item: all[index])
    }

    /// The item `list` shows with this number.
    func item(numbered word: String) throws -> NumberedItem {
        let (todo, finished) = (todoList.todos.todo, todoList.todos.finished)
        let number = try position(word, among: todo.count + finished.count, of: (one: "item", many: "items"))
        return NumberedItem(number: number, item: number <= todo.count ? todo[number - 1] : finished[number - 1 - todo.count])
    }

    /// Only plain ASCII digits are numbers: `+1`, `1.0`, `1e3` and other scripts' digits are
    /// refused rather than guessed at.
    static func isPlainNumber(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The number in `word`, from 1 to `count`, in a list of `noun.many`.
    func position(_ word: String, among count: Int, of noun: (one: String, many: String)) throws -> Int {
        guard Self.isPlainNumber(word) else {
            throw CommandError.refused("\(quoted(word)) is not a number; the list numbers its \(noun.many) from 1")
        }
        guard let number = Int(word), number >= 1, number <= count else {
            let size = count == 0 ? "the list is empty" : "the list has \(count) \(count == 1 ? noun.one : noun.many)"
            throw CommandError.refused("no \(noun.one) \(word) (\(size))")
        }
        return number
    }
}
