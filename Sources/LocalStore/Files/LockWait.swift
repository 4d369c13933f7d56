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

/// How long a change waits for the store's lock while another program holds it, and who is told
/// that it waits. A writer stopped or stuck while holding the lock never holds the others up in
/// silence: they say so, and give up.
public struct LockWait: Sendable {
    /// How long to wait before giving up, with `StoreError.lockHeld`.
    public var timeout: Duration
    /// Told once, when the wait has lasted half a second (or half the timeout, when that is
    /// shorter): a lock held a moment, by another change, is waited for in silence.
    public var waiting: @Sendable (LockHolder?) -> Void

    public init(timeout: Duration = LockWait.defaultTimeout, waiting: @escaping @Sendable (LockHolder?) -> Void = { _ in }) {
        self.timeout = timeout
        self.waiting = waiting
    }

    /// Ten seconds: far more than any change takes, and short enough that nobody wonders for long.
    public static let defaultTimeout = Duration.seconds(10)

    var noticeAfter: Duration { min(.milliseconds(500), timeout / 2) }
}

/// The program that holds a lock, as the system tells it: on Linux, `/proc/locks` names it,
/// and `/proc/<pid>` says its command line and whether it is stopped. Elsewhere it is not known.
public struct LockHolder: Sendable, Equatable {
    public let pid: Int32
    /// Its command line, words joined by spaces; nil when the system does not say.
    public let command: String?
    /// Stopped (`kill -STOP`, Ctrl-Z, a debugger): it will not let go until it is resumed.
    public let isStopped: Bool

    public init(pid: Int32, command: String?, isStopped: Bool) {
        self.pid = pid
        self.command = command
        self.isStopped = isStopped
    }

    /// Who holds the lock on `file`, when the system says.
    static func of(_ file: StoreFiles.OpenFile) -> LockHolder? {
        #if os(Linux)
        guard let locks = text(of: "/proc/locks") else { return nil }
        // The device's major and minor numbers, as glibc's `major` and `minor` take them apart.
        let device = UInt64(file.status.st_dev)
        let lock = (major: (device >> 8) & 0xfff | (device >> 32) & ~0xfff, minor: device & 0xff | (device >> 12) & ~0xff,
                    inode: UInt64(file.status.st_ino))
        guard let pid = pid(holding: lock, in: locks) else { return nil }
        let command = text(of: "/proc/\(pid)/cmdline").map {
            $0.split(separator: "\0").joined(separator: " ")
        }
        // "12345 (todo) T …": the state follows the last parenthesis, which ends the name.
        let state = text(of: "/proc/\(pid)/stat").flatMap { $0.split(separator: ")").last?.split(separator: " ").first }
        return LockHolder(pid: pid, command: command.flatMap { $0.isEmpty ? nil : $0 },
                          isStopped: state == "T" || state == "t")
        #else
        return nil
        #endif
    }

    /// The process that holds a `flock` on the file `lock` names, as `locks`, the text of
    /// `/proc/locks`, says: "1: FLOCK  ADVISORY  WRITE 12345 fd:01:1234567 0 EOF", the device's
    /// numbers in hex, the inode in decimal; a waiter's line has "->" where FLOCK is. Only whole
    /// lines count: what is read of the file may stop inside its last line (SF-53).
    static func pid(holding lock: (major: UInt64, minor: UInt64, inode: UInt64), in locks: String) -> Int32? {
        for line in locks.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", case let written = fields[5].split(separator: ":"), written.count == 3,
                  UInt64(written[0], radix: 16) == lock.major, UInt64(written[1], radix: 16) == lock.minor,
                  UInt64(written[2]) == lock.inode, let pid = Int32(fields[4]) else { continue }
            return pid
        }
        return nil
    }

    /// A small file the system makes as it is read, as text; nil where it cannot be read.
    private static func text(of path: String) -> String? {
        guard let file = try? StoreFiles.open(path), let data = try? file.contents() else { return nil }
        return String(decoding: data.prefix(1 << 20), as: UTF8.self)
    }
}
