import SpecReport
import Testing

/// The test sources are read as the compiler reads them: what sits in a comment or a string is
/// text, whatever it looks like.
@Suite("Reading a test's body and traits")
struct TestSourcesTests {
    private static let helpers = """
        func expectPositive(_ value: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(value > 0, sourceLocation: sourceLocation)
        }
        func expectThroughAnother(_ value: Int) {
            expectPositive(value)
        }
        func alwaysFine() {
            #expect(true)
        }
        protocol Checking {
            func check() -> Bool
        }

        """

    /// The test `t` with `body`, in a file with the helpers above; it is on line `line`.
    private func read(body: String, attribute: String = "@Test(\"X-1 t\")") -> (sources: TestSources, test: TestRun.Test) {
        let source = Self.helpers + "struct T {\n    \(attribute)\n    func t() throws {\n\(body)\n    }\n}\n"
        let line = Self.helpers.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        let test = TestRun.Test(id: "M.T/t()/T.swift:\(line):6", name: "t()", displayName: "X-1 t", isSuite: false,
                                file: "Tests/M/T.swift", line: line)
        return (TestSources(files: ["Tests/M/T.swift": source]), test)
    }

    @Test("An assertion that could fail counts, wherever in the body and however it is written", arguments: [
        "#expect(count == 1)",
        "#expect(name == \"a)b\", \"a comment, with a comma\")",
        "let label = \"\\(flag ? \"x\" : \"y\")\"\n#expect(label.isEmpty)",
        "#expect(throws: Refusal.self) { try refuse() }",
        "let value = try #require(Int(\"1\"))",
        "Issue.record(\"X-1 is not written yet\")",
        "await confirmation { seen in seen() }",
        "expectPositive(count)",
        "expectThroughAnother(count)",
        "#expect(\n    count\n        == 1\n)",
        "let pattern = #/a+/#\n#expect(count == 1)",
        "let pattern = #/(?x) a+ /#; #expect(pattern != nil)",
    ])
    func asserts(body: String) {
        let (sources, test) = read(body: body)

        #expect(sources.asserts(test) == true)
    }

    @Test("Text that only looks like an assertion, or one that cannot fail, does not count", arguments: [
        "",
        "#expect(true)",
        "#expect(Bool(true))",
        "#expect(1 == 1 && \"a\" == \"a\")",
        "// #expect(count == 1)",
        "/* #expect(count == 1) /* nested */ still a comment */",
        "let text = \"#expect(count == 1)\"",
        "let text = #\"#expect(count == 1) \"quoted\" inside\"#",
        "let text = \"\"\"\n    #expect(count == 1)\n    \"\"\"",
        "let text = ##\"\"\"\n    \"# #expect(count == 1)\n    \"\"\"##",
        "alwaysFine()",
        "list.expectPositive(1)",
        "let pattern = #/#expect\\(count == 1\\)/#",
        "let pattern = #/\n    #expect(count == 1)\n    /#",
        "let pattern = #/##expect(count == 1)/#",
        "/* nested /* inner */ #expect(count == 1) */",
    ])
    func assertsNothing(body: String) {
        let (sources, test) = read(body: body)

        #expect(sources.asserts(test) == false)
    }

    /// A file under Tests/ that no target compiles may be anything: one that stops inside a
    /// comment, a string or a regex, or on a `#`, is read to its end, and has no test.
    @Test("A source that stops part-way is read to its end, and nothing crashes",
          arguments: ["/* never closed", "let text = \"never closed", "let pattern = #/never closed", "let text = #", "let text = ##"])
    func stopsPartWay(end: String) {
        let (sources, test) = read(body: "#expect(count == 1)")
        let source = "struct T {\n    @Test(\"X-1 t\")\n    func t() throws {\n        " + end
        let cut = TestSources(files: ["Tests/M/T.swift": source])

        #expect(cut.asserts(TestRun.Test(id: test.id, name: test.name, displayName: test.displayName, isSuite: false, file: test.file, line: 2)) == nil)
        #expect(sources.asserts(test) == true)
    }

    @Test("A test not where the compiler said is not read as one")
    func elsewhere() {
        let (sources, test) = read(body: "#expect(count == 1)")
        let moved = TestRun.Test(id: test.id, name: test.name, displayName: test.displayName, isSuite: false, file: test.file, line: test.line + 1)

        #expect(sources.asserts(moved) == nil)
    }

    @Test("The conditions of a test are its .enabled and .disabled traits, as written", arguments: [
        ("@Test(\"X-1 t\", .enabled(if: a && b))", [".enabled(if: a && b)"]),
        ("@Test(\"X-1 t\", .tags(.slow), .disabled(\"a, b\"), .timeLimit(.minutes(1)))", [".disabled(\"a, b\")"]),
        ("@Test(\"X-1 t .enabled(if: false) is only in its name\")", []),
        ("@Test(.disabled(if: flaky), arguments: [1, 2])", [".disabled(if: flaky)"]),
        ("@Test(\"X-1 t\", .enabled { await ready() })", [".enabled { await ready() }"]),
        ("@Test", []),
    ])
    func conditions(attribute: String, expected: [String]) {
        let (sources, test) = read(body: "#expect(count == 1)", attribute: attribute)

        #expect(sources.conditions(of: test) == expected)
    }
}
