import Foundation
import SpecReport
import TestSupport
import Testing

/// The page made from the shop fixture's recorded run, read as a tree of elements.
@Suite("The page a team reads")
struct PageTests {
    private func page(_ report: Report? = nil) throws -> Element {
        try Element.page(HTMLReport.render(report ?? Fixture.shop().report()))
    }

    private func scenario(_ id: String, in page: Element) throws -> Element {
        try #require(page.element(id: id))
    }

    @Test("SR-13 A contents column lists every feature with its counts, and every feature and scenario can be linked to")
    func contents() throws {
        let shop = try Fixture.shop()
        let page = try page()
        let nav = try #require(page.all("nav").first)

        #expect(nav["aria-label"] == "Features")
        #expect(nav.all("a").map { $0["href"] } == ["#shop", "#tricks"])
        #expect(nav.all("a").map(\.text) == ["The basket", "Tricks that once fooled swift test"])
        #expect(nav.all(class: "counts").map(\.text) == ["5 passed · 1 failed · 0 skipped · 1 not run here · 1 no test",
                                                         "1 passed · 0 failed · 4 skipped · 0 not run here · 6 no test"])
        #expect(nav.all(class: "counts").map { $0.all("span").map { $0["class"] ?? "" } }
                == [["", "count-failed", "", "", "count-no-test"], ["", "", "count-skipped", "", "count-no-test"]])
        #expect(page.element(id: "shop")?.name == "section")
        #expect(shop.coverage().entries.allSatisfy { page.element(id: $0.scenario.id)?.classes.contains("scenario") == true })
        let contents = try #require(nav.all("details").first)
        #expect(contents["open"] == nil, "folded where the screen is narrow, or scripts are off")
        #expect(HTMLReport.render(shop.report()).contains("nav { grid-area: nav; position: sticky; top: 0;"))
    }

    @Test("SR-13 A contents column lists every feature with its counts, and every feature and scenario can be linked to: the totals' bar")
    func totalsBar() throws {
        let parts = { (page: Element) in
            (page.all(class: "bar").first?.children ?? []).map { "\($0["class"] ?? "") \($0["style"] ?? "")" }
        }

        #expect(parts(try page()) == ["status-passed width: 31.579%", "status-failed width: 5.263%", "status-skipped width: 21.053%",
                                      "status-not-run-here width: 5.263%", "status-no-test width: 36.842%"])
        #expect(parts(try page(Fixture.shop().report(only: ["SH-1", "SH-3"]))) == ["status-passed width: 100.000%"])
    }

    @Test("SR-28 A link to a folded scenario unfolds it in a browser", .enabled(if: Browser.installed != nil))
    func linkUnfolds() throws {
        let green = HTMLReport.render(try Fixture.shop().report(only: ["SH-1", "SH-3"]))
        #expect(try page(Fixture.shop().report(only: ["SH-1", "SH-3"])).element(id: "shop")?.all(class: "scenarios").first?["open"] == nil)

        let linked = try Browser.dom(of: green, fragment: "#SH-1")
        let plain = try Browser.dom(of: green)

        let scenario = try #require(Browser.tag(linked, id: "SH-1"), "\(linked.prefix(2000))")
        #expect(scenario.contains(" open=\"\""), "\(scenario)")
        let list = try #require(Browser.tag(linked, id: "shop", thenClass: "scenarios"))
        #expect(list.contains(" open=\"\""), "\(list)")
        #expect(Browser.tag(linked, id: "SH-3")?.contains(" open=") == false)
        #expect(Browser.tag(plain, id: "shop", thenClass: "scenarios")?.contains(" open=") == false)
        #expect(Browser.tag(plain, id: "SH-1")?.contains(" open=") == false)
    }

    @Test("SR-14 What needs eyes comes first, and a feature is open unless all of it passed")
    func attentionFirst() throws {
        let page = try page()
        let attention = try #require(page.element(id: "attention-title")?.parent)
        let items = attention.all("li")

        #expect(Array(items.prefix(2).map { $0.all("a").first?["href"] }) == ["#SH-2", "#SH-7"])
        #expect(items[0].text.hasSuffix("failed at Tests/ShopTests/BasketTests.swift:16: Expectation failed: (total → 350) == 470 "
                                        + "(Tests/ShopTests/BasketTests.swift:24)"))
        let order = page.descendants.filter { $0.name == "section" }.map { $0["id"] ?? $0["aria-labelledby"] ?? "" }
        #expect(order.prefix(3) == ["attention-title", "shop", "tricks"])
        #expect(page.element(id: "shop")?.all(class: "scenarios").first?["open"] != nil)
        let green = try self.page(Fixture.shop().report(only: ["SH-1", "SH-3"]))
        #expect(green.element(id: "shop")?.all(class: "scenarios").first?["open"] == nil)
        #expect(green.element(id: "attention-title") == nil)
        #expect(items.contains { $0.all("a").first?["href"] == "#TR-11" && $0.text.hasSuffix("tagged @platform-bound, but each of its tests runs everywhere; take the tag off") })
        let shop = try Fixture.shop()
        let stray = TestRun.Test(id: "ShopTests.BasketTests/stray()/BasketTests.swift:70:6", name: "stray()", displayName: "SH-99 A stray",
                                 isSuite: false, file: "Tests/ShopTests/BasketTests.swift", line: 70)
        let run = TestRun(tests: shop.run.tests + [stray], outcomes: shop.run.outcomes, started: shop.run.started)
        let report = Report(coverage: shop.package.coverage(of: run), run: run)
        let said = "Tests/ShopTests/BasketTests.swift:70: the test \"SH-99 A stray\" names SH-99, which no scenario has"
        let strayPage = try self.page(report)
        #expect(strayPage.element(id: "attention-title")?.parent?.all("li").last?.text == said)
        #expect(MarkdownReport.render(report).contains("\n### Outside the scenarios\n\n- \(said)\n"))
        let outside = TestRun.Issue(message: "Expectation failed: ready", place: "Tests/ShopTests/BasketTests.swift:3")
        let greenRun = TestRun(tests: shop.run.tests, outcomes: shop.run.outcomes, started: shop.run.started, issuesOutsideTests: [outside])
        let greenButOutside = Report(coverage: shop.package.coverage(of: greenRun, only: ["SH-1", "SH-3"]), run: greenRun)
        #expect(MarkdownReport.render(greenButOutside).contains("\n## Needs eyes first\n\n### Outside the scenarios\n\n- an issue recorded "
                                                                + "outside any test: Expectation failed: ready (Tests/ShopTests/BasketTests.swift:3)\n"))
        #expect(!MarkdownReport.render(shop.report(only: ["SH-1", "SH-3"])).contains("Needs eyes first"))
        #expect(MarkdownReport.render(shop.report()).contains("\n### \u{2705} TR-11 A scenario tagged as bound to a platform whose test runs everywhere\n\n"
                                                              + "- tagged @platform-bound, but each of its tests runs everywhere; take the tag off\n"))
    }

    @Test("SR-15 Filters and search work from the file, and the address keeps them")
    func filters() throws {
        let page = try page()
        let form = try #require(page.element(id: "filters"))

        #expect(form["role"] == "search")
        #expect(form.all("input").filter { $0["name"] == "status" }.map { $0["value"] }
                    == ["passed", "failed", "skipped", "not-run-here", "no-test"])
        #expect(page.element(id: "feature")?.all("option").map { $0["value"] } == ["", "shop", "tricks"])
        #expect(!page.all("option").contains { $0.text.contains("`") })
        #expect(page.element(id: "tag")?.all("option").map { $0["value"] } == ["", "platform-bound"])
        #expect(page.element(id: "q")?["type"] == "search")
        let failed = try scenario("SH-2", in: page)
        #expect(failed["data-status"] == "failed" && failed["data-feature"] == "shop")
        #expect(failed["data-text"]?.contains("the total is the sum of the prices") == true)
        #expect(failed["data-text"]?.contains("then it reads 4.70") == true)
        #expect(try scenario("SH-6", in: page)["data-tags"] == "platform-bound")
        let script = page.all("script").map(\.text).joined()
        #expect(script.contains("new URLSearchParams(isFilter() ? location.hash.slice(1) : \"\")"))
        #expect(script.contains("history.replaceState(null, \"\", text === \"\" ? location.pathname + location.search : \"#\" + text)"))
        #expect(page.descendants.allSatisfy { $0["src"] == nil } && !page.all("link").contains { $0["href"] != nil })
    }

    @Test("SR-16 With scripts off the page still reads whole")
    func withoutScripts() throws {
        let shop = try Fixture.shop()
        let page = try page()

        #expect(page.element(id: "filters")?["hidden"] != nil)
        let controls = page.descendants.filter { ["input", "select", "button", "textarea"].contains($0.name) }
        #expect(!controls.isEmpty && controls.allSatisfy { $0.ancestors.contains { $0["id"] == "filters" } })
        #expect(page.all(class: "steps").count == shop.coverage().entries.count)
        #expect(page.all("details").allSatisfy { $0.children.first?.name == "summary" })
        #expect(!page.descendants.contains { $0["hidden"] != nil && $0["id"] != "filters" })
    }

    @Test("SR-17 The page says which run it shows")
    func theRun() throws {
        let report = try Fixture.shop().report()
        let page = try page(report)
        let facts = try #require(page.all(class: "run").first)

        #expect(facts.all("dt").map(\.text) == ["Ran", "Commit", "Toolchain", "Platform", "Took"])
        #expect(facts.all("dd").map(\.text) == ["2026-01-01 00:00 UTC", "abc1234, with changes not committed",
                                                "Swift version 6.3.1, Swift Testing 6.3.1", "x86_64-unknown-linux-gnu", "4.250 s"])
        #expect(try scenario("SH-3", in: page).all(class: "took").first?.text == "0.625 s")
        let slowest = try #require(page.element(id: "slowest-title")?.parent).all("li")
        #expect(slowest.count == report.entries.filter { report.duration(of: $0) != nil }.count)
        #expect(slowest.first?.text == "SH-3 A discount code takes its share off the total 0.625 s")
        let durations = slowest.map { Double($0.all(class: "took").first?.text.split(separator: " ").first ?? "") ?? 0 }
        #expect(durations == durations.sorted(by: >))
        #expect(try Self.reportOfTwelve().slowest.map(\.scenario.id) == (3...12).reversed().map { "X-\($0)" })
        let swift = try Fixture.shop().recordedSwift()
        _ = try Fixture.shop().specReport(running: swift)
        #expect(swift.calls.contains { $0.starts(with: ["test", "--skip-build"]) && $0.contains("--no-parallel") },
                "a whole run goes one test at a time, so that a test's time is not time spent waiting beside others")
    }

    /// Twelve scenarios whose tests took 1 to 12 seconds.
    private static func reportOfTwelve() throws -> Report {
        let feature = try GherkinParser.parse("# Feature: F\n" + (1...12).map { "\n`@X-\($0)`\n## Scenario: s\n* Then t\n" }.joined(),
                                              file: "Specs/f.feature.md")
        let tests = (1...12).map { TestRun.Test(id: "M.T/t\($0)()/T.swift:\($0):6", name: "t\($0)()", displayName: "X-\($0) s",
                                                isSuite: false, file: "Tests/M/T.swift", line: $0) }
        let outcomes = Dictionary(uniqueKeysWithValues: tests.map { ($0.id, TestRun.Outcome(status: .passed, duration: Double($0.line))) })
        let source = (1...12).map { "@Test(\"X-\($0) s\") func t\($0)() { #expect(value == \($0)) }\n" }.joined()
        let run = TestRun(tests: tests, outcomes: outcomes, started: Date(timeIntervalSince1970: 0))
        return Report(coverage: Coverage(features: [feature], run: run, sources: TestSources(files: ["Tests/M/T.swift": source])), run: run)
    }

    @Test("SR-18 Each scenario shows its steps, its tests by place, and what a failed test said")
    func scenarioContent() throws {
        let page = try page()
        let receipt = try scenario("SH-6", in: page)
        let emptied = try scenario("SH-8", in: page)
        let failed = try scenario("SH-2", in: page)

        #expect(receipt.all("li").first?.all("code").map(\.text) == ["/dev/usb/lp0"])
        #expect(receipt.all("tr").map { $0.children.map(\.text) } == [["line", "text"], ["Tea", "3.50"], ["Total", "3.50"]])
        #expect(receipt.all("tr").map { $0.children.map(\.name) } == [["th", "th"], ["td", "td"], ["td", "td"]])
        #expect(try scenario("SH-7", in: page).all("pre").first?.text == "Tea    3.50\nTotal  3.50")
        #expect(emptied.all(class: "tests").first?.children.map { $0.all("code").first?.text } == [
            "Tests/ShopTests/BasketTests.swift:48", "Tests/ShopTests/BasketTests.swift:59",
        ])
        #expect(emptied.all(class: "tests").first?.children.map(\.text) == [
            "Tests/ShopTests/BasketTests.swift:48 passed 0.125 s",
            "Tests/ShopTests/BasketTests.swift:59 with one item taken out of two passed 0.125 s",
        ])
        #expect(failed["open"] != nil)
        #expect(failed.all(class: "failure").map(\.text)
                    == ["Expectation failed: (total → 350) == 470\nthe sum of both prices\nat Tests/ShopTests/BasketTests.swift:24"])
        let plain = try scenario("SH-1", in: page), untested = try scenario("SH-7", in: page), outline = try scenario("SH-3", in: page)
        #expect(receipt.all(class: "place").map(\.text) == ["@platform-bound"] && plain.all(class: "place").isEmpty)
        #expect(outline.all("p").map(\.text).contains("Examples:") && !plain.all("p").map(\.text).contains("Examples:"))
        #expect(untested.all(class: "problems").first?.children.map(\.text).first?.hasPrefix("no test the compiler built is named by its ID") == true)
        #expect(plain.all(class: "problems").isEmpty)
        #expect(untested.all("p").map(\.text).contains("The test to start from (the red step):"))
        #expect(untested.all("pre").last?.text.contains("@Test(\"SH-7 A receipt may be sent by email\")") == true)
        #expect(!plain.all("p").map(\.text).contains("The test to start from (the red step):"))
        let prose = page.descendants.filter { !["pre", "script", "style"].contains($0.name) && !$0.ancestors.contains { $0.name == "pre" } }
        #expect(!prose.contains { $0.children.isEmpty && $0.text.contains("`") })
    }

    @Test("SR-19 Each feature shows its story and the seed it comes from")
    func story() throws {
        let page = try page()
        let story = try #require(page.element(id: "shop")?.all(class: "story").first)

        #expect(story.all("p").first?.text == "As a shopper I want to see what is in my basket and what it costs, so that nothing at the till surprises me.")
        #expect(story.all(class: "source").first?.text
                    == "Source: the basket stories of a shop, and spec-report's need for a run with every kind of result in it.")
        #expect(story.all(class: "source").first?.all("code").map(\.text) == ["spec-report"])
        #expect(try scenario("SH-6", in: page).all("p").map(\.text).contains("Printing needs /dev/usb/lp0: where it is missing the test is skipped."))
    }

    @Test("SR-20 Mutation scores stand beside line coverage, so a reader sees how much the green means")
    func strength() throws {
        var report = try Fixture.shop().report()
        report.lineCoverage = [ModuleCoverage(module: "Shop", lines: 20, covered: 18)]
        report.mutation = try MutationScore.read("""
            A sample of 25 mutants of each module, seed 7
            Building a copy of the package in /tmp/mutate-x...
              survived: Sources/Shop/Basket.swift:14: min to max:
            Shop: 6 mutants, 4 killed, 1 survived, 0 equivalent, 1 stillborn: 80.0 % killed (31 s)
            Scores: Shop 80.0 %; target 90 % each; below it: Shop
            """, fileDate: "2026-11-20")

        let page = try page(report)
        let table = try #require(page.element(id: "strength-title")?.parent?.all("table").first)

        #expect(report.mutation == [MutationScore(module: "Shop", killed: 4, counted: 5, date: "2026-11-20")])
        #expect(table.all("tr").map { $0.children.map(\.text) } == [
            ["Module", "Lines", "Line coverage", "Mutation score", "Mutants planted on"],
            ["Shop", "20", "90.0 %", "80.0 % (4 of 5)", "2026-11-20"],
        ])
        report.lineCoverage.append(ModuleCoverage(module: "Shop", lines: 1, covered: 0))
        report.mutation.append(MutationScore(module: "Shop", killed: 0, counted: 1, date: "2026-11-21"))
        let twice = try self.page(report)
        let rows = try #require(twice.element(id: "strength-title")?.parent?.all("table").first).all("tr")
        #expect(rows.dropFirst().map { $0.children.map(\.text) } == [["Shop", "20", "90.0 %", "80.0 % (4 of 5)", "2026-11-20"]],
                "a module given twice has one row, with its first figures")
        report.mutation = [MutationScore(module: "Shop", killed: 0, counted: 0, date: "2026-11-20")]
        let judgedNone = try self.page(report)
        let none = try #require(judgedNone.element(id: "strength-title")?.parent?.all("table").first).all("tr")
        #expect(none.dropFirst().map { $0.children.map(\.text) } == [["Shop", "20", "90.0 %", "none judged (0 of 0)", "2026-11-20"]],
                "a module whose mutants were all stillborn or equivalent has no score to show")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("strength-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let lines = { (file: String, count: Int, covered: Int) in
            #"{"filename": "\#(file)", "summary": {"lines": {"count": \#(count), "covered": \#(covered)}}}"#
        }
        let export = #"{"data": [{"files": ["# + [lines("/p/Sources/Shop/Basket.swift", 12, 11), lines("/p/Sources/Shop/Till.swift", 8, 7),
                                                  lines("/p/Tests/ShopTests/BasketTests.swift", 50, 50), lines("/p/Sources/Receipts/Receipt.swift", 4, 1)]
            .joined(separator: ", ") + "]}]}"
        try Data(export.utf8).write(to: work.appendingPathComponent("coverage.json"))
        try Data("started 2026-11-20 06:00 UTC, commit abc1234, 2 cores\nShop: 6 mutants, 4 killed, 1 survived, 0 equivalent, 1 stillborn\n".utf8)
            .write(to: work.appendingPathComponent("mutation.txt"))
        let recorded = try Fixture.shop().recordedSwift()
        var said = ""

        _ = SpecReportProgram.run(arguments: ["--package", try Fixture.shop().root, "--coverage", "--mutation", work.path + "/mutation.txt"],
                                  output: { said += $0 }, swift: { arguments in
            arguments.contains("--show-codecov-path") ? (0, work.path + "/coverage.json\n") : try recorded.run(arguments)
        })

        #expect(said.contains("""
            | Module | Lines | Line coverage | Mutation score | Mutants planted on |
            |---|---:|---:|---:|---|
            | Receipts | 4 | 25.0 % |  |  |
            | Shop | 20 | 90.0 % | 80.0 % (4 of 5) | 2026-11-20 |

            """), "\(said)")
        #expect(try MutationScore.read("started 2026-11-24 06:00 UTC\r\nShop: 2 mutants, 2 killed, 0 survived\r\nTill: 1 mutants, 0 killed, 1 survived\r\n",
                                   fileDate: "2026-12-01").map { [$0.module, $0.date] } == [["Shop", "2026-11-24"], ["Till", "2026-11-24"]],
                "a file saved with Windows line endings")
        for (line, module) in [("Shop: 5 mutants, 9223372036854775807 killed, 1 survived", "Shop"), ("Till: 2 mutants, 1 killed, 18446744073709551615 survived", "Till"),
                               ("Till: 20 mutants, 30 killed, 1 survived", "Till"), ("Till: 2 mutants, 1 killed", "Till"), ("Till: many mutants, 1 killed, 1 survived", "Till"),
                               ("Till: 10 mutants, 8 killed, 1 survived, 1 equivalent, 1 stillborn: 88.9 % killed", "Till"),
                               ("Till: 10 mutants, 8 killed, 1 survived, 12345678901 equivalent, 1 stillborn: 88.9 % killed", "Till"),
                               ("Till: 10 mutants, 1 killed, 1 survived, 0 equivalent, 0 stillborn: 50.0 % killed", "Till")] {
            let error = #expect(throws: MutationScore.Unreadable.self, "\(line)") {
                try MutationScore.read("Shop: 2 mutants, 2 killed, 0 survived\n" + line + "\n", fileDate: "2026-12-01")
            }
            #expect(error?.line == 2 && error?.module == module, "\(line)")
        }
        #expect(try MutationScore.read("Run of 2026-11-25, commit abc1234\nShop: 2 mutants, 2 killed, 0 survived, 0 equivalent, 0 stillborn: 100.0 % killed",
                                   fileDate: "2026-12-01").map(\.date) == ["2026-11-25"])
        #expect(try MutationScore.read("""
            started 2026-11-26 06:00 UTC, commit abc1234, 2 cores
            Shop: 2 mutants, 2 killed, 0 survived, 0 equivalent, 0 stillborn: 100.0 % killed

            started 2026-11-25 01:59 UTC, commit 0ld0ld0, 2 cores
            Till: 4 mutants, 3 killed, 1 survived, 0 equivalent, 0 stillborn: 75.0 % killed
            """, fileDate: "2026-12-01").map { [$0.module, $0.date] } == [["Shop", "2026-11-26"], ["Till", "2026-11-25"]])
        #expect(try MutationScore.read("""
            \u{FEFF}started 2026-11-20 06:00 UTC, commit abc1234, 2 cores
            Shop: 4 mutants, 1 killed, 3 survived, 0 equivalent, 0 stillborn: 25.0 % killed

            started 2026-11-26 06:00 UTC, commit def5678, 2 cores
            Shop: 4 mutants, 4 killed, 0 survived, 0 equivalent, 0 stillborn: 100.0 % killed
            Till: 2 mutants, 2 killed, 0 survived, 0 equivalent, 0 stillborn: 100.0 % killed

            started 2026-11-21 06:00 UTC, commit 0ld0ld0, 2 cores
            Till: 2 mutants, 0 killed, 2 survived, 0 equivalent, 0 stillborn: 0.0 % killed
            """, fileDate: "2026-12-01").map { "\($0.module) \($0.date) \($0.killed)" } == ["Shop 2026-11-26 4", "Till 2026-11-26 2"],
                "a module run twice shows its latest run, wherever the file has it, and a byte order mark is no part of a name")
        #expect(try MutationScore.read("""
            started 2026-11-26 09:00 UTC, commit def5678, 2 cores
            Shop: 4 mutants, 4 killed, 0 survived, 0 equivalent, 0 stillborn: 100.0 % killed

            started 2026-11-26 06:00 UTC, commit abc1234, 2 cores
            Shop: 4 mutants, 1 killed, 3 survived, 0 equivalent, 0 stillborn: 25.0 % killed
            """, fileDate: "2026-12-01").map(\.killed) == [4], "of two runs on one day, the first, as the newest is written first")
        #expect(try MutationScore.read("""
            Shop: 4 mutants, 1 killed, 3 survived
            Shop: 4 mutants, 2 killed, 2 survived

            started 2026-11-20 06:00 UTC, commit abc1234, 2 cores
            Shop: 4 mutants, 4 killed, 0 survived, 0 equivalent, 0 stillborn: 100.0 % killed
            """, fileDate: "2026-12-01").map { "\($0.date) \($0.killed)" } == ["2026-11-20 4"],
                "a line no date is written above is older than any dated run, whatever day the file was saved")
        #expect(try MutationScore.read("Shop: 4 mutants, 1 killed, 3 survived\nShop: 4 mutants, 2 killed, 2 survived\n", fileDate: "2026-12-01")
            .map(\.killed) == [1], "of two lines with no date, the first")
        #expect(try MutationScore.read("""
            started 2026-11-25 06:00 UTC, commit a, 2 cores
            Shop: 4 mutants, 0 killed, 4 survived, 0 equivalent, 0 stillborn: 0.0 % killed
            started 2026-11-25 06:30 UTC, commit b, 2 cores
            Shop: 4 mutants, 4 killed, 0 survived, 0 equivalent, 0 stillborn: 100.0 % killed
            started 2026-13-45 06:30 UTC, commit c, 2 cores
            Shop: 4 mutants, 2 killed, 2 survived, 0 equivalent, 0 stillborn: 50.0 % killed
            """, fileDate: "2026-12-01").map { "\($0.date) \($0.killed)" } == ["2026-11-25 4"],
                "of two runs on one day, the later by its time; a day no calendar has dates nothing")
    }

    @Test("A mutation file's day dates the runs under it only when the calendar has it",
          arguments: [("2024-02-29", true), ("2000-02-29", true), ("2100-02-29", false), ("2026-02-29", false), ("2026-02-28", true),
                      ("2026-12-31", true), ("2026-01-31", true), ("2026-04-31", false), ("2026-13-01", false), ("2026-00-10", false)])
    func mutationFileDay(day: String, isDay: Bool) throws {
        let scores = try MutationScore.read("started \(day) 06:00 UTC, commit a, 2 cores\nShop: 2 mutants, 2 killed, 0 survived\n",
                                            fileDate: "2026-12-01")

        #expect(scores.map(\.date) == [isDay ? day : "2026-12-01"])
    }

    @Test("Of two runs of one mutation file's day, the later by its time counts, and a run with no time is the earlier",
          arguments: ["Run of 2026-11-25, commit b", "started 2026-11-25 UTC, commit b", "started 2026-11-25 06:30 UTC, commit b",
                      "Run of 2026-11-25, replacing the run of 2026-11-26"])
    func mutationFileTime(heading: String) throws {
        let scores = try MutationScore.read("""
            started 2026-11-25 06:30 UTC, commit a, 2 cores
            Shop: 4 mutants, 4 killed, 0 survived, 0 equivalent, 0 stillborn: 100.0 % killed

            \(heading)
            Shop: 4 mutants, 2 killed, 2 survived, 0 equivalent, 0 stillborn: 50.0 % killed
            """, fileDate: "2026-12-01")

        #expect(scores.map { "\($0.date) \($0.killed)" } == ["2026-11-25 4"])
    }

    @Test("A mutation file's run is dated by the first day written above it, whatever other numbers the line holds",
          arguments: ["run 1-2-3 of 2026-11-25", "commit 1234567890 of 2026-11-25", "2026-11-25, then 2026-11-26"])
    func mutationFileDayAmongNumbers(heading: String) throws {
        let scores = try MutationScore.read("\(heading)\nShop: 2 mutants, 2 killed, 0 survived\n", fileDate: "2026-12-01")

        #expect(scores.map(\.date) == ["2026-11-25"])
    }

    @Test("A mutation file's line is read by the first count of each kind it says, and may leave out the stillborn and equivalent")
    func mutationFileCounts() throws {
        #expect(try MutationScore.read("Shop: 4 mutants, 3 killed, 1 survived, 0 equivalent, 0 stillborn, 9 killed\n", fileDate: "2026-12-01")
            .map(\.killed) == [3])
        #expect(try MutationScore.read("Shop: 10 mutants, 8 killed, 1 survived, 0 equivalent\n", fileDate: "2026-12-01").map(\.killed) == [8])
        #expect(try MutationScore.read("Shop: 10 mutants, 8 killed, 1 survived, 0 stillborn\n", fileDate: "2026-12-01").map(\.killed) == [8])
    }

    @Test("SR-21 --history keeps each run's statuses, and the page shows what changed since the last")
    func history() throws {
        let shop = try Fixture.shop()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        var earlier = shop.report().historyRecord.statuses
        earlier["SH-2"] = "passed"
        let before = HistoryRecord(date: "2025-12-31T09:00:00Z", commit: "0ld0ld0",
                                   totals: ["passed": 7, "failed": 0, "skipped": 4, "not run here": 1, "no test": 8], statuses: earlier)
        try Data(before.line.utf8).write(to: URL(fileURLWithPath: file))

        let (_, output) = shop.specReport(["--history", file])

        let records = try HistoryRecord.read(String(contentsOfFile: file, encoding: .utf8), file: file)
        #expect(records.count == 2)
        #expect(records.last?.statuses["SH-2"] == "failed" && records.last?.date == "2026-01-01T00:00:00Z")
        #expect(records.last?.totals == ["passed": 6, "failed": 1, "skipped": 4, "not run here": 1, "no test": 7])
        #expect(output.contains("## Since the last run\n\n- SH-2: passed, now failed\n"))
        let kept = try String(contentsOfFile: file, encoding: .utf8)
        let (_, again) = shop.specReport(["--history", file])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == kept, "the same run reported again is kept once")
        #expect(again.contains("## Since the last run\n\n- SH-2: passed, now failed\n"), "and compared with the run before it")
        var report = shop.report()
        report.history = [before]
        let page = try page(report)
        #expect(try scenario("SH-2", in: page).all(class: "changed").map(\.text) == ["changed: was passed"])
        let trend = try #require(page.all("svg").first)
        #expect(trend["role"] == "img")
        #expect(trend["aria-label"] == "Scenarios passed in the last 2 runs, oldest first: 7 of 20, 6 of 19")
        #expect(trend.all("rect").map { [$0["x"], $0["y"], $0["height"]] } == [["0", "26.0", "14.0"], ["12", "28.0", "12.0"]],
                "each run's bar is as high as its passed scenarios, against the most scenarios any run had")
    }

    /// A folder of its own for a history and what goes beside it; the test removes it.
    private func historyFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A history's path, `runs.jsonl` in a folder of its own, not made yet; the test removes the folder.
    private func historyFile() throws -> (folder: URL, file: String) {
        let folder = try historyFolder()
        return (folder, folder.appendingPathComponent("runs.jsonl").path)
    }

    @Test("SR-21 --history keeps each run's statuses, and the page shows what changed since the last (runs at the same moment)")
    func runsAtOnceEachKept() throws {
        let shop = try Fixture.shop()
        let (work, history) = try historyFile()
        defer { try? FileManager.default.removeItem(at: work) }
        let events = try String(contentsOfFile: shop.events, encoding: .utf8)
        try #require(events.contains("\"since1970\": 1767225600.0}, \"kind\": \"runStarted\""))
        let runs = try (1...8).map { run in
            let file = work.appendingPathComponent("events-\(run).jsonl")
            try Data(events.replacingOccurrences(of: "\"since1970\": 1767225600.0}, \"kind\": \"runStarted\"",
                                                 with: "\"since1970\": \(1767225600 + run * 60).0}, \"kind\": \"runStarted\"").utf8).write(to: file)
            // Half of them started as a scheduler may start them, with no standard input open.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", run.isMultiple(of: 2) ? #"exec "$0" "$@""# : #"exec "$0" "$@" <&-"#, try RealBinary("spec-report").url.path,
                                 "--package", shop.root, "--results", file.path, "--history", history,
                                 "--output", work.appendingPathComponent("report-\(run).md").path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }

        for process in runs { try process.run() }
        for process in runs { process.waitUntilExit() }

        #expect(runs.map(\.terminationStatus) == Array(repeating: 1, count: 8))
        #expect(try HistoryRecord.read(String(contentsOfFile: history, encoding: .utf8), file: history).map(\.date).sorted()
                == (1...8).map { "2026-01-01T00:0\($0):00Z" })
    }

    @Test("SR-21 --history keeps each run's statuses, and the page shows what changed since the last (a history that cannot be written)")
    func historyUnwritableNoReport() throws {
        let shop = try Fixture.shop()
        let (work, history) = try historyFile()
        defer { try? FileManager.default.removeItem(at: work) }
        let report = work.appendingPathComponent("specs.md").path
        try FileManager.default.createSymbolicLink(atPath: history, withDestinationPath: work.appendingPathComponent("gone/runs.jsonl").path)

        let (status, _) = shop.specReport(["--history", history, "--output", report])

        #expect(status == 2)
        #expect(!FileManager.default.fileExists(atPath: report))
    }

    @Test("SR-21 --history keeps each run's statuses, and the page shows what changed since the last (a run reported late)")
    func lateRunKeptInItsPlace() throws {
        let shop = try Fixture.shop()
        let (work, history) = try historyFile()
        defer { try? FileManager.default.removeItem(at: work) }
        var statuses = shop.report().historyRecord.statuses
        statuses["SH-2"] = "passed"
        let before = HistoryRecord(date: "2025-12-31T09:00:00Z", commit: "0ld0ld0", totals: ["passed": 7], statuses: statuses)
        statuses["SH-2"] = "no test"
        let after = HistoryRecord(date: "2026-01-02T09:00:00Z", commit: "new1234", totals: ["passed": 6], statuses: statuses)
        try Data((before.line + after.line).utf8).write(to: URL(fileURLWithPath: history))

        for _ in 1...2 {
            let (status, output) = shop.specReport(["--history", history])

            #expect(status == 1)
            #expect(output.contains("## Since the last run\n\n- SH-2: passed, now failed\n"), "\(output)")
            #expect(try HistoryRecord.read(String(contentsOfFile: history, encoding: .utf8), file: history).map(\.date)
                    == ["2025-12-31T09:00:00Z", "2026-01-01T00:00:00Z", "2026-01-02T09:00:00Z"])
        }
    }

    @Test("SR-21 --history keeps each run's statuses, and the page shows what changed since the last (another commit's run that started in the same second)")
    func runOfTheSameSecondKeptAfter() throws {
        let shop = try Fixture.shop()
        let (work, history) = try historyFile()
        defer { try? FileManager.default.removeItem(at: work) }
        let this = shop.report().historyRecord
        var statuses = this.statuses
        statuses["SH-2"] = "passed"
        let other = HistoryRecord(date: this.date, commit: "0ther00", totals: ["passed": 7], statuses: statuses)
        try Data(other.line.utf8).write(to: URL(fileURLWithPath: history))

        let (status, output) = shop.specReport(["--history", history])

        #expect(status == 1)
        #expect(output.contains("## Since the last run\n\n- SH-2: passed, now failed\n"), "\(output)")
        let kept = try HistoryRecord.read(String(contentsOfFile: history, encoding: .utf8), file: history)
        #expect(kept.map(\.date) == [this.date, this.date])
        #expect(kept.first?.commit == "0ther00", "the run kept before is first, and this run after it")
    }

    @Test("SR-21 --history keeps each run's statuses, and the page shows what changed since the last (standard output that takes nothing)")
    func historyNotKeptWhenStandardOutputFails() throws {
        let shop = try Fixture.shop()
        let (work, history) = try historyFile()
        defer { try? FileManager.default.removeItem(at: work) }
        let kept = shop.report().historyRecord.line.replacingOccurrences(of: "2026-01-01T00:00:00Z", with: "2025-12-31T09:00:00Z")
        try Data(kept.utf8).write(to: URL(fileURLWithPath: history))

        // Standard output closed, as `>&-` leaves it: no report can be written there.
        let run = try RealBinary(url: URL(fileURLWithPath: "/bin/sh"))
            .run(["-c", #"exec "$0" "$@" >&-"#, try RealBinary("spec-report").url.path, "--package", shop.root, "--results", shop.events,
                  "--history", history])

        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("error: cannot write standard output: "), "\(run.errors)")
        #expect(try String(contentsOfFile: history, encoding: .utf8) == kept)
    }

    @Test("Given a history file with a line that is not a run, when spec-report reads it, then it names that line and the file is left as it was",
          arguments: [#"{"date": 7}"#, #"{"date": "2026-01-01T00:00:00Z", "totals": {"passed": 1}, "statuses": {"SH-1": "won"}}"#,
                      #"{"date": "2026-01-01T00:00:00Z", "totals": {"won": 1}, "statuses": {"SH-1": "passed"}}"#,
                      #"{"date": "2026-01-01T00:00:00Z", "totals": {"passed": -1}, "statuses": {"SH-1": "passed"}}"#])
    func damagedHistory(line: String) throws {
        let shop = try Fixture.shop()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let kept = shop.report().historyRecord.line + "\n" + line + "\n"
        try Data(kept.utf8).write(to: URL(fileURLWithPath: file))

        let (status, _) = shop.specReport(["--history", file])

        #expect(status == 2)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == kept)
        let error = #expect(throws: HistoryRecord.Unreadable.self) { try HistoryRecord.read(kept, file: "runs.jsonl") }
        #expect(error?.description == "runs.jsonl:3: not a run of spec-report's history", "the blank line 2 is counted")
    }

    @Test("Given a history file whose last line has no line break, or is reached through a link, or saved with Windows line endings, or empty, when a run is kept, then every run reads back, one a line")
    func historyKeptWhole() throws {
        let shop = try Fixture.shop()
        let work = try historyFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let earlier = shop.report().historyRecord.line
        let file = work.appendingPathComponent("runs.jsonl").path, link = work.appendingPathComponent("link.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)

        for (kept, path) in [(String(earlier.dropLast()), file), (earlier, link), (earlier.replacingOccurrences(of: "\n", with: "\r\n"), file), ("", file)] {
            try Data(kept.utf8).write(to: URL(fileURLWithPath: file))

            let (status, _) = shop.specReport(["--history", path])

            #expect(status == 1)
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.hasSuffix("\n") && !text.hasPrefix("\n") && !text.contains("\n\n") && !text.contains("\n\r\n"), "no blank line: \(text)")
            #expect(try HistoryRecord.read(text, file: file).count == (kept.isEmpty ? 1 : 2))
            #expect(try HistoryRecord.read(text.replacingOccurrences(of: "\n", with: "\r\n"), file: file).count == (kept.isEmpty ? 1 : 2))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == file)
        }
    }

    @Test("Given a history file only its owner may read, when a run is kept in it, then it is still only its owner's")
    func historyKeepsItsMode() throws {
        let shop = try Fixture.shop()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data(shop.report().historyRecord.line.utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)

        _ = shop.specReport(["--history", file])

        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        #expect(try HistoryRecord.read(String(contentsOfFile: file, encoding: .utf8), file: file).count == 2)
    }

    @Test("Given a report that cannot be written, when spec-report stops, then the history does not keep the run")
    func historyNotKeptWhenTheReportFails() throws {
        let shop = try Fixture.shop()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let kept = shop.report().historyRecord.line
        try Data(kept.utf8).write(to: URL(fileURLWithPath: file))

        let (status, _) = shop.specReport(["--history", file, "--output", "/nonexistent/specs.md"])

        #expect(status == 2)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == kept)
    }

    @Test("Given a run, when it is kept in the history, then its line of JSON has its keys sorted, so two runs of the same statuses read alike")
    func historyLineIsStable() {
        let record = HistoryRecord(date: "2026-01-01T00:00:00Z", commit: "abc1234", totals: ["passed": 2, "failed": 1, "no test": 0],
                                   statuses: ["SH-3": "failed", "SH-1": "passed", "SH-2": "passed"])

        #expect(record.line == #"{"commit":"abc1234","date":"2026-01-01T00:00:00Z","statuses":{"SH-1":"passed","SH-2":"passed","SH-3":"failed"},"#
                + #""totals":{"failed":1,"no test":0,"passed":2}}"# + "\n")
    }

    @Test("Given tests whose names start with scenario IDs, when the page lists them, then each is named by what it adds to the title, with its time")
    func testNamesAndTimes() throws {
        let shop = try Fixture.shop()
        let tests = shop.run.tests.map { test in
            test.displayName.hasSuffix(": with one item taken out of two")
                ? TestRun.Test(id: test.id, name: test.name, displayName: "SH-8, An emptied basket costs nothing (with one item taken out of two)",
                               isSuite: test.isSuite, file: test.file, line: test.line)
                : test
        }
        let took = { (id: String, seconds: Double) in
            tests.filter { $0.scenarioIDs == [id] && !$0.isSuite }.map { ($0.id, TestRun.Outcome(status: .passed, duration: seconds)) }
        }
        let outcomes = shop.run.outcomes.merging(took("SH-1", 10) + took("SH-8", 120)) { $1 }
        let run = TestRun(tests: tests, outcomes: outcomes, started: shop.run.started, duration: shop.run.duration,
                          toolchain: shop.run.toolchain, platform: shop.run.platform)
        let page = try page(Report(coverage: shop.package.coverage(of: run), run: run))
        let named = { (id: String) in
            try self.scenario(id, in: page).all("li").filter { !$0.all("code").isEmpty }
                .map { $0.text.components(separatedBy: " passed").first ?? "" }
        }

        #expect(try named("SH-4") == ["Tests/ShopTests/BasketTests.swift:35 Codes: the second replaces the first, and stays with the basket"])
        #expect(try named("SH-8") == ["Tests/ShopTests/BasketTests.swift:48", "Tests/ShopTests/BasketTests.swift:59 with one item taken out of two"])
        #expect(try scenario("SH-1", in: page).all(class: "took").map(\.text) == ["10.0 s", "10.0 s"], "the scenario's time, then its test's")
        #expect(try scenario("SH-8", in: page).all(class: "took").map(\.text) == ["4 min 0 s", "2 min 0 s", "2 min 0 s"])
    }

    @Test("A test's name is shortened by its scenario's title only where the title ends a word",
          arguments: [("SH-8 An emptied basket costs nothing: twice", " twice"), ("SH-8 An emptied basket costs nothingness", " An emptied basket costs nothingness"),
                      ("SH-8 An emptied basket costs nothing", ""), ("SH-8 An emptied basket costs nothing: twice in 2", " twice in 2"),
                      ("SH-8 An emptied basket costs nothing2", " An emptied basket costs nothing2")])
    func nameShortenedAtAWord(displayName: String, shown: String) throws {
        let shop = try Fixture.shop()
        let tests = shop.run.tests.map { test in
            test.displayName.hasSuffix(": with one item taken out of two")
                ? TestRun.Test(id: test.id, name: test.name, displayName: displayName, isSuite: test.isSuite, file: test.file, line: test.line)
                : test
        }
        let run = TestRun(tests: tests, outcomes: shop.run.outcomes, started: shop.run.started, duration: shop.run.duration,
                          toolchain: shop.run.toolchain, platform: shop.run.platform)

        let page = try page(Report(coverage: shop.package.coverage(of: run), run: run))

        #expect(try scenario("SH-8", in: page).all("li").filter { !$0.all("code").isEmpty }.map { $0.text.components(separatedBy: " passed").first ?? "" }
                == ["Tests/ShopTests/BasketTests.swift:48", "Tests/ShopTests/BasketTests.swift:59" + shown])
    }

    @Test("Given a machine set to another time zone and calendar, when spec-report reports a run, then the run's time reads the same, in UTC",
          arguments: ["Pacific/Kiritimati", "America/Adak"])
    func runTimeInUTC(zone: String) throws {
        let shop = try Fixture.shop()

        let run = try RealBinary("spec-report").run(["--package", shop.root, "--results", shop.events],
                                                    environment: ["TZ": zone, "LANG": "th_TH.UTF-8", "LC_ALL": "th_TH.UTF-8"])

        #expect(run.output.contains("\nRan: 2026-01-01 00:00 UTC \u{B7} "))
    }

    @Test("Given steps with bold words, when the page shows them, then each pair of ** is bold, and a ** without its pair stays as written",
          arguments: [("a **full** basket", ["full"], "a full basket"),
                      ("**one** and **two**", ["one", "two"], "one and two"),
                      ("2 ** 3 is eight", [], "2 ** 3 is eight"),
                      ("**one** and ** alone", [], "**one** and ** alone")])
    func bold(step: String, strong: [String], reads: String) throws {
        let feature = try GherkinParser.parse("# Feature: Bold\n\n`@BD-1`\n## Scenario: A step\n* Then \(step)\n", file: "Specs/bold.feature.md")
        let package = SpecsPackage(root: "/", features: [feature], sources: TestSources(files: [:]))
        let run = TestRun(tests: [])

        let page = try page(Report(coverage: package.coverage(of: run), run: run))
        let shown = try #require(page.all(class: "keyword").first?.parent)

        #expect(shown.all("strong").map(\.text) == strong)
        #expect(shown.text == "Then " + reads)
    }

    @Test("Given a feature's story with paragraphs, a list and a fenced block, when the page shows it, then each reads as Markdown shows it")
    func storyWords() throws {
        let words = """
            First line
            goes on.

            - one item
              that goes on
            - two
            After the list.
            ```text
              kept <as> is

            ```
            Last but one.

            Last.
            """
        let feature = try GherkinParser.parse("# Feature: Words\n\nAs a reader.\n\n\(words)\n\n`@WD-1`\n## Scenario: Words\n* Then it reads\n",
                                              file: "Specs/words.feature.md")
        let package = SpecsPackage(root: "/", features: [feature], sources: TestSources(files: [:]))
        let run = TestRun(tests: [])

        let html = HTMLReport.render(Report(coverage: package.coverage(of: run), run: run))

        #expect(html.contains("<summary>What the scenarios rest on</summary><p>First line goes on.</p><ul><li>one item that goes on</li><li>two</li></ul><p>After the list.</p>"
                              + "<pre>  kept &lt;as&gt; is\n</pre><p>Last but one.</p><p>Last.</p>"))
    }

    @Test("Given a feature file whose name holds quotes and markup, when the page is made, then the name is text, never markup")
    func featureFileNameEscaped() throws {
        let feature = try GherkinParser.parse("# Feature: F\n`@SH-1`\n## Scenario: x\n* Then y\n", file: #"Specs/x" onmouseover="alert(1)<b>.feature.md"#)
        let run = TestRun(tests: [])

        let html = HTMLReport.render(Report(coverage: SpecsPackage(root: "/", features: [feature], sources: TestSources(files: [:])).coverage(of: run), run: run))

        #expect(!html.contains(#"" onmouseover=""#) && !html.contains("<b>"))
        #expect(try Element.page(html).all("section").contains { $0["id"] == #"x" onmouseover="alert(1)<b>"# })
    }

    @Test("SR-22 Printed, every scenario is unfolded; on screen, the page follows the system's dark setting")
    func printAndDark() throws {
        let html = HTMLReport.render(try Fixture.shop().report())
        let style = try page().all("style").map(\.text).joined()
        let script = try page().all("script").map(\.text).joined()

        #expect(style.contains("@media print {\n    nav, form.filters, .skip { display: none !important; }"))
        #expect(style.contains("details::details-content { content-visibility: visible; height: auto; }"))
        #expect(script.contains("window.addEventListener(\"beforeprint\", () => {\n    folded = [...document.querySelectorAll(\"details:not([open])\")];"))
        #expect(style.contains(":root { color-scheme: light dark;"))
        let light = Contrast.palette(of: style, dark: false)
        let dark = Contrast.palette(of: style, dark: true)
        #expect(light.count > 10 && Set(dark.keys) == Set(light.keys))
        #expect(dark["background"] == "#0d1117" && dark["text"] == "#e6edf3")
        #expect(html.contains("var(--background)") && html.contains("color: var(--text)"))
    }
}
