#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LocalStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dates

/// The `todo` program. `run` takes everything from outside as parameters, so tests run the
/// whole program in-process; `main` connects it to the real process.
@MainActor
public enum TodoProgram {
    public static let version = "0.1.0"

    /// Runs the program once and returns its exit status: 0 done, 1 refused, 2 a usage error.
    /// `fetchDeadline` is how long `user fetch` waits for a page; nil leaves it to `todo-fetch`
    /// (15 seconds), and a test shortens it to see the deadline pass in a second. `zone` is the
    /// time zone days are counted in: the system's, or one a test fixes. `disk` is how the store
    /// writes and removes files: a test makes it fail as a full disk or an immutable file would.
    public static func run(arguments: [String], environment: [String: String], terminal: Terminal,
                           input: LineReader, output: TextOutput, errors: TextOutput,
                           fetchDeadline: Duration? = nil, zone: LocalZone = .system, disk: Disk = .system) async -> Int32 {
        let printer = Printer(terminal: terminal, environment: environment, output: output, errors: errors)
        defer { printer.flush() }
        guard case (let request, var settings)? = parse(arguments, environment: environment, printer: printer) else { return 2 }
        settings.zone = zone
        return await run(request, settings: settings, printer: printer, input: input, terminal: terminal,
                         fetchDeadline: fetchDeadline, disk: disk).status
    }

    /// What the command line asks for, read once; nil when it is refused, as `printer` said.
    private static func parse(_ arguments: [String], environment: [String: String],
                              printer: Printer) -> (Request, Settings)? {
        do {
            return try OptionParser.parse(arguments: arguments, environment: environment)
        } catch {
            printer.report(error)
            return nil
        }
    }

    /// Runs the request, handing back the session that ran it, with its lists: `main` exits
    /// holding it, as freeing 100,000 to-dos one by one costs more than a check of one of them.
    private static func run(_ request: Request, settings: Settings, printer: Printer, input: LineReader, terminal: Terminal,
                            fetchDeadline: Duration?, disk: Disk) async -> (status: Int32, session: Session) {
        let reading: InputMode = request != .run([]) ? .arguments : terminal.isInputInteractive ? .prompt : .piped(line: 0)
        let session = Session(settings: settings, printer: printer, mode: reading, input: input,
                              inputIsAPerson: terminal.isInputInteractive, fetchDeadline: fetchDeadline, disk: disk)
        let status = await session.run(request)
        printer.flush()
        return (status, session)
    }

    /// The environment variables todo reads; no others are read. Foundation's dictionary of the
    /// whole environment cost a sixth of the instructions of `todo --version` (Benchmarks/profile.md).
    static let environmentVariables = ["COLUMNS", "HOME", "NO_COLOR", "RANDOMUSER_API", "TODO_LOCK_WAIT", "TODO_STORE", "XDG_DATA_HOME",
                                       "XDG_STATE_HOME"]

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
        // A write past the size the shell allows (`ulimit -f`) fails with EFBIG, which is told as
        // any failed write is, instead of the system stopping todo in the middle of it.
        signal(SIGXFSZ, SIG_IGN)
        let terminal = Terminal.current
        let output = FileDescriptorOutput(descriptor: STDOUT_FILENO)
        let errors = FileDescriptorOutput(descriptor: STDERR_FILENO)
        let arguments: [String], environment: [String: String]
        do {
            (arguments, environment) = (try readArguments(), try readEnvironment())
        } catch {
            // The environment is not read, NO_COLOR with it: the error is as a terminal shows errors.
            Printer(terminal: terminal, environment: [:], output: output, errors: errors).report(CommandError.malformed(
                "\(error.what) is not UTF-8 text, which todo reads as another name; nothing was read or written"))
            exit(2)
        }
        let printer = Printer(terminal: terminal, environment: environment, output: output, errors: errors)
        guard case let (request, settings)? = parse(arguments, environment: environment, printer: printer) else { exit(2) }
        var input: LineReader = PlainLineReader(output: output)
        if terminal.isInputInteractive, let editor = EditLineReader(output: output) {
            input = editor
        }
        // The prompt, whatever options came with it (`todo --store FILE`), keeps Ctrl-C for itself.
        if terminal.isInputInteractive && request == .run([]) {
            Interrupt.catchAtThePrompt()
        }
        var (status, session) = await run(request, settings: settings, printer: printer, input: input, terminal: terminal,
                                          fetchDeadline: nil, disk: .system)
        if let failure = output.failure {
            // What was saved stays saved: a script that reads the status must not try it again blindly.
            let saved = session.store.changesSaved
            let said = saved == 0 ? "" : saved == 1 ? "; the change was saved all the same" : "; the \(saved) changes were saved all the same"
            status = max(status, printer.report(CommandError.refused("the output could not be written: \(failure)\(said)")))
        }
        withExtendedLifetime(session) { exit(status) }
    }
}
