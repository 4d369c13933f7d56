import SpecReport
import Testing

/// The index a scenario's coverage is read from cannot be fooled: what does not run is no test.
@Suite("Which tests name which scenarios, and which of them run")
struct TestIndexTests {
    private func index(_ source: String) -> TestIndex {
        var index = TestIndex()
        index.add(source: source, file: "Tests/CheckTests.swift")
        return index
    }

    @Test("A test names the scenarios its name starts with, and is found in its suite")
    func namesItsScenarios() {
        let index = index("""
            struct CheckTests {
                @Test("TL-5, TL-6 Checking moves to Finished // not a comment")
                func checks() {}
            }
            """)

        #expect(index.entries == [TestIndex.Entry(type: "CheckTests", function: "checks", ids: ["TL-5", "TL-6"],
                                                  displayName: "TL-5, TL-6 Checking moves to Finished // not a comment",
                                                  file: "Tests/CheckTests.swift")])
        #expect(index.coveredIDs == ["TL-5", "TL-6"])
    }

    @Test("A test in a comment, a block comment, an #if false block or a multi-line string is no test", arguments: [
        "// @Test(\"TL-5 Checking\")\n// func checks() {}",
        "/* @Test(\"TL-5 Checking\")\nfunc checks() {} */",
        "/* outer /* nested */ @Test(\"TL-5 Checking\") func checks() {} */",
        "#if false\n@Test(\"TL-5 Checking\")\nfunc checks() {}\n#endif",
        "#if false\n#if os(Linux)\n#endif\n@Test(\"TL-5 Checking\")\nfunc checks() {}\n#endif",
        "let fixture = \"\"\"\n    @Test(\"TL-5 Checking\")\n    func checks() {}\n    \"\"\"",
    ])
    func commentedOut(body: String) {
        let index = index("struct CheckTests {\n\(body)\n}\n")

        #expect(index.entries.isEmpty)
        #expect(index.coveredIDs.isEmpty)
    }

    @Test("A test after a comment, a string holding //, or the #else of an #if false still counts")
    func codeAroundIt() {
        let index = index("""
            struct CheckTests {
                let url = "https://example.com/*"
                let text = \"\"\"
                    /* not a comment
                    \"\"\"
                #if false
                #else
                @Test("TL-7 Still here")
                func stillHere() {}
                #endif
            }
            """)

        #expect(index.coveredIDs == ["TL-7"])
    }

    @Test("A disabled test covers nothing, and the report calls its scenario skipped")
    func disabledTest() throws {
        let index = index("""
            struct CheckTests {
                @Test("TL-1 One", .disabled("flaky"))
                func one() {}

                @Test(.disabled()) func `TL-2 Two`() {}
            }
            """)
        let feature = try GherkinParser.parse("""
            # Feature: Checking

            `@TL-1`
            ## Scenario: One
            * Then a

            `@TL-2`
            ## Scenario: Two
            * Then b
            """, file: "Specs/check.feature.md")

        let report = Report(features: [feature], index: index, outcomes: [])

        #expect(index.entries.map(\.isDisabled) == [true, true])
        #expect(index.coveredIDs.isEmpty)
        #expect(report.sections[0].lines.map(\.status) == [.skipped, .skipped])
    }
}

@Suite("The report helps the red step")
struct RedStepTests {
    private static let feature = """
        # Feature: Checking

        `@TL-1`
        ## Scenario: One
        * Then a

        `@TL-2`
        ## Scenario: `todo check` moves it, at once
        * Given the list holds "Buy milk"
        * When I run `todo check 1`
        * Then "Buy milk" is finished
        """

    private func report() throws -> Report {
        var index = TestIndex()
        index.add(source: "struct CheckTests {\n    @Test(\"TL-1 One\")\n    func one() {}\n}\n", file: "Tests/ListTests/CheckTests.swift")
        return Report(features: [try GherkinParser.parse(Self.feature, file: "Specs/check.feature.md")], index: index, outcomes: [])
    }

    @Test("A scenario with no test gets the test to start from, in the suite of its feature")
    func snippet() throws {
        let line = try report().sections[0].lines[1]

        #expect(line.status == .noTest)
        #expect(line.snippet == """
                // In CheckTests, Tests/ListTests/CheckTests.swift:
                @Test("TL-2 `todo check` moves it, at once")
                func todoCheckMovesItAtOnce() throws {
                    // Given the list holds "Buy milk"
                    // When I run `todo check 1`
                    // Then "Buy milk" is finished
                }

            """)
        #expect(try report().needsAttention.contains { $0.hasPrefix("no test: TL-2") && $0.hasSuffix(line.snippet) })
        #expect(MarkdownReport.render(try report()).contains("```swift\n" + line.snippet + "```"))
    }

    @Test("Inline code in a title or a step is shown as code on the page, not with backticks")
    func inlineCode() throws {
        let page = HTMLReport.render(try report())

        #expect(page.contains("<code>todo check</code> moves it, at once"))
        #expect(page.contains("When</span> I run <code>todo check 1</code>"))
        #expect(!page.contains("TL-2</span> `todo check`"))
    }

    @Test("Features come in the order Specs/README.md lists them, the others after")
    func order() throws {
        let features = try ["b", "a", "c"].map { name in
            try GherkinParser.parse("# Feature: \(name)\n", file: "Specs/\(name).feature.md")
        }
        let readme = "| `c.feature.md` | C |\n| `b.feature.md` | B |\n"

        #expect(Feature.inOrder(features, listedIn: readme).map(\.title) == ["c", "b", "a"])
    }
}
