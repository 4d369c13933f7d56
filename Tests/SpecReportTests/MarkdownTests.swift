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
            | Feature | Passed | Failed | Not run | No test |
            |---|---:|---:|---:|---:|
            | The basket | 5 | 1 | 1 | 1 |
            | Tricks that once fooled `swift test` | 1 | 0 | 4 | 6 |
            """))
        let pageCounts = page.all("nav").first?.all(class: "counts").map { $0.text.split(separator: " ").compactMap { Int($0) } }
        #expect(pageCounts == [[5, 1, 1, 1], [1, 0, 4, 6]])
        let attention = text.components(separatedBy: "\n### ").dropFirst().map { $0.prefix { $0 != "\n" } }
        let pageAttention = try #require(page.element(id: "attention-title")?.parent).all("li").map { $0.all("a").first?.text ?? "" }
        #expect(attention.map { $0.split(separator: " ").dropFirst().joined(separator: " ") } == pageAttention)
        #expect(text.contains("`Specs/shop.feature.md` · 5 passed · 1 failed · 1 not run · 1 no test\n"))
        #expect(text.contains("\nAs a shopper I want to see what is in my basket and what it costs, so that nothing at the till\n"
                              + "surprises me.\n\nSource: the basket stories of a shop, and `spec-report`'s need for a run with every kind of\nresult in it.\n"))
    }
}
