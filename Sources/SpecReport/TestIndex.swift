/// Which scenario IDs each test names, read from the test sources: `@Test("TL-5 …") func name(`
/// in `struct Type`. The results name a test by `Module.Type` and `name(labels:)`; this joins them.
/// Suites are the types declared at the start of a line; a type indented inside one is a helper.
public struct TestIndex: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public let type: String
        public let function: String
        public let ids: [String]
        public let displayName: String
    }

    public private(set) var entries: [Entry] = []

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Adds the tests of one source file.
    public mutating func add(source: String) {
        let typePattern = #/(?m)^(?:@\w+(?:\([^)\n]*\))?[ \t]+)*(?:(?:public|private|fileprivate|internal|final)[ \t]+)*(?:struct|class|enum|actor)[ \t]+(\w+)/#
        let types = source.matches(of: typePattern).map { (position: $0.range.lowerBound, name: String($0.output.1)) }
        let testPattern = #/@Test\(\s*"((?:[^"\\]|\\.)*)"[\s\S]*?func\s+(\w+|`[^`]+`)\s*\(/#
        for match in source.matches(of: testPattern) {
            let display = String(match.output.1)
            let type = types.last { $0.position < match.range.lowerBound }?.name ?? ""
            entries.append(Entry(type: type, function: String(match.output.2), ids: Self.ids(in: display),
                                 displayName: display))
        }
        let rawPattern = #/@Test(?:\([^)]*\))?\s+func\s+`([^`]+)`\s*\(/#
        for match in source.matches(of: rawPattern) {
            let display = String(match.output.1)
            let type = types.last { $0.position < match.range.lowerBound }?.name ?? ""
            entries.append(Entry(type: type, function: "`\(display)`", ids: Self.ids(in: display), displayName: display))
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
}
