import Dates
import Foundation
import LocalStore
import TestSupport
import TodoCLI
import TodoList

/// Runs `todo` in-process against a store in a fresh folder, as a person at a terminal
/// (or a script feeding it lines) would.
@MainActor
final class CLIHarness {
    let folder: TemporaryFolder
    var storeURL: URL { folder.file("store.json") }
    /// The commands the last run handed its line reader as history, for Up to bring back.
    private(set) var recalled: [String] = []
    /// What Tab offered at the last prompt of the last run, for the text before the cursor.
    private(set) var tabAtLastPrompt: (@MainActor (String) -> [String])?

    init() throws {
        folder = try TemporaryFolder()
    }

    /// One run of `todo --store <store> ARGUMENTS`, with `input` as its standard input.
    /// `terminal` says whether input and output are a terminal, `columns` how wide it is;
    /// `fetchDeadline`, how long `user fetch` waits for a page (todo-fetch's own deadline when nil);
    /// `disk`, how the store writes and removes files; `heardOnErrors`, each text as it is written
    /// to standard error, while the command runs.
    @discardableResult
    func run(_ arguments: [String], input: [String] = [], terminal: Bool = false, columns: Int? = nil,
             environment: [String: String] = [:], withStore: Bool = true, fetchDeadline: Duration? = nil, zone: LocalZone = .system,
             disk: Disk = .system, beforeLine: @escaping (Int) -> Void = { _ in },
             heardOnErrors: @escaping (String) -> Void = { _ in }) async -> Run {
        let output = CapturedOutput()
        let errors = CapturedOutput(heard: heardOnErrors)
        let input = ScriptedInput(lines: input, echo: terminal ? output : nil, beforeLine: beforeLine)
        defer { (recalled, tabAtLastPrompt) = (input.recalled, input.tabAtLastPrompt) }
        let status = await TodoProgram.run(
            arguments: (withStore ? ["--store", storeURL.path] : []) + arguments,
            environment: environment,
            terminal: Terminal(isInputInteractive: terminal, isOutputInteractive: terminal, columns: columns),
            input: input,
            output: output,
            errors: errors,
            fetchDeadline: fetchDeadline,
            zone: zone,
            disk: disk
        )
        return Run(status: status, output: output.text, errors: errors.text)
    }

    @discardableResult
    func run(_ arguments: String...) async -> Run {
        await run(arguments)
    }

    /// Saves a list numbered (and identified) 1, 2, 3… from the top, To do then Finished.
    func seed(todo: [String] = [], finished: [String] = []) throws {
        try FileStore(url: storeURL).update { $0.todos = makeTodos(todo: todo, finished: finished) }
    }

    /// A moment as the detail shows it: the day and the minute, in this computer's time zone.
    static func moment(_ date: Date) -> String {
        let local = Date(timeIntervalSince1970: date.timeIntervalSince1970 + Double(TimeZone.current.secondsFromGMT(for: date)))
        let text = local.rfc3339() ?? ""
        let day = text.prefix(10).split(separator: "-")
        return "\(day[2])-\(day[1])-\(day[0]) " + text.dropFirst(11).prefix(5)
    }

    func saved() throws -> Todos {
        try FileStore(url: storeURL).loadTodos()
    }

    func storeBytes() throws -> Data {
        try Data(contentsOf: storeURL)
    }
}

final class CapturedOutput: TextOutput {
    private(set) var text = ""
    private let heard: (String) -> Void

    init(heard: @escaping (String) -> Void = { _ in }) {
        self.heard = heard
    }

    func write(_ string: String) {
        text += string
        heard(string)
    }

    func flush() {}
}

/// Lines typed at the prompt. On a terminal the typed line shows after its prompt, so
/// the captured output reads like the screen. `beforeLine` runs before line N (from 0) is
/// handed over, so a test can act as another terminal between two commands.
final class ScriptedInput: LineReader {
    private let lines: [String]
    private var next = 0
    private let echo: CapturedOutput?
    private let beforeLine: (Int) -> Void
    /// What the program handed over as history.
    private(set) var recalled: [String] = []
    /// What Tab offers at the last prompt read, for the text before the cursor.
    private(set) var tabAtLastPrompt: (@MainActor (String) -> [String])?

    init(lines: [String], echo: CapturedOutput?, beforeLine: @escaping (Int) -> Void) {
        self.lines = lines
        self.echo = echo
        self.beforeLine = beforeLine
    }

    /// A line longer than the real readers take is refused as they refuse it.
    func readLine(prompt: String, completions: (@MainActor (String) -> [String])?) throws(LineRefusal) -> String? {
        if completions != nil { tabAtLastPrompt = completions }
        echo?.write(prompt)
        guard next < lines.count else { return nil }
        beforeLine(next)
        let line = lines[next]
        next += 1
        echo?.write(line + "\n")
        guard line.utf8.count <= LineRefusal.longestLine else { throw .tooLong }
        return line
    }

    func recall(_ lines: [String]) {
        recalled = lines
    }
}
