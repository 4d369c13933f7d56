import TodoList
import UserList

/// A message that names the items or people it is about, made to fit one line of the terminal
/// (CLI-44): each is named as `3 “Buy milk”`, lowest number first; past four, only the first
/// three and how many more; and when the line would be longer than the terminal is wide, the
/// longest titles are shortened alike, their ends left out (`“Pay the water…”`), until it fits.
struct Sentence {
    /// One thing a message names: its number, where it has one, and its title or name as stored.
    struct Named {
        let number: Int?
        let title: String
    }

    /// A part of a message: words as they are, or things named, or things named after how
    /// many there are (`3 items: 1 “A”, 2 “B” and 5 “C”`; one alone as `5 “C”`).
    enum Part {
        case words(String)
        case names([Named])
        case counted([Named], plural: String)
    }

    /// How many things a list names before it says how many more there are: a fourth is named
    /// rather than counted as "1 more".
    static let namedAtMost = 3
    /// The fewest columns a title is shortened to, its `…` included, however narrow the line.
    static let shortest = 4

    let parts: [Part]

    init(_ parts: [Part]) {
        self.parts = parts
    }

    /// The message on one line of `width` columns, when its titles can be shortened enough.
    func line(width: Int) -> String {
        let titles = parts.flatMap { part -> [String] in
            switch part {
            case .words: []
            case .names(let names), .counted(let names, _): Self.shown(names).map { TerminalText.escaped($0.title) }
            }
        }
        let widths = titles.map(DisplayWidth.of)
        let budget = width - DisplayWidth.of(text { _ in "" })
        var longest = min(widths.max() ?? 0, max(budget, Self.shortest))
        while longest > Self.shortest && widths.reduce(0, { $0 + min($1, longest) }) > budget {
            longest -= 1
        }
        return text { DisplayWidth.shortened(titles[$0], to: longest) }
    }

    /// The message, with the `index`th title shown as `title(index)`.
    private func text(_ title: (Int) -> String) -> String {
        var text = ""
        var index = 0
        func list(_ names: [Named]) -> String {
            let shown = Self.shown(names).map { named in
                defer { index += 1 }
                return (named.number.map { "\($0) " } ?? "") + "“" + title(index) + "”"
            }
            let more = names.count - shown.count
            let last = more > 0 ? "\(more) more" : shown.last ?? ""
            let before = more > 0 ? shown : shown.dropLast()
            return before.isEmpty ? last : before.joined(separator: ", ") + " and " + last
        }
        for part in parts {
            switch part {
            case .words(let words): text += words
            case .names(let names): text += list(names)
            case .counted(let names, let plural):
                text += (names.count == 1 ? "" : "\(names.count) \(plural): ") + list(names)
            }
        }
        return text
    }

    /// The things a list names, lowest number first: all of them, or the first three of five or more.
    private static func shown(_ names: [Named]) -> ArraySlice<Named> {
        let ordered = names.allSatisfy { $0.number != nil } ? names.sorted { $0.number ?? 0 < $1.number ?? 0 } : names
        return ordered.prefix(names.count > namedAtMost + 1 ? namedAtMost : names.count)
    }
}

extension Sentence.Named {
    init(_ item: TodoItem) {
        self.init(number: item.number, title: item.title)
    }

    init(_ person: Person) {
        self.init(number: person.number, title: person.displayName)
    }
}
