import Foundation

/// A feature file of `Specs/`, as Markdown with Gherkin: `# Feature:`, `## Rule:`,
/// `## Scenario:` (or `## Scenario Outline:`) under a tag line such as `` `@TL-5` ``, steps as
/// list items (`* Given …` or `- Given …`), tables as `| … |` rows, doc strings fenced with ```.
public struct Feature: Equatable, Sendable {
    public let title: String
    public let file: String
    public let scenarios: [Scenario]

    /// The features in the order `readme` names their files (`todo-list.feature.md`), as a
    /// newcomer reads them; any it does not name come last, by file name.
    public static func inOrder(_ features: [Feature], listedIn readme: String) -> [Feature] {
        func place(_ feature: Feature) -> Int {
            let name = (feature.file as NSString).lastPathComponent
            return readme.range(of: "`\(name)`").map { readme.distance(from: readme.startIndex, to: $0.lowerBound) } ?? Int.max
        }
        return features.enumerated().sorted { (place($0.element), $0.offset) < (place($1.element), $1.offset) }.map(\.element)
    }
}

public struct Scenario: Equatable, Sendable {
    /// The stable ID its tag gives, such as `TL-5`.
    public let id: String
    public let title: String
    public let rule: String?
    public let tags: [String]
    public let steps: [Step]
    /// The rows of its Examples tables, heading row first.
    public let examples: [[String]]
    public let line: Int
}

public struct Step: Equatable, Sendable {
    public let keyword: String
    public let text: String
    public let table: [[String]]
    public let docString: String?
}

/// Why a feature file could not be read: which file, which line, and what was wrong there.
public struct GherkinError: Error, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}

