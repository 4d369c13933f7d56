import Foundation

/// A feature file of `Specs/`, as Markdown with Gherkin: `# Feature:`, `## Rule:`,
/// `## Scenario:` (or `## Scenario Outline:`) under a tag line such as `` `@TL-5` ``, steps as
/// list items (`* Given …` or `- Given …`), tables as `| … |` rows, doc strings fenced with ``` or ~~~.
public struct Feature: Equatable, Sendable {
    public let title: String
    public let file: String
    /// The text between the `# Feature:` heading and the first rule or scenario: the story,
    /// where it comes from, and the decisions the scenarios rest on.
    public let preamble: String
    public let scenarios: [Scenario]

    public init(title: String, file: String, preamble: String = "", scenarios: [Scenario]) {
        self.title = title
        self.file = file
        self.preamble = preamble
        self.scenarios = scenarios
    }

    /// The features in the order `readme` names their files (`todo-list.feature.md`), as a
    /// newcomer reads them; any it does not name come last, in the order given.
    public static func inOrder(_ features: [Feature], listedIn readme: String) -> [Feature] {
        func place(_ feature: Feature) -> Int {
            let name = (feature.file as NSString).lastPathComponent
            return readme.range(of: "`\(name)`").map { readme.distance(from: readme.startIndex, to: $0.lowerBound) } ?? Int.max
        }
        return features.enumerated().sorted { (place($0.element), $0.offset) < (place($1.element), $1.offset) }.map(\.element)
    }
}

/// A scenario of a feature file, as its test and the report name it: by its ID.
public struct Scenario: Equatable, Sendable {
    /// The stable ID its tag gives, such as `TL-5`.
    public let id: String
    public let title: String
    public let rule: String?
    public let tags: [String]
    /// What the scenario says before its steps: why it is so, or what its test needs.
    public let description: String
    public let steps: [Step]
    /// The rows of its Examples tables, heading row first.
    public let examples: [[String]]
    public let line: Int
}

/// A Given, When, Then, And or But line, with the table or doc string that follows it.
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

/// Reads the Markdown-with-Gherkin dialect of `Specs/`, strictly. Anything it does not
/// understand is an error naming the file and line, never skipped: a reader that quietly drops
/// a scenario GitHub still shows (an indented heading, one inside a fenced block) would report
/// it as nothing at all, and the report would look greener than it is.
public enum GherkinParser {
    /// Reads one feature file; `file` names it in errors and in the report.
    public static func parse(_ text: String, file: String) throws(GherkinError) -> Feature {
        var parser = State(file: file)
        // A byte order mark some editors write first is no part of the text.
        let lines = (text.first == "\u{FEFF}" ? String(text.dropFirst()) : text).lines.map(String.init)
        for (index, line) in lines.enumerated() {
            try parser.read(line, number: index + 1)
        }
        return try parser.finish()
    }

    /// Reads every feature file of a folder, and refuses an ID that two of them use: a test
    /// named by it would cover two scenarios at once.
    public static func parse(files: [(name: String, text: String)]) throws(GherkinError) -> [Feature] {
        var features: [Feature] = []
        var seen: [String: String] = [:]
        for file in files {
            let feature = try parse(file.text, file: file.name)
            for scenario in feature.scenarios {
                if let first = seen[scenario.id] {
                    throw GherkinError(file: file.name, line: scenario.line, message: "the ID \(scenario.id) is already used at \(first)")
                }
                seen[scenario.id] = "\(file.name):\(scenario.line)"
            }
            features.append(feature)
        }
        return features
    }

    private static let stepKeywords = ["Given", "When", "Then", "And", "But"]

