import Foundation
import SpecReport
import Testing

@Suite("Matching results to scenarios, and the report")
struct ReportTests {
    private static let feature = """
        # Feature: Checking

        `@TL-1`
        ## Scenario: One
        * Then a

        `@TL-2`
        ## Scenario: Two
        * Then b

        `@TL-3`
        ## Scenario: Three | with a bar
        * Then c

        `@TL-4`
        ## Scenario: Four
        * Then d

        `@TL-5`
        ## Scenario: Five
        * Then e
        """

    /// Test sources, kept out of `.swift` files so the scans of this package's own tests skip them.
    private static func testSources() throws -> String {
        try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/CheckTests.swift.txt"), encoding: .utf8)
    }

    private static let results = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites><testsuite name="TestResults" tests="3">
          <testcase classname="Checks.CheckTests" name="both()" time="0.1" />
          <testcase classname="Checks.CheckTests" name="three(number:)" time="0.1">
            <failure message="Expectation failed: 2 == 3" />
          </testcase>
          <testcase classname="Checks.CheckTests" name="four()" time="0.1"><skipped /></testcase>
        </testsuite></testsuites>
        """

    private func makeReport() throws -> Report {
        var index = TestIndex()
        index.add(source: try Self.testSources())
        let outcomes = try TestResults.read(Data(Self.results.utf8), file: "results.xml")
        return Report(features: [try GherkinParser.parse(Self.feature, file: "Specs/check.feature.md")],
                      index: index, outcomes: outcomes)
    }

    @Test("A test named by two IDs covers both; a parameterised test that failed in one case fails its scenario")
    func statuses() throws {
        let report = try makeReport()

        #expect(report.sections[0].lines.map(\.status) == [.passed, .passed, .failed, .skipped, .noTest])
        #expect(report.sections[0].lines[0].tests == ["TL-1 TL-2 One and two at once"])
        #expect(!report.isGreen)
    }

    @Test("Beside the totals, the scenarios that failed say what their test said, and those with no test are named")
    func needsAttention() throws {
        let report = try makeReport()

        #expect(report.needsAttention == [
            "failed: TL-3 Three | with a bar: Expectation failed: 2 == 3",
            "no test: TL-5 Five\n" + report.sections[0].lines[4].snippet,
        ])
    }

    @Test("The Markdown report lists each scenario with its status, then the totals")
    func markdown() throws {
        #expect(MarkdownReport.render(try makeReport()) == """
            # Specs report

            1 features, 5 scenarios: 2 passed, 1 failed, 1 skipped, 1 with no test

            ## Checking

            `Specs/check.feature.md`

            | Status | ID | Scenario |
            |---|---|---|
            | ✅ passed | TL-1 | One |
            | ✅ passed | TL-2 | Two |
            | ❌ failed | TL-3 | Three \\| with a bar |
            | ⏭️ skipped | TL-4 | Four |
            | ❔ no test | TL-5 | Five |

            ## Tests to write

            Each scenario with no test, and the test to start from (the red step).

            ```swift
                // In CheckTests:
                @Test("TL-5 Five")
                func five() throws {
                    // Then e
                }
            ```

            """)
    }

    @Test("The HTML report is one page with the steps, a status each and a summary bar, and nothing from elsewhere")
    func html() throws {
        let page = HTMLReport.render(try makeReport())

        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<div class=\"bar\"><div class=\"passed\" style=\"width: 40.000%\""))
        #expect(page.contains("<details class=\"failed\" open><summary><span class=\"id\">TL-3</span> Three | with a bar"))
        #expect(page.contains("<li><span class=\"keyword\">Then</span> c</li>"))
        #expect(!page.contains("src=") && !page.contains("href=") && !page.contains("<script"))
    }

    @Test("Results that are not JUnit XML are refused")
    func unreadableResults() {
        #expect(throws: TestResults.Unreadable.self) { try TestResults.read(Data("not xml".utf8), file: "r.xml") }
        #expect(throws: TestResults.Unreadable.self) { try TestResults.read(Data("<html></html>".utf8), file: "r.xml") }
    }

    @Test("spec-report exits 0 when every scenario passed and 1 when one failed or has no test")
    func exitStatus() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("spec-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        for folder in ["Specs", "Tests/Checks"] {
            try FileManager.default.createDirectory(at: package.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data(Self.testSources().utf8).write(to: package.appendingPathComponent("Tests/Checks/CheckTests.swift"))
        let green = "# Feature: Checking\n\n`@TL-1`\n## Scenario: One\n* Then a\n"
        try Data(green.utf8).write(to: package.appendingPathComponent("Specs/check.feature.md"))
        let results = package.appendingPathComponent("results.xml").path
        try Data(Self.results.utf8).write(to: URL(fileURLWithPath: results))
        let output = package.appendingPathComponent("report.html").path

        #expect(SpecReportProgram.run(arguments: ["--package", package.path, "--results", results, "--format", "html",
                                                  "--output", output]) == 0)
        #expect(FileManager.default.fileExists(atPath: output))
        try Data(Self.feature.utf8).write(to: package.appendingPathComponent("Specs/check.feature.md"))
        #expect(SpecReportProgram.run(arguments: ["--package", package.path, "--results", results, "--output", output]) == 1)
        #expect(SpecReportProgram.run(arguments: ["--format", "pdf"]) == 2)
    }
}
