#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `todo` program. `run` takes everything from outside as parameters, so tests run the
/// whole program in-process; `main` connects it to the real process.
@MainActor
public enum TodoProgram {
    public static let version = "0.1.0"

    /// Runs the program once and returns its exit status: 0 done, 1 refused, 2 a usage error.
    public static func run(arguments: [String], environment: [String: String], terminal: Terminal,
                           input: LineReader, output: TextOutput, errors: TextOutput) async -> Int32 {
        await runKeepingSession(arguments: arguments, environment: environment, terminal: terminal,
                                input: input, output: output, errors: errors).status
    }

    /// `run`, handing back the session that ran the command, with its lists: `main` exits
    /// holding it, as freeing 100,000 to-dos one by one costs more than a check of one of them.
    private static func runKeepingSession(arguments: [String], environment: [String: String], terminal: Terminal,
                                          input: LineReader, output: TextOutput,
                                          errors: TextOutput) async -> (status: Int32, session: Session?) {
        defer {
            output.flush()
            errors.flush()
        }
        let options: Options
        do {
            options = try Options.parse(arguments, environment: environment, textStart: Session.textStart(of:))
        } catch {
            errors.write("error: \(error.message); see: todo --help\n")
            return (2, nil)
        }
        let session = Session(options: options, environment: environment, terminal: terminal,
                              input: input, output: output, errors: errors)
        return (await run(options.request, in: session, environment: environment, terminal: terminal, output: output), session)
    }

    private static func run(_ request: Options.Request, in session: Session, environment: [String: String],
                            terminal: Terminal, output: TextOutput) async -> Int32 {
        switch request {
        case .help:
            output.write(Help.overview(Session.commandGroups, width: terminal.width(environment)))
        case .manual:
            output.write(Manual.page(Session.commandGroups, version: version))
        case .completionScript(let shell):
            output.write(shell.completionScript)
        case .completions(let line):
            output.write(Completion.candidates(forLine: line, shell: true).map { $0 + "\n" }.joined())
        case .version:
            output.write("todo \(version)\n")
        case .run(let words) where words.isEmpty:
            return await session.runLines()
        case .run(let words):
            return await session.run(words)
        }
        return 0
    }

    /// The environment variables todo reads; no others are read. Foundation's dictionary of the
    /// whole environment cost a sixth of the instructions of `todo --version` (Benchmarks/profile.md).
    static let environmentVariables = ["COLUMNS", "HOME", "NO_COLOR", "RANDOMUSER_API", "TODO_STORE", "XDG_DATA_HOME"]

    /// The variables todo reads, by name; throws for the first that is not UTF-8 (CLI-39).
    static func readEnvironment() throws(NotUTF8) -> [String: String] {
        var environment: [String: String] = [:]
        for name in environmentVariables {
            guard let raw = getenv(name) else { continue }
            guard let value = String(validatingCString: raw) else { throw NotUTF8(what: name) }
            environment[name] = value
        }
        return environment
    }

    /// The words todo was given after its name; throws for the first that is not UTF-8 (CLI-39).
    static func readArguments() throws(NotUTF8) -> [String] {
        try (1..<Int(CommandLine.argc)).map { (index: Int) throws(NotUTF8) -> String in
            guard let raw = CommandLine.unsafeArgv[index], let word = String(validatingCString: raw) else {
                throw NotUTF8(what: "argument \(index)")
            }
            return word
        }
    }

    /// A word or a variable that is not UTF-8. Read as text, each byte that is not would be
    /// U+FFFD: two store paths that differ only there would name one file.
    struct NotUTF8: Error {
        let what: String
    }

    /// Runs the program in this process, with its arguments, environment and terminal, and exits.
    public static func main() async -> Never {
        HeapSettings.growInLargeSteps()
        let terminal = Terminal.current
        let output = FileDescriptorOutput(descriptor: STDOUT_FILENO)
        let errors = FileDescriptorOutput(descriptor: STDERR_FILENO)
        let arguments: [String], environment: [String: String]
        do {
            (arguments, environment) = (try readArguments(), try readEnvironment())
        } catch {
            errors.write("error: \(error.what) is not UTF-8 text, which todo reads as another name; nothing was read or written\n")
            errors.flush()
            exit(2)
        }
        var input: LineReader = PlainLineReader(output: output)
        if terminal.isInputInteractive, let editor = EditLineReader(output: output) {
            input = editor
        }
        // The prompt, whatever options came with it (`todo --store FILE`), keeps Ctrl-C for itself.
        let opensPrompt = (try? Options.parse(arguments, environment: environment, textStart: Session.textStart(of:)))?.request == .run([])
        if terminal.isInputInteractive && opensPrompt {
            Interrupt.catchAtThePrompt()
        }
        var (status, session) = await runKeepingSession(arguments: arguments, environment: environment,
                                                        terminal: terminal, input: input, output: output, errors: errors)
        if let failure = output.failure {
            errors.write("error: the output could not be written: \(failure)\n")
            errors.flush()
            status = max(status, 1)
        }
        withExtendedLifetime(session) { exit(status) }
    }
}
