/// Which scenario IDs each test names, read from the test sources: `@Test("TL-5 …") func name(`
/// in `struct Type`. The results name a test by `Module.Type` and `name(labels:)`; this joins them.
/// Suites are the types declared at the start of a line; a type indented inside one is a helper.
///
/// Only tests that run count: a test in a comment (`//`, `/* */`) or in an `#if false` block is
/// no test, and one with a `.disabled` trait is marked so, for the report to call skipped.
public struct TestIndex: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public let type: String
        public let function: String
        public let ids: [String]
        public let displayName: String
        /// The test carries a `.disabled` trait: it never runs, so it covers nothing.
        public let isDisabled: Bool
        /// The test source it is in, as `add(source:file:)` was given it.
        public let file: String

        public init(type: String, function: String, ids: [String], displayName: String, isDisabled: Bool = false, file: String = "") {
            self.type = type
            self.function = function
            self.ids = ids
            self.displayName = displayName
            self.isDisabled = isDisabled
            self.file = file
        }
    }

    public private(set) var entries: [Entry] = []

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Adds the tests of one source file; `file` names it, for pointing a newcomer at it.
    public mutating func add(source: String, file: String = "") {
        let source = Self.code(of: source)
        let typePattern = #/(?m)^(?:@\w+(?:\([^)\n]*\))?[ \t]+)*(?:(?:public|private|fileprivate|internal|final)[ \t]+)*(?:struct|class|enum|actor)[ \t]+(\w+)/#
        let types = source.matches(of: typePattern).map { (position: $0.range.lowerBound, name: String($0.output.1)) }
        let testPattern = #/@Test\(\s*"((?:[^"\\]|\\.)*)"([\s\S]*?)func\s+(\w+|`[^`]+`)\s*\(/#
        for match in source.matches(of: testPattern) {
            let display = String(match.output.1)
            let type = types.last { $0.position < match.range.lowerBound }?.name ?? ""
            entries.append(Entry(type: type, function: String(match.output.3), ids: Self.ids(in: display), displayName: display,
                                 isDisabled: match.output.2.contains(".disabled"), file: file))
        }
        let rawPattern = #/@Test(\((?:[^()]|\([^()]*\))*\))?\s+func\s+`([^`]+)`\s*\(/#
        for match in source.matches(of: rawPattern) {
            let display = String(match.output.2)
            let type = types.last { $0.position < match.range.lowerBound }?.name ?? ""
            entries.append(Entry(type: type, function: "`\(display)`", ids: Self.ids(in: display), displayName: display,
                                 isDisabled: match.output.1?.contains(".disabled") == true, file: file))
        }
    }

    /// The IDs a test's name starts with: `TL-5 …`, or `TL-5 TL-6 …` and `TL-5, TL-6 …` for a
    /// test of two scenarios.
    public static func ids(in name: String) -> [String] {
        var ids: [String] = []
        for word in name.split(whereSeparator: { $0 == " " || $0 == "," }) {
            guard GherkinParser.isScenarioID(String(word)) else { break }
            ids.append(String(word))
        }
        return ids
    }

    /// The tests naming `id`.
    public func tests(of id: String) -> [Entry] {
        entries.filter { $0.ids.contains(id) }
    }

    /// The IDs that tests which run name.
    public var coveredIDs: Set<String> {
        Set(entries.filter { !$0.isDisabled }.flatMap(\.ids))
    }

    /// The source as the compiler sees it: comments blanked out (strings kept, so a `//` in a
    /// test's name is not taken for one), and the lines between `#if false` and its `#endif` dropped.
    static func code(of source: String) -> String {
        let text = Array(source)
        var code = ""
        code.reserveCapacity(text.count)
        var index = 0
        func starts(_ literal: String, at position: Int) -> Bool {
            let characters = Array(literal)
            return position + characters.count <= text.count && Array(text[position..<(position + characters.count)]) == characters
        }
        while index < text.count {
            if starts("\"\"\"", at: index) {
                // A multi-line string, up to its closing quotes: text, not code, so a test's
                // source held in one (a fixture) is not taken for a test. Its lines are kept.
                var end = index + 3
                while end < text.count && !starts("\"\"\"", at: end) { end += text[end] == "\\" ? 2 : 1 }
                end = min(end + 3, text.count)
                code.append(contentsOf: text[index..<end].map { $0 == "\n" ? "\n" : " " })
                index = end
            } else if text[index] == "\"" {
                var end = index + 1
                while end < text.count && text[end] != "\"" && text[end] != "\n" { end += text[end] == "\\" ? 2 : 1 }
                end = min(end + 1, text.count)
                code.append(contentsOf: text[index..<end])
                index = end
            } else if starts("//", at: index) {
                while index < text.count && text[index] != "\n" { index += 1 }
            } else if starts("/*", at: index) {
                var depth = 0
                repeat {
                    if starts("/*", at: index) { depth += 1; index += 2 } else if starts("*/", at: index) { depth -= 1; index += 2 } else {
                        if text[index] == "\n" { code.append("\n") }
                        index += 1
                    }
                } while depth > 0 && index < text.count
                code.append(" ")
            } else {
                code.append(text[index])
                index += 1
            }
        }
        return withoutFalseBlocks(code)
    }

    /// Drops the lines from `#if false` to its `#endif` (nested `#if`s counted).
    private static func withoutFalseBlocks(_ code: String) -> String {
        var kept: [Substring] = []
        var depth = 0
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            let directive = line.drop { $0 == " " || $0 == "\t" }
            if depth > 0 {
                if directive.hasPrefix("#if") { depth += 1 }
                if directive.hasPrefix("#endif") { depth -= 1 }
                // `#else` of the `#if false` itself: what follows is compiled.
                if depth == 1 && directive.hasPrefix("#else") { depth = 0 }
                kept.append("")
            } else if directive.hasPrefix("#if false") || directive.hasPrefix("#if 0") {
                depth = 1
                kept.append("")
            } else {
                kept.append(line)
            }
        }
        return kept.joined(separator: "\n")
    }
}
