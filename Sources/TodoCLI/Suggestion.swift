/// "Did you mean": the name a mistyped word was most likely meant to be.
enum Suggestion {
    /// The one name `word` starts (`sear` for search: a name cut short); else the name at most
    /// two edits from it (a letter added, dropped, changed, or two swapped), the nearest first,
    /// and only when the word is long enough for two edits not to make it another word
    /// altogether: two letters of four make `redo` undo, its opposite. Nil when none is that near.
    static func closest(to word: String, among names: [String]) -> String? {
        let started = names.filter { $0.hasPrefix(word) }
        if !word.isEmpty, started.count == 1 { return started[0] }
        let length = word.count
        let limit = length <= 4 ? 1 : 2
        // A word longer or shorter than a name by more than the limit is further away than that,
        // so a line of a megabyte costs no table of a megabyte per name.
        // `un` or `re` before a name asks for its opposite or its repeat (undelete, redo): the
        // name would be the hint to do what was not asked.
        let near = names.filter { abs($0.count - length) <= limit && word != "un" + $0 && word != "re" + $0 }
        let scored = near.map { ($0, distance(word, $0)) }.filter { $0.1 <= limit }
        // Of two names as near (`ucheck`: check, uncheck), the one that starts as the word does:
        // a slip seldom falls on the first letter.
        guard let nearest = scored.map(\.1).min() else { return nil }
        let nearestNames = scored.filter { $0.1 == nearest }.map(\.0)
        return nearestNames.first { $0.first == word.first } ?? nearestNames.first
    }

    /// Edits from `a` to `b`, a swap of neighbours counting as one (optimal string alignment).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
