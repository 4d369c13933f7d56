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

/// Whether standard input and output are a terminal: a person typing at a prompt, or a script.
public struct Terminal: Equatable, Sendable {
    public var isInputInteractive: Bool
    public var isOutputInteractive: Bool
    /// Whether errors go to a terminal: only then are they red.
    public var isErrorsInteractive: Bool
    /// How many characters wide the output's terminal is, when it is one. For the terminal this
    /// process runs in, as wide as it is now: the window may be resized between two commands.
    public var columns: Int? { measuresStandardOutput ? Self.standardOutputColumns() : givenColumns }
    private var givenColumns: Int?
    private var measuresStandardOutput = false

    public init(isInputInteractive: Bool, isOutputInteractive: Bool, isErrorsInteractive: Bool? = nil, columns: Int? = nil) {
        self.isInputInteractive = isInputInteractive
        self.isOutputInteractive = isOutputInteractive
        self.isErrorsInteractive = isErrorsInteractive ?? isOutputInteractive
        self.givenColumns = columns
    }

    /// The terminal this process runs in.
    public static var current: Terminal {
        var terminal = Terminal(isInputInteractive: isatty(STDIN_FILENO) == 1, isOutputInteractive: isatty(STDOUT_FILENO) == 1,
                                isErrorsInteractive: isatty(STDERR_FILENO) == 1)
        terminal.measuresStandardOutput = true
        return terminal
    }

    private static func standardOutputColumns() -> Int? {
        var size = winsize()
        return isatty(STDOUT_FILENO) == 1 && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
            ? Int(size.ws_col) : nil
    }

    /// The width help is wrapped to: the terminal's, else `COLUMNS`, else 80; never under 30
    /// nor, for lines that stay readable, over 100.
    func width(_ environment: [String: String]) -> Int {
        min(max(lineWidth(environment), 30), 100)
    }

    /// The width a message is fitted to: the terminal's, else `COLUMNS`, else 80; never under 20.
    func lineWidth(_ environment: [String: String]) -> Int {
        max(columns ?? environment["COLUMNS"].flatMap { Int($0) } ?? 80, 20)
    }
}

/// Where the program prints. Tests capture it; the real program writes to a file descriptor.
@MainActor
public protocol TextOutput: AnyObject {
    func write(_ string: String)
    func flush()
}

/// Where the program reads its command lines from.
@MainActor
public protocol LineReader: AnyObject {
    /// The next line without its line break, or nil at the end of input. On a terminal the
    /// reader shows `prompt` first, and Tab offers what `completions` gives for the text
    /// before the cursor. It is nil while a form's field is read: its text is the user's own,
    /// and is no command for Up to bring back. A line longer than `LineRefusal.longestLine`,
    /// or that is not UTF-8, is refused.
    func readLine(prompt: String, completions: (@MainActor (String) -> [String])?) throws(LineRefusal) -> String?
    /// Takes the commands typed in earlier runs, oldest first, as the history Up brings back.
    func recall(_ commands: [String])
    /// Puts `text` where Up brings it back in the next form field read: a field refused, to mend.
    func offerAtUp(_ text: String)
}

extension LineReader {
    /// A reader with no history has nothing to do with them.
    public func recall(_ commands: [String]) {}
    /// Lines that nobody types have no Up.
    public func offerAtUp(_ text: String) {}
}

/// Why a line was not read: too long to be a command, or not text.
public enum LineRefusal: Error, Equatable {
    /// Longer than `longestLine`: refused as soon as that many bytes came, the rest unread.
    case tooLong
    /// Not UTF-8: read as text, each byte that is not would be U+FFFD.
    case notUTF8

    /// The most a line may hold, in bytes: far more than any command, title or name needs.
    public static let longestLine = 64 * 1024

    /// The line's bytes as text; refused when they are not UTF-8.
    static func text(_ bytes: some Collection<UInt8>) throws(LineRefusal) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return text
    }
}

