@_spi(_Unicode) import Swift

/// Text with case and accents taken out, so that texts a person sees as the same word compare
/// equal: "Ávila" and "avila", "Straße" and "STRASSE".
///
/// It folds as Foundation's case- and accent-blind search does: case mapped fully ("ß" is "ss"),
/// then taken apart into letters and marks (the standard library's canonical decomposition), the
/// marks dropped. Foundation's own search and collation would link its Unicode data, most of
/// `todo`'s size and start-up, into every command.
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

    /// Whether `other` is in this text.
    public func contains(_ other: FoldedText) -> Bool {
        other.scalars.isEmpty || scalars.firstRange(of: other.scalars) != nil
    }

    /// Code point order: the same in every locale, and what sorts the Latin alphabet once
    /// case and accents are out.
    public static func < (lhs: FoldedText, rhs: FoldedText) -> Bool {
        lhs.scalars.lexicographicallyPrecedes(rhs.scalars)
    }
}
