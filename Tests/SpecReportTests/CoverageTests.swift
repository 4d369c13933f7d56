import Foundation
import SpecReport
import Testing

/// The check behind "every scenario has a test that really checks it", on the shop fixture,
/// whose tests really ran: each trick that once fooled it is shown red, by `swift test`'s check
/// (from the list of tests built) and by `spec-report`'s (from the run).
@Suite("Covered means ran and passed")
struct CoverageTests {
    private static func entry(_ id: String, in coverage: Coverage) throws -> Coverage.Entry {
        try #require(coverage.entries.first { $0.scenario.id == id })
    }

    @Test("SR-3 Each scenario gets the status its tests earned in the run")
    func statuses() throws {
        let coverage = try Fixture.shop().coverage()

        let shop = coverage.entries.filter { $0.scenario.id.hasPrefix("SH-") }
        #expect(shop.map(\.scenario.id) == ["SH-1", "SH-2", "SH-3", "SH-4", "SH-5", "SH-6", "SH-7", "SH-8"])
        #expect(shop.map(\.status) == [.passed, .failed, .passed, .passed, .passed, .notRunHere, .noTest, .passed])
        #expect(shop.map(\.checks.count) == [1, 1, 1, 1, 1, 1, 0, 2])
        #expect(coverage.problems.filter { $0.hasPrefix("SH-") } == [
            "SH-2: failed at Tests/ShopTests/BasketTests.swift:16: Expectation failed: (total → 350) == 470 "
                + "(Tests/ShopTests/BasketTests.swift:24)",
            "SH-7: no test the compiler built is named by its ID; a test in a file of no target, in an excluded folder, "
                + "under an #if that is false here or in a string is no test",
        ])
    }

    @Test("SR-4 A test that the compiler never built covers nothing",
          arguments: ["TR-1", "TR-2", "TR-3", "TR-4"], Fixture.Check.allCases)
    func neverBuilt(id: String, check: Fixture.Check) throws {
        let coverage = try Fixture.shop().coverage(check)

        #expect(try Self.entry(id, in: coverage).status == .noTest)
        #expect(coverage.problems.contains("\(id): no test the compiler built is named by its ID; a test in a file of no target, "
                                           + "in an excluded folder, under an #if that is false here or in a string is no test"))
    }

    @Test("SR-5 A skipped test is not a passed one", arguments: [
        ("TR-5", "Tests/ShopTests/TrickTests.swift:14", ".enabled(if: false)"),
        ("TR-6", "Tests/ShopTests/TrickTests.swift:19", ".disabled(\"flaky\")"),
        ("TR-7", "Tests/ShopTests/TrickTests.swift:50", ".disabled(\"until the basket has codes\")"),
        ("TR-10", "Tests/ShopTests/TrickTests.swift:36", ".enabled(if: FileManager.default.fileExists(atPath: \"/dev/usb/lp0\"))"),
    ], Fixture.Check.allCases)
    func skipped(trick: (id: String, place: String, condition: String), check: Fixture.Check) throws {
        let coverage = try Fixture.shop().coverage(check)

        #expect(try Self.entry(trick.id, in: coverage).status == .skipped)
        #expect(coverage.problems.contains("\(trick.id): its test at \(trick.place) runs only under \(trick.condition), so it may be "
                                           + "skipped, and skipped is not passed; tag the scenario @platform-bound and say what it "
                                           + "needs, or let the test run everywhere"))
    }

    @Test("SR-6 A test that asserts nothing that could fail covers nothing",
          arguments: [("TR-8", "Tests/ShopTests/TrickTests.swift:24"), ("TR-9", "Tests/ShopTests/TrickTests.swift:30")],
          Fixture.Check.allCases)
    func assertsNothing(trick: (id: String, place: String), check: Fixture.Check) throws {
        let coverage = try Fixture.shop().coverage(check)

        #expect(try Self.entry(trick.id, in: coverage).status == .noTest)
        #expect(coverage.problems.contains("\(trick.id): its test at \(trick.place) asserts nothing that could fail (no #expect or "
                                           + "#require of anything but constants, no Issue.record); it covers nothing"))
    }

    @Test("SR-7 A scenario bound to a platform is shown apart where its test could not run", arguments: Fixture.Check.allCases)
    func platformBound(check: Fixture.Check) throws {
        let coverage = try Fixture.shop().coverage(check)

        #expect(try Self.entry("SH-6", in: coverage).checks.map(\.conditions)
                    == [[".enabled(if: FileManager.default.fileExists(atPath: \"/dev/usb/lp0\"))"]])
        #expect(!coverage.problems.contains { $0.hasPrefix("SH-6") })
        #expect(coverage.problems.contains("TR-11: tagged @platform-bound, but each of its tests runs everywhere; take the tag off"))
    }

    @Test("SR-31 A test that names an ID no scenario has keeps the check red, naming the test", arguments: Fixture.Check.allCases)
    func namesNoScenario(check: Fixture.Check) throws {
        let shop = try Fixture.shop()
        let features = shop.package.features.map { feature in
            Feature(title: feature.title, file: feature.file, preamble: feature.preamble,
                    scenarios: feature.scenarios.filter { $0.id != "SH-1" })
        }
        let withoutSH1 = SpecsPackage(root: shop.root, features: features, sources: shop.package.sources)
        let run = check == .swiftTest ? shop.listing : shop.run

        let coverage = withoutSH1.coverage(of: run)

        let named = "Tests/ShopTests/BasketTests.swift:7: the test \"SH-1 An added item is in the basket\" names SH-1, "
            + "which no scenario has"
        #expect(coverage.orphans == [named])
        #expect(coverage.problems.last == named)
        #expect(withoutSH1.coverage(of: run, only: ["SH-3"]).orphans.isEmpty)
    }

    @Test("SR-7 A bound scenario's test that runs everywhere decides it when the other is skipped for its platform",
          arguments: [TestRun.Status.passed, .skipped])
    func platformBoundWithOneEverywhere(everywhereWent: TestRun.Status) throws {
        let shop = try Fixture.shop()
        let basket = try #require(shop.run.tests.first { $0.displayName.hasPrefix("SH-1 ") })
        // A second test of SH-6, written where SH-1's is: it runs everywhere.
        let everywhere = TestRun.Test(id: basket.suite + "/printedEverywhere()", name: "printedEverywhere()",
                                      displayName: "SH-6 A receipt is printed: its total", isSuite: false, file: basket.file,
                                      line: basket.line)
        let run = Self.run(shop.run, adding: [everywhere], outcomes: [everywhere.id: .init(status: everywhereWent)])

        let coverage = shop.package.coverage(of: run)

        #expect(try Self.entry("SH-6", in: coverage).checks.map(\.outcome.status) == [.skipped, everywhereWent])
        #expect(try Self.entry("SH-6", in: coverage).status == (everywhereWent == .passed ? .notRunHere : .skipped))
        let printer = try #require(coverage.entries.first { $0.scenario.id == "SH-6" }?.checks.first?.test)
        #expect(coverage.problems.filter { $0.hasPrefix("SH-6") } == (everywhereWent == .passed ? [] : [printer, basket].map {
            "SH-6: its test at \($0.place) was skipped; skipped is not passed"
        }))
    }

    @Test("SR-11 Of two failed tests the first is named, with the first thing it said that was not a known issue")
    func firstFailureNamed() throws {
        let shop = try Fixture.shop()
        let tests = shop.run.tests.filter { $0.displayName.hasPrefix("SH-8 ") }
        try #require(tests.count == 2)
        let outcomes = [
            tests[0].id: TestRun.Outcome(status: .failed, issues: [
                .init(message: "Known: rounding", place: "Tests/ShopTests/BasketTests.swift:50", isKnown: true),
                .init(message: "Expectation failed: first", place: "Tests/ShopTests/BasketTests.swift:51"),
                .init(message: "Expectation failed: second", place: "Tests/ShopTests/BasketTests.swift:52"),
            ]),
            tests[1].id: TestRun.Outcome(status: .failed, issues: [
                .init(message: "Expectation failed: other", place: "Tests/ShopTests/BasketTests.swift:61"),
            ]),
        ]

        let coverage = shop.package.coverage(of: Self.run(shop.run, outcomes: outcomes))

        #expect(try Self.entry("SH-8", in: coverage).status == .failed)
        #expect(coverage.problems.filter { $0.hasPrefix("SH-8") } == [
            "SH-8: failed at \(tests[0].place): Expectation failed: first (Tests/ShopTests/BasketTests.swift:51)",
        ])
    }

    @Test("SR-32 A test whose source moved since the build covers nothing until it is built again", arguments: Fixture.Check.allCases)
    func movedSource(check: Fixture.Check) throws {
        let shop = try Fixture.shop()
        let basket = "Tests/ShopTests/BasketTests.swift"
        let source = try String(contentsOfFile: shop.root + "/" + basket, encoding: .utf8)
        let moved = SpecsPackage(root: shop.root, features: shop.package.features, sources: TestSources(files: [basket: "\n" + source]))

        let coverage = moved.coverage(of: check == .swiftTest ? shop.listing : shop.run)

        #expect(try Self.entry("SH-1", in: coverage).status == .noTest)
        #expect(coverage.problems.contains("SH-1: its test at \(basket):7 is not where the compiler said it is; "
                                           + "is the source older than the build?"))
    }

    /// `base`, with `tests` added and the outcomes given in place of those it had.
    private static func run(_ base: TestRun, adding tests: [TestRun.Test] = [], outcomes: [String: TestRun.Outcome]) -> TestRun {
        TestRun(tests: base.tests + tests, outcomes: base.outcomes.merging(outcomes) { $1 }, started: base.started,
                duration: base.duration, toolchain: base.toolchain, platform: base.platform)
    }

    @Test("SR-7 Not run here is counted apart, and spec-report names every trick and exits 1")
    func specReportNamesEachTrick() throws {
        let shop = try Fixture.shop()

        let (status, output) = shop.specReport(["--output", "/dev/null"])

        #expect(try Self.entry("SH-6", in: shop.coverage()).status == .notRunHere)
        #expect(status == 1)
        #expect(output.hasPrefix("2 features, 19 scenarios: 6 passed, 1 failed, 4 skipped, 1 not run here, 7 with no test\n"))
        for id in ["SH-2", "SH-7"] + (1...11).map({ "TR-\($0)" }) {
            #expect(output.contains("\n\(id): "), "spec-report names \(id)")
        }
    }

    @Test("Given a run cut short while a test ran, as when a test crashes, when the specs are checked, then that test failed, saying it never ended")
    func testThatNeverEnded() throws {
        let shop = try Fixture.shop()
        let events = try String(contentsOfFile: shop.events, encoding: .utf8).split(separator: "\n")
        let cut = events.prefix { !($0.contains("\"testEnded\"") && $0.contains("addedItem()")) }

        let run = try TestRun.read(Data(cut.joined(separator: "\n").utf8), file: "events.jsonl", packageRoot: shop.root)
        let entry = try Self.entry("SH-1", in: shop.package.coverage(of: run))

        #expect(entry.status == .failed)
        #expect(entry.checks.flatMap(\.outcome.issues).map(\.message)
                    == ["it started and never ended: the tests stopped while it ran, as when a test crashes"])
        #expect(entry.checks.flatMap(\.outcome.issues).map(\.place) == ["Tests/ShopTests/BasketTests.swift:7"])
    }

    @Test("Given a failure recorded on a suite, or on no test, when the specs are checked, then the check is red, naming it", arguments: [
        #""testID": "ShopTests.BasketTests/total()/BasketTests.swift:16:6""#, #""testID": null"#,
    ])
    func issueOutsideTests(testID: String) throws {
        let shop = try Fixture.shop()
        let events = try String(contentsOfFile: shop.events, encoding: .utf8).split(separator: "\n").map { line in
            line.contains("\"issueRecorded\"") && line.contains("total()")
                ? line.replacingOccurrences(of: #""testID": "ShopTests.BasketTests/total()/BasketTests.swift:16:6""#,
                                            with: testID == #""testID": null"# ? testID : #""testID": "ShopTests.BasketTests""#)
                : String(line)
        }
        let run = try TestRun.read(Data(events.joined(separator: "\n").utf8), file: "events.jsonl", packageRoot: shop.root)

        let coverage = shop.package.coverage(of: run)

        #expect(try Self.entry("SH-2", in: coverage).status == .passed)
        #expect(coverage.outsideScenarios == ["an issue recorded outside any test: Expectation failed: (total \u{2192} 350) == 470 "
                                              + "(Tests/ShopTests/BasketTests.swift:24)"])
        #expect(coverage.problems.contains(coverage.outsideScenarios[0]))
    }

    @Test("A skipped test's reason is the one its skip gave, read from the first message")
    func skipReason() throws {
        let shop = try Fixture.shop()
        let events = try String(contentsOfFile: shop.events, encoding: .utf8)
        let skipped = #""messages": [{"symbol": "skip", "text": "Test \"SH-6 A receipt is printed where a printer is attached\" skipped."}]"#
        try #require(events.contains(skipped))
        let withReason = #""messages": [{"symbol": "skip", "text": "Test \"SH-6 A receipt is printed where a printer is attached\" skipped: \"no printer here\""}, "#
            + #"{"symbol": "details", "text": "Skipped by \"a trait\""}]"#

        let run = try TestRun.read(Data(events.replacingOccurrences(of: skipped, with: withReason).utf8), file: "events.jsonl", packageRoot: shop.root)

        let receipt = try #require(run.tests.first { $0.displayName.hasPrefix("SH-6 A receipt is printed where") })
        #expect(run.outcome(of: receipt) == TestRun.Outcome(status: .skipped, skipReason: "no printer here"))
    }

    @Test("An issue of many lines is named by its first, and its comments are the lines marked as details")
    func issueHeadline() throws {
        let shop = try Fixture.shop()
        let events = try String(contentsOfFile: shop.events, encoding: .utf8)
        let said = #""messages": [{"symbol": "fail", "text": "Expectation failed: (total → 350) == 470"}, {"symbol": "details", "text": "the sum of both prices"}]"#
        try #require(events.contains(said))
        let longer = #""messages": [{"symbol": "fail", "text": "Expectation failed: (total → 350) == 470"}, "#
            + #"{"symbol": "default", "text": "350 is the price of one"}, {"symbol": "details", "text": "the sum of both prices"}]"#

        let run = try TestRun.read(Data(events.replacingOccurrences(of: said, with: longer).utf8), file: "events.jsonl", packageRoot: shop.root)

        let total = try #require(run.tests.first { $0.name == "total()" })
        #expect(run.outcome(of: total).issues.map(\.message) == ["Expectation failed: (total \u{2192} 350) == 470"])
        #expect(run.outcome(of: total).issues.map(\.comments) == [["the sum of both prices"]])
    }
}
