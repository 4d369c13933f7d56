#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LocalStore

/// Where the output of the command running now goes, and how it looks there: text or JSON on
/// standard output, colour only on a terminal, and every error as one `error:` line on standard
/// error, red on a terminal, naming its line when lines are piped in.
@MainActor
struct Printer {
    private let output: TextOutput
    private let errors: TextOutput
    private let errorsInRed: Bool
    /// Whether errors go to a terminal: only there does a fetch show how its wait goes.
    let errorsToTerminal: Bool
    /// Whether the output goes to a terminal, where a person reads it rather than a script.
    let toTerminal: Bool
    private let terminal: Terminal
    private let environment: [String: String]
    private let usesColour: Bool
    /// How wide help is laid out; measured at each use, as the window may be resized.
    var width: Int { terminal.width(environment) }
    /// How wide a message may be: it is fitted to one line.
    var lineWidth: Int { terminal.lineWidth(environment) }
    /// How wide a message that names items may be: a line for a person, any width for a
    /// program reading `--json`, which has no width to fit.
    var messageWidth: Int { json ? .max : lineWidth }
    var rendering: TodoRendering {
        TodoRendering(usesColour: usesColour, columns: terminal.isOutputInteractive ? terminal.columns : nil)
    }
    let peopleRendering: PeopleRendering
    /// Whether the command prints JSON: `--json` on the command line, or on its line.
    var json = false
    /// Where the command came from: its hints are typed as it was, its errors name its line.
    var mode = InputMode.arguments

    /// Colour is used only on a terminal, and never when NO_COLOR is set and not empty.
    init(terminal: Terminal, environment: [String: String], output: TextOutput, errors: TextOutput) {
        self.output = output
        self.errors = errors
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        self.terminal = terminal
        self.environment = environment
        usesColour = terminal.isOutputInteractive && !noColour
        errorsToTerminal = terminal.isErrorsInteractive
        errorsInRed = errorsToTerminal && !noColour
        toTerminal = terminal.isOutputInteractive
        peopleRendering = PeopleRendering(usesColour: usesColour)
    }

    func write(_ text: String) {
        output.write(text)
    }

    /// Prints a sentence for a person; with `--json`, that sentence as `{"message": …}`, so a
    /// script reading JSON never meets plain text.
    func say(_ line: String) {
        output.write(json ? JSON.object([("message", .string(line))]).line : line + "\n")
    }

    /// Prints a message that names items or people, fitted to one line.
    func say(_ sentence: Sentence) {
        say(sentence.line(width: messageWidth))
    }

    /// Shows `line` on standard error in place of the one shown there before, cut to fit the
    /// terminal so that it stays one line; nil takes it away.
    func showInPlace(_ line: String?) {
        errors.write("\r\u{1B}[K" + (line.map { DisplayWidth.shortened($0, to: lineWidth - 1) } ?? ""))
        errors.flush()
    }

    /// Prints a `note:` line on standard error: something a person may want to know of, that
    /// stops nothing.
    func note(_ text: String) {
        output.flush()
        errors.write("note: " + TerminalText.escaped(text) + "\n")
        errors.flush()
    }

    /// A command as the user types it here: after `todo` in the shell, alone at the prompt.
    func typed(_ command: String) -> String {
        mode.readsLines ? command : "todo " + command
    }

    func flush() {
        output.flush()
        errors.flush()
    }

    /// Prints one `error:` line, after what the command printed before it failed, and returns
    /// the exit status that goes with it: 2 for words that fit no command, 1 for a refusal.
    @discardableResult
    func report(_ error: any Error) -> Int32 {
        let message: String
        let status: Int32
        switch error {
        case CommandError.usage(let text, let command):
            let help = typed("help")
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
        case let error as OptionError:
            if let meant = error.meant {
                message = error.message + "; did you mean \(quoted(meant))?"
            } else if let command = error.command {
                message = error.message + "; see: \(typed("help")) \(command)"
            } else {
                // On a line it is the line that is refused; the command line's options are in `todo --help`.
                message = mode.readsLines ? error.message : error.message + "; see: todo --help"
            }
            status = 2
        default:
            message = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
            status = 1
        }
        let shown = TerminalText.escaped(message)
        output.flush()
        let line = (mode.lineNumber.map { "line \($0): " } ?? "") + "error: " + shown
        errors.write(errorsInRed ? "\u{1B}[31m" + line + "\u{1B}[0m\n" : line + "\n")
        errors.flush()
        return status
    }
}
