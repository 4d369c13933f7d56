import Foundation

/// `spec-report`: reads `Specs/`, the test sources and a test run's event stream, and prints,
/// feature by feature, which scenarios passed, failed, were skipped, were not run here, or have
/// no test.
public enum SpecReportProgram {
    /// What `spec-report --help` prints, and what a usage error is followed by.
    public static let usage = """
        Usage: spec-report [--only ID...] [--results FILE] [--format markdown|html] [--output FILE]
                           [--coverage] [--mutation FILE] [--history FILE] [--package PATH]
               spec-report --next-id PREFIX

        Reads Specs/*.feature.md and the events of a test run, and reports each scenario:
        passed, failed, skipped, not run here (bound to a platform) or no test. A scenario
        is covered only when a test named by its ID was built, ran, passed and asserts
        something. Without --results it builds the package and runs its tests itself.

          --only ID...     run only the tests named by these scenario IDs, and report those
          --next-id PREFIX print the next free ID of PREFIX (TL prints TL-21), and nothing else
          --results FILE   the events of a run: swift test --experimental-event-stream-output FILE
                           (- is stdin)
          --format FORMAT  markdown (the default) or html (one self-contained page)
          --output FILE    write the report to FILE; the summary and each scenario not covered
                           still go to stdout (- is stdout, as without --output)
          --coverage       run the tests with code coverage and add each module's line coverage
          --mutation FILE  add each module's mutation score, from what Scripts/mutate printed
          --history FILE   add this run's statuses to FILE (JSON Lines), and show what changed
                           since the run before and the trend of the totals
          --package PATH   the package to report on (default: the current folder)

        Exit status: 0 every scenario reported is covered, 1 one is not, a test names no
        scenario, or the code does not compile; 2 bad usage or an unreadable file.

        """

    /// How the program runs `swift`: with these arguments, giving back its exit status and
    /// what it printed on both streams. Tests give one that answers as a recorded run did.
    public typealias Swift = (_ arguments: [String]) throws -> (status: Int32, output: String)

    struct Options {
        var results: String?
        var html = false
        var output: String?
        var coverage = false
        var package = "."
        var only: [String] = []
        var nextID: String?
        var history: String?
        var mutation: String?
        var help = false
    }

    /// Runs the program; what it prints goes to `output` (standard output unless told otherwise),
    /// its errors and what it is doing to `errors` (standard error unless told otherwise).
    public static func run(arguments: [String], output: ((String) -> Void)? = nil,
                           errors: ((String) -> Void)? = nil, swift: Swift? = nil) -> Int32 {
        let printError = { (text: String) in
            let line = text.hasSuffix("\n") ? text : text + "\n"
            // Standard error that takes nothing (closed, a full disk) leaves the exit status to say it.
            if let errors { errors(line) } else { try? FileHandle.standardError.write(contentsOf: Data(line.utf8)) }
        }
        // A report standard output does not take (a full disk, a closed file) is an error, not lost
        // in silence, and a run whose report is lost is not kept in the history.
        let standardOutput = { (text: String) throws(Files.Fault) in
            do {
                try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
            } catch {
                throw .cannot("write", "standard output", error)
            }
        }
        return run(arguments: arguments, output: output.map { given in { given($0) } } ?? standardOutput, printError: printError, swift: swift)
    }

