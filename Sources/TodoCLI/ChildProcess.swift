#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run with its output connected to this one, nothing on its input, its errors
/// dropped or read, and in a process group of its own, so that the terminal's Ctrl-C reaches
/// only `todo`, which decides what to stop. Made with `posix_spawn`: Foundation's `Process` would link all of
/// Foundation and its Unicode data into `todo`, doubling the memory every command starts with.
struct ChildProcess {
    struct CannotStart: Error, CustomStringConvertible {
        let description: String
    }

    let id: pid_t
    /// The read end of the program's standard output.
    let output: Int32
    /// The read end of its standard error, when it is read; else its errors are dropped.
    let errors: Int32?

    init(_ path: String, _ arguments: [String], readingErrors: Bool = false) throws {
        let ends = try Self.outputChannel()
        defer { close(ends[1]) }
        let errorEnds = readingErrors ? try Self.outputChannel() : nil
        defer { errorEnds.map { _ = close($0[1]) } }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        if let errorEnds {
            posix_spawn_file_actions_adddup2(&actions, errorEnds[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // Every descriptor `todo` opens is closed on exec, so the program holds no lock of it.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var everySignal = sigset_t()
        var noSignal = sigset_t()
        sigfillset(&everySignal)
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var id: pid_t = 0
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        let failure = posix_spawn(&id, path, &actions, &attributes, argv, environment)
        guard failure == 0 else {
            close(ends[0])
            errorEnds.map { _ = close($0[0]) }
            throw CannotStart(description: String(cString: strerror(failure)))
        }
        self.id = id
        output = ends[0]
        errors = errorEnds?[0]
    }

    /// A pair of connected descriptors, read end first, both closed on exec as they are made:
    /// made open and marked after, another thread's child started in between would keep the
    /// write end open, and the read would wait for an end that never comes.
    private static func outputChannel() throws -> [Int32] {
        var ends: [Int32] = [0, 0]
        #if canImport(Glibc)
        let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
        #else
        // Darwin makes no pipe closed on exec in one call; the children `todo` starts are its own.
        let made = pipe(&ends)
        for end in ends where made == 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        #endif
        guard made == 0 else { throw CannotStart(description: String(cString: strerror(errno))) }
        return ends
    }

    /// Waits for the program to end, and closes its output and errors.
    private func wait() {
        var status: Int32 = 0
        while waitpid(id, &status, 0) < 0 && errno == EINTR {}
        closeChannels()
    }

    /// Waits for the program to end, and closes its output and errors; false, with nothing
    /// closed, when it has not ended by `deadline`.
    func wait(until deadline: ContinuousClock.Instant) -> Bool {
        var status: Int32 = 0
        while true {
            let ended = waitpid(id, &status, WNOHANG)
            if ended == id || (ended < 0 && errno != EINTR) {
                closeChannels()
                return true
            }
            if ContinuousClock.now >= deadline { return false }
            usleep(2_000)
        }
    }

    private func closeChannels() {
        close(output)
        errors.map { _ = close($0) }
    }

    /// Stops the program with `signal` and waits for it to end.
    func stop(_ signal: Int32) {
        kill(id, signal)
        wait()
    }
}

/// Where the running program's file is, as the system knows it; nil where it will not say.
enum ProgramPath {
    static var running: String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        return _NSGetExecutablePath(&buffer, &size) == 0 ? String(cString: buffer) : nil
        #else
        return nil
        #endif
    }
}
