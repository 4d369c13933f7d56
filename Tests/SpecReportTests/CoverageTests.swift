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
}
