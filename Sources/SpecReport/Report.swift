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

    /// A scenario passes when all its tests passed, fails when any failed, is skipped when its
    /// tests did not run, and has no test when no test names its ID.
    public init(features: [Feature], index: TestIndex, outcomes: [TestOutcome]) {
        sections = features.map { feature in
            Section(feature: feature, lines: feature.scenarios.map { scenario in
                let tests = index.tests(of: scenario.id)
                let results = tests.map { test in
                    outcomes.first { $0.suite.hasSuffix("." + test.type) && $0.name.prefix { $0 != "(" } == test.function }
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
                return Line(scenario: scenario, status: status, tests: tests.map(\.displayName),
                            failures: results.flatMap { $0?.failures ?? [] })
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
                return "no test: \(line.scenario.id) \(line.scenario.title)"
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
