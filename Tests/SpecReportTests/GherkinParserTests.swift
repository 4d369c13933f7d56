import Foundation
import SpecReport
import Testing

@Suite("Reading Markdown with Gherkin")
struct GherkinParserTests {
    @Test("A feature with rules, tags, steps marked * and -, tables, doc strings and a scenario without steps")
    func goodFeature() throws {
        let text = """
            # Feature: Checking
            As a user I want to check a to-do.

            ## Rule: The list

            `@TL-5` `@slow`
            ## Scenario: Checking moves it
            * Given the to-do section holds "Buy milk"
              and more words on the next line
            - When I check "Buy milk"
            * Then the sections read
              | section  | items    |
              | -------- | -------- |
              | Finished | Buy milk |
            * And the store holds
            ```
            {"version": 3}
            ```

            `@TL-6`
            ## Scenario Outline: Numbers that are not numbers
            * When I check <text>

            ### Examples:
            | text |
            | ---- |
            | -1   |
            | 1e3  |

            `@TL-7`
            ## Scenario: Not written yet
            """

        let feature = try GherkinParser.parse(text, file: "Specs/check.feature.md")

        #expect(feature.title == "Checking")
        #expect(feature.scenarios.map(\.id) == ["TL-5", "TL-6", "TL-7"])
        let first = feature.scenarios[0]
        #expect(first.tags == ["TL-5", "slow"])
        #expect(first.rule == "The list")
        #expect(first.steps.map(\.keyword) == ["Given", "When", "Then", "And"])
        #expect(first.steps[0].text == "the to-do section holds \"Buy milk\" and more words on the next line")
        #expect(first.steps[2].table == [["section", "items"], ["Finished", "Buy milk"]])
        #expect(first.steps[3].docString == "{\"version\": 3}")
        #expect(feature.scenarios[1].examples == [["text"], ["-1"], ["1e3"]])
        #expect(feature.scenarios[2].steps.isEmpty)
    }

    @Test("Every feature file in Specs/ reads")
    func specsRead() throws {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Specs")
        let files = try FileManager.default.contentsOfDirectory(atPath: specs.path).filter { $0.hasSuffix(".feature.md") }

        let features = try files.map { try GherkinParser.parse(String(contentsOf: specs.appendingPathComponent($0), encoding: .utf8), file: $0) }

        #expect(features.count >= 9)
        #expect(features.allSatisfy { !$0.scenarios.isEmpty && $0.scenarios.allSatisfy { !$0.steps.isEmpty } })
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let line: Int
        let message: String
    }

    static let badCases = [
        BadCase(testDescription: "no Feature heading", text: "`@A-1`\n## Scenario: x\n* Given y", line: 2,
                message: "a scenario before the # Feature: heading"),
        BadCase(testDescription: "an unknown heading", text: "# Feature: F\n## Story: x", line: 2,
                message: "unknown heading \"## Story: x\"; expected # Feature:, ## Rule:, ## Background:, ## Scenario:, "
                    + "## Scenario Outline: or ### Examples:"),
        BadCase(testDescription: "a scenario without an ID tag", text: "# Feature: F\n\n## Scenario: x\n* Given y", line: 3,
                message: "scenario \"x\" has no ID tag on the line above, such as `@TL-1`"),
        BadCase(testDescription: "tags with no scenario under them", text: "# Feature: F\n`@A-1`\nSome text", line: 2,
                message: "tags must be followed by a Scenario heading"),
        BadCase(testDescription: "a step without a keyword", text: "# Feature: F\n`@A-1`\n## Scenario: x\n* I check it", line: 4,
                message: "a step must start with Given, When, Then, And or But: \"I check it\""),
        BadCase(testDescription: "an ID used twice", text: "# Feature: F\n`@A-1`\n## Scenario: x\n`@A-1`\n## Scenario: y", line: 5,
                message: "the ID A-1 is used twice (first on line 3)"),
        BadCase(testDescription: "a doc string never closed", text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Given y\n```\n{", line: 5,
                message: "a doc string that is never closed"),
        BadCase(testDescription: "text after the steps", text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Given y\nStray words", line: 5,
                message: "text after the steps of scenario A-1; a step starts with * or -"),
        BadCase(testDescription: "tags without an ID", text: "# Feature: F\n`@slow`\n## Scenario: x", line: 2,
                message: "the tags of scenario \"x\" hold no ID such as TL-1"),
    ]

    @Test("A file it cannot read is an error naming the file and the line", arguments: badCases)
    func badFeature(bad: BadCase) {
        #expect(throws: GherkinError(file: "Specs/bad.feature.md", line: bad.line, message: bad.message)) {
            try GherkinParser.parse(bad.text, file: "Specs/bad.feature.md")
        }
    }
}