/// Reads the Markdown-with-Gherkin dialect of `Specs/`. Anything it does not understand is an
/// error naming the file and line, never skipped: a parser that quietly drops a scenario
/// would report it as nothing at all, and the report would look greener than it is.
public enum GherkinParser {
    public static func parse(_ text: String, file: String) throws(GherkinError) -> Feature {
        var parser = State(file: file)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            try parser.read(line, number: index + 1)
        }
        return try parser.finish(lineCount: lines.count)
    }

    private static let stepKeywords = ["Given", "When", "Then", "And", "But"]

    /// `TL-5`: capitals, a hyphen, a number.
    static func isScenarioID(_ tag: String) -> Bool {
        tag.wholeMatch(of: #/[A-Z][A-Z0-9]*-[0-9]+/#) != nil
    }

    private struct State {
        let file: String
        var featureTitle: String?
        var rule: String?
        var pendingTags: (tags: [String], line: Int)?
        var scenarios: [Scenario] = []
        var current: Draft?
        var inBackground = false
        var docString: (lines: [String], opened: Int)?

        init(file: String) {
            self.file = file
        }

        struct Draft {
            var id: String
            var title: String
            var rule: String?
            var tags: [String]
            var steps: [Step] = []
            var examples: [[String]] = []
            var inExamples = false
            var line: Int
        }

        func error(_ line: Int, _ message: String) -> GherkinError {
            GherkinError(file: file, line: line, message: message)
        }

        mutating func read(_ raw: String, number: Int) throws(GherkinError) {
            let line = raw.trimmingTrailingSpaces()
            if var open = docString {
                if line.trimmingLeadingSpaces().hasPrefix("```") {
                    attachDocString(open.lines.joined(separator: "\n"))
                    docString = nil
                } else {
                    open.lines.append(raw)
                    docString = open
                }
                return
            }
            if line.isEmpty { return }
            if let tags = Self.tags(in: line) {
                guard pendingTags == nil else { throw error(number, "two tag lines in a row; tags go on one line above a Scenario") }
                pendingTags = (tags, number)
                return
            }
            if let pending = pendingTags, !line.hasPrefix("## Scenario") && !line.hasPrefix("## Example:") {
                throw error(pending.line, "tags must be followed by a Scenario heading")
            }
            if line.hasPrefix("#") {
                return try heading(line, number: number)
            }
            if line.trimmingLeadingSpaces().hasPrefix("```") {
                guard current?.steps.isEmpty == false else {
                    throw error(number, "a doc string must follow a step")
                }
                docString = ([], number)
                return
            }
            if line.trimmingLeadingSpaces().hasPrefix("|") {
                return try tableRow(line.trimmingLeadingSpaces(), number: number)
            }
            if line.hasPrefix("* ") || line.hasPrefix("- ") {
                return try listItem(String(line.dropFirst(2)), number: number)
            }
            if raw.hasPrefix("  "), current?.steps.isEmpty == false, current?.inExamples == false {
                appendToLastStep(line.trimmingLeadingSpaces())
                return
            }
            if let current, !current.steps.isEmpty || current.inExamples {
                throw error(number, "text after the steps of scenario \(current.id); a step starts with * or -")
            }
        }

        mutating func heading(_ line: String, number: Int) throws(GherkinError) {
            let known: [(prefix: String, keyword: String)] = [
                ("# Feature:", "Feature"), ("## Rule:", "Rule"), ("## Background:", "Background"),
                ("## Scenario Outline:", "Scenario Outline"), ("## Scenario Template:", "Scenario Outline"),
                ("## Scenario:", "Scenario"), ("## Example:", "Scenario"),
                ("### Examples:", "Examples"), ("### Scenarios:", "Examples"),
            ]
            guard let match = known.first(where: { line.hasPrefix($0.prefix) }) else {
                throw error(number, "unknown heading \"\(line)\"; expected # Feature:, ## Rule:, ## Background:, "
                            + "## Scenario:, ## Scenario Outline: or ### Examples:")
            }
            let title = String(line.dropFirst(match.prefix.count)).trimmingLeadingSpaces()
            switch match.keyword {
            case "Feature":
                guard featureTitle == nil else { throw error(number, "a second # Feature: heading; one feature per file") }
                featureTitle = title
            case "Rule":
                closeScenario()
                rule = title
                inBackground = false
            case "Background":
                closeScenario()
                inBackground = true
            case "Examples":
                guard current != nil else { throw error(number, "Examples outside a Scenario Outline") }
                current?.inExamples = true
            default:
                guard featureTitle != nil else { throw error(number, "a scenario before the # Feature: heading") }
                closeScenario()
                inBackground = false
                guard let pending = pendingTags else {
                    throw error(number, "scenario \"\(title)\" has no ID tag on the line above, such as `@TL-1`")
                }
                guard let id = pending.tags.first(where: GherkinParser.isScenarioID) else {
                    throw error(pending.line, "the tags of scenario \"\(title)\" hold no ID such as TL-1")
                }
                current = Draft(id: id, title: title, rule: rule, tags: pending.tags, line: number)
                pendingTags = nil
            }
        }

        mutating func listItem(_ item: String, number: Int) throws(GherkinError) {
            guard current != nil || inBackground else { return }
            let keyword = GherkinParser.stepKeywords.first { item.hasPrefix($0 + " ") }
            guard let keyword else {
                throw error(number, "a step must start with Given, When, Then, And or But: \"\(item)\"")
            }
            guard current?.inExamples != true else { throw error(number, "a step after the Examples of \(current!.id)") }
            let step = Step(keyword: keyword, text: String(item.dropFirst(keyword.count + 1)), table: [], docString: nil)
            if current != nil {
                current?.steps.append(step)
            }
        }

        mutating func tableRow(_ line: String, number: Int) throws(GherkinError) {
            guard line.hasSuffix("|") else { throw error(number, "a table row must end with |") }
            let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { String($0).trimmingLeadingSpaces().trimmingTrailingSpaces() }
            if cells.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 == "-" || $0 == ":" } }) { return }
            guard var draft = current else {
                if inBackground { return }
                throw error(number, "a table outside a scenario")
            }
            if draft.inExamples {
                draft.examples.append(cells)
            } else if var step = draft.steps.popLast() {
                step = Step(keyword: step.keyword, text: step.text, table: step.table + [cells], docString: step.docString)
                draft.steps.append(step)
            } else {
                throw error(number, "a table must follow a step or an Examples heading")
            }
            current = draft
        }

        mutating func appendToLastStep(_ more: String) {
            guard let step = current?.steps.popLast() else { return }
            current?.steps.append(Step(keyword: step.keyword, text: step.text + " " + more, table: step.table,
                                       docString: step.docString))
        }

        mutating func attachDocString(_ text: String) {
            guard let step = current?.steps.popLast() else { return }
            current?.steps.append(Step(keyword: step.keyword, text: step.text, table: step.table, docString: text))
        }

        mutating func closeScenario() {
            if let draft = current {
                scenarios.append(Scenario(id: draft.id, title: draft.title, rule: draft.rule, tags: draft.tags,
                                          steps: draft.steps, examples: draft.examples, line: draft.line))
            }
            current = nil
        }

        mutating func finish(lineCount: Int) throws(GherkinError) -> Feature {
            if let open = docString { throw error(open.opened, "a doc string that is never closed") }
            if let pending = pendingTags { throw error(pending.line, "tags must be followed by a Scenario heading") }
            closeScenario()
            guard let title = featureTitle else { throw error(1, "no # Feature: heading") }
            var seen: [String: Int] = [:]
            for scenario in scenarios {
                if let first = seen[scenario.id] {
                    throw error(scenario.line, "the ID \(scenario.id) is used twice (first on line \(first))")
                }
                seen[scenario.id] = scenario.line
            }
            return Feature(title: title, file: file, scenarios: scenarios)
        }

        /// `` `@TL-5` `` or `` `@TL-5` `@slow` ``: the tags, without @; nil for any other line.
        static func tags(in line: String) -> [String]? {
            let matches = line.matches(of: #/`@([^`\s]+)`/#)
            guard !matches.isEmpty else { return nil }
            let rest = line.replacing(#/`@[^`\s]+`/#, with: "").trimmingLeadingSpaces()
            guard rest.isEmpty else { return nil }
            return matches.map { String($0.output.1) }
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return String(text)
    }

    func trimmingLeadingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" })
    }
}
