@_spi(_Unicode) import Swift

/// Text with case and accents taken out, so that texts a person sees as the same word compare
/// equal: "Ávila" and "avila", "Straße" and "STRASSE".
///
/// It folds much as Foundation's case- and accent-blind search does: case mapped fully ("ß" is
/// "ss"), then taken apart into letters and marks (the standard library's canonical
/// decomposition), the accents among the marks dropped; `TextQueryTests` lists where the two
/// differ. Foundation's own search and collation would link its Unicode data, most of `todo`'s
/// size and start-up, into every command.
public struct FoldedText: Sendable, Hashable, Comparable {
    public let scalars: [Unicode.Scalar]

    public init<Text: StringProtocol>(_ text: Text) {
        scalars = text.lowercased().uppercased().lowercased()._nfd.filter { !Self.isAccent($0) }
    }

    /// The combining marks that accents are made of; other marks (Cyrillic titlo, the vowel
    /// signs of many scripts) are letters' own parts and stay.
    private static func isAccent(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: false
        }
    }

    /// Whether `other` is in this text, in time that grows with the two lengths added, not
    /// multiplied (Knuth, Morris and Pratt): a query of a megabyte in a title of three would
    /// otherwise take hours.
    public func contains(_ other: FoldedText) -> Bool {
        let pattern = other.scalars
        guard !pattern.isEmpty else { return true }
        guard pattern.count <= scalars.count else { return false }
        // For each length of the pattern's start, the longest proper start of it that is also its end.
        var fallback = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for index in 1..<pattern.count {
            while length > 0 && pattern[index] != pattern[length] { length = fallback[length - 1] }
            if pattern[index] == pattern[length] { length += 1 }
            fallback[index] = length
        }
        length = 0
        for scalar in scalars {
            while length > 0 && scalar != pattern[length] { length = fallback[length - 1] }
            if scalar == pattern[length] { length += 1 }
            if length == pattern.count { return true }
        }
        return false
    }

    /// Code point order: the same in every locale, and what sorts the Latin alphabet once
    /// case and accents are out.
    public static func < (lhs: FoldedText, rhs: FoldedText) -> Bool {
        lhs.scalars.lexicographicallyPrecedes(rhs.scalars)
    }
}
