#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LocalStore
import TodoList
import UserList

/// One run of the program: the lists the commands work on, and the command running now. It runs
/// a single command from the command line, or reads commands line by line, at a prompt or from
/// a pipe. Which command the words name is `CommandTable`'s to say; where the command's output
/// goes, the `printer`'s; what the prompt holds open between lines, the `prompt`'s.
@MainActor
final class Session {
    /// The options todo started with; a line read at the prompt or from a pipe adds its own, for
    /// itself alone.
    let startSettings: Settings
    /// The options of the command running now, where the lists' clocks and the loader of people
    /// read the day and the server: `--today` and `--api` may come with the line.
    private let current: CurrentSettings
    var settings: Settings { current.settings }
    private(set) var printer: Printer
    let prompt: Prompt
    let store: FileStore
    let todoList: TodoListViewModel
    /// Made on first use: a command on the to-dos has no need of the program the people's
    /// view-model looks up, and starts sooner without it.
    private(set) lazy var userList = UserListViewModel(
        store: store,
        source: FetchProcess(server: { [current] in current.api }, deadline: fetchDeadline, watch: waitWatcher),
        today: { [current] in current.today })
    private let fetchDeadline: Duration?
    /// Whether the first command that uses the store said where it is, for an XDG_DATA_HOME passed over.
    private var notedWhereTheStoreIs = false
    /// Whether a person types what is read, at the prompt or at a terminal: only a person is
    /// asked a question (a repair that would bring back what was removed); a script is told.
    let inputIsAPerson: Bool

    /// `mode` is where the commands come from: the command line, or the lines of `input`;
    /// `fetchDeadline`, how long `user fetch` waits for a page (nil: todo-fetch's own); `disk`,
    /// how the store writes and removes files.
    init(settings: Settings, printer: Printer, mode: InputMode, input: LineReader, inputIsAPerson: Bool, fetchDeadline: Duration?,
         disk: Disk) {
        self.inputIsAPerson = inputIsAPerson
        startSettings = settings
        let current = CurrentSettings(settings)
        self.current = current
        self.printer = printer
        self.printer.json = settings.json
        self.printer.mode = mode
        self.fetchDeadline = fetchDeadline
        store = FileStore(path: settings.storePath, disk: disk, lockWait: LockWait(timeout: settings.lockWait) { [printer] holder in
            MainActor.assumeIsolated { printer.note(StoreText.waiting(for: holder, upTo: settings.lockWait)) }
        })
        // The view-models ask for the day on the main actor, where the commands run.
        todoList = TodoListViewModel(store: store, clock: ListClock(today: { MainActor.assumeIsolated { current.today } }))
        prompt = Prompt(input: input, todoList: todoList, store: store, home: settings.home)
    }

    /// Answers what todo was asked for: 0 done, 1 refused, 2 a usage error.
    func run(_ request: Request) async -> Int32 {
        switch request {
        case .help:
            printer.write(Help.overview(CommandTable.groups, width: printer.width))
        case .manual:
            printer.write(Manual.page(CommandTable.groups, version: TodoProgram.version))
        case .completionScript(let shell):
            printer.write(shell.completionScript)
        case .completions(let line):
            // The tags of the store the line would use: the one it names, else todo's own.
            let named = Completion.storeNamed(inShellLine: line, home: settings.home).map { FileStore(path: TypedPath.absolute($0)) }
            let tags = { Completion.tags(in: named ?? self.store) }
            printer.write((Completion.candidates(forLine: line, shell: true, tags: tags) ?? []).map { $0 + "\n" }.joined())
        case .version:
            printer.write("todo \(TodoProgram.version)\n")
        case .run(let words) where words.isEmpty:
            return await runLines()
        case .run(let words):
            return await execute(words).status
        }
        return 0
    }

