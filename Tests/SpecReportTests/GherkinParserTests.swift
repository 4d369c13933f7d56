import Foundation
import SpecReport
import Testing

@Suite("Reading Markdown with Gherkin")
struct GherkinParserTests {
    @Test("A feature with rules, tags, steps marked * and -, tables, doc strings and an outline")
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
            * Then I am told <text> is not a number

            ### Examples:
            | text |
            | ---- |
            | -1   |
            | 1e3  |
            """

        let feature = try GherkinParser.parse(text, file: "Specs/check.feature.md")

        #expect(feature.title == "Checking")
        #expect(feature.scenarios.map(\.id) == ["TL-5", "TL-6"])
        let first = feature.scenarios[0]
        #expect(first.tags == ["TL-5", "slow"])
        #expect(first.rule == "The list")
        #expect(first.steps.map(\.keyword) == ["Given", "When", "Then", "And"])
        #expect(first.steps[0].text == "the to-do section holds \"Buy milk\" and more words on the next line")
        #expect(first.steps[2].table == [["section", "items"], ["Finished", "Buy milk"]])
        #expect(first.steps[3].docString == "{\"version\": 3}")
        #expect(feature.scenarios[1].examples == [["text"], ["-1"], ["1e3"]])
    }

    @Test("Every feature file in Specs/ reads, strictly, and each scenario says what a test should see")
    func specsRead() throws {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Specs")
        let files = try FileManager.default.contentsOfDirectory(atPath: specs.path).filter { $0.hasSuffix(".feature.md") }.sorted()

        let features = try GherkinParser.parse(files: files.map { ($0, try String(contentsOf: specs.appendingPathComponent($0), encoding: .utf8)) })

        #expect(features.count >= 9)
        #expect(features.allSatisfy { !$0.scenarios.isEmpty && $0.scenarios.allSatisfy { $0.steps.contains { $0.keyword == "Then" } } })
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let line: Int
        let message: String
    }

    static let badCases = [
        BadCase(testDescription: "no Feature heading", text: "`@A-1`\n## Scenario: x\n* Then y", line: 2,
                message: "a scenario before the # Feature: heading"),
        BadCase(testDescription: "an unknown heading", text: "# Feature: F\n## Story: x", line: 2,
                message: "unknown heading \"## Story: x\"; expected # Feature:, ## Rule:, ## Background:, ## Scenario:, "
                    + "## Scenario Outline: or ### Examples:"),
        BadCase(testDescription: "a scenario without an ID tag", text: "# Feature: F\n\n## Scenario: x\n* Then y", line: 3,
                message: "scenario \"x\" has no ID tag on the line above, such as `@TL-1`"),
        BadCase(testDescription: "tags with no scenario under them", text: "# Feature: F\n`@A-1`\nSome text", line: 2,
                message: "tags must be followed by a Scenario heading"),
        BadCase(testDescription: "a step without a keyword", text: "# Feature: F\n`@A-1`\n## Scenario: x\n* I check it", line: 4,
                message: "a step must start with Given, When, Then, And or But: \"I check it\""),
        BadCase(testDescription: "an ID used twice, in two rules",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n## Rule: R\n`@A-1`\n## Scenario: y\n* Then z", line: 7,
                message: "the ID A-1 is used twice (first on line 3)"),
        BadCase(testDescription: "two Backgrounds in a rule", text: "# Feature: F\n## Background:\n* Given a\n## Rule: R\n## Background:\n* Given b\n## Background:\n* Given c",
                line: 7, message: "a second Background in the rule; each has one"),
        BadCase(testDescription: "a doc string never closed", text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n```\n{", line: 5,
                message: "a doc string that is never closed"),
        BadCase(testDescription: "a doc string before any step of a Background",
                text: "# Feature: F\n## Background:\n```\nhello\n```\n`@A-1`\n## Scenario: x\n* Then y", line: 3,
                message: "a doc string must follow a step"),
        BadCase(testDescription: "a doc string before any step of a rule's Background, after the feature's",
                text: "# Feature: F\n## Background:\n* Given a\n## Rule: R\n## Background:\n```\nhello\n```", line: 6,
                message: "a doc string must follow a step"),
        BadCase(testDescription: "an ID whose number has seven digits", text: "# Feature: F\n`@A-1234567`\n## Scenario: x\n* Then y", line: 2,
                message: "the number of A-1234567 has more than six digits; IDs count up from 1"),
        BadCase(testDescription: "an ID whose number is past the largest integer", text: "# Feature: F\n`@A-9223372036854775807`\n## Scenario: x\n* Then y",
                line: 2, message: "the number of A-9223372036854775807 has more than six digits; IDs count up from 1"),
        BadCase(testDescription: "an ID whose number starts with 0", text: "# Feature: F\n`@A-01`\n## Scenario: x\n* Then y", line: 2,
                message: "the tags of scenario \"x\" hold no ID such as TL-1"),
        BadCase(testDescription: "text after the steps", text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\nStray words", line: 5,
                message: "text after the steps of scenario A-1; a step starts with * or -"),
        BadCase(testDescription: "tags without an ID", text: "# Feature: F\n`@slow`\n## Scenario: x", line: 2,
                message: "the tags of scenario \"x\" hold no ID such as TL-1"),
    ] + ["## Scenario: z", "## Example: z", "# Feature: G"].map { heading in
        BadCase(testDescription: "\"\(heading)\" untagged in a step's doc string",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n```\n\(heading)\n```", line: 6,
                message: "a scenario inside a fenced block; GitHub shows it as text, and it would have no test")
    }

    @Test("A file it cannot read is an error naming the file and the line", arguments: badCases)
    func badFeature(bad: BadCase) {
        #expect(throws: GherkinError(file: "Specs/bad.feature.md", line: bad.line, message: bad.message)) {
            try GherkinParser.parse(bad.text, file: "Specs/bad.feature.md")
        }
    }

    /// Each is a trick that once fooled the reader: GitHub shows a scenario that the reader dropped,
    /// or a scenario that no test could check.
    static let shownOtherwiseCases = [
        BadCase(testDescription: "a scenario heading indented by one space",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n\n`@A-2`\n ## Scenario: z\n* Then w", line: 7,
                message: "a heading or tag line indented by 1 space; GitHub still shows it, so write it at the start of the line"),
        BadCase(testDescription: "a scenario inside a fenced block after a step",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n```\n`@A-2`\n## Scenario: z\n* Then w\n```", line: 6,
                message: "a scenario inside a fenced block; GitHub shows it as text, and it would have no test"),
        BadCase(testDescription: "a scenario inside a block fenced with ~~~ after a step",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n~~~\n```\n`@A-2`\n## Scenario: z\n* Then w\n~~~", line: 7,
                message: "a scenario inside a fenced block; GitHub shows it as text, and it would have no test"),
        BadCase(testDescription: "a scenario inside an HTML comment",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n\n<!-- Not yet:\n`@A-2`\n## Scenario: z\n* Then w\n-->", line: 7,
                message: "a scenario inside an HTML comment (opened on line 6); GitHub hides it, and it would have no test"),
        BadCase(testDescription: "an HTML comment never closed",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n<!--\nlater", line: 5,
                message: "an HTML comment that is never closed; GitHub hides all that follows it"),
        BadCase(testDescription: "a scenario's tag line in the story's words",
                text: "# Feature: F\nAs a user I want it.\n\n`@A-1`\nAnd some words.\n\n`@A-2`\n## Scenario: x\n* Then y", line: 4,
                message: "tags must be followed by a Scenario heading"),
        BadCase(testDescription: "a scenario's tags straight after a step, where GitHub shows them as part of it",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n`@A-2`\n## Scenario: z\n* Then w", line: 5,
                message: "tags straight after a line of text, a step or a table: GitHub shows them as part of it; leave a blank line above them"),
        BadCase(testDescription: "a step before the first scenario",
                text: "# Feature: F\nAs a user I want it.\n* Given a list\n\n`@A-1`\n## Scenario: x\n* Then y", line: 3,
                message: "a step outside a scenario; steps follow a ## Scenario: heading"),
        BadCase(testDescription: "a scenario with no Then",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Given y\n* When z\n\n`@A-2`\n## Scenario: w\n* Then v", line: 3,
                message: "scenario A-1 has no Then: nothing in it says what a test should see"),
        BadCase(testDescription: "a scenario with a lower ID after a higher one in the same rule",
                text: "# Feature: F\n## Rule: R\n`@A-10`\n## Scenario: x\n* Then y\n\n`@A-9`\n## Scenario: z\n* Then w", line: 8,
                message: "A-9 comes after A-10; scenarios go in the order of their IDs within a rule"),
        BadCase(testDescription: "an ID used twice in one file",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n\n`@A-1`\n## Scenario: z\n* Then w", line: 7,
                message: "the ID A-1 is used twice (first on line 3)"),
        BadCase(testDescription: "a scenario with two ID tags",
                text: "# Feature: F\n`@A-1` `@slow` `@A-2`\n## Scenario: x\n* Then y", line: 2,
                message: "the tags of scenario \"x\" hold more than one ID: A-1, A-2; a scenario has one"),
        BadCase(testDescription: "a scenario inside a block fenced with four backticks, after a line of three",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n````\n```\n`@A-2`\n## Scenario: z\n* Then w\n````", line: 7,
                message: "a scenario inside a fenced block; GitHub shows it as text, and it would have no test"),
        BadCase(testDescription: "a scenario after a line that only looks like a fence's end, ~~~ with words after it",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n~~~\n~~~ text\n`@A-2`\n## Scenario: z\n* Then w\n~~~", line: 7,
                message: "a scenario inside a fenced block; GitHub shows it as text, and it would have no test"),
        BadCase(testDescription: "a scenario's tags without backticks",
                text: "# Feature: F\n@A-1 @slow\n## Scenario: x\n* Then y", line: 2,
                message: "tags go between backticks, one pair each, as `@A-1` `@slow`; GitHub shows @A-1 as a mention of a person"),
        BadCase(testDescription: "a scenario's tags separated by commas",
                text: "# Feature: F\n`@A-1`, `@slow`\n## Scenario: x\n* Then y", line: 2,
                message: "tags go between backticks, one pair each, as `@A-1` `@slow`, with spaces between them"),
        BadCase(testDescription: "a doc string indented under its step and closed at the start of the line",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Given a file\n  ```\n  kept\n```\n* Then y", line: 7,
                message: "a line less indented than its step, in the doc string opened on line 5: GitHub ends the block before it; "
                    + "indent the block's lines, and its closing fence, under the step"),
        BadCase(testDescription: "a scenario after a closing fence indented four spaces more than its opening one",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n```\nkept\n    ```\n`@A-2`\n## Scenario: z\n* Then w\n```", line: 8,
                message: "a scenario inside a fenced block; GitHub shows it as text, and it would have no test"),
        BadCase(testDescription: "a scenario heading indented under a step",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n    `@A-2`\n    ## Scenario: z\n* Then w", line: 5,
                message: "a scenario indented under a step; GitHub shows it as part of the step, and it would have no test"),
        BadCase(testDescription: "a scenario heading indented under a step by a tab",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n\t`@A-2`\n\t## Scenario: z\n* Then w", line: 5,
                message: "a scenario indented under a step; GitHub shows it as part of the step, and it would have no test"),
        BadCase(testDescription: "a scenario in a block quote",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n\n> `@A-2`\n> ## Scenario: z\n> * Then w", line: 6,
                message: "a scenario inside a block quote or a list item; GitHub shows it there, and it would have no test"),
        BadCase(testDescription: "a scenario heading in a list item of the story",
                text: "# Feature: F\n\n- `@A-2`\n- ## Scenario: z\n\n`@A-1`\n## Scenario: x\n* Then y", line: 3,
                message: "a scenario inside a block quote or a list item; GitHub shows it there, and it would have no test"),
        BadCase(testDescription: "a scenario inside an HTML block",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n\n## Rule: R\n<pre>\n\n`@A-2`\n## Scenario: z\n* Then w\n</pre>", line: 9,
                message: "a scenario inside an HTML block (opened on line 7); GitHub shows it as HTML, and it would have no test"),
        BadCase(testDescription: "a fenced block in a list item of the story, ended by a line less indented than the item",
                text: "# Feature: F\n\n- a list in the story\n  ```\n  code\nThe story goes on.\n```\n\n`@A-1`\n## Scenario: x\n* Then y", line: 6,
                message: "a line less indented than its list item, in the fenced block opened on line 4: GitHub ends the block before it; "
                    + "indent the block's lines, and its closing fence, under the list item"),
        BadCase(testDescription: "a scenario with no title", text: "# Feature: F\n`@A-1`\n## Scenario: ##\n* Then y", line: 3,
                message: "a scenario with no title: say what it shows after ## Scenario:"),
        BadCase(testDescription: "a scenario indented four spaces under a list item of the story",
                text: "# Feature: F\nAs a shopper:\n\n- I want a basket\n\n    `@A-2`\n    ## Scenario: z\n    * Then w\n\n`@A-1`\n## Scenario: x\n* Then y",
                line: 6, message: "a scenario indented under a list item or a step; GitHub shows it inside it, and it would have no test"),
        BadCase(testDescription: "a scenario indented four spaces under a Background's step",
                text: "# Feature: F\n## Background:\n* Given a shop\n\n    `@A-2`\n    ## Scenario: z\n    * Then w\n\n`@A-1`\n## Scenario: x\n* Then y",
                line: 5, message: "a scenario indented under a list item or a step; GitHub shows it inside it, and it would have no test"),
        BadCase(testDescription: "a scenario heading underlined with dashes",
                text: "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n\n## Rule: R\nScenario: z\n---\n* Then w", line: 7,
                message: "a heading underlined with = or -: GitHub shows it as a heading, which is read only as # Feature: or ## Scenario:"),
        BadCase(testDescription: "a tag line of a bare @, which names no tag",
                text: "# Feature: F\n`@`\n## Scenario: x\n* Then y", line: 3,
                message: "scenario \"x\" has no ID tag on the line above, such as `@TL-1`"),
    ]

    @Test("Spaces and tabs at the end of a line are not part of what it says")
    func trailingSpaces() throws {
        let feature = try GherkinParser.parse("# Feature: F \t\n`@A-1`\t\n## Scenario: x\t \n* Then y\t\t\n| a\t | b |\t", file: "Specs/f.feature.md")

        #expect(feature.title == "F")
        #expect(feature.scenarios.map(\.id) == ["A-1"])
        #expect(feature.scenarios.map(\.title) == ["x"])
        #expect(feature.scenarios.flatMap(\.steps).map(\.text) == ["y"])
        #expect(feature.scenarios.flatMap(\.steps).map(\.table) == [[["a", "b"]]])
    }

    @Test("Given a spec saved with Windows or old Mac line endings, when it is read, then it reads as the same spec saved with Unix ones",
          arguments: ["\r\n", "\r"])
    func windowsLineEndings(ending: String) throws {
        let text = "# Feature: F\n\nAs a shopper.\n\n`@A-1`\n## Scenario: x\nWhy it matters.\n\n* Given y\n  | a | b |\n* Then z\n  ```\n  kept\n  ```\n"

        let other = try GherkinParser.parse(text.replacingOccurrences(of: "\n", with: ending), file: "Specs/f.feature.md")

        #expect(other == (try GherkinParser.parse(text, file: "Specs/f.feature.md")))
        #expect(other.scenarios.flatMap(\.steps).map(\.text) == ["y", "z"])
    }

    @Test("Given a Background whose step has a doc string, when the feature is read, then its scenarios read as they are written")
    func backgroundDocString() throws {
        let feature = try GherkinParser.parse("# Feature: F\n\n## Background:\n* Given a file\n  ```\n  hello\n  ```\n\n`@A-1`\n## Scenario: x\n* Then y\n",
                                              file: "Specs/f.feature.md")

        #expect(feature.scenarios.map(\.id) == ["A-1"])
        #expect(feature.scenarios.flatMap(\.steps).map(\.text) == ["y"])
        #expect(feature.scenarios.flatMap(\.steps).map(\.docString) == [nil])
    }

    @Test("An ID of six digits is read")
    func sixDigits() throws {
        let feature = try GherkinParser.parse("# Feature: F\n`@A-999999`\n## Scenario: x\n* Then y", file: "Specs/f.feature.md")

        #expect(feature.scenarios.map(\.id) == ["A-999999"])
    }

    @Test("Given a spec saved with a byte order mark, when it is read, then it reads as without one")
    func byteOrderMark() throws {
        let text = "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n"

        #expect(try GherkinParser.parse("\u{FEFF}" + text, file: "Specs/f.feature.md") == GherkinParser.parse(text, file: "Specs/f.feature.md"))
    }

    @Test("A table's empty cell is kept in its place")
    func emptyCell() throws {
        let feature = try GherkinParser.parse("# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n| a || c |\n|  | b | |", file: "Specs/f.feature.md")

        #expect(feature.scenarios.flatMap(\.steps).map(\.table) == [[["a", "", "c"], ["", "b", ""]]])
    }

    @Test("The story is the words under the feature's heading, and a scenario's description keeps its paragraphs")
    func storyAndDescription() throws {
        let text = """
            Words above the heading.
            # Feature: F
            The story.
            ## Rule: R
            The rule's words.
            ```
            a block in the rule's words
            ```
            `@A-1`
            ## Scenario: x

