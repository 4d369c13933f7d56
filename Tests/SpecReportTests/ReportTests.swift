import Foundation
import SpecReport
import Testing

@Suite("The report, and spec-report's exit status")
struct ReportTests {
    private func report() throws -> Report {
        let shop = try Fixture.shop()
        return Report(coverage: shop.coverage(), run: shop.run)
    }

    @Test("The Markdown report lists each scenario with its status, feature by feature")
    func markdown() throws {
        let text = MarkdownReport.render(try report())

        #expect(text.hasPrefix("# Specs report\n\n2 features, 19 scenarios: 6 passed, 1 failed, 4 skipped, 1 not run here, 7 with no test\n"))
        #expect(text.contains("""
            | Status | ID | Scenario | Tests |
            |---|---|---|---|
            | ✅ passed | SH-1 | An added item is in the basket | `Tests/ShopTests/BasketTests.swift:7` |
            | ❌ failed | SH-2 | The total is the sum of the prices | `Tests/ShopTests/BasketTests.swift:16` |
            """))
        #expect(text.contains("| ⏸️ not run here | SH-6 | A receipt is printed where a printer is attached | "
                              + "`Tests/ShopTests/BasketTests.swift:42` |"))
    }

    @Test("Features come in the order Specs/README.md lists them, the others after")
    func order() throws {
        let features = try ["b", "a", "c"].map { name in
            try GherkinParser.parse("# Feature: \(name)\n", file: "Specs/\(name).feature.md")
        }
        let readme = "| `c.feature.md` | C |\n| `b.feature.md` | B |\n"

        #expect(Feature.inOrder(features, listedIn: readme).map(\.title) == ["c", "b", "a"])
    }

    @Test("A red run with --coverage is still reported: swift test writes coverage only when every test passed")
    func coverageOfARedRun() throws {
        let shop = try Fixture.shop()
        let swift = shop.recordedSwift()

        let (status, output) = shop.specReport(["--coverage"], running: swift)

        #expect(swift.calls.contains { $0.contains("--show-codecov-path") })
        #expect(status == 1)
        #expect(output.hasPrefix("# Specs report\n\n2 features, 19 scenarios:"))
    }

    @Test("Results that are not Swift Testing's event stream are refused")
    func unreadableResults() {
        #expect(throws: TestRun.Unreadable.self) { try TestRun.read(Data("not json".utf8), file: "r.jsonl", packageRoot: "/") }
        #expect(throws: TestRun.Unreadable.self) { try TestRun.read(Data("{\"kind\":\"other\"}".utf8), file: "r.jsonl", packageRoot: "/") }
    }

    @Test("spec-report exits 0 when every scenario is covered, 1 when one is not, 2 on bad usage or unreadable results")
    func exitStatus() throws {
        let shop = try Fixture.shop()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("spec-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: shop.root + "/Tests", toPath: work.appendingPathComponent("Tests").path)
        try Data("# Feature: The basket\n\n`@SH-1`\n## Scenario: An added item is in the basket\n* Then it is there\n".utf8)
            .write(to: work.appendingPathComponent("Specs/shop.feature.md"))
        // The run of SH-1's test alone.
        let events = try String(contentsOfFile: shop.events, encoding: .utf8).split(separator: "\n")
            .filter { !$0.contains("\"testID\"") && !$0.hasPrefix("{\"kind\": \"test\"") || $0.contains("addedItem()") }
        let results = work.appendingPathComponent("events.jsonl").path
        try Data(events.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: results))
        let ignore: (String) -> Void = { _ in }

        #expect(SpecReportProgram.run(arguments: ["--package", work.path, "--results", results], output: ignore) == 0)
        #expect(shop.specReport().status == 1)
        #expect(SpecReportProgram.run(arguments: ["--package", work.path, "--results", work.path + "/Specs/shop.feature.md"], output: ignore) == 2)
        #expect(SpecReportProgram.run(arguments: ["--format", "pdf"], output: ignore) == 2)
    }
}
