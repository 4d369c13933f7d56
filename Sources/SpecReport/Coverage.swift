/// Which scenarios of `Specs/` are covered, and what keeps each of the others from it. The one
/// check behind both the traceability test that `swift test` runs and `spec-report`, so that the
/// two never disagree.
///
/// A scenario is covered when a test named by its ID was built by the compiler, asserts
/// something that could fail, ran here and passed. A test that runs only under a condition
/// (`.enabled(if:)`, `.disabled`, its own or its suite's) may be skipped, and skipped is not
/// passed: its scenario carries the tag `@platform-bound`, and where the test did not run it is
/// shown apart, as not run here. Read from a listing (`swift test list`), which runs nothing,
/// the check says what the run could not make right: no test, a test that asserts nothing, a
/// condition the specs do not declare; the run itself fails for a test that fails.
public struct Coverage: Sendable {
    /// What a scenario is, after the run: only `passed` counts as covered; `notRunHere` is
    /// shown apart and keeps nothing red.
    public enum Status: String, Sendable, CaseIterable {
        case passed, failed, skipped
        /// Bound to a platform, and its test was skipped here because of that.
        case notRunHere = "not run here"
        case noTest = "no test"
    }

    /// The tag of a scenario whose test runs only where the system offers what it needs.
    public static let platformBound = "platform-bound"

    /// One test named by a scenario's ID, and how it went.
    public struct Check: Sendable {
        public let test: TestRun.Test
        public let outcome: TestRun.Outcome
        /// The conditions it runs under, its own and its suites', as written.
        public let conditions: [String]
        /// False when nothing in it could fail.
        public let asserts: Bool
    }

    /// One scenario, its tests, and what it came to.
    public struct Entry: Sendable {
        public let scenario: Scenario
        public let feature: Feature
        public let checks: [Check]
        public let status: Status
        /// What keeps the scenario from being covered, each line naming it; empty when it is.
        public let problems: [String]

        /// The problems where the scenario is already named: without the ID they start with.
        public var reasons: [String] {
            problems.map { $0.hasPrefix(scenario.id + ": ") ? String($0.dropFirst(scenario.id.count + 2)) : $0 }
        }
    }

    /// The scenarios checked, in the order of the features and of their files.
    public let entries: [Entry]
    /// Each test named by an ID that no scenario has.
    public let orphans: [String]

    /// Each failure the run recorded on a suite, or on no test.
    public let issuesOutsideTests: [String]

    /// What keeps the check red and is no scenario's: tests naming no scenario, failures outside any test.
    public var outsideScenarios: [String] { orphans + issuesOutsideTests }

    /// Every line that keeps the check red, each naming its scenario or test.
    public var problems: [String] { entries.flatMap(\.problems) + outsideScenarios }

    /// `only`: the IDs of the scenarios to check, when not all of them (a run of their tests alone).
    public init(features: [Feature], run: TestRun, sources: TestSources, only: Set<String>? = nil) {
        entries = features.flatMap { feature in
            feature.scenarios.filter { only?.contains($0.id) ?? true }.map { scenario in
                Self.entry(scenario, of: feature, run: run, sources: sources)
            }
        }
        let known = Set(features.flatMap(\.scenarios).map(\.id))
        orphans = only != nil ? [] : run.tests.compactMap { test in
            let unknown = test.scenarioIDs.filter { !known.contains($0) }
            guard !unknown.isEmpty else { return nil }
            return "\(test.place): the test \"\(test.displayName)\" names \(unknown.joined(separator: ", ")), which no scenario has"
        }
        issuesOutsideTests = run.issuesOutsideTests.map { "an issue recorded outside any test: \($0.message) (\($0.place))" }
    }

    private static func entry(_ scenario: Scenario, of feature: Feature, run: TestRun, sources: TestSources) -> Entry {
        let id = scenario.id
        let bound = scenario.tags.contains(platformBound)
        var problems: [String] = []
        let checks = run.tests.filter { !$0.isSuite && $0.scenarioIDs.contains(id) }.map { test in
            let asserts = sources.asserts(test)
            if asserts == nil {
                problems.append("\(id): its test at \(test.place) is not where the compiler said it is; is the source older than the build?")
            } else if asserts == false {
                problems.append("\(id): its test at \(test.place) asserts nothing that could fail (no #expect or #require of anything "
                                + "but constants, no Issue.record); it covers nothing")
            }
            return Check(test: test, outcome: run.outcome(of: test),
                         conditions: (run.suites(of: test) + [test]).flatMap { sources.conditions(of: $0) }, asserts: asserts ?? false)
        }
        let real = checks.filter(\.asserts)
        if checks.isEmpty {
            problems.append("\(id): no test the compiler built is named by its ID; a test in a file of no target, in an excluded "
                            + "folder, under an #if that is false here or in a string is no test")
        }
        for check in checks where !check.conditions.isEmpty && !bound {
            problems.append("\(id): its test at \(check.test.place) runs only under \(check.conditions.joined(separator: " and ")), so it "
                            + "may be skipped, and skipped is not passed; tag the scenario @\(platformBound) and say what it needs, "
                            + "or let the test run everywhere")
        }
        if bound && !checks.isEmpty && checks.allSatisfy(\.conditions.isEmpty) {
            problems.append("\(id): tagged @\(platformBound), but each of its tests runs everywhere; take the tag off")
        }
        let status: Status
        if real.isEmpty {
            status = .noTest
        } else if let failed = real.first(where: { $0.outcome.status == .failed }) {
            status = .failed
            let said = failed.outcome.issues.first { !$0.isKnown }.map { ": \($0.message) (\($0.place))" } ?? ""
            problems.append("\(id): failed at \(failed.test.place)\(said)")
        } else if real.allSatisfy({ $0.outcome.status == .passed }) {
            status = .passed
        } else if bound && real.allSatisfy({ $0.outcome.status == .passed || ($0.outcome.status == .skipped && !$0.conditions.isEmpty) }) {
            status = .notRunHere
        } else {
            // From a listing nothing ran: what could make the run skip a test is said above.
            status = .skipped
            for check in real where !run.isListing && check.outcome.status != .passed && (check.conditions.isEmpty || bound) {
                let why = check.outcome.status == .notRun ? "did not run" : "was skipped" + (check.outcome.skipReason.map { " (\($0))" } ?? "")
                problems.append("\(id): its test at \(check.test.place) \(why); skipped is not passed")
            }
        }
        return Entry(scenario: scenario, feature: feature, checks: checks, status: status, problems: problems)
    }
}