            First paragraph.

            Second paragraph.
            * Then y
            """

        let feature = try GherkinParser.parse(text, file: "Specs/f.feature.md")

        #expect(feature.preamble == "The story.")
        #expect(feature.scenarios.map(\.description) == ["First paragraph.\n\nSecond paragraph."])
    }

    @Test("A scenario straight after the story ends it: the scenario's description is not the story's")
    func storyEndsAtTheFirstScenario() throws {
        let feature = try GherkinParser.parse("# Feature: F\nThe story.\n\n`@A-1`\n## Scenario: x\nIts description.\n\n* Then y",
                                              file: "Specs/f.feature.md")

        #expect(feature.preamble == "The story.")
        #expect(feature.scenarios.map(\.description) == ["Its description."])
    }

    @Test("A line with no space after its hashes, seven of them, or indented four spaces is text, not a heading, with = under it too")
    func textThatLooksLikeAHeading() throws {
        let story = ["  #hashtag", " ####### seven", "    ## Scenario: an example, as code", "    `@A-2`", "    Scenario: code, = under it", "==="]
        let text = "# Feature: F\n" + story.joined(separator: "\n") + "\n\n`@A-1`\n## Scenario: x\n* Then y"

        let feature = try GherkinParser.parse(text, file: "Specs/f.feature.md")

        #expect(feature.preamble == story.joined(separator: "\n").trimmingCharacters(in: .whitespaces))
        #expect(feature.scenarios.map(\.id) == ["A-1"])
    }

    @Test("A scenario's ID is ASCII capitals, digits after the first, a hyphen and a number with no leading zero", arguments: [
        ("TL-5", true), ("SR2-10", true), ("A-1", true), ("CLI-007", false), ("TL-0", false),
        ("tl-5", false), ("Tl-5", false), ("1A-5", false), ("ÉA-5", false), ("AÉ-5", false), ("TL-", false), ("-5", false),
        ("TL-5a", false), ("TL-5-6", false), ("TL-٣", false), ("TL5", false), ("TL--5", false), ("TL-5-", false),
    ])
    func scenarioID(tag: String, isID: Bool) throws {
        let text = "# Feature: F\n`@\(tag)`\n## Scenario: x\n* Then y"

        if isID {
            #expect(try GherkinParser.parse(text, file: "Specs/f.feature.md").scenarios.map(\.id) == [tag])
        } else {
            #expect(throws: GherkinError(file: "Specs/f.feature.md", line: 2, message: "the tags of scenario \"x\" hold no ID such as TL-1")) {
                try GherkinParser.parse(text, file: "Specs/f.feature.md")
            }
        }
    }

    @Test("SR-1 A feature file that GitHub shows otherwise than it would be read is refused, naming the file and the line",
          arguments: shownOtherwiseCases)
    func shownOtherwise(bad: BadCase) {
        #expect(throws: GherkinError(file: "Specs/bad.feature.md", line: bad.line, message: bad.message)) {
            try GherkinParser.parse(files: [("Specs/bad.feature.md", bad.text)])
        }
    }

    @Test("A Background's words and steps are passed over; a Rule after it ends it")
    func background() throws {
        let text = "# Feature: F\nThe story.\n## Background: B\nIts words.\n* Given a list\n\n`@A-1`\n## Scenario: x\n* Then y"
        let stepUnderRule = "# Feature: F\n## Background: B\n* Given a list\n## Rule: R\n* Given a stray step\n\n`@A-1`\n## Scenario: x\n* Then y"

        let feature = try GherkinParser.parse(text, file: "Specs/f.feature.md")

        #expect(feature.preamble == "The story.")
        #expect(feature.scenarios.map { $0.steps.map(\.text) } == [["y"]])
        #expect(throws: GherkinError(file: "Specs/f.feature.md", line: 5,
                                     message: "a step outside a scenario; steps follow a ## Scenario: heading")) {
            try GherkinParser.parse(stepUnderRule, file: "Specs/f.feature.md")
        }
    }

    @Test("Given a doc string fenced with ~~~ and HTML comments, when the feature is read, then the doc string is its step's and the comments are not read")
    func tildeFencesAndComments() throws {
        let text = "# Feature: F\nThe story.\n<!-- For maintainers: `@A-9` is kept. -->\n\n<!--\nOld words.\n-->\n"
            + "`@A-1`\n## Scenario: x\n* Given a file\n  ~~~\n  ```\n  kept\n  ~~~\n<!-- one line -->\n* Then y\n"

        let feature = try GherkinParser.parse(text, file: "Specs/f.feature.md")

        #expect(feature.preamble == "The story.")
        #expect(feature.scenarios.map(\.id) == ["A-1"])
        #expect(feature.scenarios.flatMap(\.steps).map(\.text) == ["a file", "y"])
        #expect(feature.scenarios.flatMap(\.steps).map(\.docString) == ["  ```\n  kept", nil])
    }

    @Test("SR-1 A feature file that GitHub shows otherwise than it would be read is refused, naming the file and the line: a scenario inside each kind of HTML block",
          arguments: ["<script>", "<STYLE type=\"text/css\">", "<pre", "<pre\tclass=\"x\">", "<?php", "<!DOCTYPE x", "<!X 1", "<![CDATA[",
                      "<div class=\"x\">", "<h1>", "</table>", "<custom-tag>"])
    func insideEachKindOfHTMLBlock(opener: String) {
        let text = "# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n\n## Rule: R\n\(opener)\n`@A-2`\n## Scenario: z\n* Then w\n"

        #expect(throws: GherkinError(file: "Specs/f.feature.md", line: 8,
                                     message: "a scenario inside an HTML block (opened on line 7); GitHub shows it as HTML, and it would have no test")) {
            try GherkinParser.parse(text, file: "Specs/f.feature.md")
        }
    }

    @Test("An HTML block that ends on the line it opens, a tag that only starts like pre, or one indented four spaces (code), hides nothing after the blank line below it",
          arguments: ["<pre>kept</pre>", "<?php echo 1 ?>", "<!DOCTYPE x>", "<![CDATA[ x ]]>", "<pre/>", "<prefix>", "<scripts>", "<pre.x>",
                      "    <pre>"])
    func noHTMLBlock(line: String) throws {
        let text = "# Feature: F\n\(line)\n\n`@A-1`\n## Scenario: x\n* Then y\n"

        #expect(try GherkinParser.parse(text, file: "Specs/f.feature.md").scenarios.map(\.id) == ["A-1"])
    }

    @Test("Block quotes, lists, HTML blocks and fenced blocks in list items of the story are its text, and the scenario after them reads",
          arguments: ["> A quote.\n\n- a list item\n1. a numbered one\n\n<details>\n<summary>More</summary>\n</details>",
                      "- a list in the story\n  ```\n  # a comment in code\n\n  ```\n- and after a blank line\n\n   ```\n  still code\n   ```"])
    func blocksInTheStory(story: String) throws {
        let text = "# Feature: F\n" + story + "\n\n`@A-1`\n## Scenario: x\n* Then y\n"

        let feature = try GherkinParser.parse(text, file: "Specs/f.feature.md")

        #expect(feature.scenarios.map(\.id) == ["A-1"])
        #expect(feature.preamble == story)
    }

    /// What ends the item: a heading; text less indented after a blank line; a fence less
    /// indented, blank line or not. A scenario indented four spaces after it is then code.
    @Test("A list item of the story ends where Markdown ends it: a scenario indented four spaces after it is code, not in the item",
          arguments: ["- an item of the story\n\n## Rule: R", "- an item of the story\n\nstory text again",
                      "- an item of the story\n```\ncode\n```"])
    func listItemEnds(story: String) throws {
        let text = "# Feature: F\n\(story)\n\n    ## Scenario: shown as code\n\n`@A-1`\n## Scenario: x\n* Then y\n"

        #expect(try GherkinParser.parse(text, file: "Specs/f.feature.md").scenarios.map(\.id) == ["A-1"])
    }

    /// What a text at the edge of one of Markdown's rules comes to: its scenarios, by ID and
    /// title, or the line and the words it is refused with.
    enum Reading: Sendable, Equatable {
        case reads([String])
        case refused(line: Int, String)
    }

    static let underlined = "a heading underlined with = or -: GitHub shows it as a heading, which is read only as # Feature: or ## Scenario:"
    static let underAnItem = "a scenario indented under a list item or a step; GitHub shows it inside it, and it would have no test"
    static let inAnItem = "a scenario inside a block quote or a list item; GitHub shows it there, and it would have no test"

    /// Each row sits on the edge of a rule: a tag that ends its line or not, a heading's closing
    /// #s, an underline and its indent, a list marker's digits (ASCII ones alone), mark, gap and
    /// indent, bold text; a Background's step with a table, and the scenario after it, which
    /// a code line in its description does not put under that step.
    static let edgeTexts: [(text: String, reading: Reading)] = [
        ("<span>hello\n# Feature: F\nstory\n\n`@A-1`\n## Scenario: x\n* Then y\n", .reads(["A-1 x"])),
        ("# Feature: F\nstory\n\n`@A-1`\n## Scenario: Works in C#\n* Then y\n", .reads(["A-1 Works in C#"])),
        ("# Feature: F\nstory\n\nScenario: x\n===\n\n`@A-1`\n## Scenario: y\n* Then z\n", .refused(line: 4, underlined)),
        ("# Feature: F\nScenario: x\n    ===\n\n`@A-1`\n## Scenario: y\n* Then z\n", .reads(["A-1 y"])),
        ("# Feature: F\nScenarios below show it.\n\n`@A-1`\n## Scenario: x\n* Then y\n", .reads(["A-1 x"])),
        ("# Feature: F\n123456789. item\n    `@A-1`\n\n`@A-2`\n## Scenario: x\n* Then y\n", .refused(line: 3, underAnItem)),
        ("# Feature: F\n12: item\n    `@A-1`\n\n`@A-2`\n## Scenario: x\n* Then y\n", .reads(["A-2 x"])),
        ("# Feature: F\n    - item\n    `@A-1`\n\n`@A-2`\n## Scenario: x\n* Then y\n", .reads(["A-2 x"])),
        ("# Feature: F\n-item\n    `@A-1`\n\n`@A-2`\n## Scenario: x\n* Then y\n", .reads(["A-2 x"])),
        ("# Feature: F\n-    item\n  ```\ncode\n  ```\n\n`@A-1`\n## Scenario: x\n* Then y\n", .reads(["A-1 x"])),
        ("# Feature: F\n**## Scenario:** headings name each case.\n\n`@A-1`\n## Scenario: x\n* Then y\n", .reads(["A-1 x"])),
        ("# Feature: F\n-\t## Scenario: z\n\n`@A-1`\n## Scenario: x\n* Then y\n", .refused(line: 2, inAnItem)),
        ("# Feature: F\n1. ## Scenario: z\n\n`@A-1`\n## Scenario: x\n* Then y\n", .refused(line: 2, inAnItem)),
        ("# Feature: F\n10) ## Scenario: z\n\n`@A-1`\n## Scenario: x\n* Then y\n", .refused(line: 2, inAnItem)),
        ("# Feature: F\n1.\t## Scenario: z\n\n`@A-1`\n## Scenario: x\n* Then y\n", .refused(line: 2, inAnItem)),
        ("# Feature: F\n1.## Scenario: z\n\n`@A-1`\n## Scenario: x\n* Then y\n", .reads(["A-1 x"])),
        ("# Feature: F\n1: ## Scenario: z\n\n`@A-1`\n## Scenario: x\n* Then y\n", .reads(["A-1 x"])),
        ("# Feature: F\n\u{0661}. ## Scenario: z\n\n`@A-1`\n## Scenario: x\n* Then y\n", .reads(["A-1 x"])),
        ("# Feature: F\n\n## Background:\n* Given z\n| a | b |\n\n`@A-1`\n## Scenario: x\n* Then y\n", .reads(["A-1 x"])),
        ("# Feature: F\n\n## Background:\n* Given z\n\n`@A-1`\n## Scenario: x\n    ## Scenario: shown as code\n\n* Then y\n", .reads(["A-1 x"])),
    ]

    @Test("A text at the edge of one of Markdown's rules is read as GitHub shows it", arguments: edgeTexts)
    func edgeOfARule(text: String, reading: Reading) {
        let read: Reading
        do {
            read = .reads(try GherkinParser.parse(text, file: "Specs/f.feature.md").scenarios.map { "\($0.id) \($0.title)" })
        } catch {
            read = .refused(line: error.line, error.message)
        }
        #expect(read == reading)
    }

    @Test("A step's marker may be followed by a tab or by more than one space; a marker with no space after it starts no step")
    func stepMarkers() throws {
        let text = "# Feature: F\n\n`@A-1`\n## Scenario: x\n*emphasis* in its description\n\n*\tGiven a\n*  When b\n-\t Then c\n"

        let scenario = try #require(try GherkinParser.parse(text, file: "Specs/f.feature.md").scenarios.first)

        #expect(scenario.description == "*emphasis* in its description")
        #expect(scenario.steps.map { "\($0.keyword) \($0.text)" } == ["Given a", "When b", "Then c"])
    }

    /// Five spaces before a fence make it text; only a step's item, two columns in, could take
    /// them back to three.
    @Test("A fence indented five spaces, in a scenario's description or a Background's before its steps, is text",
          arguments: ["`@A-1`\n## Scenario: x\n     ```\n* Then y\n", "## Background:\n     ```\n* Given z\n\n`@A-1`\n## Scenario: x\n* Then y\n"])
    func indentedFenceIsText(scenario: String) throws {
        #expect(try GherkinParser.parse("# Feature: F\n\n" + scenario, file: "Specs/f.feature.md").scenarios.map(\.id) == ["A-1"])
    }

    @Test("A heading is read as GitHub shows it: its closing #s and the spaces or tab after its #s are no part of its title; a # inside a word is, and #1 starting a line is text")
    func headingsAsShown() throws {
        let text = "#\tFeature: F ##\nWe follow the fix for issue\n#1 and its note.\n##  Rule: R #\n`@A-1`\n##\tScenario: C# works ###\n* Then y\n"

        let feature = try GherkinParser.parse(text, file: "Specs/f.feature.md")

        #expect(feature.title == "F")
        #expect(feature.preamble == "We follow the fix for issue\n#1 and its note.")
        #expect(feature.scenarios.map { [$0.rule, $0.title] } == [["R", "C# works"]])
    }

    @Test("Scenarios of two prefixes in one rule are each in the order of their own IDs")
    func twoPrefixesInARule() throws {
        let text = "# Feature: F\n`@AB-2`\n## Scenario: x\n* Then y\n\n`@CD-1`\n## Scenario: z\n* Then w\n"

        #expect(try GherkinParser.parse(text, file: "Specs/f.feature.md").scenarios.map(\.id) == ["AB-2", "CD-1"])
        #expect(throws: GherkinError(file: "Specs/f.feature.md", line: 11, message: "AB-1 comes after AB-2; scenarios go in the order of their IDs")) {
            try GherkinParser.parse(text + "\n`@AB-1`\n## Scenario: v\n* Then u\n", file: "Specs/f.feature.md")
        }
    }

    @Test("An HTML comment closed on the line it opens hides that line alone, <!--> and <!---> too", arguments: ["<!-->", "<!--->", "<!-- x -->"])
    func commentClosedWhereItOpens(comment: String) throws {
        let text = "# Feature: F\n\(comment)\n`@A-1`\n## Scenario: x\n* Then y\n"

        #expect(try GherkinParser.parse(text, file: "Specs/f.feature.md").scenarios.map(\.id) == ["A-1"])
    }

    @Test("A doc string's fences may be indented under its step, up to three spaces more; four more is a line of the block")
    func indentedFences() throws {
        let text = "# Feature: F\n`@A-1`\n## Scenario: x\n* Given a file\n     ```\n  kept\n      ```\n     ```\n* Then y\n"

        let feature = try GherkinParser.parse(text, file: "Specs/f.feature.md")

        #expect(feature.scenarios.flatMap(\.steps).map(\.docString) == ["  kept\n      ```", nil])
    }

    @Test("A fence may name its language, and tildes may have backticks after them; three backticks with more after them are no fence")
    func fenceInfoStrings() throws {
        let text = "# Feature: F\n`@A-1`\n## Scenario: x\n* Given a file\n  ```json\n  {}\n  ```\n* And a note\n  ~~~ `text`\n  kept\n  ~~~\n* Then y\n"

        let feature = try GherkinParser.parse(text, file: "Specs/f.feature.md")

        #expect(feature.scenarios.flatMap(\.steps).map(\.docString) == ["  {}", "  kept", nil])
        #expect(throws: GherkinError(file: "Specs/f.feature.md", line: 5, message: "text after the steps of scenario A-1; a step starts with * or -")) {
            try GherkinParser.parse("# Feature: F\n`@A-1`\n## Scenario: x\n* Then y\n``` `x` ```", file: "Specs/f.feature.md")
        }
    }

    @Test("A fenced block in the story holds steps, tables and headings as its text")
    func stepsInTheStory() throws {
        let block = "```\n* Given a step, as an example\n| a | table |\n## Not a heading\n```"

        let feature = try GherkinParser.parse("# Feature: F\n" + block + "\n`@A-1`\n## Scenario: x\n* Then y", file: "Specs/f.feature.md")

        #expect(feature.preamble == block)
        #expect(feature.scenarios.map(\.steps.count) == [1])
    }

    @Test("SR-1 A fenced block in the story's words is text, and the story is kept for the report")
    func fenceInTheStory() throws {
        let text = "# Feature: F\nAs a user I want it.\n\n```\ntodo add Buy milk\n```\n\n`@A-1`\n## Scenario: x\n* Then y"

        let feature = try GherkinParser.parse(text, file: "Specs/f.feature.md")

        #expect(feature.preamble == "As a user I want it.\n\n```\ntodo add Buy milk\n```")
        #expect(feature.scenarios.map(\.id) == ["A-1"])
    }

    @Test("SR-2 An ID that two feature files use is refused, naming both places")
    func sameIDInTwoFiles() {
        let first = "# Feature: One\n\n`@TL-5`\n## Scenario: x\n* Then y"
        let second = "# Feature: Two\n`@TL-4`\n## Scenario: z\n* Then w\n\n`@TL-5`\n## Scenario: v\n* Then u"

        #expect(throws: GherkinError(file: "Specs/two.feature.md", line: 7, message: "the ID TL-5 is already used at Specs/one.feature.md:4")) {
            try GherkinParser.parse(files: [("Specs/one.feature.md", first), ("Specs/two.feature.md", second)])
        }
    }
}
