import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// What one run of `todo` left behind: its exit status and everything it printed.
public struct Run: Equatable, Sendable, CustomStringConvertible {
    public var status: Int32
    public var output: String
    public var errors: String

    public init(status: Int32, output: String, errors: String) {
        self.status = status
        self.output = output
        self.errors = errors
    }

    public var description: String { "status \(status)\n--- stdout\n\(output)--- stderr\n\(errors)" }

    /// What the prompt printed between typing `line` and the next prompt; nil if `line` was
    /// never typed.
    public func answer(to line: String) -> String? {
        let parts = output.components(separatedBy: "todo> \(line)\n")
        return parts.count > 1 ? parts[1].components(separatedBy: "todo> ")[0] : nil
    }
}

/// An executable the build made (`todo`, `todo-fetch`), run as a separate process: what a user runs.
public struct RealBinary: Sendable {
    public let url: URL

    public init(_ name: String = "todo", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let candidates = Self.productFolders().map { $0.appendingPathComponent(name) }
        url = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                           "no \(name) executable in \(candidates.map(\.path))", sourceLocation: sourceLocation)
    }

    /// The executable at `url`: a copy kept somewhere else.
    public init(url: URL) {
        self.url = url
    }

    /// Runs `todo ARGUMENTS` with `input` on its standard input and waits for it to end.
    public func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Run {
        try run(arguments, bytes: Data(input.utf8), environment: environment)
    }

    /// Runs `todo ARGUMENTS` with `bytes`, which need not be text, on its standard input.
    public func run(_ arguments: [String], bytes: Data, environment: [String: String] = [:]) throws -> Run {
        let standardInput = try Self.makePipe()
        let started = try start(arguments, environment: environment, input: standardInput.reading, output: nil, errors: nil)
        close(standardInput.reading)
        // Written from another thread: todo may stop reading before the end, and the pipe would
        // fill. What it leaves unread fails to be written, which must not stop the tests' process.
        signal(SIGPIPE, SIG_IGN)
        let writing = FileHandle(fileDescriptor: standardInput.writing, closeOnDealloc: true)
        Thread.detachNewThread {
            try? writing.write(contentsOf: bytes)
            try? writing.close()
        }
        return try started.finish()
    }

    /// Runs `todo ARGUMENTS` with its standard output written to `file` (`/dev/full`, say): the
    /// run's output is then empty.
    public func run(_ arguments: [String], outputTo file: FileHandle) throws -> Run {
        let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(nothing) }
        return try start(arguments, environment: [:], input: nothing, output: file.fileDescriptor, errors: nil).finish()
    }

    /// Starts `todo ARGUMENTS` and leaves it running: its standard input a pipe the test writes
    /// to, its standard output appended to `output`, its errors thrown away.
    public func start(_ arguments: [String], outputTo output: URL) throws -> RunningBinary {
        let standardInput = try Self.makePipe()
        defer { close(standardInput.reading) }
        let file = open(output.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(file) }
        let nowhere = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(nowhere) }
        let started = try start(arguments, environment: [:], input: standardInput.reading, output: file, errors: nowhere)
        return RunningBinary(pid: started.pid, input: FileHandle(fileDescriptor: standardInput.writing, closeOnDealloc: true))
    }

    /// A program started, and the ends of the pipes its output and errors come through, where
    /// the test reads them.
    private struct Started {
        let pid: pid_t
        let output: Int32?
        let errors: Int32?

        /// Reads all it prints, both streams at once (either may fill while the other is read),
        /// and waits for it to end.
        func finish() throws -> Run {
            let errorsRead = ReadInTheBackground(errors)
            let printed = output.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true).readDataToEndOfFile() } ?? Data()
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            return Run(status: exitCode(waited: raw), output: String(decoding: printed, as: UTF8.self),
                       errors: String(decoding: errorsRead.wait(), as: UTF8.self))
        }
    }

    /// Starts the program with `input` as its standard input, and `output` and `errors` (pipes
    /// to read, when nil) as its standard output and error; the environment is the tests' own,
    /// without the variables that would choose a store or colour, with `environment` over it.
    private func start(_ arguments: [String], environment: [String: String], input: Int32, output: Int32?, errors: Int32?) throws -> Started {
        let outputPipe = try output == nil ? Self.makePipe() : nil
        let errorsPipe = try errors == nil ? Self.makePipe() : nil
        defer { [outputPipe?.writing, errorsPipe?.writing].compactMap { $0 }.forEach { close($0) } }
        let variables = ProcessInfo.processInfo.environment.filter { $0.key != "TODO_STORE" && $0.key != "NO_COLOR" }.merging(environment) { $1 }
        let pid = try CleanStart.spawn(url.path, arguments: arguments, environment: variables) { actions in
            posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
            posix_spawn_file_actions_adddup2(&actions, output ?? outputPipe!.writing, STDOUT_FILENO)
            posix_spawn_file_actions_adddup2(&actions, errors ?? errorsPipe!.writing, STDERR_FILENO)
        }
        return Started(pid: pid, output: outputPipe?.reading, errors: errorsPipe?.reading)
    }

    /// A pipe whose ends no program this process starts inherits unasked.
    private static func makePipe() throws -> (reading: Int32, writing: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Where the build puts its products: beside the test bundle.
    private static func productFolders() -> [URL] {
        let bundles = [Bundle.main] + Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
        return bundles.flatMap { [$0.bundleURL, $0.bundleURL.deletingLastPathComponent()] }
    }
}

/// `todo` started and left running, for a test that acts on it while it runs (a signal, say).
public final class RunningBinary {
    public let pid: pid_t
    /// Its standard input: what is written here todo reads, and closing it is the input's end.
    public let input: FileHandle
    /// What waitpid said, once it has ended and been waited for: its pid is then no longer its own.
    private var waited: Int32?

    init(pid: pid_t, input: FileHandle) {
        self.pid = pid
        self.input = input
    }

    /// What `$?` would say once it has ended, within `seconds`; nil if it still runs then.
    public func exitCode(within seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var raw: Int32 = 0
        while waited == nil {
            if waitpid(pid, &raw, WNOHANG) == pid {
                waited = raw
            } else if Date() < deadline {
                usleep(10_000)
            } else {
                return nil
            }
        }
        return waited.map(TestSupport.exitCode(waited:))
    }

    /// Ends it, if it still runs, and waits for it: what a test does last, however it ends.
    public func stop() {
        guard waited == nil else { return }
        kill(pid, SIGKILL)
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        waited = raw
    }
}

/// All a descriptor gives, read to its end on a thread of its own, for another to wait for.
private final class ReadInTheBackground: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ descriptor: Int32?) {
        guard let descriptor else {
            done.signal()
            return
        }
        Thread.detachNewThread { [self] in
            data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
