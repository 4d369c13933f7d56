import Foundation
import Testing

/// The `todo` executable the build made, run as a separate process: what a user runs.
struct RealBinary {
    let url: URL

    init(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let candidates = Self.productFolders().map { $0.appendingPathComponent("todo") }
        url = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                           "no todo executable in \(candidates.map(\.path))", sourceLocation: sourceLocation)
    }

    /// The executable at `url`: a copy of `todo` kept somewhere else.
    init(url: URL) {
        self.url = url
    }

    /// Runs `todo ARGUMENTS` with `input` on its standard input and waits for it to end.
    func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment
            .filter { $0.key != "TODO_STORE" && $0.key != "NO_COLOR" }
            .merging(environment) { $1 }
        let standardInput = Pipe()
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        try standardInput.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
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
