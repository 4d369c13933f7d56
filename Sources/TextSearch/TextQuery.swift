/// Text a person typed to find something, found in a title or a name whatever its case and
/// accents: "zoe" finds "Zoë", "CAFE" finds "Café".
///
/// Both sides are compared as `FoldedText`. Most of what is searched is ASCII, where folding is
/// only lower-casing, so an ASCII query in ASCII text is compared byte by byte, folding nothing.
public struct TextQuery: Sendable, Equatable {
    public let text: String
    /// The query in lower case, when it is all ASCII.
    private let asciiFolded: [UInt8]?
    private let folded: FoldedText

    public init(_ text: String) {
        self.text = text
        asciiFolded = text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.map(Self.lowercased) : nil
        folded = FoldedText(text)
    }

    /// Whether the query is in `candidate`, ignoring case and accents.
    public func isFound(in candidate: String) -> Bool {
        // The byte-by-byte search compares the query at every place: quick for what people
        // type, but a query of thousands of letters goes the way whose time does not multiply.
        if let asciiFolded, asciiFolded.count <= Self.longestComparedAtEveryPlace,
           let found = Self.asciiSearch(asciiFolded, in: candidate) {
            return found
        }
        return FoldedText(candidate).contains(folded)
    }

    private static let longestComparedAtEveryPlace = 64

    /// Whether the lower-case ASCII `query` is in `candidate`; nil when that takes more than
    /// ASCII to tell, because the candidate has other characters and the query was not found
    /// before them, or is not held as UTF-8 in one piece.
    private static func asciiSearch(_ query: [UInt8], in candidate: String) -> Bool? {
        // Read where it lies, as a native string always can be; a copy to make it so, the rare
        // other way, is left to the full search.
        candidate.utf8.withContiguousStorageIfAvailable { text -> Bool? in
            guard let first = query.first else { return nil }
            var start = 0
            while start + query.count <= text.count {
                let byte = text[start]
                if byte >= 0x80 { return nil }
                if lowercased(byte) == first, matches(query, in: text, at: start) { return true }
                start += 1
            }
            return text[start...].contains { $0 >= 0x80 } ? nil : false
        } ?? nil
    }

    private static func matches(_ query: [UInt8], in text: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        for offset in 1..<query.count where lowercased(text[start + offset]) != query[offset] {
            return false
        }
        return true
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
