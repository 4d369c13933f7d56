#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import UserList
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads pages of people by running `todo-fetch`, which sits beside the running program.
/// `todo` itself never loads the HTTP stack: its libraries cost more start-up time than any
/// other command takes, and only `user fetch` needs them.
struct FetchProcess: PeopleSource {
    /// How a wait for a page goes: how long it has taken, and how many bytes of the answer
    /// have come.
    struct Wait: Equatable, Sendable {
        let waited: Duration
        let received: Int
    }

    /// Where the randomuser.me API is, asked when a page is loaded (a line at the prompt may name
    /// another); nil for the client's own default.
    let server: @MainActor @Sendable () -> URL?
    /// How long the whole exchange may take; nil for `todo-fetch`'s own deadline.
    let deadline: Duration?
    /// Told how a wait goes, once it has taken `unseenFor`, each second and each time more of
    /// the answer comes, then told nil when it is over: a person at a terminal sees what is
    /// waited for (CLI-47). Nil where nobody watches: a script.
    var watch: (@MainActor @Sendable (Wait?) -> Void)?
    /// `todo-fetch`'s own deadline, `RandomUserRequest.deadline`.
    static let defaultDeadline = Duration.seconds(15)
    /// How long a wait goes unseen: most pages come sooner.
    static let unseenFor = Duration.milliseconds(500)
    /// How long `todo-fetch` may run before it is stopped: its deadline, and a little more.
    private var patience: Duration {
        (deadline ?? Self.defaultDeadline) + .seconds(5)
    }
    /// The most of its answer read: more than a page of 5,000 people takes.
    static let largestAnswer = 32_000_000

    /// `todo-fetch` in the folder of the running executable, links resolved; looked up only when
    /// a page is loaded.
    static var besideThisProgram: URL {
        let program = ProgramPath.running ?? CommandLine.arguments[0]
        let resolved = realpath(program, nil).map { path in
            defer { free(path) }
            return String(cString: path)
        } ?? program
        return URL(fileURLWithPath: resolved).deletingLastPathComponent().appendingPathComponent("todo-fetch")
    }

    /// What `todo-fetch` is given: the page, the count and the seed, and the server and the
    /// deadline only when they were named, so that without them it asks randomuser.me API 1.4,
    /// and waits as long, as it does by default; and whether to tell how much has come, when
    /// someone watches.
    func arguments(page: Int, count: Int, seed: String, base: URL?) -> [String] {
        let deadline = deadline.map { ["--deadline", "\($0 / .seconds(1))"] } ?? []
        return deadline + (watch == nil ? [] : ["--progress"]) + ["\(page)", "\(count)", seed] + (base.map { [$0.absoluteString] } ?? [])
    }

    func page(_ page: Int, count: Int, seed: String) async throws(FetchError) -> FetchedPage {
        Self.sweepLeftFolders(in: FileManager.default.temporaryDirectory.path)
        let helper = Self.besideThisProgram
        guard FileManager.default.isExecutableFile(atPath: helper.path) else {
            let exists = FileManager.default.fileExists(atPath: helper.path)
            throw .cannotLoad("\(helper.path) \(exists ? "may not be run (it is not executable)" : "is missing"); install todo-fetch beside todo")
        }
        let arguments = arguments(page: page, count: count, seed: seed, base: await server())
        let (waits, telling) = AsyncStream.makeStream(of: Wait.self, bufferingPolicy: .bufferingNewest(1))
        let running = Task.detached { [patience, watch] in
            defer { telling.finish() }
            return try Self.run(helper, arguments, patience: patience, telling: watch == nil ? nil : telling)
        }
        if let watch {
            var shown = false
            for await wait in waits {
                await watch(wait)
                shown = true
            }
            if shown { await watch(nil) }
        }
        let ending: Ending
        do {
            ending = try await running.value
        } catch {
            throw .cannotLoad("\(helper.path) did not start (\(error))")
        }
        let output: Data
        switch ending {
        case .answered(let data): output = data
        case .ranTooLong: throw .timeout(seconds: Int((patience / .seconds(1)).rounded(.up)))
        case .saidTooMuch: throw .tooLarge(limit: Self.largestAnswer)
        case .stopped: throw .stopped
        }
        switch try? JSONDecoder().decode(FetchOutcome.self, from: output) {
        case .page(let page): return page
        case .failed(let error): throw error
        case nil: throw .cannotLoad("\(helper.path) gave no answer")
        }
    }

