/// How many columns of a terminal text takes, counted as terminals draw it, so that a title
/// wraps where the terminal would wrap it, a message fits its line, and the prompt's cursor
/// stays where it is drawn. Each character as the user sees it (a grapheme cluster) takes two
/// columns when it is East Asian wide or fullwidth (李, 한, ａ), an emoji drawn as one (😀, and 🏋
/// once the variation selector U+FE0F asks for its emoji form), a sequence of emoji joined by
/// U+200D (👩‍👩‍👧, one glyph) or a flag; none when it is only marks that combine with the letter
/// before it; one otherwise.
enum DisplayWidth {
    /// The columns `text` takes. The escape sequences todo writes itself (`ESC[2m`, colour)
    /// take none: text from outside is escaped before it is measured.
    static func of(_ text: String) -> Int {
        // Most text is printable ASCII: one column a byte.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                inEscape = !character.isLetter
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += of(character)
            }
        }
        return width
    }

    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.isEmojiPresentation || isWide(first.value) { return 2 }
        if scalars.count > 1 && first.properties.isEmoji && scalars.contains(where: { $0 == "\u{FE0F}" || $0 == "\u{200D}" }) {
            return 2
        }
        return scalars.allSatisfy(takesNoColumn) ? 0 : 1
    }

    /// `text` broken between words into lines of at most `width` columns; a word longer than a
    /// line is broken between its characters. Every line holds at least one character, however
    /// narrow the width.
    static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = of(String(word))
            if !line.isEmpty && used + 1 + wordWidth > width {
                lines.append(line)
                (line, used) = ("", 0)
            } else if !line.isEmpty {
                line += " "
                used += 1
            }
            if wordWidth <= width - used {
                line += word
                used += wordWidth
                continue
            }
            for character in word {
                let columns = of(character)
                if used > 0 && used + columns > width {
                    lines.append(line)
                    (line, used) = ("", 0)
                }
                line.append(character)
                used += columns
            }
        }
        lines.append(line)
        return lines
    }

    /// `text` in at most `columns` columns: whole when it fits, else its start, up to the end
    /// of a word where it ends in a space, and `…`.
    static func shortened(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        var kept = ""
        var used = 0
        for character in text {
            let width = of(character)
            guard used + width <= columns - 1 else { break }
            kept.append(character)
            used += width
        }
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }

    /// East Asian wide and fullwidth characters that are not emoji (those have their own
    /// property), from Unicode's EastAsianWidth.txt; code points not yet given out within these
    /// blocks are taken as wide, as the file says.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6,
             0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60,
             0xFFE0...0xFFE6, 0x16FE0...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// Marks drawn on the character before them, joiners and selectors, and the vowels and
    /// finals that a Hangul syllable's first letter carries.
    private static func takesNoColumn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: true
        default: (0x1160...0x11FF).contains(scalar.value)
        }
    }
}
