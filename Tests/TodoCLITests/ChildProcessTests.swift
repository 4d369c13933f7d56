import Foundation
import Testing
@testable import TodoCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The program `todo` starts to load people is given nothing to read and no terminal to write
/// its errors on, unless `todo` reads them; it runs in a process group of its own, so that
/// Ctrl-C at the terminal reaches only `todo`, which decides what to stop; and every signal is
/// at its default, though `todo` ignores some (SIGXFSZ). Each test runs in a process of its own,
/// whose standard input, standard error and signals it sets as `todo`'s could be, and asks the
/// system what the program it starts was given (Linux's /proc).
@Suite("A program todo starts", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
struct ChildProcessTests {
    @Test("reads nothing, and writes its errors nowhere unless todo reads them")
    func inputAndErrors() async {
        await #expect(processExitsWith: .success) {
            // A terminal's input and errors, as todo may have them: here, ends of a pipe.
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            dup2(ends[0], 0)
            dup2(ends[1], 2)

            let dropped = try ChildProcessTests.output(of: ["/bin/readlink", "/proc/self/fd/0", "/proc/self/fd/2"])
            let read = try ChildProcessTests.output(of: ["/bin/readlink", "/proc/self/fd/0", "/proc/self/fd/2"], readingErrors: true)

            #expect(dropped.lines == ["/dev/null", "/dev/null"])
            #expect(read.lines.first == "/dev/null")
            #expect(read.lines.last?.hasPrefix("socket:") == true, "\(read.lines)")
        }
    }

    @Test("runs in a process group of its own, with every signal at its default and none blocked")
    func groupAndSignals() async {
        await #expect(processExitsWith: .success) {
            signal(SIGXFSZ, SIG_IGN)
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGUSR1)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)

            let stat = try ChildProcessTests.output(of: ["/bin/cat", "/proc/self/stat"])
            let status = try ChildProcessTests.output(of: ["/bin/cat", "/proc/self/status"])

            // The fields after the command's name, which ends with the last ")": state, parent, group.
            let fields = try #require(stat.text.split(separator: ")").last).split(separator: " ")
            #expect(fields.count > 2 && fields[2] == "\(stat.id)", "\(stat.text)")
            // Bit n - 1 of each mask is signal n; the C library keeps those past 31 for itself.
            func mask(_ name: String) -> UInt64? {
                status.lines.first { $0.hasPrefix(name + ":") }.flatMap { UInt64($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16) }
            }
            #expect(mask("SigBlk").map { $0 & 0x7FFF_FFFF } == 0)
            #expect(mask("SigIgn").map { $0 & 0x7FFF_FFFF } == 0)
        }
    }

    @Test("is waited for until it has ended, and then its output is closed")
    func waitedForToTheEnd() async {
        await #expect(processExitsWith: .success) {
            let child = try ChildProcess("/bin/sleep", ["0.2"])

            #expect(child.wait(until: .now + .seconds(10)))

            #expect(kill(child.id, 0) == -1 && errno == ESRCH, "ended, and gone")
            #expect(fcntl(child.output, F_GETFD) == -1, "its output closed")
        }
    }

    /// A wait for a loader that closed its output but has not ended sleeps between looks: it
    /// must not keep a core busy while a person waits.
    @Test("is waited for without keeping a core busy: a wait of a second costs a small part of it in processor time")
    func waitedForAsleep() async {
        await #expect(processExitsWith: .success) {
            func processorTime() -> Double {
                var time = timespec()
                clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
                return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
            }
            let child = try ChildProcess("/bin/sleep", ["1"])
            let before = processorTime()

            #expect(child.wait(until: .now + .seconds(10)))

            #expect(processorTime() - before < 0.1)
        }
    }

    @Test("is left running, its output open, when the wait for it runs out")
    func waitRunsOut() async {
        await #expect(processExitsWith: .success) {
            let running = try ChildProcess("/bin/sleep", ["60"])

            #expect(!running.wait(until: .now + .milliseconds(100)))

            #expect(kill(running.id, 0) == 0, "still running")
            #expect(fcntl(running.output, F_GETFD) != -1, "its output open")
            running.stop(SIGKILL)
        }
    }

    /// Where SIGCHLD is ignored, the system takes the ended program away itself, and waiting
    /// for it fails with ECHILD once it has ended.
    @Test("is waited for, and stopped, where the system takes it away as it ends")
    func takenAwayBySystem() async {
        await #expect(processExitsWith: .success) {
            signal(SIGCHLD, SIG_IGN)
            let ended = try ChildProcess("/bin/true", [])
            let running = try ChildProcess("/bin/sleep", ["60"])

            #expect(ended.wait(until: .now + .seconds(10)))
            #expect(ChildProcessTests.returns(within: 10) { running.stop(SIGTERM) })
        }
    }

    @Test("is stopped though errno holds the EINTR of an earlier call, and its output is closed")
    func stoppedWithAnOldEINTR() async {
        await #expect(processExitsWith: .success) {
            let running = try ChildProcess("/bin/sleep", ["60"])

            #expect(ChildProcessTests.returns(within: 10) {
                errno = EINTR
                running.stop(SIGTERM)
            })

            #expect(fcntl(running.output, F_GETFD) == -1, "its output closed")
        }
    }

    @Test("that cannot start is told why, and leaves nothing open")
    func cannotStart() async {
        await #expect(processExitsWith: .success) {
            // The channels to a program are sockets (a pipe on macOS): the ones this process has open.
            let open = {
                try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
                    .compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) }
                    .filter { $0.hasPrefix("socket:") }
            }
            let before = try open()

            let refusal = #expect(throws: ChildProcess.CannotStart.self) {
                try ChildProcess("/no/such/program", [], readingErrors: true)
            }

            #expect(refusal?.description == String(cString: strerror(ENOENT)))
            #expect(try open() == before)
        }
    }

    /// Whether `body` returned within `seconds`, run on a thread of its own: a wait that never
    /// ends fails the test instead of hanging it.
    private static func returns(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done.wait(timeout: .now() + seconds) == .success
    }

    /// What the program `arguments` names printed, started as `todo` starts one, and its id.
    /// Errors not read are asked for by leaving the argument out, so that its default is what is tested.
    private static func output(of arguments: [String], readingErrors: Bool = false) throws -> (id: pid_t, text: String, lines: [String]) {
        let child = try readingErrors ? ChildProcess(arguments[0], Array(arguments.dropFirst()), readingErrors: true)
            : ChildProcess(arguments[0], Array(arguments.dropFirst()))
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = read(child.output, &buffer, buffer.count), count > 0 {
            output += buffer[..<count]
        }
        #expect(child.wait(until: .now + .seconds(10)))
        let text = String(decoding: output, as: UTF8.self)
        return (child.id, text, text.split(separator: "\n").map(String.init))
    }
}
