import Foundation
import LocalStore
import TestSupport
import Testing
import TodoCLI

@MainActor
@Suite("A change that finds the store locked says so, and gives up when told")
final class LockWaitTests {
    private let cli: CLIHarness
    private var lockPath: String { cli.storeURL.path + ".lock" }

    init() throws {
        cli = try CLIHarness()
        try cli.seed(todo: ["Buy milk"])
    }

    /// Holds the store's lock as another program would, until `release`.
    private final class HeldLock: @unchecked Sendable {
        let descriptor: Int32

        init(_ path: String) throws {
            descriptor = open(path, O_RDWR | O_CREAT, 0o600)
            guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { throw CocoaError(.fileLocking) }
        }

        deinit { close(descriptor) }

        func release() { flock(descriptor, LOCK_UN) }
    }

    /// Who the store names as the holder: this test's process, where the system says.
    private var holder: String {
        #if os(Linux)
        "process \(getpid()) ("
        #else
        "another program"
        #endif
    }

    @Test("SF-35 A change that finds the store locked says so within a second, names who holds it, and gives up when told")
    func waitsThenGoesOn() async throws {
        let lock = try HeldLock(lockPath)
        let errors = TimedOutput()
        let started = ContinuousClock.now
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.2) { lock.release() }

        let status = await TodoProgram.run(arguments: ["--store", cli.storeURL.path, "add", "Call Ann"], environment: [:],
                                           terminal: Terminal(isInputInteractive: false, isOutputInteractive: false),
                                           input: ScriptedInput(lines: [], echo: nil, beforeLine: { _ in }), output: CapturedOutput(),
                                           errors: errors)

