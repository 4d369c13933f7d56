import Foundation
import SpecReport
import Testing

@Suite("The Markdown report")
struct MarkdownTests {
    @Test("SR-24 The Markdown report has the same order and counts as the page")
    func sameOrderAndCounts() throws {
        var report = try Fixture.shop().report()
        report.lineCoverage = [ModuleCoverage(module: "Shop", lines: 20, covered: 18)]
        report.history = [report.historyRecord]
        let text = MarkdownReport.render(report)
        let page = try Element.page(HTMLReport.render(report))

        let headings = text.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        let pageHeadings = page.all("h2").map(\.text)
        #expect(headings.map { $0.replacingOccurrences(of: "`", with: "") } == ["Contents"] + pageHeadings)
        #expect(headings == ["Contents", "Needs eyes first", "The basket", "Tricks that once fooled `swift test`",
                             "The slowest scenarios", "How much the green means", "Since the last run"])
        #expect(text.hasPrefix("# Specs report\n\n\(report.summary)\n\nRan: 2026-01-01 00:00 UTC · Commit: abc1234, with changes not "
                               + "committed · Toolchain: Swift version 6.3.1, Swift Testing 6.3.1 · Platform: x86_64-unknown-linux-gnu · "
                               + "Took: 4.250 s\n"))
        #expect(text.contains("""
            | Feature | Passed | Failed | Skipped | Not run here | No test |
            |---|---:|---:|---:|---:|---:|
            | The basket | 5 | 1 | 0 | 1 | 1 |
            | Tricks that once fooled `swift test` | 1 | 0 | 4 | 0 | 6 |
            """))
        let pageCounts = page.all("nav").first?.all(class: "counts").map { $0.text.split(separator: " ").compactMap { Int($0) } }
        #expect(pageCounts == [[5, 1, 0, 1, 1], [1, 0, 4, 0, 6]])
        let attention = text.components(separatedBy: "\n### ").dropFirst().map { $0.prefix { $0 != "\n" } }
        let pageAttention = try #require(page.element(id: "attention-title")?.parent).all("li").map { $0.all("a").first?.text ?? "" }
        #expect(attention.map { $0.split(separator: " ").dropFirst().joined(separator: " ") } == pageAttention)
        #expect(text.contains("`Specs/shop.feature.md` · 5 passed · 1 failed · 0 skipped · 1 not run here · 1 no test\n"))
        #expect(text.contains("\nAs a shopper I want to see what is in my basket and what it costs, so that nothing at the till\n"
                              + "surprises me.\n\nSource: the basket stories of a shop, and `spec-report`'s need for a run with every kind of\nresult in it.\n"))
    }

    @Test("Given a failed scenario and one with no test, when the Markdown report is read, then it says what failed and the test to start from")
    func needsEyes() throws {
        let text = MarkdownReport.render(try Fixture.shop().report())
        let section = { (id: String) in
            text.components(separatedBy: "\n### ").first { $0.contains(" \(id) ") }.map { "### " + $0.components(separatedBy: "\n## ")[0] }
        }

        #expect(section("SH-2") == """
            ### \u{274C} SH-2 The total is the sum of the prices

            - failed at Tests/ShopTests/BasketTests.swift:16: Expectation failed: (total \u{2192} 350) == 470 (Tests/ShopTests/BasketTests.swift:24)

                Expectation failed: (total \u{2192} 350) == 470
                the sum of both prices
                at Tests/ShopTests/BasketTests.swift:24

            """)
        #expect(section("SH-7")?.contains("""
            - no test the compiler built is named by its ID; a test in a file of no target, in an excluded folder, under an #if that is false here or in a string is no test

            The test to start from (the red step):

            ```swift
                // In BasketTests, Tests/ShopTests/BasketTests.swift:
                @Test("SH-7 A receipt may be sent by email")
            """) == true)
        #expect(section("TR-5").map { !$0.contains("The test to start from") } == true, "a skipped scenario has its test")
    }

    @Test("SR-24 The Markdown report has the same order and counts as the page (one feature)")
    func oneFeatureInTheContents() throws {
        let one = try Fixture.shop().report(only: ["SH-1"])

        let text = MarkdownReport.render(one)
        let page = try Element.page(HTMLReport.render(one))

        #expect(text.contains("\n## Contents\n\n| Feature | Passed | Failed | Skipped | Not run here | No test |\n|---|---:|---:|---:|---:|---:|\n"
                              + "| The basket | 1 | 0 | 0 | 0 | 0 |\n"), "\(text)")
        #expect(page.all("summary").first?.text == "Contents: 1 feature")
        #expect(page.all("nav").first?.all(class: "counts").count == 1)
    }

    @Test("Given a run with a history, coverage and scores, when it is rendered as Markdown, then each scenario's row, the slowest, the strength and the runs are listed")
    func rowsAndLists() throws {
        var report = try Fixture.shop().report()
        report.history = [HistoryRecord(date: "2025-12-31T09:00:00Z", commit: nil, totals: ["passed": 7, "no test": 7],
                                        statuses: report.historyRecord.statuses.merging(["SH-2": "passed"]) { $1 })]
        report.lineCoverage = [ModuleCoverage(module: "Shop", lines: 20, covered: 18)]
        report.mutation = [MutationScore(module: "Shop", killed: 4, counted: 5, date: "2026-11-20"),
                           MutationScore(module: "Till", killed: 1, counted: 1, date: "2026-11-21")]

        let lines = MarkdownReport.render(report).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

        #expect(lines.contains("| \u{274C} failed (was passed) | SH-2 | The total is the sum of the prices | `Tests/ShopTests/BasketTests.swift:16` |"))
        #expect(lines.contains("| \u{2705} passed | SH-8 | An emptied basket costs nothing | "
                               + "`Tests/ShopTests/BasketTests.swift:48` `Tests/ShopTests/BasketTests.swift:59` |"))
        #expect(lines.contains("| \u{2754} no test | SH-7 | A receipt may be sent by email |  |"))
        #expect(lines.filter { $0.hasPrefix("1. ") || $0.hasPrefix("2. ") } == [
            "1. SH-3 A discount code takes its share off the total: 0.625 s", "2. SH-2 The total is the sum of the prices: 0.250 s"])
        #expect(Array(lines.drop { $0 != "## How much the green means" }.prefix(6)) == [
            "## How much the green means", "",
            "| Module | Lines | Line coverage | Mutation score | Mutants planted on |", "|---|---:|---:|---:|---|",
            "| Shop | 20 | 90.0 % | 80.0 % (4 of 5) | 2026-11-20 |", "| Till |  |  | 100.0 % (1 of 1) | 2026-11-21 |"])
        #expect(Array(lines.drop { $0 != "## Since the last run" }) == [
            "## Since the last run", "", "- SH-2: passed, now failed", "",
            "| Run | Commit | passed | failed | skipped | not run here | no test |", "|---|---|---:|---:|---:|---:|---:|",
            "| 2026-01-01T00:00:00Z | abc1234 | 6 | 1 | 4 | 1 | 7 |", "| 2025-12-31T09:00:00Z |  | 7 | 0 | 0 | 0 | 7 |", ""])
    }
}

