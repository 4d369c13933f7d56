import Foundation

/// `spec-report`: reads `Specs/`, the test sources and a test run's results, and prints, feature
/// by feature, which scenarios passed, failed, were skipped or have no test.
public enum SpecReportProgram {
    public static let usage = """
        Usage: spec-report [--results FILE] [--format markdown|html] [--output FILE] [--coverage]

        Reads Specs/*.feature.md and the results of a test run, and reports each scenario:
        passed, failed, skipped or no test. Without --results it runs swift test itself.

          --results FILE   JUnit XML from swift test --xunit-output FILE (Swift Testing writes
                           FILE-swift-testing.xml beside it; either or both are read)
          --format FORMAT  markdown (the default) or html (one self-contained page)
          --output FILE    write the report to FILE; the summary still goes to stdout
          --coverage       run the tests with code coverage and add each module's line coverage
          --package PATH   the package to report on (default: the current folder)

        Exit status: 0 every scenario passed, 1 a scenario failed or has no test, 2 bad usage
        or an unreadable file.

        """

    struct Options {
        var results: String?
        var html = false
        var output: String?
        var coverage = false
        var package = "."
    }

    public static func run(arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            printError("\(error.message)\n\(usage)")
            return 2
        }
        do {
            var report = try makeReport(options)
            if options.coverage {
                report.coverage = try coverage(package: options.package)
            }
            let text = options.html ? HTMLReport.render(report) : MarkdownReport.render(report)
            if let output = options.output {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output))
                print(report.summary)
                report.needsAttention.forEach { print($0) }
                print("Written to \(output)")
            } else {
                print(text, terminator: "")
            }
            return report.isGreen ? 0 : 1
        } catch {
            printError("error: \(error)")
            return 2
        }
    }

    struct UsageError: Error {
        let message: String
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(_ name: String) throws(UsageError) -> String {
            guard let value = rest.popFirst() else { throw UsageError(message: "error: \(name) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--results": options.results = try value(argument)
            case "--output": options.output = try value(argument)
            case "--package": options.package = try value(argument)
            case "--coverage": options.coverage = true
            case "--format":
                switch try value(argument) {
                case "markdown": options.html = false
                case "html": options.html = true
                case let other: throw UsageError(message: "error: --format takes markdown or html, not \(other)")
                }
            case "--help", "-h": throw UsageError(message: "")
            default: throw UsageError(message: "error: unknown argument \(argument)")
            }
        }
        return options
    }

    static func makeReport(_ options: Options) throws -> Report {
        let root = URL(fileURLWithPath: options.package)
        let specs = root.appendingPathComponent("Specs")
        let parsed = try files(in: specs, endingWith: ".feature.md").map { url in
            try GherkinParser.parse(String(contentsOf: url, encoding: .utf8), file: "Specs/" + url.lastPathComponent)
        }
        guard !parsed.isEmpty else { throw ReportError("no Specs/*.feature.md files under \(root.path)") }
        let readme = (try? String(contentsOf: specs.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        let features = Feature.inOrder(parsed, listedIn: readme)
        var index = TestIndex()
        for url in try files(in: root.appendingPathComponent("Tests"), endingWith: ".swift") {
            let path = url.path.range(of: "/Tests/").map { "Tests/" + url.path[$0.upperBound...] } ?? url.lastPathComponent
            index.add(source: try String(contentsOf: url, encoding: .utf8), file: path)
        }
        let resultsFile = try options.results ?? runTests(package: options.package, coverage: options.coverage)
        return Report(features: features, index: index, outcomes: try outcomes(near: resultsFile))
    }

    /// The outcomes in FILE and in FILE-swift-testing.xml beside it, whichever exist.
    static func outcomes(near file: String) throws -> [TestOutcome] {
        let url = URL(fileURLWithPath: file)
        let swiftTesting = url.deletingPathExtension().path + "-swift-testing.xml"
        let existing = [file, swiftTesting].filter { FileManager.default.fileExists(atPath: $0) }
        guard !existing.isEmpty else { throw ReportError("no test results at \(file) or \(swiftTesting)") }
        return try existing.flatMap { path in try TestResults.read(Data(contentsOf: URL(fileURLWithPath: path)), file: path) }
    }

    /// Runs `swift test --xunit-output` in the package and returns the results file's path.
    /// Failing tests are what the report is for, so their exit status is not an error.
    static func runTests(package: String, coverage: Bool) throws -> String {
        let folder = URL(fileURLWithPath: package).appendingPathComponent(".build/spec-report")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let results = folder.appendingPathComponent("results.xml").path
        for stale in [results, folder.appendingPathComponent("results-swift-testing.xml").path] {
            try? FileManager.default.removeItem(atPath: stale)
        }
        var arguments = ["test", "--package-path", package, "--xunit-output", results]
        if coverage { arguments.append("--enable-code-coverage") }
        printError("Running swift \(arguments.joined(separator: " "))")
        _ = try swift(arguments, quiet: true)
        return results
    }

    static func coverage(package: String) throws -> [ModuleCoverage] {
        let path = try swift(["test", "--package-path", package, "--show-codecov-path"], quiet: false)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try ModuleCoverage.read(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Runs `swift ARGUMENTS` and returns what it printed; with `quiet`, its output is dropped.
    private static func swift(_ arguments: [String], quiet: Bool) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = quiet ? FileHandle.nullDevice : FileHandle.standardError
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    private static func files(in folder: URL, endingWith suffix: String) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            throw ReportError("cannot read \(folder.path)")
        }
        return enumerator.compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix(suffix) }
            .sorted { $0.path < $1.path }
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    struct ReportError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