/// Buffered output to a file descriptor: a long list is written in a few system calls,
/// not one per line.
final class FileDescriptorOutput: TextOutput {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity = 64 * 1024
    /// Why a write failed (a full disk, a closed file), once one has: a script reading the
    /// output must not be told all went well.
    private(set) var failure: String?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(capacity)
    }

    func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= capacity {
            flush()
        }
    }

    func flush() {
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { bytes in
                #if canImport(Glibc)
                Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                #else
                Darwin.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                #endif
            }
            if result < 0 && errno == EINTR { continue }
            if result <= 0 {
                failure = failure ?? String(cString: strerror(result < 0 ? errno : ENOSPC))
                break
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Reads lines from standard input a block at a time, printing the prompt itself: for piped
/// input, or a terminal on a system without libedit. A line is never held past
/// `LineRefusal.longestLine` bytes: a longer one is refused when that many came, and the rest of
/// the input is left unread.
final class PlainLineReader: LineReader {
    private let output: TextOutput
    private let descriptor: Int32
    /// Bytes read and not yet handed out, from `start`.
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(output: TextOutput, descriptor: Int32 = STDIN_FILENO) {
        self.output = output
        self.descriptor = descriptor
    }

    func readLine(prompt: String, completions: (@MainActor (String) -> [String])?) throws(LineRefusal) -> String? {
        output.write(prompt)
        output.flush()
        while true {
            if let lineBreak = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = lineBreak + 1 }
                // A carriage return before the line break is part of the break, as for Swift's readLine.
                let end = lineBreak > start && buffer[lineBreak - 1] == UInt8(ascii: "\r") ? lineBreak - 1 : lineBreak
                guard end - start <= LineRefusal.longestLine else { throw .tooLong }
                return try LineRefusal.text(buffer[start..<end])
            }
            guard buffer.count - start <= LineRefusal.longestLine else { throw .tooLong }
            if atEnd {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                return try LineRefusal.text(buffer[start...])
            }
            buffer.removeFirst(start)
            start = 0
            var block = [UInt8](repeating: 0, count: 16 * 1024)
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                atEnd = true
            } else {
                buffer += block[..<count]
            }
        }
    }
}

/// Line editing and history from libedit, loaded at run time so the build needs nothing
/// installed; `init` fails where the library is missing, and the program reads plain lines.
/// The history holds commands alone: while a form's field is read it is emptied, so that Up
/// brings back no command into a title, and what is typed there never joins it.
final class EditLineReader: LineReader {
    private typealias ReadLine = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
    private typealias AddHistory = @convention(c) (UnsafePointer<CChar>?) -> Int32
    private typealias ClearHistory = @convention(c) () -> Void

    private let readLineFunction: ReadLine
    private let addHistory: AddHistory
    private let clearHistory: ClearHistory
    private let output: TextOutput
    /// The commands in the library's history, oldest first: put back after a form's field.
    private var commands: [String] = []
    /// What Up brings back in the next form field: the text a field refused, to mend.
    private var mendable = ""

    init?(output: TextOutput) {
        // Debian and Ubuntu ship libedit.so.2; Fedora and Arch libedit.so.0; macOS its own.
        let candidates = ["libedit.so.2", "libedit.so.0", "libedit.so", "libedit.3.dylib", "/usr/lib/libedit.3.dylib"]
        guard let library = candidates.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first,
              let readLine = dlsym(library, "readline"),
              let addHistory = dlsym(library, "add_history"),
              let clearHistory = dlsym(library, "clear_history")
        else { return nil }
        // libedit reads multibyte characters (é, 李) only under a UTF-8 locale; the program
        // starts in "C", so take the user's, or C.UTF-8 when theirs is not UTF-8.
        if setlocale(LC_CTYPE, "") == nil || String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        self.readLineFunction = unsafeBitCast(readLine, to: ReadLine.self)
        self.addHistory = unsafeBitCast(addHistory, to: AddHistory.self)
        self.clearHistory = unsafeBitCast(clearHistory, to: ClearHistory.self)
        self.output = output
        TabCompletion.install(from: library)
        KillBeforeCursor.install(from: library)
    }

    func readLine(prompt: String, completions: (@MainActor (String) -> [String])?) throws(LineRefusal) -> String? {
        output.flush()
        TabCompletion.completions = completions
        let readsACommand = completions != nil
        if !readsACommand {
            clearHistory()
            if !mendable.isEmpty { _ = addHistory(mendable) }
        }
        mendable = ""
        defer { if !readsACommand { recall(commands) } }
        guard let line = readLineFunction(prompt) else {
            // libedit draws the Ctrl-D that ended the input as "^D" after the prompt; take it
            // back. A Ctrl-C ends the read too, and draws nothing.
            if !Interrupt.isPending { output.write("\u{8}\u{8}\u{1B}[K") }
            return nil
        }
        defer { free(line) }
        // Ctrl-C with Enter right after it (a paste, a slow link): the Enter reaches the line
        // editor before it sees the signal, and ends the line Ctrl-C dropped. It stays
        // dropped, as when Ctrl-C comes alone.
        if Interrupt.isPending { return nil }
        let bytes = UnsafeRawBufferPointer(start: line, count: strlen(line))
        guard bytes.count <= LineRefusal.longestLine else { throw .tooLong }
        // A line refused is no command, and is not kept to be brought back.
        let text = try LineRefusal.text(bytes)
        if readsACommand && line.pointee != 0 {
            _ = addHistory(line)
            commands.append(text)
            if commands.count > PromptHistory.kept { commands.removeFirst(commands.count - PromptHistory.kept) }
        }
        return text
    }

    func offerAtUp(_ text: String) {
        mendable = text
    }

    func recall(_ commands: [String]) {
        clearHistory()
        for command in commands {
            _ = addHistory(command)
        }
        self.commands = commands
    }
}