    /// Runs the lines of the input one by one until `quit` or the end of the input. At a
    /// prompt the exit status is 0; piped, it is 1 when any line failed.
    private func runLines() async -> Int32 {
        let readsAPrompt = printer.mode.isPrompt
        if readsAPrompt {
            printer.write(Help.wrapped("todo \(TodoProgram.version): type help for the commands, quit to leave.", width: printer.lineWidth))
        }
        // Only what a person types is kept: piped lines are a script's.
        let history = readsAPrompt ? PromptHistory(path: startSettings.historyPath) : nil
        defer { history?.trim() }
        if let history {
            if let problem = history.problem { printer.note(HistoryText.notKept(problem)) }
            prompt.recall(history.earlier)
        }
        var anyFailed = false
        var lineNumber = 0
        while true {
            let read: String?
            do {
                read = try prompt.nextLine(showing: readsAPrompt ? prompt.text : "")
            } catch {
                lineNumber += 1
                printer.mode = readsAPrompt ? .prompt : .piped(line: lineNumber)
                anyFailed = true
                // Piped, where such a line ends may never come (`todo < /dev/zero`): reading stops there.
                guard error == .tooLong && !readsAPrompt else {
                    printer.report(CommandError.refused(Self.refusal(error) + "; it was not run"))
                    continue
                }
                printer.report(CommandError.refused(Self.refusal(error) + "; todo stopped reading there"))
                break
            }
            guard let line = read else {
                // After Ctrl-C the cursor may be on any row of a line that wraps: the rows below
                // it are cleared, so that the fresh prompt is not drawn over what is left of it.
                if readsAPrompt { printer.write(Interrupt.isPending && printer.toTerminal ? "\n\u{1B}[J" : "\n") }
                if readsAPrompt && Interrupt.arrived() { continue }
                break
            }
            lineNumber += 1
            printer.mode = readsAPrompt ? .prompt : .piped(line: lineNumber)
            if let problem = history?.record(line) { printer.note(HistoryText.notKept(problem)) }
            if line.trimmed.hasPrefix("#") { continue }
            let ran = await run(line: line)
            anyFailed = anyFailed || ran.status != 0
            // A Ctrl-C that came while the command ran was the command's; the next read starts clean.
            if readsAPrompt { _ = Interrupt.arrived() }
            if ran.leaves { break }
        }
        return anyFailed && !readsAPrompt ? 1 : 0
    }

    /// Runs one line with its own options; a blank line does nothing.
    private func run(line: String) async -> (status: Int32, leaves: Bool) {
        let request: Request
        do {
            (request, current.settings) = try OptionParser.parse(line: line, settings: startSettings)
        } catch {
            return (printer.report(error), false)
        }
        printer.json = current.settings.json
        guard case .run(let words) = request else { return (await run(request), false) }
        return words.isEmpty ? (0, false) : await execute(words)
    }

    /// Where errors go to a terminal, what shows a fetch's wait there, on standard error, in
    /// place: what it waits for, for how long, and what has come; nothing once it is over (CLI-47).
    private var waitWatcher: (@MainActor @Sendable (FetchProcess.Wait?) -> Void)? {
        guard printer.errorsToTerminal else { return nil }
        return { [weak self] wait in
            guard let self else { return }
            printer.showInPlace(wait.map { FetchText.waiting($0, api: current.api, deadline: fetchDeadline ?? FetchProcess.defaultDeadline) })
        }
    }

    /// Runs the command the words name, with what it reads from the store, and says whether
    /// reading lines ends with it.
    private func execute(_ words: [String]) async -> (status: Int32, leaves: Bool) {
        do {
            // As long as a line may be, wherever the words came from: the command line takes far more.
            guard words.reduce(0, { $0 + $1.utf8.count + 1 }) <= LineRefusal.longestLine + 1 else {
                throw CommandError.refused("the command is longer than 64 KiB (\(LineRefusal.longestLine) bytes), the most todo takes as one; "
                                           + "nothing was changed")
            }
            let (command, nameLength) = try CommandTable.command(for: words)
            if command.name != "help" && !command.leaves {
                if let problem = settings.storeProblem { throw problem }
                if let note = settings.storeNote, !notedWhereTheStoreIs {
                    notedWhereTheStoreIs = true
                    printer.note(note)
                }
            }
            switch command.reads {
            case .nothing: break
            case .todos: try load()
            case .people:
                try userList.load()
                // Turning to the people leaves the open to-do: `delete` alone must not delete it.
                todoList.detail?.back()
            }
            try await command.run(self, Array(words.dropFirst(nameLength)))
            printer.flush()
            return (0, command.leaves)
        } catch {
            return (printer.report(error), false)
        }
    }
}

/// The settings of the command running now, shared with what reads them while it runs: the
/// clocks of the lists and the loader of people.
@MainActor
final class CurrentSettings {
    var settings: Settings

    init(_ settings: Settings) {
        self.settings = settings
    }

    /// The day ages, birthdays and due dates count from: `--today`, else today in the zone of
    /// the settings.
    var today: CalendarDate {
        settings.today ?? settings.zone.day(of: Date()) ?? Settings.latestToday
    }

    /// The server people are loaded from; nil for randomuser.me, or for one `user fetch` refuses.
    var api: URL? {
        (try? settings.apiURL()) ?? nil
    }
}
