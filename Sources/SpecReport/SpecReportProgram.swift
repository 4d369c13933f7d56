import Foundation

/// `spec-report`: reads `Specs/`, the test sources and a test run's event stream, and prints,
/// feature by feature, which scenarios passed, failed, were skipped, were not run here, or have
/// no test.
public enum SpecReportProgram {
    public static let usage = """
        Usage: spec-report [--results FILE] [--format markdown|html] [--output FILE] [--coverage]

        Reads Specs/*.feature.md and the events of a test run, and reports each scenario:
        passed, failed, skipped, not run here (bound to a platform) or no test. A scenario
        is covered only when a test named by its ID was built, ran, passed and asserts
        something. Without --results it runs swift test itself.

          --results FILE   the events of a run: swift test --experimental-event-stream-output FILE
          --format FORMAT  markdown (the default) or html (one self-contained page)
          --output FILE    write the report to FILE; the summary still goes to stdout
          --coverage       run the tests with code coverage and add each module's line coverage
          --package PATH   the package to report on (default: the current folder)

        Exit status: 0 every scenario is covered, 1 one is not (or a test names no scenario),
        2 bad usage or an unreadable file.

        """

    struct Options {
        var results: String?
        var html = false
        var output: String?
        var coverage = false
        var package = "."
    }

    /// Runs the program; what it prints goes to `output` (standard output unless told otherwise),
    /// its errors to standard error.
    public static func run(arguments: [String], output: (String) -> Void = { print($0, terminator: "") }) -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            printError("\(error.message)\n\(usage)")
            return 2
        }
        do {
            let package = try SpecsPackage.read(at: options.package)
            let results = try options.results ?? runTests(package: package.root, coverage: options.coverage)
            let run = try TestRun.read(Data(contentsOf: URL(fileURLWithPath: results)), file: results, packageRoot: package.root)
            var report = Report(coverage: package.coverage(of: run), run: run)
            if options.coverage {
                report.lineCoverage = try coverage(package: package.root)
            }
            let text = options.html ? HTMLReport.render(report) : MarkdownReport.render(report)
            if let file = options.output {
                try Data(text.utf8).write(to: URL(fileURLWithPath: file))
                output(([report.summary] + report.coverage.problems + ["Written to \(file)"]).joined(separator: "\n") + "\n")
            } else {
                output(text)
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

    /// Runs the package's tests, writing their event stream, and returns the stream's path.
    /// Failing tests are what the report is for, so their exit status is not an error.
    static func runTests(package: String, coverage: Bool) throws -> String {
        let folder = URL(fileURLWithPath: package).appendingPathComponent(".build/spec-report")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let events = folder.appendingPathComponent("events.jsonl").path
        try? FileManager.default.removeItem(atPath: events)
        var arguments = ["test", "--package-path", package, "--experimental-event-stream-output", events]
        if coverage { arguments.append("--enable-code-coverage") }
        printError("Running swift \(arguments.joined(separator: " "))")
        _ = try swift(arguments, quiet: true)
        return events
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

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
