import Foundation
import SpecReport
import Testing

/// Keeps `Specs/` and the tests in step: a scenario without a test, or a test naming a
/// scenario that does not exist, turns `swift test` red.
@Suite("Traceability between Specs/ and the tests")
struct TraceabilityTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("Specs/ holds scenarios, each ID only once")
    func specsHoldUniqueScenarioIDs() throws {
        let ids = try scenarioIDs()

        #expect(!ids.isEmpty, "no scenario IDs found in Specs/: the check below would pass vacuously")
        let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "scenario IDs used more than once: \(repeated)")
    }

    @Test("Every scenario has a test named after its ID")
    func everyScenarioHasATest() throws {
        let untested = Set(try scenarioIDs()).subtracting(try testedIDs())

        #expect(untested.isEmpty, "scenarios with no test: \(untested.sorted(by: Self.idOrder))")
    }

    @Test("Every ID a test names is a scenario in Specs/")
    func everyTestedIDIsAScenario() throws {
        var index = TestIndex()
        for file in try files(under: "Tests", endingWith: ".swift") {
            index.add(source: file.text, file: file.name)
        }
        let orphans = Set(index.entries.flatMap(\.ids)).subtracting(try scenarioIDs())

        #expect(orphans.isEmpty, "tests named after IDs that no scenario has: \(orphans.sorted(by: Self.idOrder))")
    }

    /// Read with the report's parser, so a feature file it cannot read fails here too.
    private func scenarioIDs() throws -> [String] {
        try files(under: "Specs", endingWith: ".feature.md").flatMap { file in
            try GherkinParser.parse(file.text, file: file.name).scenarios.map(\.id)
        }
    }

    /// The IDs of tests that run: not in a comment or an `#if false` block, not disabled.
    private func testedIDs() throws -> Set<String> {
        var index = TestIndex()
        for file in try files(under: "Tests", endingWith: ".swift") {
            index.add(source: file.text, file: file.name)
        }
        return index.coveredIDs
    }

    private func files(under folder: String, endingWith suffix: String) throws -> [(name: String, text: String)] {
        let root = Self.packageRoot.appendingPathComponent(folder)
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil),
                                      "cannot read \(root.path)")
        return try enumerator.compactMap { $0 as? URL }
            .filter { $0.lastPathComponent.hasSuffix(suffix) }
            .map { ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// Orders `TL-2` before `TL-10`, so the lists in failure messages read naturally.
    private static func idOrder(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: .numeric) == .orderedAscending
    }
}
