import Foundation

/// The scenarios of `Specs/`, feature by feature, each with the status its tests gave it in a
/// run, and what the run was: what both the Markdown and the HTML report show.
public struct Report: Sendable {
    public typealias Status = Coverage.Status
    public typealias Entry = Coverage.Entry

    public struct Section: Sendable {
        public let feature: Feature
        public let entries: [Entry]

        public func count(_ status: Status) -> Int {
            entries.filter { $0.status == status }.count
        }
    }

    public let coverage: Coverage
    public let run: TestRun
    public let sections: [Section]
    /// Line coverage per module, when the tests ran with coverage.
    public var lineCoverage: [ModuleCoverage] = []

    public init(coverage: Coverage, run: TestRun) {
        self.coverage = coverage
        self.run = run
        var sections: [Section] = []
        for entry in coverage.entries {
            if let last = sections.last, last.feature == entry.feature {
                sections[sections.count - 1] = Section(feature: last.feature, entries: last.entries + [entry])
            } else {
                sections.append(Section(feature: entry.feature, entries: [entry]))
            }
        }
        self.sections = sections
    }

    public var entries: [Entry] { coverage.entries }

    public func count(_ status: Status) -> Int {
        entries.filter { $0.status == status }.count
    }

    /// What CI asks: is every scenario covered, and does every test name a scenario?
    public var isGreen: Bool { coverage.problems.isEmpty }

    /// `10 features, 181 scenarios: 179 passed, 1 failed, 0 skipped, 1 not run here, 0 with no test`.
    public var summary: String {
        "\(sections.count) features, \(entries.count) scenarios: \(count(.passed)) passed, \(count(.failed)) failed, "
            + "\(count(.skipped)) skipped, \(count(.notRunHere)) not run here, \(count(.noTest)) with no test"
    }

    /// Where the tests of a scenario's feature are, to add a missing one beside them: the suite
    /// and file of a test named by an ID of the same prefix.
    public func neighbour(of scenario: Scenario) -> (suite: String, file: String)? {
        let prefix = scenario.id.prefix { $0 != "-" } + "-"
        return run.tests.first { $0.scenarioIDs.contains { $0.hasPrefix(prefix) } }
            .map { (String($0.suite.split(separator: ".").last ?? ""), $0.file) }
    }

    /// The test to start from for a scenario that has none, as Cucumber prints a step's
    /// snippet: the `@Test` named by the ID and title, the steps as comments, and an issue
    /// recorded, so that pasted as it is, the test is red until it is written.
    public func snippet(for scenario: Scenario) -> String {
        let words = scenario.title.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let name = words.enumerated().map { $0 == 0 ? $1.lowercased() : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
        let place = neighbour(of: scenario).map { "    // In \($0.suite), \($0.file):\n" } ?? ""
        var text = place + "    @Test(\"\(scenario.id) \(scenario.title)\")\n    func \(name.isEmpty ? "scenario" : name)() throws {\n"
        for step in scenario.steps {
            text += "        // \(step.keyword) \(step.text)\n"
        }
        return text + "        Issue.record(\"\(scenario.id) is not written yet\")\n    }\n"
    }
}

/// The share of a module's lines the tests ran.
public struct ModuleCoverage: Equatable, Sendable {
    public let module: String
    public let lines: Int
    public let covered: Int

    public var percent: Double { lines == 0 ? 0 : Double(covered) * 100 / Double(lines) }

    /// Reads the JSON `llvm-cov export` writes (SwiftPM's `--enable-code-coverage` leaves it at
    /// `swift test --show-codecov-path`), summing the files under `Sources/<Module>/`.
    public static func read(_ data: Data) throws -> [ModuleCoverage] {
        struct Export: Decodable {
            struct Entry: Decodable {
                struct File: Decodable {
                    struct Summary: Decodable {
                        struct Lines: Decodable { let count: Int; let covered: Int }
                        let lines: Lines
                    }
                    let filename: String
                    let summary: Summary
                }
                let files: [File]
            }
            let data: [Entry]
        }
        var totals: [String: (lines: Int, covered: Int)] = [:]
        for file in try JSONDecoder().decode(Export.self, from: data).data.flatMap(\.files) {
            guard let range = file.filename.range(of: "/Sources/") else { continue }
            let module = String(file.filename[range.upperBound...].prefix { $0 != "/" })
            let sum = totals[module] ?? (0, 0)
            totals[module] = (sum.lines + file.summary.lines.count, sum.covered + file.summary.lines.covered)
        }
        return totals.keys.sorted().map { ModuleCoverage(module: $0, lines: totals[$0]!.lines, covered: totals[$0]!.covered) }
    }
}
