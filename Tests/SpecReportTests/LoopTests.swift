import Foundation
import SpecReport
import TestSupport
import Testing

/// A learner's loop: one scenario's tests in seconds, red with its reason, the next ID.
@Suite("One scenario's red-green loop")
struct LoopTests {
    @Test("SR-8 spec-report --only runs the tests of the scenarios named, and says how each went")
    func only() throws {
        let shop = try Fixture.shop()
        let swift = shop.recordedSwift()

        let (status, output) = shop.specReport(["--only", "SH-1", "SH-2"], running: swift)

        #expect(swift.calls.map { Array($0.prefix(2)) } == [["build", "--build-tests"], ["test", "list"], ["test", "--skip-build"], ["--version"]])
        let run = try #require(swift.calls.first { $0.prefix(2) == ["test", "--skip-build"] })
        #expect(zip(run, run.dropFirst()).filter { $0.0 == "--filter" }.map(\.1) == [
            #"^ShopTests\.BasketTests/addedItem\(\)/BasketTests\.swift:7:6$"#,
            #"^ShopTests\.BasketTests/total\(\)/BasketTests\.swift:16:6$"#,
        ])
        #expect(status == 1)
        #expect(output.contains("| ✅ passed | SH-1 | An added item is in the basket | `Tests/ShopTests/BasketTests.swift:7` |"))
        #expect(output.contains("| ❌ failed | SH-2 | The total is the sum of the prices | `Tests/ShopTests/BasketTests.swift:16` |"))
        #expect(output.contains("Expectation failed: (total → 350) == 470"))
        #expect(!output.contains("SH-3"))
        #expect(shop.specReport(["--only", "SH-1"], running: shop.recordedSwift()).status == 0)
    }

    @Test("SR-8 spec-report --only refuses an ID no scenario has")
    func onlyUnknown() throws {
        let shop = try Fixture.shop()

        let (status, output) = shop.specReport(["--only", "SH-99"], running: shop.recordedSwift())

        #expect(status == 2)
        #expect(output.isEmpty)
    }

    @Test("SR-9 The test offered for a scenario with none is red until it is written")
    func starterIsRed() throws {
        let shop = try Fixture.shop()
        let report = Report(coverage: shop.coverage(), run: shop.run)
        let scenario = try #require(report.entries.first { $0.scenario.id == "SH-7" }).scenario
        let snippet = report.snippet(for: scenario)
        let pasted = "struct BasketTests {\n" + snippet + "}\n"
        let test = TestRun.Test(id: "ShopTests.BasketTests/aReceiptMayBeSentByEmail()/BasketTests.swift:3:6",
                                name: "aReceiptMayBeSentByEmail()", displayName: "SH-7 A receipt may be sent by email",
                                isSuite: false, file: "Tests/ShopTests/BasketTests.swift", line: 3)

        #expect(snippet == """
                // In BasketTests, Tests/ShopTests/BasketTests.swift:
                @Test("SH-7 A receipt may be sent by email")
                func aReceiptMayBeSentByEmail() throws {
                    // Given I paid
                    // When I ask for the receipt by email
                    // Then it is sent, reading
                    Issue.record("SH-7 is not written yet")
                }

            """)
        #expect(TestSources(files: [test.file: pasted]).asserts(test) == true)
    }

    @Test("SR-10 Code that does not compile yet is shown as red, with the compiler's first errors", arguments: [[], ["--only", "RC-1"]])
    func doesNotCompile(arguments: [String]) throws {
        let unbuilt = try Fixture.unbuilt()

        let (status, output) = unbuilt.specReport(arguments, running: unbuilt.recordedSwift())

        #expect(status == 1)
        #expect(output.contains("The code does not compile yet, so no test ran. The compiler's first errors:\n\n"
                                + "    Tests/ReceiptsTests/ReceiptTests.swift:10:23: error: cannot find 'Receipt' in scope\n"))
    }

    @Test("Given a compiler's output that says an error twice, and quotes a line of code that holds the words, when the build failure is read, then each error is shown once, and the quoted code is none")
    func buildErrorsOnce() {
        let said = """
            /work/shop/Tests/ShopTests/ReceiptTests.swift:10:23: error: cannot find 'Receipt' in scope
             8 |
            10 |         #expect(log == "printer.swift:3: error: out of paper")
               |                       `- error: cannot find 'Receipt' in scope
            /work/shop/Tests/ShopTests/ReceiptTests.swift:10:23: error: cannot find 'Receipt' in scope
            error: fatalError
            """

        #expect(BuildFailure(output: said, packageRoot: "/work/shop").errors
                == ["Tests/ShopTests/ReceiptTests.swift:10:23: error: cannot find 'Receipt' in scope", "error: fatalError"])
    }

    @Test("SR-11 A failed scenario shows what its test said, in every format", arguments: [
        (["--format", "markdown"], "# Specs report\n"), (["--format", "html"], "<!DOCTYPE html>\n"), (["--output", "/dev/null"], "2 features, "),
    ])
    func failureShown(arguments: [String], startsWith: String) throws {
        let (_, output) = try Fixture.shop().specReport(arguments)

        #expect(output.hasPrefix(startsWith))

        #expect(output.contains("Expectation failed: (total → 350) == 470"))
        #expect(output.contains("Tests/ShopTests/BasketTests.swift:24"))
    }

    @Test("SR-12 spec-report --next-id gives the next free ID of a prefix", arguments: [("SH", "SH-9"), ("TR", "TR-12"), ("ZZ", "ZZ-1")])
    func nextID(prefix: String, next: String) throws {
        let (status, output) = try Fixture.shop().specReport(["--next-id", prefix])

        #expect(status == 0)
        #expect(output == next + "\n")
    }

    @Test("SR-12 The next ID passes over a gap: an ID is never given twice")
    func nextIDAfterAGap() throws {
        let text = "# Feature: F\n" + [1, 2, 3, 5, 6, 8].map { "\n`@TL-\($0)`\n## Scenario: s\($0)\n* Then t\n" }.joined()
        let package = SpecsPackage(root: "/", features: [try GherkinParser.parse(text, file: "Specs/f.feature.md")],
                                   sources: TestSources(files: [:]))

        #expect(package.nextID(prefix: "TL") == "TL-9")
    }

    @Test("SR-36 Specs reached through links are read where the links lead")
    func specsThroughLinks() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("spec-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let specs = work.appendingPathComponent("elsewhere/specs"), more = work.appendingPathComponent("elsewhere/more")
        for folder in [specs, more, work.appendingPathComponent("package")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("# Feature: F\n`@SH-2`\n## Scenario: s\n* Then t\n".utf8).write(to: specs.appendingPathComponent("f.feature.md"))
        try Data("# Feature: G\n`@SH-8`\n## Scenario: s\n* Then t\n".utf8).write(to: more.appendingPathComponent("g.feature.md"))
        try FileManager.default.createSymbolicLink(atPath: specs.appendingPathComponent("more").path, withDestinationPath: "../more")
        try FileManager.default.createSymbolicLink(atPath: specs.appendingPathComponent("again").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: specs.appendingPathComponent("h.feature.md").path, withDestinationPath: "f.feature.md")
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("package/Specs").path, withDestinationPath: specs.path)

        let run = try RealBinary("spec-report").run(["--package", work.appendingPathComponent("package").path, "--next-id", "SH"])

        #expect(run == Run(status: 0, output: "SH-9\n", errors: ""))
        #expect(try SpecsPackage.read(at: work.appendingPathComponent("package").path).features.map(\.file)
                == ["Specs/f.feature.md", "Specs/more/g.feature.md"])
    }

    @Test("SR-12 The first ID of a package with no scenario yet is number 1, and none is given when the last number is taken",
          arguments: [("", Run(status: 0, output: "TL-1\n", errors: "")),
                      ("# Feature: F\n`@TL-999999`\n## Scenario: s\n* Then t\n",
                       Run(status: 2, output: "", errors: "error: no ID of TL is left: TL-999999 is the last there is\n"))])
    func nextIDAtTheEnds(spec: String, said: Run) throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("spec-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        if !spec.isEmpty { try Data(spec.utf8).write(to: work.appendingPathComponent("Specs/f.feature.md")) }

        let run = try RealBinary("spec-report").run(["--package", work.path, "--next-id", "TL"])

        #expect(run == said)
    }
}
