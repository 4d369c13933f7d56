import Foundation
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
        let standardInput = Pipe()
        // Written from another thread: todo may stop reading before the end, and the pipe would
        // fill. What it leaves unread fails to be written, which must not stop the tests' process.
        signal(SIGPIPE, SIG_IGN)
        let writing = standardInput.fileHandleForWriting
        return try run(arguments, standardInput: standardInput, environment: environment) {
            Thread.detachNewThread {
                try? writing.write(contentsOf: bytes)
                try? writing.close()
            }
        }
    }

    /// Runs `todo ARGUMENTS` with its standard output written to `file` (`/dev/full`, say): the
    /// run's output is then empty.
    public func run(_ arguments: [String], outputTo file: FileHandle) throws -> Run {
        try run(arguments, standardInput: FileHandle.nullDevice, standardOutput: file, environment: [:]) {}
    }

    private func run(_ arguments: [String], standardInput: Any, standardOutput file: FileHandle? = nil, environment: [String: String],
                     started: () -> Void) throws -> Run {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment
            .filter { $0.key != "TODO_STORE" && $0.key != "NO_COLOR" }
            .merging(environment) { $1 }
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = file ?? standardOutput
        process.standardError = standardError
        try process.run()
        started()
        try standardOutput.fileHandleForWriting.close()
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        let errors = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   output: String(decoding: output, as: UTF8.self),
                   errors: String(decoding: errors, as: UTF8.self))
    }

    /// Where the build puts its products: beside the test bundle.
    private static func productFolders() -> [URL] {
        let bundles = [Bundle.main] + Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
        return bundles.flatMap { [$0.bundleURL, $0.bundleURL.deletingLastPathComponent()] }
    }
}
