import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An executable run on a pseudo-terminal, as a person runs it in a terminal window: its
/// standard input and output are a terminal, so it shows its prompt and edits lines. The test
/// types into it, control keys included (`"\u{3}"` is Ctrl-C), and waits for what it prints.
public final class PseudoTerminal: @unchecked Sendable {
    private let master: Int32
    private let pid: pid_t
    private var status: Int32?
    private let reader: Thread
    /// How many columns wide the terminal is: where `screen` wraps a line.
    public private(set) var columns: Int

    /// `columns` sets the width the program is told its terminal has, as a resized window does;
    /// without it the program is told none, and `screen` wraps at 80.
    public init(_ executable: URL, arguments: [String] = [], environment: [String: String], columns: Int? = nil) throws {
        // The C library has them all; not every system's Swift overlay shows them.
        typealias Open = @convention(c) (Int32) -> Int32
        typealias Prepare = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let library = dlopen(nil, RTLD_NOW)
        guard let openMaster = dlsym(library, "posix_openpt"), let grant = dlsym(library, "grantpt"),
              let unlock = dlsym(library, "unlockpt"), let named = dlsym(library, "ptsname") else {
            throw CocoaError(.featureUnsupported)
        }
        master = unsafeBitCast(openMaster, to: Open.self)(O_RDWR | O_NOCTTY)
        guard master >= 0, unsafeBitCast(grant, to: Prepare.self)(master) == 0, unsafeBitCast(unlock, to: Prepare.self)(master) == 0,
              let name = unsafeBitCast(named, to: Name.self)(master) else {
            throw CocoaError(.fileReadUnknown)
        }
        let terminalPath = String(cString: name)
        self.columns = columns ?? 80
        if let columns {
            var size = winsize(ws_row: 24, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        }
        // A session of its own, whose controlling terminal is this one, as a terminal window
        // gives its shell: the keys Ctrl-C and Ctrl-D then mean what they mean to a person.
        let pid = try CleanStart.spawn(executable.path, arguments: arguments, environment: environment, flags: Self.startsASession) { actions in
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, terminalPath, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDOUT_FILENO)
            posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDERR_FILENO)
        }
        self.pid = pid
        let master = master
        let box = Received()
        self.box = box
        reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }
                box.append(buffer[..<count])
            }
            box.finish()
        }
        reader.start()
    }

    private let box: Received

    /// POSIX_SPAWN_SETSID, which not every system's Swift overlay names.
    #if canImport(Darwin)
    private static let startsASession: Int32 = 0x400
    #else
    private static let startsASession: Int32 = 0x80
    #endif

    /// Everything printed so far.
    public var output: String { box.text }

    /// Makes the window `columns` wide, as a person dragging its edge does: the program is told
    /// at once (SIGWINCH), and what it prints from then on is drawn in the new width.
    public func resize(columns: Int) {
        var size = winsize(ws_row: 24, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        self.columns = columns
    }

    /// Sends the program `signal`, as the terminal sends it for a key (SIGQUIT for Ctrl-\),
    /// without the flush of what was typed that the terminal makes with it.
    public func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Types `text` as keys, a line break only where `text` holds one.
    public func type(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
    }

    /// Waits until the output holds `text` `times` times; false after `seconds`.
    @discardableResult
    public func waitFor(_ text: String, times: Int = 1, seconds: Double = 30) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        // Looks once more after the deadline: on a busy machine the sleep may end well past it.
        while true {
            if output.components(separatedBy: text).count - 1 >= times { return true }
            if Date() >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits until the output holds `prompt` `times` times and the program's line editor takes
    /// keys one at a time; false after `seconds`. libedit draws its prompt before it leaves the
    /// terminal's line mode, and a key typed in that moment goes to the terminal's own line
    /// editing: a Ctrl-D there reaches the program as a NUL, not as the end of input. A person
    /// reads the prompt before typing; a test waits for the editor instead.
    @discardableResult
    public func waitForPrompt(_ prompt: String, times: Int = 1, seconds: Double = 30) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        guard await waitFor(prompt, times: times, seconds: seconds) else { return false }
        while true {
            // The master's modes are the terminal's: the program sets them through its end.
            var modes = termios()
            if tcgetattr(master, &modes) == 0 && modes.c_lflag & tcflag_t(ICANON) == 0 { return true }
            if Date() >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The lines as a terminal window would show them now: a line editor redraws what it
    /// completes or edits with cursor moves (`ESC[9G`, `ESC[2A`) and erasures (`ESC[K`, `ESC[J`),
    /// not as one run of text. A line longer than `columns` goes on on the next, and a
    /// character a terminal draws two columns wide takes two, as xterm draws them.
    public var screen: [String] {
        var screen = Screen(columns: columns)
        var scalars = output.unicodeScalars.makeIterator()
        var printable = ""
        while let scalar = scalars.next() {
            guard scalar.value < 0x20 else {
                printable.unicodeScalars.append(scalar)
                continue
            }
            screen.write(printable)
            printable = ""
            switch scalar {
            case "\r": screen.column = 0
            case "\n": screen.row += 1
            case "\u{8}": screen.column = max(screen.column - 1, 0)
            case "\u{1B}":
                guard scalars.next() == "[" else { continue }
                var parameter = ""
                while let next = scalars.next() {
                    guard !(("A"..."Z").contains(next) || ("a"..."z").contains(next)) else {
                        screen.move(next, Int(parameter))
                        break
                    }
                    parameter.unicodeScalars.append(next)
                }
            default: break
            }
        }
        screen.write(printable)
        return screen.lines.map { String($0.compactMap { $0 }) }
    }

    /// Waits until a line of the screen holds `text`; false after `seconds`.
    @discardableResult
    public func waitForScreen(_ text: String, seconds: Double = 30) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if screen.contains(where: { $0.contains(text) }) { return true }
            if Date() >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits for the program to end and gives its exit status; it is killed after `seconds`.
    public func exitStatus(seconds: Double = 30) async -> Int32 {
        if let status { return status }
        let deadline = Date().addingTimeInterval(seconds)
        var raw: Int32 = 0
        while waitpid(pid, &raw, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &raw, 0)
                break
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        let code = exitCode(waited: raw)
        status = code
        // What the program printed before it ended may still wait in the terminal: read it to
        // its end, or `output` and `screen` could miss the last of it, or all of it.
        let drained = Date().addingTimeInterval(seconds)
        while !box.isFinished, Date() < drained {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return code
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
        close(master)
    }
}

private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    private var finished = false

    func append(_ more: ArraySlice<UInt8>) {
        lock.withLock { bytes += more }
    }

    /// The terminal's end is read: the program and all it started have closed it.
    func finish() {
        lock.withLock { finished = true }
    }

    var isFinished: Bool {
        lock.withLock { finished }
    }

    var text: String {
        lock.withLock { String(decoding: bytes, as: UTF8.self) }
    }
}

/// The cells of a terminal window, for `screen`: each holds a character, or nothing where the
/// character before it takes two columns.
private struct Screen {
    let columns: Int
    var lines: [[Character?]] = [[]]
    var row = 0 { didSet { while lines.count <= row { lines.append([]) } } }
    var column = 0

    init(columns: Int) {
        self.columns = columns
    }

    mutating func write(_ text: String) {
        for character in text {
            let width = Self.width(character)
            guard width > 0 else {
                // A mark that combines goes with the character before it.
                if let last = lines[row].indices.last(where: { lines[row][$0] != nil && $0 < column }) {
                    lines[row][last] = Character(String(lines[row][last]!) + String(character))
                }
                continue
            }
            if column + width > columns {
                row += 1
                column = 0
            }
            while lines[row].count < column + width { lines[row].append(" ") }
            lines[row][column] = character
            if width == 2 { lines[row][column + 1] = nil }
            column += width
        }
    }

    /// `ESC[nA` and the other moves and erasures a line editor uses.
    mutating func move(_ command: Unicode.Scalar, _ count: Int?) {
        switch command {
        case "A": row = max(row - (count ?? 1), 0)
        case "B": row += count ?? 1
        case "C": column = min(column + (count ?? 1), columns - 1)
        case "D": column = max(column - (count ?? 1), 0)
        case "G": column = max((count ?? 1) - 1, 0)
        case "H": (row, column) = (0, 0)
        case "K": lines[row].removeSubrange(min(column, lines[row].count)...)
        case "J" where count == 2: lines = lines.map { _ in [] }
        case "J":
            lines[row].removeSubrange(min(column, lines[row].count)...)
            lines.removeSubrange((row + 1)...)
        default: break
        }
    }

    /// Two columns for what xterm draws wide (CJK, Hangul, fullwidth forms, emoji drawn as
    /// emoji), none for a mark alone, one for the rest.
    private static func width(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains("\u{FE0F}") || first.properties.isEmojiPresentation { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        case 0x0300...0x036F:
            return 0
        default:
            return 1
        }
    }
}
