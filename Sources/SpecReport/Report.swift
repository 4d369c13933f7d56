import Foundation

/// The scenarios of `Specs/`, each with the status its tests give it.
public struct Report: Sendable {
    public enum Status: String, Sendable, CaseIterable {
        case passed, failed, skipped
        case noTest = "no test"
    }

    public struct Line: Sendable {
        public let scenario: Scenario
        public let status: Status
        /// Where a test of a scenario of the same feature is: the suite to add a missing test to.
        public let neighbour: (type: String, file: String)?
        /// The names of the tests that cover it.
        public let tests: [String]
        /// What its failed tests said.
        public let failures: [String]
    }

    public struct Section: Sendable {
        public let feature: Feature
        public let lines: [Line]
    }

    public let sections: [Section]
    /// Line coverage per module, when the tests ran with coverage.
    public var coverage: [ModuleCoverage] = []

    /// A scenario passes when all its tests passed, fails when any failed, is skipped when a
    /// test of it did not run (a disabled one never does), and has no test when no test names its ID.
    public init(features: [Feature], index: TestIndex, outcomes: [TestOutcome]) {
        sections = features.map { feature in
            Section(feature: feature, lines: feature.scenarios.map { scenario in
                let tests = index.tests(of: scenario.id)
                let results = tests.map { test in
                    test.isDisabled ? nil
                        : outcomes.first { $0.suite.hasSuffix("." + test.type) && $0.name.prefix { $0 != "(" } == test.function }
                }
                let statuses = results.map { $0?.status ?? .skipped }
                let status: Status = if tests.isEmpty {
                    .noTest
                } else if statuses.contains(.failed) {
                    .failed
                } else if statuses.allSatisfy({ $0 == .passed }) {
                    .passed
                } else {
                    .skipped
                }
                let prefix = scenario.id.prefix { $0 != "-" } + "-"
                let neighbour = index.entries.first { entry in entry.ids.contains { $0.hasPrefix(prefix) } }
                return Line(scenario: scenario, status: status, neighbour: neighbour.map { ($0.type, $0.file) },
                            tests: tests.map(\.displayName), failures: results.flatMap { $0?.failures ?? [] })
            })
        }
    }

    public func count(_ status: Status) -> Int {
        sections.reduce(0) { $0 + $1.lines.filter { $0.status == status }.count }
    }

    public var scenarioCount: Int { sections.reduce(0) { $0 + $1.lines.count } }

    /// What CI asks: did every scenario pass?
    public var isGreen: Bool { count(.failed) == 0 && count(.noTest) == 0 }

    /// One line per scenario that keeps CI red, so a failure is explained where the totals are read.
    public var needsAttention: [String] {
        sections.flatMap(\.lines).compactMap { line in
            switch line.status {
            case .failed:
                let said = line.failures.map { $0.split(separator: "\n").first.map(String.init) ?? $0 }
                return (["failed: \(line.scenario.id) \(line.scenario.title)"] + said).joined(separator: ": ")
            case .noTest:
                return "no test: \(line.scenario.id) \(line.scenario.title)\n" + line.snippet
            case .passed, .skipped:
                return nil
            }
        }
    }

    /// `165 scenarios: 163 passed, 1 failed, 0 skipped, 1 with no test`.
    public var summary: String {
        "\(sections.count) features, \(scenarioCount) scenarios: \(count(.passed)) passed, \(count(.failed)) failed, "
            + "\(count(.skipped)) skipped, \(count(.noTest)) with no test"
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

extension Report.Line {
    /// The test to start from for a scenario that has none, as Cucumber prints a step's
    /// snippet: the `@Test` line named by the ID and title, and the steps as comments, to go in
    /// the suite that holds the feature's other tests.
    public var snippet: String {
        let words = scenario.title.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let name = words.enumerated().map { $0 == 0 ? $1.lowercased() : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
        let place = neighbour.map { "    // In \($0.type)" + ($0.file.isEmpty ? "" : ", \($0.file)") + ":\n" } ?? ""
        var text = place + "    @Test(\"\(scenario.id) \(scenario.title)\")\n    func \(name.isEmpty ? "scenario" : name)() throws {\n"
        for step in scenario.steps {
            text += "        // \(step.keyword) \(step.text)\n"
        }
        return text + "    }\n"
    }
}
