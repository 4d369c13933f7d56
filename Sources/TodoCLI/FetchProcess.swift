import Foundation
import UserList

/// Loads pages of people by running `todo-fetch`, which sits beside the running program.
/// `todo` itself never loads the HTTP stack: its libraries cost more start-up time than any
/// other command takes, and only `user fetch` needs them.
struct FetchProcess: PeopleSource {
    /// Where the randomuser.me API is; nil for the client's own default.
    let base: URL?

    /// `todo-fetch` in the folder of the running executable, links resolved; looked up only when
    /// a page is loaded, since finding the executable costs more than starting most commands.
    static var besideThisProgram: URL {
        let program = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return program.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("todo-fetch")
    }

    func people(page: Int, count: Int, seed: String) async throws(FetchError) -> [RemotePerson] {
        let helper = Self.besideThisProgram
        guard FileManager.default.isExecutableFile(atPath: helper.path) else {
            throw .cannotLoad("\(helper.path) is missing; install todo-fetch beside todo")
        }
        let arguments = ["\(page)", "\(count)", seed] + (base.map { [$0.absoluteString] } ?? [])
        let output: Data
        do {
            output = try await Self.run(helper, arguments)
        } catch {
            throw .cannotLoad("\(helper.path) did not start (\(error.localizedDescription))")
        }
        switch try? JSONDecoder().decode(FetchOutcome.self, from: output) {
        case .people(let people): return people
        case .failed(let error): throw error
        case nil: throw .cannotLoad("\(helper.path) gave no answer")
        }
    }

    /// Runs the program to its end off the main thread and returns what it printed.
    private static func run(_ program: URL, _ arguments: [String]) async throws -> Data {
        try await Task.detached {
            let process = Process()
            process.executableURL = program
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }.value
    }
}
