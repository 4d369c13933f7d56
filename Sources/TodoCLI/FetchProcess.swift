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
    /// Where the randomuser.me API is, asked when a page is loaded (a line at the prompt may name
    /// another); nil for the client's own default.
    let server: @MainActor @Sendable () -> URL?
    /// How long the whole exchange may take; nil for `todo-fetch`'s own deadline (15 seconds).
    let deadline: Duration?
    /// How long `todo-fetch` may run before it is stopped: its deadline, and a little more.
    private var patience: Duration {
        (deadline ?? .seconds(15)) + .seconds(5)
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
    /// and waits as long, as it does by default.
    func arguments(page: Int, count: Int, seed: String, base: URL?) -> [String] {
        let deadline = deadline.map { ["--deadline", "\($0 / .seconds(1))"] } ?? []
        return deadline + ["\(page)", "\(count)", seed] + (base.map { [$0.absoluteString] } ?? [])
    }

    func page(_ page: Int, count: Int, seed: String) async throws(FetchError) -> FetchedPage {
        let helper = Self.besideThisProgram
        guard FileManager.default.isExecutableFile(atPath: helper.path) else {
            let exists = FileManager.default.fileExists(atPath: helper.path)
            throw .cannotLoad("\(helper.path) \(exists ? "may not be run (it is not executable)" : "is missing"); install todo-fetch beside todo")
        }
        let ending: Ending
        do {
            ending = try await Self.run(helper, arguments(page: page, count: count, seed: seed, base: await server()), patience: patience)
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

    /// Runs the program to its end off the main thread and returns what it printed.
    private static func run(_ program: URL, _ arguments: [String], patience: Duration) async throws -> Ending {
        try await Task.detached {
            let child = try ChildProcess(program.path, arguments)
            let deadline = ContinuousClock.now + patience
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 65536)
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
                var entry = pollfd(fd: child.output, events: Int16(POLLIN), revents: 0)
                let ready = poll(&entry, 1, 100)
                if ready == 0 || (ready < 0 && errno == EINTR) { continue }
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
        }.value
    }
}
