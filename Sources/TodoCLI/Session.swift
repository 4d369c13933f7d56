import Foundation
import LocalStore
import TodoList

/// One run of the program: the commands it understands, the list they work on, and where
/// they read and print. It runs a single command from the command line, or reads commands
/// line by line, at a prompt or from a pipe.
@MainActor
final class Session {
    let options: Options
    let todoList: TodoListViewModel
    let rendering: TodoRendering

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
        self.todoList = TodoListViewModel(store: FileStore(url: options.storeURL))
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        self.rendering = TodoRendering(usesColour: terminal.isOutputInteractive && !noColour)
    }

    static let commands: [Command] = todoCommands + [
        Command("help", arguments: "[COMMAND]", summary: "Show the commands, or how one is used.",
                usesStore: false) { session, words in try session.help(words) },
        Command("quit", aliases: ["exit"], summary: "Leave the prompt; Ctrl-D does too.",
                usesStore: false) { session, words in try session.quit(words) },
    ]

    // MARK: - Running

    /// Runs `todo COMMAND ARGUMENTS…`: 0 done, 1 refused, 2 a usage error.
    func run(_ words: [String]) -> Int32 {
        execute(words)
    }

    /// Runs the lines of the input one by one until `quit` or the end of the input. At a
    /// prompt the exit status is 0; piped, it is 1 when any line failed.
    func runLines() -> Int32 {
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
            if !words.isEmpty && execute(words) != 0 {
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

    private func execute(_ words: [String]) -> Int32 {
        do {
            guard let command = Self.commands.first(where: { $0.answers(to: words[0]) }) else {
                throw CommandError.usage("unknown command \(quoted(words[0]))", command: nil)
            }
            if command.usesStore {
                try load()
            }
            try command.run(self, Array(words.dropFirst()))
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
        output.flush()
        errors.write("error: " + message + "\n")
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
            write(Help.overview(Self.commands, atPrompt: readsLines))
        case 1:
            guard let command = Self.commands.first(where: { $0.answers(to: words[0]) }) else {
                throw CommandError.usage("unknown command \(quoted(words[0]))", command: nil)
            }
            write(Help.usage(of: command))
        default:
            throw CommandError.usage("help takes one command name", command: "help")
        }
    }

    private func quit(_ words: [String]) throws {
        guard words.isEmpty else { throw CommandError.usage("quit takes no arguments", command: "quit") }
        wantsToQuit = true
    }

    // MARK: - Numbers

    func numbered(_ id: TodoItem.ID) -> NumberedItem? {
        guard let index = todoList.todos.all.firstIndex(where: { $0.id == id }) else { return nil }
        return NumberedItem(number: index + 1, item: todoList.todos.all[index])
    }

    /// The item `list` shows with this number. Only plain ASCII digits are numbers: `+1`,
    /// `1.0`, `1e3` and other scripts' digits are refused rather than guessed at.
    func item(numbered word: String) throws -> NumberedItem {
        guard !word.isEmpty, word.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw CommandError.refused("\(quoted(word)) is not an item number; list shows the numbers")
        }
        let all = todoList.todos.all
        guard let number = Int(word), number >= 1, number <= all.count else {
            let size = switch all.count {
            case 0: "the list is empty"
            case 1: "the list has 1 item"
            default: "the list has \(all.count) items"
            }
            throw CommandError.refused("no item \(word) (\(size))")
        }
        return NumberedItem(number: number, item: all[number - 1])
    }
}
