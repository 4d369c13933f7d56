/// Words a person typed to find something, each of which must be there, in any order: "eggs
/// milk" finds "Buy milk and eggs", as todo.txt finds it. Each word is a `TextQuery`, found
/// whatever its case and accents.
public struct WordsQuery: Sendable, Equatable {
    public let words: [TextQuery]

    /// The words of `text`, split at white space; no word at all finds everything.
    public init(_ text: String) {
        words = text.split(whereSeparator: \.isWhitespace).map { TextQuery(String($0)) }
    }

    /// Whether every word is in `candidate`, ignoring case and accents.
    public func isFound(in candidate: String) -> Bool {
        // Each word asked where it lies: a copy of it for each of 100,000 titles costs more than
        // looking for it in a short one.
        for index in words.indices where !words[index].isFound(in: candidate) { return false }
        return true
    }
}