    /// Removes the folders `todo-fetch` left in the temporary folder when it was killed before it
    /// could (`todo-fetch-<pid>-<8 hex digits>`): this user's own folders, whose process is gone.
    /// A folder of a process that runs, a link, or another name is left alone.
    static func sweepLeftFolders(in temporary: String) {
        let prefix = "todo-fetch-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix(prefix) {
            let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, parts[1].count == 8, parts[1].allSatisfy(\.isHexDigit),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = temporary + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid() else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// How a run of the program ended.
    private enum Ending: Sendable {
        case answered(Data)
        /// It ran past the deadline, and was stopped.
        case ranTooLong
        /// It printed more than `largestAnswer`, and was stopped.
        case saidTooMuch
        /// Ctrl-C came at the prompt while it ran, and it was stopped.
        case stopped
    }

    /// Runs the program to its end and returns what it printed; `telling`, when given, hears how
    /// the wait goes, from what the program says on its standard error.
    private static func run(_ program: URL, _ arguments: [String], patience: Duration,
                            telling: AsyncStream<Wait>.Continuation?) throws -> Ending {
        let child = try ChildProcess(program.path, arguments, readingErrors: telling != nil)
        let started = ContinuousClock.now
        let deadline = started + patience
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var progress = Progress()
        var told: Wait?
        // Waits a tenth of a second at a time, so that a Ctrl-C at the prompt stops the load
        // at once (the program runs in a process group of its own, which the key does not reach).
        while true {
            if Interrupt.isPending {
                child.stop(SIGTERM)
                return .stopped
            }
            if ContinuousClock.now >= deadline {
                child.stop(SIGKILL)
                return .ranTooLong
            }
            var entries = [pollfd(fd: child.output, events: Int16(POLLIN), revents: 0)]
                + (progress.isOpen ? child.errors.map { [pollfd(fd: $0, events: Int16(POLLIN), revents: 0)] } ?? [] : [])
            let ready = poll(&entries, nfds_t(entries.count), 100)
            let waited = ContinuousClock.now - started
            if let telling, waited >= unseenFor {
                // Each second begun and each time more has come.
                let wait = Wait(waited: .seconds((waited / .seconds(1)).rounded(.up)), received: progress.received)
                if wait != told { telling.yield(wait) }
                told = wait
            }
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            if entries.count > 1, entries[1].revents != 0, let errors = child.errors {
                progress.take(from: errors)
            }
            guard ready < 0 || entries[0].revents != 0 else { continue }
            let count = ready < 0 ? -1 : read(child.output, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[..<count])
            if data.count > largestAnswer {
                child.stop(SIGKILL)
                return .saidTooMuch
            }
        }
        // It closed its output; it may not end, so the deadline still holds.
        guard child.wait(until: deadline) else {
            child.stop(SIGKILL)
            return .ranTooLong
        }
        return .answered(data)
    }

    /// What `todo-fetch` says on its standard error of the answer's coming, `received 1234` a
    /// line, read as it comes.
    private struct Progress {
        private(set) var received = 0
        private(set) var isOpen = true
        private var line: [UInt8] = []

        mutating func take(from descriptor: Int32) {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else {
                if count == 0 || errno != EINTR { isOpen = false }
                return
            }
            for byte in buffer[..<count] {
                guard byte == UInt8(ascii: "\n") else {
                    if line.count < 64 { line.append(byte) }
                    continue
                }
                let text = String(decoding: line, as: UTF8.self)
                if text.hasPrefix("received "), let count = Int(text.dropFirst("received ".count)), count >= 0 {
                    received = count
                }
                line.removeAll()
            }
        }
    }
}
