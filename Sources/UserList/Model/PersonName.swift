#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Forms

/// What can be wrong with a typed first or last name.
public enum NameProblem: Error, Equatable, Sendable {
    case empty
    case tooLong
    case noLetter
    /// A character no name holds: a digit, a symbol, an emoji, a control character.
    case character(Character)
}

/// The rules for names, and how they sort.
public enum PersonName {
    public static let maximumLength = 50

    /// The name trimmed of spaces at both ends, if it is one: 1 to 50 characters, at least
    /// one letter, and nothing but letters of any script, inner spaces, hyphens, apostrophes
    /// (' and ’) and periods.
    public static func validated(_ typed: String) throws(NameProblem) -> String {
        let name = typed.trimmed
        guard !name.isEmpty else { throw .empty }
        guard name.count <= maximumLength else { throw .tooLong }
        if let wrong = name.first(where: { !$0.isLetter && !separators.contains($0) }) {
            throw .character(wrong)
        }
        guard name.contains(where: \.isLetter) else { throw .noLetter }
        return name
    }

    private static let separators: Set<Character> = [" ", "-", "'", "’", "."]

    /// A name from randomuser.me as the seed apps show it, capitalised (RU-26): API 1.0 sends names
    /// in lower case (`levi stone`), where later versions write capitals. A name with no capital
    /// letter in it is shown with the first letter of each word (after a space, a hyphen or an
    /// apostrophe) as a capital, titlecase where a letter has one (`ǅ`); a name written with
    /// capitals (`da Costa`, `McKay`) is shown as written. The name kept is the one that came.
    public static func displayed(_ name: String) -> String {
        guard !name.contains(where: \.isUppercase) else { return name }
        var shown = ""
        var startsAWord = true
        for character in name {
            if startsAWord, character.isLowercase, let first = character.unicodeScalars.first {
                shown += first.properties.titlecaseMapping + String(String.UnicodeScalarView(character.unicodeScalars.dropFirst()))
            } else {
                shown.append(character)
            }
            startsAWord = wordStarts.contains(character)
        }
        return shown
    }

    /// What a word of a name starts after.
    private static let wordStarts: Set<Character> = [" ", "-", "'", "’"]

    /// The part of a last name it is sorted by: leading particles written in lowercase
    /// ("da", "van", "de la", "'t") are skipped, so "da Costa" sorts among the Cs.
    public static func sortKey(_ lastName: String) -> Substring {
        var words = lastName.split(separator: " ")
        while words.count > 1, let first = words.first?.first, first.isLowercase || first == "'" || first == "’" {
            words.removeFirst()
        }
        guard let start = words.first?.startIndex else { return lastName[...] }
        return lastName[start...]
    }
}