        let took = ContinuousClock.now - started
        #expect(status == 0)
        // It goes on once the lock is let go, long before its 10 s are out.
        #expect(took >= .seconds(1.2) && took < .seconds(9), "\(took)")
        let (noticed, notice) = try #require(errors.writes.first)
        #expect(noticed - started < .seconds(1), "\(noticed - started)")
        #expect(notice.hasPrefix("note: the store is being changed by \(holder)"), "\(notice)")
        #expect(notice.hasSuffix("; waiting up to 10 s for it (--wait SECONDS)\n"), "\(notice)")
        #expect(errors.writes.count == 1)
        #expect(try cli.saved().all.map(\.title) == ["Call Ann", "Buy milk"])
    }

    @Test("SF-35 A change that finds the store locked says so within a second, names who holds it, and gives up when told: it gives up",
          arguments: [(["--wait", "0.4"], [:]), ([], ["TODO_LOCK_WAIT": "0.4"]), (["--wait=0.4"], ["TODO_LOCK_WAIT": "60"])])
    func givesUp(options: [String], environment: [String: String]) async throws {
        let lock = try HeldLock(lockPath)
        let store = try cli.storeBytes()
        let started = ContinuousClock.now

        let refused = await cli.run(options + ["add", "Call Ann"], environment: environment)

        let took = ContinuousClock.now - started
        // It gives up after its 0.4 s, long before the 60 s TODO_LOCK_WAIT or the 10 s left alone would.
        #expect(took >= .seconds(0.4) && took < .seconds(9), "\(took)")
        let lines = refused.errors.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(refused.status == 1)
        #expect(lines.count == 3, "\(refused)")
        #expect(lines.first?.hasPrefix("note: the store is being changed by \(holder)") == true, "\(refused)")
        #expect(lines.first?.hasSuffix("; waiting up to 0.4 s for it (--wait SECONDS)") == true, "\(refused)")
        #expect(lines.dropFirst().first?.hasPrefix("error: the store \(cli.storeURL.path) is being changed by \(holder)") == true)
        #expect(lines.dropFirst().first?.hasSuffix("; nothing was changed after waiting 0.4 s. Wait longer with --wait SECONDS "
                                                   + "or TODO_LOCK_WAIT") == true, "\(refused)")
        #expect(try cli.storeBytes() == store)
        #expect(!FileManager.default.fileExists(atPath: cli.storeURL.path + ".journal"))
        let listed = ContinuousClock.now
        #expect(await cli.run("list").status == 0)
        #expect(ContinuousClock.now - listed < .seconds(9), "a list does not wait for the lock")
        lock.release()
    }

    @Test("SF-35 A change that finds the store locked says so within a second, names who holds it, and gives up when told: no number of seconds",
          arguments: [
              (["--wait", "soon"], [:], "--wait takes a number of seconds from 0 to 86400, not “soon”; see: todo --help"),
              (["--wait", "86400.5"], [:], "--wait takes a number of seconds from 0 to 86400, not “86400.5”; see: todo --help"),
              ([], ["TODO_LOCK_WAIT": "-1"], "TODO_LOCK_WAIT takes a number of seconds from 0 to 86400, not “-1”; see: todo --help"),
              ([], ["TODO_LOCK_WAIT": "nan"], "TODO_LOCK_WAIT takes a number of seconds from 0 to 86400, not “nan”; see: todo --help"),
          ])
    func notANumberOfSeconds(options: [String], environment: [String: String], said: String) async throws {
        let refused = await cli.run(options + ["add", "Call Ann"], environment: environment)

        #expect(refused == Run(status: 2, output: "", errors: "error: \(said)\n"))
        #expect(try cli.saved().all.map(\.title) == ["Buy milk"])
        if !environment.isEmpty {
            #expect(await cli.run(["--wait", "2", "add", "Call Ann"], environment: environment).status == 0, "--wait gives the wait instead")
            #expect(try cli.saved().all.map(\.title) == ["Call Ann", "Buy milk"])
        }
    }

    @Test("SF-52 A store path made a link while a change waits for the lock is refused, not followed",
          arguments: [["add", "Call Ann"], ["check", "1"]])
    func storeMadeALinkWhileWaiting(command: [String]) async throws {
        let other = cli.folder.file("other/store.json")
        try FileManager.default.createDirectory(at: other.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileStore(url: other).update { $0.todos = makeTodos(todo: ["Pay rent"]) }
        let otherBytes = try Data(contentsOf: other)
        let store = cli.storeURL
        try #require(!FileManager.default.fileExists(atPath: store.path + ".journal"))
        let lock = try HeldLock(lockPath)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            try? FileManager.default.removeItem(at: store)
            try? FileManager.default.createSymbolicLink(at: store, withDestinationURL: other)
            lock.release()
        }

        let refused = await cli.run(command)

        #expect(refused.status == 1)
        #expect(refused.errors.hasSuffix("error: the store \(store.path) was made a link while todo waited for it, by another program; "
                                         + "nothing was read or written\n"), "\(refused)")
        #expect(refused.errors.components(separatedBy: "error: ").count == 2, "one error line")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: store.path) == other.path)
        #expect(try Data(contentsOf: other) == otherBytes)
        #expect(!FileManager.default.fileExists(atPath: store.path + ".journal"))
        #expect(!FileManager.default.fileExists(atPath: other.path + ".journal"))
    }

    @Test("SF-36 A stopped holder of the lock is named as stopped",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock") && FileManager.default.fileExists(atPath: "/proc/locks")))
    func stoppedHolder() async throws {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        // -o: the lock is flock's own, not the command's: stopped, flock keeps it after the sleep ends.
        holder.arguments = ["-o", lockPath, "sleep", "1"]
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        defer {
            kill(holder.processIdentifier, SIGKILL)
            kill(holder.processIdentifier, SIGCONT)
            holder.waitUntilExit()
        }
        // Until flock holds it: a lock of our own is refused.
        for _ in 0..<200 where (try? HeldLock(lockPath)) != nil { usleep(10_000) }
        kill(holder.processIdentifier, SIGSTOP)
        let command = "/usr/bin/flock -o \(lockPath) sleep 1"
        let named = "process \(holder.processIdentifier) (\(command.count > 80 ? command.prefix(79) + "…" : command)), which is stopped"

        for command in [["add", "Call Ann"], ["doctor", "--repair"]] {
            let refused = await cli.run(["--wait", "0.4"] + command)

            #expect(refused.status == 1)
            #expect(refused.errors == "note: the store is being changed by \(named); waiting up to 0.4 s for it (--wait SECONDS)\n"
                    + "error: the store \(cli.storeURL.path) is being changed by \(named); nothing was changed after waiting 0.4 s. "
                    + "Resume it (kill -CONT \(holder.processIdentifier)) or end it, or wait longer with --wait SECONDS or TODO_LOCK_WAIT\n")
        }
    }
}

/// Output that notes when each write came.
@MainActor
final class TimedOutput: TextOutput {
    private(set) var writes: [(at: ContinuousClock.Instant, text: String)] = []

    func write(_ string: String) {
        writes.append((ContinuousClock.now, string))
    }

    func flush() {}
}
