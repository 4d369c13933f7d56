import Foundation

/// The scenarios of `Specs/`, feature by feature, each with the status its tests gave it in a
/// run, and what the run was: what both the Markdown and the HTML report show.
public struct Report: Sendable {
    public typealias Status = Coverage.Status
    public typealias Entry = Coverage.Entry

    /// A feature and its scenarios, as both reports show them.
    public struct Section: Sendable {
        public let feature: Feature
        public let entries: [Entry]

        public func count(_ status: Status) -> Int {
            entries.filter { $0.status == status }.count
        }
    }

    /// The commit the run was made from, and whether the tree had changes beside it.
    public struct Commit: Equatable, Sendable {
        public let hash: String
        public let hasChanges: Bool

        public init(hash: String, hasChanges: Bool) {
            self.hash = hash
            self.hasChanges = hasChanges
        }
    }

    public let coverage: Coverage
    public let run: TestRun
    public let sections: [Section]
    public var commit: Commit?
    /// The compiler's own words for itself (`Swift version 6.3.1`), when known.
    public var compiler: String?
    /// Line coverage per module, when the tests ran with coverage.
    public var lineCoverage: [ModuleCoverage] = []
    /// Each module's mutation score, where `Scripts/mutate`'s results are at hand.
    public var mutation: [MutationScore] = []
    /// The runs before this one, oldest first, from `--history`.
    public var history: [HistoryRecord] = []

    /// The report of `run`, checked as `coverage` says; the facts of the run, coverage,
    /// mutation and history are added by whoever has them.
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

    /// Every scenario reported, feature by feature.
    public var entries: [Entry] { coverage.entries }

    /// How many scenarios have `status`: the totals both reports start with.
    public func count(_ status: Status) -> Int {
        entries.filter { $0.status == status }.count
    }

    /// What CI asks: is every scenario covered, and does every test name a scenario?
    public var isGreen: Bool { coverage.problems.isEmpty }

    /// The scenarios that keep the run from being green: those not passed, and passed ones with a
    /// problem, such as a tag their tests contradict.
    public var needingEyes: [Entry] {
        entries.filter { $0.status.needsEyes || !$0.problems.isEmpty }
    }

    /// `10 features, 181 scenarios: 179 passed, 1 failed, 0 skipped, 1 not run here, 0 with no test`.
    public var summary: String {
        "\(sections.count) feature\(sections.count == 1 ? "" : "s"), \(entries.count) scenario\(entries.count == 1 ? "" : "s"): "
            + "\(count(.passed)) passed, \(count(.failed)) failed, "
            + "\(count(.skipped)) skipped, \(count(.notRunHere)) not run here, \(count(.noTest)) with no test"
    }

    /// How long a scenario's tests took, together; nil when none of them ran.
    public func duration(of entry: Entry) -> Double? {
        let durations = entry.checks.compactMap(\.outcome.duration)
        return durations.isEmpty ? nil : durations.reduce(0, +)
    }

    /// The ten scenarios whose tests took longest, slowest first.
    public var slowest: [Entry] {
        Array(entries.filter { duration(of: $0) != nil }.sorted { duration(of: $0)! > duration(of: $1)! }.prefix(10))
    }

    /// What a scenario was in the last run the history keeps, when that was something else.
    public func change(of entry: Entry) -> String? {
        guard let before = history.last?.statuses[entry.scenario.id] else { return history.isEmpty ? nil : "new" }
        return before == entry.status.rawValue ? nil : before
    }

    /// This run as the history keeps it.
    public var historyRecord: HistoryRecord {
        let formatter = ISO8601DateFormatter()
        return HistoryRecord(date: formatter.string(from: run.started ?? Date()), commit: commit?.hash,
                             totals: Dictionary(uniqueKeysWithValues: Status.allCases.map { ($0.rawValue, count($0)) }),
                             statuses: Dictionary(uniqueKeysWithValues: entries.map { ($0.scenario.id, $0.status.rawValue) }))
    }

    /// Where the tests of a scenario's feature are, to add a missing one beside them: the suite
    /// and file of a test named by an ID of the same prefix.
    public func neighbour(of scenario: Scenario) -> (suite: String, file: String)? {
        neighbourTest(of: scenario).map { (String($0.suite.split(separator: ".").last ?? ""), $0.file) }
    }

    private func neighbourTest(of scenario: Scenario) -> TestRun.Test? {
        let prefix = scenario.id.prefix { $0 != "-" } + "-"
        let tests = run.tests.filter { $0.scenarioIDs.contains { $0.hasPrefix(prefix) } }
        // The suite that holds most of them: a suite of one test is more likely an odd one out.
        let suites = Dictionary(grouping: tests, by: \.suite)
        return tests.max { suites[$0.suite]!.count < suites[$1.suite]!.count }
    }

    /// Swift's reserved words, which name a function only between backticks.
    private static let reserved: Set = [
        "as", "associatedtype", "await", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do",
        "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in",
        "init", "inout", "internal", "is", "let", "nil", "operator", "precedencegroup", "private", "protocol", "public",
        "repeat", "rethrows", "return", "self", "static", "struct", "subscript", "super", "switch", "throw", "throws",
        "true", "try", "typealias", "var", "where", "while",
    ]

    /// The test to start from for a scenario that has none, as Cucumber prints a step's
    /// snippet: the `@Test` named by the ID and title, the steps as comments, and an issue
    /// recorded, so that pasted as it is, the test is red until it is written.
    public func snippet(for scenario: Scenario) -> String {
        let words = scenario.title.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let name = words.enumerated().map { $0 == 0 ? $1.lowercased() : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
        // A Swift name starts with a letter, and is no reserved word unless between backticks; the title
        // goes in a string literal, its quotes and backslashes escaped.
        var function = name.first?.isLetter == true ? name : "scenario" + name
        // Pasted beside a test of that name, it would not compile: the ID tells them apart.
        if let suite = neighbourTest(of: scenario)?.suite, run.tests.contains(where: { $0.suite == suite && $0.name == function + "()" }) {
            function += scenario.id.filter { $0 != "-" }
        }
        if Self.reserved.contains(function) { function = "`\(function)`" }
        let title = scenario.title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let place = neighbour(of: scenario).map { "    // In \($0.suite), \($0.file):\n" } ?? ""
        var text = place + "    @Test(\"\(scenario.id) \(title)\")\n    func \(function)() throws {\n"
        for step in scenario.steps {
            text += "        // \(step.keyword) \(step.text)\n"
        }
        return text + "        Issue.record(\"\(scenario.id) is not written yet\")\n    }\n"
    }
}

