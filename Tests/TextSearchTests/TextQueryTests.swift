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

    @Test("Case and accents do not matter, on either side", arguments: [
        ("zoe", "Zoë Adams", true), ("ZOË", "zoe adams", true), ("milk", "Buy MILK", true), ("cafe", "Café", true),
        ("milk", "Buy oat mil", false), ("ann", "An n", false),
    ])
    func caseAndAccents(query: String, candidate: String, found: Bool) {
        #expect(TextQuery(query).isFound(in: candidate) == found)
    }
}
