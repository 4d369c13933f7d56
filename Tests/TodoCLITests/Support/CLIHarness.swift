import Foundation
import LocalStore
import TestSupport
import TodoCLI
import TodoList

/// What one run of `todo` left behind: its exit status and everything it printed.
struct Run: Equatable, CustomStringConvertible {
    var status: Int32
    var output: String
    var errors: String

    var description: String { "status \(status)\n--- stdout\n\(output)--- stderr\n\(errors)" }
}

/// Runs `todo` in-process against a store in a fresh folder, as a person at a terminal
/// (or a script feeding it lines) would.
@MainActor
final class CLIHarness {
    let folder: TemporaryFolder
    var storeURL: URL { folder.file("store.json") }

    init() throws {
        folder = try TemporaryFolder()
    }

    /// One run of `todo --store <store> ARGUMENTS`, with `input` as its standard input.
    /// `terminal` says whether input and output are a terminal.
    @discardableResult
    func run(_ arguments: [String], input: [String] = [], terminal: Bool = false,
             environment: [String: String] = [:], withStore: Bool = true,
             beforeLine: @escaping (Int) -> Void = { _ in }) async -> Run {
        let output = CapturedOutput()
        let errors = CapturedOutput()
        let status = await TodoProgram.run(
            arguments: (withStore ? ["--store", storeURL.path] : []) + arguments,
            environment: environment,
            terminal: Terminal(isInputInteractive: terminal, isOutputInteractive: terminal),
            input: ScriptedInput(lines: input, echo: terminal ? output : nil, beforeLine: beforeLine),
            output: output,
            errors: errors
        )
        return Run(status: status, output: output.text, errors: errors.text)
    }

    @discardableResult
    func run(_ arguments: String...) async -> Run {
        await run(arguments)
    }

    /// Saves a list with ids 1, 2, 3… for the to-dos, continuing for the finished items.
    func seed(todo: [String] = [], finished: [String] = []) throws {
        let store = FileStore(url: storeURL)
        for (offset, title) in finished.enumerated().reversed() {
            try store.apply(.add(TodoItem(id: id(todo.count + offset + 1), title: title)))
            try store.apply(.check(id(todo.count + offset + 1)))
        }
        for (offset, title) in todo.enumerated().reversed() {
            try store.apply(.add(TodoItem(id: id(offset + 1), title: title)))
        }
    }

    func saved() throws -> Todos {
        try FileStore(url: storeURL).loadTodos()
    }

    func storeBytes() throws -> Data {
        try Data(contentsOf: storeURL)
    }
}

extension Array where Element == TodoItem {
    var titles: [String] { map(\.title) }
}

final class CapturedOutput: TextOutput {
    private(set) var text = ""

    func write(_ string: String) {
        text += string
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

    init(lines: [String], echo: CapturedOutput?, beforeLine: @escaping (Int) -> Void) {
        self.lines = lines
        self.echo = echo
        self.beforeLine = beforeLine
    }

    func readLine(prompt: String) -> String? {
        echo?.write(prompt)
        guard next < lines.count else { return nil }
        beforeLine(next)
        let line = lines[next]
        next += 1
        echo?.write(line + "\n")
        return line
    }
}
