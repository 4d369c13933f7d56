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
}