    private static func run(arguments: [String], output: (String) throws -> Void, printError: @escaping (String) -> Void,
                            swift: Swift?) -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            printError("\(error.message)\n\(usage)")
            return 2
        }
        do {
            if options.help {
                try output(usage)
                return 0
            }
            let package = try SpecsPackage.read(at: options.package, needingScenarios: options.nextID == nil)
            let writes = [("--output", options.output), ("--history", options.history)].compactMap { option, file in file.map { (option, $0) } }
            if !writes.isEmpty {
                // Where each leads, its links followed: a folder, or a spec, may be kept elsewhere.
                let folders = ["Specs", "Tests", "Sources"].map { place(package.root + "/" + $0) + "/" }
                let read = (package.features.map(\.file) + package.sources.paths + ["Package.swift"]).map { place(package.root + "/" + $0) }
                for (option, file) in writes {
                    let written = place(file)
                    guard !(folders.contains { written.hasPrefix($0) } || read.contains(written)) else {
                        throw Refusal(description: "\(option) \(file) is in the package spec-report reads")
                    }
                }
            }
            if let prefix = options.nextID {
                guard let next = package.nextID(prefix: prefix) else {
                    throw Refusal(description: "no ID of \(prefix) is left: \(prefix)-\(GherkinParser.lastNumber) is the last there is")
                }
                try output(next + "\n")
                return 0
            }
            let known = Set(package.features.flatMap(\.scenarios).map(\.id))
            if let unknown = options.only.first(where: { !known.contains($0) }) {
                printError("error: no scenario in Specs/ has the ID \(unknown)")
                return 2
            }
            let swift = swift ?? { try runSwift($0, in: package.root, printError: printError) }
            let only = options.only.isEmpty ? nil : Set(options.only)
            let run: TestRun
            if let results = options.results {
                run = try readRun(results, package: package)
            } else {
                let build = try swift(["build", "--build-tests", "--package-path", package.root]
                                      + (options.coverage ? ["--enable-code-coverage"] : []))
                guard build.status == 0 else {
                    let failure = BuildFailure(output: build.output, packageRoot: package.root)
                    if let file = options.output {
                        try Files.write(options.html ? HTMLReport.render(failure) : failure.markdown, to: file)
                    }
                    try output(failure.markdown)
                    return 1
                }
                run = try runTests(of: package, only: only, coverage: options.coverage, swift: swift)
            }
            var report = Report(coverage: package.coverage(of: run, only: only), run: run)
            report.commit = commit(of: package.root)
            if options.results == nil {
                let said = try swift(["--version"]).output
                report.compiler = said.range(of: "Swift version ").map { found in
                    "Swift version " + said[found.upperBound...].prefix { $0 != " " && $0 != "\n" }
                }
            }
            if options.coverage {
                report.lineCoverage = try lineCoverage(package: package.root, swift: swift, printError: printError)
            }
            if let file = options.mutation {
                let text = try Files.readText(file)
                let modified = try? FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
                let day = ISO8601DateFormatter.string(from: modified ?? Date(), timeZone: .gmt, formatOptions: .withFullDate)
                do {
                    report.mutation = try MutationScore.read(text, fileDate: day)
                } catch {
                    throw Refusal(description: "\(file):\(error.line): the figures of \(error.module) are not a mutation run's: "
                                  + "a count that is no number of mutants, or more killed and survived than planted")
                }
                guard !report.mutation.isEmpty else {
                    throw Refusal(description: "\(file) holds no mutation score, no line such as \"Shop: 6 mutants, 4 killed, 1 survived\"")
                }
            }
            let render = { (report: Report) in options.html ? HTMLReport.render(report) : MarkdownReport.render(report) }
            func deliver(_ text: String) throws {
                if let file = options.output { try Files.write(text, to: file) } else { try output(text) }
            }
            if let file = options.history {
                // Read and written by one spec-report at a time: runs kept at once are each kept.
                try Files.whileLocking(folderOf: file) {
                    let existed = FileManager.default.fileExists(atPath: file)
                    let kept = existed ? try Files.readText(file, regularOnly: true) : ""
                    let earlier = try HistoryRecord.read(kept, file: file)
                    let this = report.historyRecord
                    // The same run reported again is kept once; a run older than the last kept (its
                    // results reported late) goes in its place by date. Either is compared with
                    // the run before it.
                    let same = earlier.firstIndex { $0.isSameRun(as: this) }
                    let place = same ?? earlier.firstIndex { $0.date > this.date } ?? earlier.count
                    report.history = Array(earlier[..<place])
                    let isNew = same == nil
                    let text = render(report)
                    // The run is kept before its report is written, whose trend shows it; a report
                    // that cannot be written takes it out again.
                    if isNew && place == earlier.count {
                        try Files.write(kept + (kept.isEmpty || kept.unicodeScalars.last == "\n" ? "" : "\n") + this.line, to: file)
                    } else if isNew {
                        var lines = kept.lines.filter { !$0.isEmpty }.map { String($0) }
                        lines.insert(String(this.line.dropLast()), at: place)
                        try Files.write(lines.joined(separator: "\n") + "\n", to: file)
                    }
                    do {
                        try deliver(text)
                    } catch {
                        if isNew { existed ? try? Files.write(kept, to: file) : try? FileManager.default.removeItem(atPath: file) }
                        throw error
                    }
                }
            } else {
                try deliver(render(report))
            }
            if let file = options.output {
                try output(([report.summary] + report.coverage.problems + ["Written to \(file)"]).joined(separator: "\n") + "\n")
            }
            return report.isGreen ? 0 : 1
        } catch {
            printError("error: \(error)")
            return 2
        }
    }

    /// Where a path leads, whatever way it is written; for a file not there yet, where its
    /// folder leads.
    private static func place(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let resolved = url.resolvingSymlinksInPath()
        guard !FileManager.default.fileExists(atPath: resolved.path) else { return resolved.path }
        return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
    }

    struct UsageError: Error {
        let message: String
    }

    /// What the program will not do, and why.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(_ name: String) throws(UsageError) -> String {
            guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError(message: "error: \(name) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--results": options.results = try value(argument)
            case "--output":
                // "-" is standard output, where the report goes when no file is named.
                let file = try value(argument)
                options.output = file == "-" ? nil : file
            case "--package": options.package = try value(argument)
            case "--next-id":
                let prefix = try value(argument)
                guard GherkinParser.isScenarioID(prefix + "-1") else {
                    throw UsageError(message: "error: --next-id takes the capitals an ID starts with, such as TL, not \(prefix)")
                }
                options.nextID = prefix
            case "--history":
                options.history = try value(argument)
                guard options.history != "-" else {
                    throw UsageError(message: "error: --history needs a file to keep runs in; - is standard output, where the report goes")
                }
            case "--mutation": options.mutation = try value(argument)
            case "--coverage": options.coverage = true
            case "--only":
                while let id = rest.first, !id.hasPrefix("-") {
                    options.only.append(id)
                    rest = rest.dropFirst()
                }
                guard !options.only.isEmpty, !options.only.contains("") else {
                    throw UsageError(message: "error: --only needs one scenario ID or more")
                }
            case "--format":
                switch try value(argument) {
                case "markdown": options.html = false
                case "html": options.html = true
                case let other: throw UsageError(message: "error: --format takes markdown or html, not \(other)")
                }
            case "--help", "-h": options.help = true
            default: throw UsageError(message: "error: unknown argument \(argument)")
            }
        }
        if !options.only.isEmpty && options.history != nil {
            throw UsageError(message: "error: --history keeps whole runs; it does not go with --only")
        }
        if let output = options.output, let read = [options.results, options.history, options.mutation].compactMap({ $0 })
            .first(where: { place($0) == place(output) }) {
            throw UsageError(message: "error: --output \(output) is \(read), which spec-report reads")
        }
        return options
    }

    private static func readRun(_ file: String, package: SpecsPackage) throws -> TestRun {
        if file == "-" {
            // Standard input closed (`<&-`) is said as a file that cannot be read, and why.
            let data: Data
            do {
                data = try FileHandle.standardInput.readToEnd() ?? Data()
            } catch {
                throw Files.Fault.cannot("read", "standard input", error)
            }
            return try TestRun.read(data, file: "standard input", packageRoot: package.root)
        }
        return try TestRun.read(Files.read(file), file: file, packageRoot: package.root)
    }

    /// Runs the package's tests (with `only`, those named by the IDs only) on the build just
    /// made, and reads their events. Failing tests are what the report is for, so their exit
    /// status is not an error.
    static func runTests(of package: SpecsPackage, only: Set<String>?, coverage: Bool, swift: Swift) throws -> TestRun {
        let folder = URL(fileURLWithPath: package.root).appendingPathComponent(".build/spec-report")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let events = folder.appendingPathComponent("events.jsonl").path
        try? FileManager.default.removeItem(atPath: events)
        var filters: [String] = []
        if let only {
            // Swift Testing filters on a test's ID, not on the name that carries the scenario's:
            // the list of the tests built says which IDs those are.
            _ = try swift(["test", "list", "--skip-build", "--package-path", package.root, "--experimental-event-stream-output", events])
            let listing = try readRun(events, package: package)
            let named = listing.tests.filter { !$0.scenarioIDs.filter(only.contains).isEmpty }
            guard !named.isEmpty else { return listing }
            filters = named.flatMap { ["--filter", "^" + $0.id.map { "\\^$.|?*+()[]{}".contains($0) ? "\\\($0)" : "\($0)" }.joined() + "$"] }
        }
        // A whole run goes one test at a time, so that each test's time is its own and not
        // time spent waiting beside the others; the few tests of --only run side by side.
        let serial = only == nil ? ["--no-parallel"] : []
        _ = try swift(["test", "--skip-build", "--package-path", package.root] + serial + filters
                      + (coverage ? ["--enable-code-coverage"] : []) + ["--experimental-event-stream-output", events])
        return try readRun(events, package: package)
    }

    /// Each module's line coverage, from the run just made; none when swift test wrote none,
    /// which it does only when every test passed.
    static func lineCoverage(package: String, swift: Swift, printError: (String) -> Void) throws -> [ModuleCoverage] {
        let path = try swift(["test", "--package-path", package, "--show-codecov-path"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard FileManager.default.fileExists(atPath: path) else {
            printError("No line coverage: swift test writes it only when every test passed.")
            return []
        }
        return try ModuleCoverage.read(Files.read(path))
    }

    /// The commit the package's folder is at, and whether it has changes: nil outside git.
    private static func commit(of folder: String) -> Report.Commit? {
        func git(_ arguments: [String]) -> String? {
            guard let run = try? tool(["git", "-C", folder] + arguments, in: folder), run.status == 0 else { return nil }
            return run.output
        }
        guard let hash = git(["rev-parse", "--short", "HEAD"])?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        // A tree git cannot say is clean is not called clean: the report would claim to be of the commit alone.
        return Report.Commit(hash: hash, hasChanges: git(["status", "--porcelain"]).map { !$0.isEmpty } ?? true)
    }

    /// Runs the real `swift`, keeping what it prints on both streams.
    private static func runSwift(_ arguments: [String], in folder: String, printError: (String) -> Void) throws -> (status: Int32, output: String) {
        printError("Running swift \(arguments.joined(separator: " "))")
        return try tool(["swift"] + arguments, in: folder)
    }

    /// Runs a program found on the PATH in `folder`, and gives its exit status and all it printed.
    private static func tool(_ command: [String], in folder: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// A build that failed: the red step of a test written before the code it needs. What the
/// compiler said is kept to its first errors, each with its file and line.
public struct BuildFailure: Sendable {
    /// `Tests/ListTests/ListTests.swift:12:9: error: cannot find 'clearFinished' in scope`.
    public let errors: [String]

    /// Keeps the first errors of what `swift build` printed, their paths made relative to the package.
    public init(output: String, packageRoot: String) {
        let prefix = packageRoot.hasSuffix("/") ? packageRoot : packageRoot + "/"
        var errors: [String] = []
        for line in output.split(separator: "\n").map(String.init) where line.contains(": error: ") || line.hasPrefix("error: ") {
            let relative = line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : line
            if !relative.hasPrefix(" ") && !Self.isQuotedCode(relative) && !errors.contains(relative) { errors.append(relative) }
        }
        self.errors = Array(errors.prefix(Self.shown))
    }

    /// A line of the code the compiler quotes under an error, which may hold the words of one: its
    /// gutter comes first, a line number or spaces, then `|`.
    private static func isQuotedCode(_ line: String) -> Bool {
        line.drop { $0 == " " }.drop(while: \.isNumber).drop { $0 == " " }.first == "|"
    }

    /// How many errors are shown: the first says what to write next; the rest are often its echoes.
    public static let shown = 5

    /// What `spec-report` prints for it: red, and why, in any format.
    public var markdown: String {
        "# Specs report\n\nThe code does not compile yet, so no test ran. The compiler's first errors:\n\n"
            + errors.map { "    \($0)\n" }.joined()
            + "\nA test written before its code is red this way: write the least code it needs to compile, then run this again.\n"
    }
}
