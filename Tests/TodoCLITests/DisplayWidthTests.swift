import Testing
@testable import TodoCLI

/// The columns a terminal draws text in, character by character: the rule CLI-43's wrapping,
/// the messages that fit one line and the prompt's cursor stand on.
@Suite("Display widths, as terminals count them")
struct DisplayWidthTests {
    @Test("A character takes the columns a terminal draws it in", arguments: [
        ("a", 1), ("李", 2), ("한", 2), ("ａ", 2), ("ｱ", 1), ("😀", 2), ("🏋", 1), ("🏋\u{FE0F}", 2), ("✔", 1), ("✔\u{FE0F}", 2),
        ("👩\u{200D}👩\u{200D}👧", 2), ("🇫🇷", 2), ("e\u{301}", 1), ("\u{301}", 0), ("\u{200D}", 0), ("1\u{FE0F}\u{20E3}", 2),
        ("\u{1100}\u{1161}", 2), ("〈", 2), ("〿", 1), ("1\u{301}", 1), ("#\u{20E3}", 1),
    ])
    func character(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test("A text takes the columns of its characters, and todo's own escape sequences none")
    func text() {
        #expect(DisplayWidth.of("Buy milk") == 8)
        #expect(DisplayWidth.of("🏋️ 李 gym with 👩‍👩‍👧 and cafe\u{301}") == 26)
        #expect(DisplayWidth.of("\u{1B}[31moverdue 2 days\u{1B}[39m") == 14)
    }

    @Test("Lines break between words, a word longer than a line between its characters, and never hold nothing", arguments: [
        ("Read the whole manual of the new washing machine", 22, ["Read the whole manual", "of the new washing", "machine"]),
        ("李李李 李李", 5, ["李李", "李", "李李"]),
        ("abcdefgh", 3, ["abc", "def", "gh"]),
        ("李a", 1, ["李", "a"]),
        ("", 10, [""]),
        ("Buy  milk", 20, ["Buy  milk"]),
    ])
    func lines(text: String, width: Int, lines: [String]) {
        #expect(DisplayWidth.lines(text, width: width) == lines)
    }
}