/// Tab at the prompt: libedit asks for the words that may complete the one at the cursor, and
/// the prompt answers, from the table of commands and the list. Where the library lacks the hook, Tab does
/// what libedit does by itself.
private enum TabCompletion {
    private typealias Complete = @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

    /// The library's line as typed so far, its flag that stops it from completing file names
    /// by itself (listing them as they are, escapes and all), and the character it puts after
    /// a word completed whole. Written once, before the first line is read.
    nonisolated(unsafe) private static var lineBuffer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    nonisolated(unsafe) private static var completionOver: UnsafeMutablePointer<Int32>?
    nonisolated(unsafe) private static var appendCharacter: UnsafeMutablePointer<Int32>?
    /// What Tab offers in the line being read; nothing in a form's field.
    nonisolated(unsafe) static var completions: (@MainActor (String) -> [String])?

    static func install(from library: UnsafeMutableRawPointer) {
        guard let hook = dlsym(library, "rl_attempted_completion_function"),
              let buffer = dlsym(library, "rl_line_buffer"),
              let over = dlsym(library, "rl_attempted_completion_over") else { return }
        lineBuffer = buffer.assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self)
        completionOver = over.assumingMemoryBound(to: Int32.self)
        appendCharacter = dlsym(library, "rl_completion_append_character")?.assumingMemoryBound(to: Int32.self)
        hook.assumingMemoryBound(to: Complete?.self).pointee = complete
    }

    /// The matches as the library takes them: what replaces the word (the part every match
    /// shares), then each match, then nil; the library frees them all.
    private static let complete: Complete = { word, _, end in
        completionOver?.pointee = 1
        guard let completions, let line = lineBuffer?.pointee else { return nil }
        // The cursor is counted in characters of the line, not in bytes.
        let typed = String(String.UnicodeScalarView(String(cString: line).unicodeScalars.prefix(Int(max(end, 0)))))
        let matches = MainActor.assumeIsolated { completions(typed) }
        guard let first = matches.first else { return nil }
        // A folder goes on: no space after it.
        appendCharacter?.pointee = matches.count == 1 && first.hasSuffix("/") ? 0 : Int32(UInt8(ascii: " "))
        // As libedit's own lists are: what replaces the word, then the matches (one alone too),
        // then nil; it reads the third entry to tell a single match from several.
        let words = [Completion.replacement(for: word.map { String(cString: $0) } ?? "", matches: matches)] + matches
        guard let array = malloc(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (words.count + 1))?
            .bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: words.count + 1) else { return nil }
        for (index, word) in words.enumerated() {
            array[index] = strdup(word)
        }
        array[words.count] = nil
        return array
    }
}

/// Ctrl-U deletes what is before the cursor and keeps the rest, as in bash; libedit's emacs keys
/// delete the whole line. libedit binds the terminal's kill character anew as each line starts
/// reading, so the binding is made again then, from the hook it calls before the first key.
private enum KillBeforeCursor {
    private typealias Hook = @convention(c) (UnsafePointer<CChar>?, Int32) -> Int32
    private typealias ParseAndBind = @convention(c) (UnsafePointer<CChar>?) -> Int32

    /// The library's own `rl_parse_and_bind`: written once, before the first line is read.
    nonisolated(unsafe) private static var parseAndBind: ParseAndBind?

    static func install(from library: UnsafeMutableRawPointer) {
        guard let hook = dlsym(library, "rl_pre_input_hook"),
              let bind = dlsym(library, "rl_parse_and_bind") else { return }
        parseAndBind = unsafeBitCast(bind, to: ParseAndBind.self)
        hook.assumingMemoryBound(to: Hook?.self).pointee = bindKill
    }

    private static let bindKill: Hook = { _, _ in
        _ = parseAndBind?("bind ^U vi-kill-line-prev")
        return 0
    }
}

/// Ctrl-C at the prompt, as in bash and Python: the line being typed (or the form being filled
/// in) is dropped, and a fresh prompt comes; only Ctrl-D, `quit` or `exit` leave. Outside the
/// prompt Ctrl-C keeps its usual meaning. Ctrl-\ does as Ctrl-C there: its own signal would
/// end todo as a crash, and the line editor ends the line it reads at any signal it catches.
enum Interrupt {
    /// Catches SIGINT and SIGQUIT without restarting the read they interrupt, so the reader returns.
    static func catchAtThePrompt() {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in interruptArrived = 1 }
        #else
        action.__sigaction_u.__sa_handler = { _ in interruptArrived = 1 }
        #endif
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGQUIT, &action, nil)
    }

    /// Whether Ctrl-C came and is still to be answered, without answering it.
    static var isPending: Bool {
        interruptArrived != 0
    }

    /// Whether Ctrl-C came since the last time this was asked.
    static func arrived() -> Bool {
        defer { interruptArrived = 0 }
        return interruptArrived != 0
    }
}

/// Set by the signal handler alone, read and cleared by the prompt between reads.
nonisolated(unsafe) private var interruptArrived: sig_atomic_t = 0
