import Foundation
import Testing
import TextSearch

@Suite("Finding typed text in a title or a name")
struct TextQueryTests {
    static let candidates = [
        "Buy milk", "BUY MILK", "Buy oat milk at 5pm", "Milkwood", "Call Ann", "ann.42@example.com", "Zoë Adams",
        "Café crème", "Cafe\u{301} noir", "Straße", "İstanbul", "東京タワー", "😀 party", "milk 😀", "😀 milk",
        "a\r\nb", "tab\there", "", "m", "mil", "Ærøskøbing", "Ǆemal", "ﬁsh",
    ]

    static let queries = [
        "milk", "MILK", "Milk", "m", "k", "ann", "ANN.42", "@example", "zoe", "ZOË", "cafe", "CAFÉ", "creme",
        "strasse", "straße", "istanbul", "東京", "😀", "party", "b", "\n", "ab", "aerø", "fish", "dzemal",
        "tab\th", "5pm", " ", "x",
    ]

    @Test("Every query finds exactly what Foundation's case- and accent-blind search finds", arguments: queries)
    func sameAsFoundation(query: String) {
        let textQuery = TextQuery(query)
        for candidate in Self.candidates {
            let expected = candidate.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            #expect(textQuery.isFound(in: candidate) == expected, "\(query.debugDescription) in \(candidate.debugDescription)")
        }
    }

    /// Where a search finds more than Foundation's: a letter that folds to two ("ß" to "ss", "ﬁ"
    /// to "fi") is found by either of them, as a user who types "s" expects of "ß"; the dotless
    /// "ı" is found by "i", for a user without a Turkish keyboard; and "ƛ" has a capital since
    /// Unicode 16, which Foundation's data predates.
    static let foundBeyondFoundation: Set<[String]> = [
        ["s", "ß"], ["s", "ẞ"], ["s", "ﬅ"], ["s", "ﬆ"], ["i", "ﬁ"], ["i", "ﬃ"], ["fi", "ﬃ"], ["n", "ŉ"], ["a", "ẚ"],
        ["i", "ı"], ["I", "ı"], ["ı", "i"], ["ı", "I"], ["ı", "fi"], ["ƛ", "Ƛ"], ["Ƛ", "ƛ"],
    ]

    /// Letters of the scripts names are written in, each against the plain letters and its own
    /// other case, both ways: found wherever Foundation's case- and accent-blind search finds it,
    /// and elsewhere only as `foundBeyondFoundation` says.
    @Test("Every accented letter folds as Foundation folds it", arguments: [
        0x00C0...0x024F, 0x0370...0x03FF, 0x0400...0x04FF, 0x1E00...0x1EFF, 0xFB00...0xFB06,
    ])
    func lettersFoldAsFoundationFolds(range: ClosedRange<UInt32>) {
        let letters = range.compactMap(Unicode.Scalar.init).map(String.init)
        let plain = ["a", "e", "i", "o", "u", "c", "n", "s", "z", "ss", "fi", "α", "ε", "ι", "ο", "υ", "ω", "е", "и", "у"]
        for letter in letters {
            for other in plain + [letter.lowercased(), letter.uppercased()] {
                for (query, candidate) in [(letter, other), (other, letter)] {
                    let found = TextQuery(query).isFound(in: candidate)
                    let foundation = candidate.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
                    #expect(found == foundation || (found && Self.foundBeyondFoundation.contains([query, candidate])),
                            "\(query) in \(candidate)")
                }
            }
        }
    }

    @Test("Case and accents do not matter, on either side", arguments: [
        ("zoe", "Zoë Adams", true), ("ZOË", "zoe adams", true), ("milk", "Buy MILK", true), ("cafe", "Café", true),
        ("milk", "Buy oat mil", false), ("ann", "An n", false),
    ])
    func caseAndAccents(query: String, candidate: String, found: Bool) {
        #expect(TextQuery(query).isFound(in: candidate) == found)
    }
}