    /// `TL-5`: capitals, a hyphen, a number.
    static func isScenarioID(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = parts[0].first, first.isASCII && first.isUppercase,
              parts[0].allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }),
              parts[1].first.map({ $0 != "0" }) == true, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return true
    }

    /// The highest number an ID may have: six digits keep IDs short, and no spec comes near it.
    public static let lastNumber = 999_999

    /// The number of an ID (`TL-5`: 5), for keeping them in order.
    static func number(of id: String) -> Int {
        Int(id.drop { $0 != "-" }.dropFirst()) ?? 0
    }

    private struct State {
        let file: String
        var featureTitle: String?
        var preamble: [String] = []
        var inPreamble = false
        var rule: String?
        var pendingTags: (tags: [String], line: Int)?
        var scenarios: [Scenario] = []
        var current: Draft?
        /// In a Background, whether it has a step yet (its steps are read past, not kept, but a doc
        /// string still needs one before it); nil outside one.
        var backgroundHasStep: Bool?
        /// An open fenced block: a step's doc string, or (`isProse`) a block in the story's words;
        /// `fence` is what opened it, ``` or ~~~, the only thing that closes it. `container`: the
        /// columns of the step's list item it is indented under (2), or 0 outside one.
        var docString: (lines: [String], opened: Int, isProse: Bool, fence: String, container: Int)?
        /// The line an HTML comment opened on, while it is open: GitHub shows nothing of it.
        var commentOpened: Int?
        /// Another HTML block, while it is open: the line it opened on, and what ends it (a closing
        /// tag, `?>`…; nil for a blank line). GitHub shows what it holds as HTML, not as Markdown.
        var htmlBlock: (opened: Int, end: String?)?
        /// Whether the line before was blank: most HTML blocks cannot start inside a paragraph.
        var previousBlank = true
        /// The line before, as written: a line of = or - under it may make it a heading.
        var previousLine = ""
        /// Whether the line before ended a block (a heading, a fence, a comment): a line after it
        /// starts one of its own, where after text it would go on with that text.
        var previousEndedBlock = true
        /// The column the text of a list item in the story or a rule's words starts at, while
        /// the item is open: a fence indented under it is in it, and ends with it.
        var proseItem: Int?
        /// The last ID of each prefix in the same rule: the next of that prefix must be greater.
        /// IDs of two prefixes (a feature told by two stories) have no order between them.
        var previousInRule: [Substring: String] = [:]
        /// Whether the feature, or the rule being read, has its Background: Gherkin gives each one.
        var hasBackground = false
        /// The line of each scenario's heading so far, by its ID: an ID names one scenario.
        var headingOf: [String: Int] = [:]

        init(file: String) {
            self.file = file
        }

        struct Draft {
            var id: String
            var title: String
            var rule: String?
            var tags: [String]
            var description: [String] = []
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
            var endsBlock = false
            defer { (previousBlank, previousLine, previousEndedBlock) = (line.isEmpty, line, endsBlock) }
            if var open = docString {
                if !line.isEmpty && Self.columns(of: line) < open.container {
                    let item = open.isProse ? "list item" : "step"
                    throw error(number, "a line less indented than its \(item), in the \(open.isProse ? "fenced block" : "doc string") opened on line "
                                + "\(open.opened): GitHub ends the block before it; indent the block's lines, and its closing fence, under the \(item)")
                }
                if Self.closes(line, open.fence, container: open.container) {
                    if open.isProse {
                        if inPreamble { preamble.append(raw) }
                    } else {
                        attachDocString(open.lines.joined(separator: "\n"))
                    }
                    docString = nil
                    endsBlock = true
                } else {
                    if Self.looksLikeScenario(line.trimmingLeadingSpaces()) {
                        throw error(number, "a scenario inside a fenced block; GitHub shows it as text, and it would have no test")
                    }
                    open.lines.append(raw)
                    docString = open
                    if open.isProse && inPreamble { preamble.append(raw) }
                }
                return
            }
            if let opened = commentOpened {
                if line.contains("-->") {
                    commentOpened = nil
                    endsBlock = true
                } else if Self.looksLikeScenario(line.trimmingLeadingSpaces()) {
                    throw error(number, "a scenario inside an HTML comment (opened on line \(opened)); GitHub hides it, and it would have no test")
                }
                return
            }
            if line.trimmingLeadingSpaces().hasPrefix("<!--") {
                // The end may overlap the start: `<!-->` and `<!--->` are whole comments.
                if !line.contains("-->") { commentOpened = number } else { endsBlock = true }
                return
            }
            if let open = htmlBlock {
                if Self.looksLikeScenario(line.trimmingLeadingSpaces()) {
                    throw error(number, "a scenario inside an HTML block (opened on line \(open.opened)); GitHub shows it as HTML, and it would have no test")
                }
                if open.end.map({ line.lowercased().contains($0) }) ?? line.isEmpty { htmlBlock = nil }
            } else if Self.columns(of: line) < 4, let end = Self.htmlBlockEnd(opening: line.trimmingLeadingSpaces(), afterBlank: previousBlank || previousEndedBlock) {
                if !(end.map { line.lowercased().dropFirst(Self.columns(of: line) + 1).contains($0) } ?? false) { htmlBlock = (number, end) }
            }
            if Self.isUnderline(line), Self.insideQuoteOrListItem(previousLine) == nil, Self.columns(of: previousLine) < 4,
               Self.looksLikeScenario("## " + previousLine.trimmingLeadingSpaces()) || Self.looksLikeScenario("# " + previousLine.trimmingLeadingSpaces()) {
                throw error(number - 1, "a heading underlined with = or -: GitHub shows it as a heading, which is read only as # Feature: or ## Scenario:")
            }
            if let inner = Self.insideQuoteOrListItem(line), Self.looksLikeScenario(inner) {
                throw error(number, "a scenario inside a block quote or a list item; GitHub shows it there, and it would have no test")
            }
            if line.isEmpty {
                if inPreamble { preamble.append("") }
                if current?.steps.isEmpty == true && current?.description.isEmpty == false { current?.description.append("") }
                return
            }
            let indent = Self.columns(of: line)
            let unindented = line.trimmingLeadingSpaces()
            let hashes = unindented.prefix { $0 == "#" }.count
            let isHeading = (1...6).contains(hashes) && unindented.dropFirst(hashes).first.map { $0 == " " || $0 == "\t" } == true
            if indent > 0 && indent < 4 && (isHeading || Self.tags(in: unindented) != nil) {
                throw error(number, "a heading or tag line indented by \(indent) space\(indent == 1 ? "" : "s"); GitHub still shows it, "
                            + "so write it at the start of the line")
            }
            if let tags = Self.tags(in: line) {
                // Straight after text, a step or a table row, GitHub shows them as part of it.
                guard previousBlank || previousEndedBlock else {
                    throw error(number, "tags straight after a line of text, a step or a table: GitHub shows them as part of it; "
                                + "leave a blank line above them")
                }
                guard pendingTags == nil else { throw error(number, "two tag lines in a row; tags go on one line above a Scenario") }
                pendingTags = (tags, number)
                return
            }
            if let meant = Self.tagsMeant(by: line) {
                let bare = line.hasPrefix("@") ? line.prefix { $0 != " " && $0 != "\t" && $0 != "," } : nil
                throw error(number, "tags go between backticks, one pair each, as \(meant)"
                            + (bare.map { "; GitHub shows \($0) as a mention of a person" } ?? ", with spaces between them"))
            }
            // A heading as GitHub shows it, however many spaces or tabs follow its #s.
            let heading = isHeading ? String(repeating: "#", count: hashes) + " " + String(unindented.dropFirst(hashes)).trimmingLeadingSpaces() : line
            if let pending = pendingTags, !heading.hasPrefix("## Scenario") && !heading.hasPrefix("## Example:") {
                throw error(pending.line, "tags must be followed by a Scenario heading")
            }
            if isHeading && indent == 0 {
                proseItem = nil
                endsBlock = true
                return try self.heading(heading, number: number)
            }
            // A fence indented two columns or more, after a step, is in the step's list item; one
            // in the story indented under a list item's text, in that item.
            let inProse = current == nil && backgroundHasStep == nil
            if inProse, let start = Self.listItemText(line) {
                proseItem = start
            } else if inProse, let start = proseItem, Self.columns(of: line) < start, previousBlank || Self.fence(opening: line, container: 0) != nil {
                proseItem = nil
            }
            let afterStep = current?.steps.isEmpty == false || backgroundHasStep == true
            let container = inProse ? proseItem.map { Self.columns(of: line) >= $0 ? $0 : 0 } ?? 0 : afterStep && Self.columns(of: line) >= 2 ? 2 : 0
            if let fence = Self.fence(opening: line, container: container) {
                if inProse {
                    // A fenced block in the story or a rule's words: text, as long as it hides no scenario.
                    if inPreamble { preamble.append(raw) }
                    docString = ([], number, true, fence, container)
                    return
                }
                guard current?.steps.isEmpty == false || (current == nil && backgroundHasStep == true) else {
                    throw error(number, "a doc string must follow a step")
                }
                docString = ([], number, false, fence, container)
                return
            }
            if line.trimmingLeadingSpaces().hasPrefix("|") {
                return try tableRow(line.trimmingLeadingSpaces(), number: number)
            }
            // A list item: its marker, then spaces or a tab, as Markdown reads one.
            if line.hasPrefix("*") || line.hasPrefix("-"), let gap = line.dropFirst().first, gap == " " || gap == "\t" {
                return try listItem(String(line.dropFirst(2).drop { $0 == " " || $0 == "\t" }), raw: raw, number: number)
            }
            if indent >= 4, proseItem != nil || backgroundHasStep == true, Self.looksLikeScenario(unindented) {
                throw error(number, "a scenario indented under a list item or a step; GitHub shows it inside it, and it would have no test")
            }
            if indent >= 2, current?.steps.isEmpty == false, current?.inExamples == false {
                if Self.looksLikeScenario(line.trimmingLeadingSpaces()) {
                    throw error(number, "a scenario indented under a step; GitHub shows it as part of the step, and it would have no test")
                }
                appendToLastStep(line.trimmingLeadingSpaces())
                return
            }
            if let current, !current.steps.isEmpty || current.inExamples {
                throw error(number, "text after the steps of scenario \(current.id); a step starts with * or -")
            }
            if inPreamble { preamble.append(raw) }
            current?.description.append(line)
        }

        /// The fence a line opens a block with: three or more backticks, or tildes, indented at
        /// most three columns past `container`, as Markdown reads them (backticks after a backtick
        /// fence make it inline code instead; four columns more make a line of code).
        static func fence(opening line: String, container: Int) -> String? {
            guard columns(of: line) - container <= 3 else { return nil }
            let text = line.trimmingLeadingSpaces()
            guard let mark = text.first, mark == "`" || mark == "~" else { return nil }
            let run = text.prefix { $0 == mark }
            guard run.count >= 3, mark == "~" || !text.dropFirst(run.count).contains("`") else { return nil }
            return String(run)
        }

        /// Whether `line` closes the block `fence` opened: its mark, at least as many, and nothing
        /// after them, indented at most three columns past `container`; a shorter run, one with
        /// words, or one indented more, is a line of the block.
        static func closes(_ line: String, _ fence: String, container: Int) -> Bool {
            guard columns(of: line) - container <= 3 else { return false }
            let text = line.trimmingLeadingSpaces()
            let run = text.prefix { fence.contains($0) }
            return run.count >= fence.count && run.count == text.count
        }

        /// What ends the HTML block `text` opens, as GitHub's reader (CommonMark 0.29) has it: a
        /// closing tag, `?>`, `>` or `]]>`, or (`.some(nil)`) a blank line; nil when the line opens
        /// none. A lone tag opens one only after a blank line, as it cannot interrupt a paragraph.
        static func htmlBlockEnd(opening text: String, afterBlank: Bool) -> String?? {
            guard text.hasPrefix("<") else { return nil }
            let lower = text.lowercased()
            if lower.hasPrefix("<?") { return .some("?>") }
            if lower.hasPrefix("<![cdata[") { return .some("]]>") }
            if lower.hasPrefix("<!"), lower.dropFirst(2).first?.isLetter == true { return .some(">") }
            let isClosing = lower.hasPrefix("</")
            let name = String(lower.dropFirst(isClosing ? 2 : 1).prefix { $0.isLetter || $0.isNumber || $0 == "-" })
            let rest = lower.dropFirst((isClosing ? 2 : 1) + name.count)
            // The name ends where the tag does, or its attributes start.
            guard name.first?.isLetter == true, rest.isEmpty || rest.first == " " || rest.first == "\t" || rest.hasPrefix(">") || rest.hasPrefix("/>")
            else { return nil }
            if !isClosing, ["pre", "script", "style"].contains(name), !rest.hasPrefix("/>") { return .some("</\(name)>") }
            if htmlBlockTags.contains(name) { return .some(nil) }
            // Any other tag alone on its line.
            return afterBlank && lower.hasSuffix(">") && lower.filter({ $0 == ">" }).count == 1 ? .some(nil) : nil
        }

        /// The tags that open an HTML block, as GitHub's reader (CommonMark 0.29) has them.
        static let htmlBlockTags: Set<String> = [
            "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup", "dd",
            "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset",
            "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link", "main", "menu",
            "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "section", "source", "summary", "table", "tbody",
            "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
        ]

        /// A heading's text as Markdown shows it: without the spaces around it, or a closing run
        /// of #s after a space (`## Scenario: x ##` is "x").
        static func headingText(_ text: String) -> String {
            var text = Substring(text.trimmingLeadingSpaces())
            if text.allSatisfy({ $0 == "#" }) { return "" }
            if let last = text.lastIndex(where: { $0 != "#" }), last < text.index(before: text.endIndex), text[last] == " " || text[last] == "\t" {
                text = text[..<last]
            }
            return String(text).trimmingTrailingSpaces()
        }

        /// Whether a line is all = or all - (three spaces before them at most): under a line of
        /// text, it makes that text a heading.
        static func isUnderline(_ line: String) -> Bool {
            let text = line.trimmingLeadingSpaces()
            guard columns(of: line) < 4, let mark = text.first, mark == "=" || mark == "-" else { return false }
            return text.allSatisfy { $0 == mark }
        }

        /// The column the text of the list item `line` opens starts at (after `- `, `1. `…); nil
        /// when it opens none.
        static func listItemText(_ line: String) -> Int? {
            let indent = columns(of: line)
            let text = line.trimmingLeadingSpaces()
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            let marker = digits.isEmpty ? (text.first.map { "-+*".contains($0) } == true ? 1 : 0)
                : (digits.count <= 9 && [".", ")"].contains(text.dropFirst(digits.count).first) ? digits.count + 1 : 0)
            guard marker > 0, indent < 4 else { return nil }
            let gap = text.dropFirst(marker).prefix { $0 == " " }.count
            guard gap > 0, gap < text.count - marker else { return nil }
            // Five spaces or more start indented code: the text starts one space after the marker.
            return indent + marker + (gap > 4 ? 1 : gap)
        }

        /// What a line holds inside the block quotes and list items it opens (`> `, `- `, `1. `),
        /// nil when it opens none: a scenario there is shown by GitHub inside them.
        static func insideQuoteOrListItem(_ line: String) -> String? {
            var text = Substring(line.trimmingLeadingSpaces())
            var opened = false
            while true {
                if text.hasPrefix(">") {
                    text = text.dropFirst()
                } else if let marker = text.first, "-+*".contains(marker), text.dropFirst().first == " " || text.dropFirst().first == "\t" {
                    text = text.dropFirst(2)
                } else if let digits = Optional(text.prefix { $0.isASCII && $0.isNumber }), (1...9).contains(digits.count),
                          let mark = text.dropFirst(digits.count).first, mark == "." || mark == ")",
                          text.dropFirst(digits.count + 1).first == " " || text.dropFirst(digits.count + 1).first == "\t" {
                    text = text.dropFirst(digits.count + 2)
                } else {
                    break
                }
                opened = true
                text = text.drop { $0 == " " || $0 == "\t" }
            }
            return opened ? String(text) : nil
        }

        /// The columns a line is indented by, a tab taking it to the next multiple of four, as
        /// Markdown counts them.
        static func columns(of line: String) -> Int {
            var columns = 0
            for character in line {
                guard character == " " || character == "\t" else { break }
                columns = character == " " ? columns + 1 : columns + 4 - columns % 4
            }
            return columns
        }

        /// The tag line a line was meant to be, when GitHub would not show it as tags: a line of
        /// tags without backticks that names a scenario's ID, or tags run together with commas.
        static func tagsMeant(by line: String) -> String? {
            let words = line.split { $0 == " " || $0 == "\t" || $0 == "," }.map { $0.filter { $0 != "`" } }
            guard !words.isEmpty, words.allSatisfy({ $0.count > 1 && $0.hasPrefix("@") }),
                  line.hasPrefix("`@") || line.hasPrefix("@") && words.contains(where: { GherkinParser.isScenarioID(String($0.dropFirst())) })
            else { return nil }
            return words.map { "`\($0)`" }.joined(separator: " ")
        }

        /// A line that, outside a fenced block, would be a scenario's heading or its ID tag.
        static func looksLikeScenario(_ text: String) -> Bool {
            text.hasPrefix("## Scenario") || text.hasPrefix("## Example") || text.hasPrefix("# Feature")
                || tags(in: text)?.contains(where: GherkinParser.isScenarioID) == true
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
            let title = Self.headingText(String(line.dropFirst(match.prefix.count)))
            switch match.keyword {
            case "Feature":
                guard featureTitle == nil else { throw error(number, "a second # Feature: heading; one feature per file") }
                featureTitle = title
                inPreamble = true
            case "Rule":
                try closeScenario()
                rule = title
                previousInRule = [:]
                hasBackground = false
                backgroundHasStep = nil
                inPreamble = false
            case "Background":
                guard !hasBackground else { throw error(number, "a second Background in the \(rule == nil ? "feature" : "rule"); each has one") }
                hasBackground = true
                try closeScenario()
                backgroundHasStep = false
                inPreamble = false
            case "Examples":
                guard current != nil else { throw error(number, "Examples outside a Scenario Outline") }
                current?.inExamples = true
            default:
                guard featureTitle != nil else { throw error(number, "a scenario before the # Feature: heading") }
                guard !title.isEmpty else { throw error(number, "a scenario with no title: say what it shows after \(match.prefix)") }
                try closeScenario()
                backgroundHasStep = nil
                inPreamble = false
                guard let pending = pendingTags else {
                    throw error(number, "scenario \"\(title)\" has no ID tag on the line above, such as `@TL-1`")
                }
                let ids = pending.tags.filter(GherkinParser.isScenarioID)
                guard !ids.isEmpty else {
                    throw error(pending.line, "the tags of scenario \"\(title)\" hold no ID such as TL-1")
                }
                guard ids.count == 1 else {
                    throw error(pending.line, "the tags of scenario \"\(title)\" hold more than one ID: "
                                + ids.joined(separator: ", ") + "; a scenario has one")
                }
                let id = ids[0]
                guard Int(id.drop { $0 != "-" }.dropFirst()).map({ $0 <= GherkinParser.lastNumber }) == true else {
                    throw error(pending.line, "the number of \(id) has more than six digits; IDs count up from 1")
                }
                if let first = headingOf[id] {
                    throw error(number, "the ID \(id) is used twice (first on line \(first))")
                }
                headingOf[id] = number
                let prefix = id.prefix { $0 != "-" }
                if let previous = previousInRule[prefix], GherkinParser.number(of: id) <= GherkinParser.number(of: previous) {
                    throw error(number, "\(id) comes after \(previous); scenarios go in the order of their IDs"
                                + (rule == nil ? "" : " within a rule"))
                }
                previousInRule[prefix] = id
                current = Draft(id: id, title: title, rule: rule, tags: pending.tags, line: number)
                pendingTags = nil
            }
        }

        mutating func listItem(_ item: String, raw: String, number: Int) throws(GherkinError) {
            let keyword = GherkinParser.stepKeywords.first { item.hasPrefix($0 + " ") }
            guard current != nil || backgroundHasStep != nil else {
                if keyword != nil { throw error(number, "a step outside a scenario; steps follow a ## Scenario: heading") }
                if inPreamble { preamble.append(raw) }
                return
            }
            guard let keyword else {
                throw error(number, "a step must start with Given, When, Then, And or But: \"\(item)\"")
            }
            guard current?.inExamples != true else { throw error(number, "a step after the Examples of \(current!.id)") }
            let step = Step(keyword: keyword, text: String(item.dropFirst(keyword.count + 1)), table: [], docString: nil)
            if current != nil {
                current?.steps.append(step)
            } else {
                backgroundHasStep = true
            }
        }

        mutating func tableRow(_ line: String, number: Int) throws(GherkinError) {
            guard line.hasSuffix("|") else { throw error(number, "a table row must end with |") }
            let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { String($0).trimmingLeadingSpaces().trimmingTrailingSpaces() }
            if cells.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 == "-" || $0 == ":" } }) { return }
            guard var draft = current else {
                if backgroundHasStep != nil { return }
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

        /// Ends the scenario being read: one without a Then says nothing a test could check.
        mutating func closeScenario() throws(GherkinError) {
            if let draft = current {
                guard draft.steps.contains(where: { $0.keyword == "Then" }) else {
                    throw error(draft.line, "scenario \(draft.id) has no Then: nothing in it says what a test should see")
                }
                scenarios.append(Scenario(id: draft.id, title: draft.title, rule: draft.rule, tags: draft.tags,
                                          description: draft.description.joined(separator: "\n")
                                              .trimmingCharacters(in: .whitespacesAndNewlines), steps: draft.steps,
                                          examples: draft.examples, line: draft.line))
            }
            current = nil
        }

        mutating func finish() throws(GherkinError) -> Feature {
            if let open = docString { throw error(open.opened, "a doc string that is never closed") }
            if let opened = commentOpened { throw error(opened, "an HTML comment that is never closed; GitHub hides all that follows it") }
            if let pending = pendingTags { throw error(pending.line, "tags must be followed by a Scenario heading") }
            try closeScenario()
            guard let title = featureTitle else { throw error(1, "no # Feature: heading") }
            let text = preamble.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            return Feature(title: title, file: file, preamble: text, scenarios: scenarios)
        }

        /// `` `@TL-5` `` or `` `@TL-5` `@slow` ``: the tags, without @; nil for any other line.
        static func tags(in line: String) -> [String]? {
            guard line.hasPrefix("`@") else { return nil }
            var tags: [String] = []
            for word in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                guard word.count > 3, word.hasPrefix("`@"), word.hasSuffix("`"), !word.dropFirst(2).dropLast().contains("`") else { return nil }
                tags.append(String(word.dropFirst(2).dropLast()))
            }
            return tags
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
