import Testing
import TextSearch

@Suite("Text with case and accents folded out")
struct FoldedTextTests {
    @Test("Texts that differ only in case or accents fold to the same", arguments: [
        ("Ávila", "avila"), ("ZOË", "zoe"), ("Straße", "STRASSE"), ("Cafe\u{301}", "café"), ("Núñez", "nunez"),
    ])
    func sameWhenFolded(one: String, other: String) {
        #expect(FoldedText(one) == FoldedText(other))
    }

    /// The order of people's last names: the Latin alphabet once case and accents are out, the
    /// same in every language; a letter with no accent to drop sorts after "z" (users.feature.md).
    @Test("Folded texts sort in alphabetical order, letters without an accent to drop after z", arguments: [
        ("Ávila", "baker"), ("baker", "Costa"), ("Adams", "Ádamson"), ("Zelfde", "Æbelø"), ("Zelfde", "Øster"), ("Ng", "Núñez"),
    ])
    func sortedOrder(first: String, second: String) {
        #expect(FoldedText(first) < FoldedText(second))
        #expect(!(FoldedText(second) < FoldedText(first)))
    }

    @Test("A folded text contains another as a search finds it", arguments: [
        ("Buy oat milk", "MILK", true), ("Zoë Adams", "zoe a", true), ("Straße", "ss", true), ("milk", "milks", false), ("a", "", true),
    ])
    func contains(text: String, part: String, found: Bool) {
        #expect(FoldedText(text).contains(FoldedText(part)) == found)
    }

    /// Short texts over three letters, every query against every text: whatever the search
    /// does inside, it answers as comparing at every place does.
    @Test("A folded text contains another exactly where comparing at every place finds it")
    func containsAsComparingEverywhere() {
        var texts: [String] = [""]
        for _ in 1...6 { texts = texts + texts.flatMap { text in ["a", "b", "á"].map { text + $0 } } }
        let short = Array(Set(texts)).filter { $0.count <= 6 }
        for text in short.prefix(400) {
            for query in short.filter({ $0.count <= 4 }).prefix(120) {
                let folded = Array(FoldedText(text).scalars), part = Array(FoldedText(query).scalars)
                let everywhere = part.isEmpty || part.count <= folded.count
                    && (0...(folded.count - part.count)).contains { Array(folded[$0..<($0 + part.count)]) == part }
                #expect(FoldedText(text).contains(FoldedText(query)) == everywhere, "\(query) in \(text)")
            }
        }
    }

    /// Compared at every place, this takes 100,000 × 300,000 steps: hours, where it must take
    /// a moment (the time limit stops a search that multiplies).
    @Test("A long query in a long title is answered at once", .timeLimit(.minutes(1)), arguments: [true, false])
    func longQuery(accented: Bool) {
        let letter = accented ? "á" : "a"
        let title = String(repeating: letter, count: 300_000) + "b"
        let query = String(repeating: letter, count: 100_000) + "b"
        #expect(TextQuery(query).isFound(in: title))
        #expect(!TextQuery(query + "c").isFound(in: title))
    }
}
