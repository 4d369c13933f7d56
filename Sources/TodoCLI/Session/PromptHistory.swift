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

/// The commands typed at the prompt, kept from one run to the next in a file of the user's
/// state folder, one a line, for Up to bring back (CLI-48). It is a convenience: whatever is
/// wrong with the file, it never stops a command. A file it cannot read, or that is not a plain
/// file of its own (a link, a folder), it leaves as it was; one it cannot write it stops writing.
/// Either way it says so once, as a `Problem`, and keeps the history of this run alone.
@MainActor
final class PromptHistory {
    /// Why the history is not kept; the words for it are `HistoryText`'s.
    enum Problem: Error, Equatable {
        case link(path: String)
        case notAFile(path: String)
        case unreadable(path: String, reason: String?)
        case readOnlyFile(path: String)
        case readOnlyFolder(String)
        case cannotWrite(path: String, reason: String)
    }

    /// How many commands are kept: the last ones.
    static let kept = 1000
    /// The most read of a file: its end. A thousand commands take far less.
    static let largestRead = 2 * 1024 * 1024

    /// The file, or nil when there is nowhere to keep it: the history is then this run's alone.
    let path: String?
    /// The commands kept, oldest first, as read when the prompt started.
    let earlier: [String]
    /// Why the file is neither read nor written any more, once something went wrong with it.
    private(set) var problem: Problem?
    /// How many lines the file holds, as far as this run knows: past `kept`, it is cut when the
    /// prompt ends.
    private var lineCount = 0

    /// `$XDG_STATE_HOME/todo-stories/history`, else `~/.local/state/todo-stories/history`;
    /// nil without either, rather than a guess at a home folder (the XDG base directory rules:
    /// a path that is not absolute is ignored).
    nonisolated static func path(environment: [String: String]) -> String? {
        var state: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            state = xdg
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            state = (home.hasSuffix("/") ? home : home + "/") + ".local/state"
        } else {
            return nil
        }
        if !state.hasSuffix("/") { state += "/" }
        return state + "todo-stories/history"
    }

    /// Reads the commands kept at `path`, the lines that are text, without control characters.
    init(path: String?) {
        self.path = path
        guard let path else {
            earlier = []
            return
        }
        switch Self.read(path) {
        case .success(let lines):
            lineCount = lines.count
            earlier = Array(lines.filter(Self.isCommand).suffix(Self.kept))
        case .failure(let problem):
            self.problem = problem
            earlier = []
        }
    }

    /// Keeps `line` at the end of the file; a problem the first time the file cannot take it.
    func record(_ line: String) -> Problem? {
        guard let path, problem == nil, Self.isCommand(line) else { return nil }
        if let problem = Self.append(line, to: path) {
            self.problem = problem
            return problem
        }
        lineCount += 1
        return nil
    }

    /// Cuts the file to its last `kept` commands, when it holds more: another run's lines kept
    /// since this one started are kept too. Whatever goes wrong leaves the file as it was.
    func trim() {
        guard let path, problem == nil, lineCount > Self.kept, case .success(let lines) = Self.read(path) else { return }
        let kept = lines.filter(Self.isCommand).suffix(Self.kept)
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let written = Self.writeAll(kept.map { $0 + "\n" }.joined(), to: descriptor)
        close(descriptor)
        if !written || rename(temporary, path) != 0 {
            unlink(temporary)
        }
    }

    /// A line worth keeping: text with something in it, and no control character that would
    /// move the cursor or end the line when it is brought back.
    private static func isCommand(_ line: String) -> Bool {
        !line.allSatisfy(\.isWhitespace) && !line.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// The lines of the file (all of them, text or not), none when there is none; a problem
    /// when it is not a plain file todo may read.
    private static func read(_ path: String) -> Result<[String], Problem> {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            return errno == ENOENT ? .success([]) : .failure(.unreadable(path: path, reason: String(cString: strerror(errno))))
        }
        switch status.st_mode & S_IFMT {
        case S_IFLNK: return .failure(.link(path: path))
        case S_IFREG: break
        default: return .failure(.notAFile(path: path))
        }
        // The owner's bits are the user's word, whoever runs todo: the superuser reads any file.
        guard status.st_mode & S_IRUSR != 0 else { return .failure(.unreadable(path: path, reason: nil)) }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.unreadable(path: path, reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        let size = Int(status.st_size)
        let start = max(size - largestRead, 0)
        var bytes = [UInt8](repeating: 0, count: size - start)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, $0.count - filled, off_t(start + filled)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        var lines = bytes[..<filled].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        // Read from within the file, its first line is only the end of one.
        if start > 0 { lines = lines.dropFirst() }
        return .success(lines.map { String(validating: $0, as: UTF8.self) ?? "\u{0}" })
    }

    /// Adds `line` at the end of the file, made with its folders if need be, readable by its
    /// owner alone; nil when it is kept.
    private static func append(_ line: String, to path: String) -> Problem? {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if let problem = makeFolders(folder) { return problem }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            switch errno {
            case ELOOP: return .link(path: path)
            case EISDIR: return .notAFile(path: path)
            default: return .cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .notAFile(path: path) }
        guard status.st_mode & S_IWUSR != 0 else { return .readOnlyFile(path: path) }
        if status.st_mode & 0o077 != 0 { fchmod(descriptor, 0o600) }
        guard writeAll(line + "\n", to: descriptor) else {
            return .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        return nil
    }

    /// Makes `folder` and those above it that are missing, entered by their owner alone; a
    /// problem when the nearest that is there is read-only.
    private static func makeFolders(_ folder: String) -> Problem? {
        var missing: [String] = []
        var nearest = folder
        var status = stat()
        while !nearest.isEmpty, stat(nearest, &status) != 0, errno == ENOENT {
            missing.append(nearest)
            nearest = String(nearest[..<(nearest.lastIndex(of: "/") ?? nearest.startIndex)])
        }
        if !nearest.isEmpty, status.st_mode & S_IFMT == S_IFDIR, status.st_mode & S_IWUSR == 0 {
            return .readOnlyFolder(nearest)
        }
        for made in missing.reversed() where mkdir(made, 0o700) != 0 && errno != EEXIST {
            return .cannotWrite(path: folder, reason: String(cString: strerror(errno)))
        }
        return nil
    }

    /// Writes all of `text`; false when the file would not take it.
    private static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            #if canImport(Glibc)
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            #else
            let count = bytes.withUnsafeBytes { Darwin.write(descriptor, $0.baseAddress, $0.count) }
            #endif
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            bytes = bytes.dropFirst(count)
        }
        return true
    }
}
