/// A title as typed, with the words that plan the to-do taken out of it: `+WORD` is a tag.
/// What is left, trimmed, is the title.
public struct TitleWords: Sendable, Equatable {
    public let title: String
    public let plan: TodoPlan

    public init(_ typed: String) {
        var tags: [String] = []
        var kept: [Substring] = []
        for word in typed.split(separator: " ", omittingEmptySubsequences: false) {
            if let tag = Self.tag(word) {
                if !tags.contains(where: { $0.lowercased() == tag.lowercased() }) { tags.append(tag) }
            } else {
                kept.append(word)
            }
        }
        title = kept.joined(separator: " ")
        plan = TodoPlan(tags: tags)
    }

    /// The tag a word names: `+`, a letter, then letters, digits, `-` or `_`.
    static func tag(_ word: Substring) -> String? {
        guard word.first == "+", let first = word.dropFirst().first, first.isLetter,
              word.dropFirst(2).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
        return String(word.dropFirst())
    }
}
