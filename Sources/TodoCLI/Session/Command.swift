/// Why a command did not do what was asked. Either way, nothing was changed.
enum CommandError: Error, Equatable {
    /// The words do not fit the command: exit status 2, and a pointer to its help.
    case usage(String, command: String?)
    /// Words that fit no reading (`check abc`, `lst`), said with what would fit: exit status 2.
    case malformed(String)
    /// The command was understood and refused: exit status 1.
    case refused(String)
}

/// One command the program understands, and what `help` says about it.
@MainActor
struct Command {
    let name: String
    let aliases: [String]
    /// What follows the name in its usage line, its options aside: `N`, `[TITLE...]`.
    let arguments: String
    /// The command's own options (`user list --sort`), which help, the manual page and Tab
    /// completion list with it; the command reads them from its words.
    let options: [Option]
    /// The words Tab offers for its arguments, where they are a fixed few (`list today`), and
    /// in its text, where a title may plan the item (`pri:H`).
    let words: [String]
    /// The signs its words put before a tag: `+` adds one (or filters by it), `-` takes one
    /// away (or filters it out). Tab offers the list's tags after them.
    let tagSigns: [String]
    /// One line for the list of commands.
    let summary: String
    /// More for `help COMMAND`, when there is more to say.
    let details: String?
    /// What the command reads from the store before it runs; help and quit read nothing.
    let reads: StoreContents
    /// For a command whose last argument is text (a title, a search): how many words come
    /// before it. At the prompt the rest of the line is that text, as typed, quotes and all.
    let textAfter: Int?
    /// Whether reading lines ends once the command has run (`quit`).
    let leaves: Bool
    let run: @MainActor (Session, [String]) async throws -> Void

    init(_ name: String, aliases: [String] = [], arguments: String = "", words: [String] = [], tagSigns: [String] = [],
         options: [Option] = [], summary: String,
         details: String? = nil, reads: StoreContents = .todos, textAfter: Int? = nil, leaves: Bool = false,
         run: @escaping @MainActor (Session, [String]) async throws -> Void) {
        self.name = name
        self.aliases = aliases
        self.arguments = arguments
        self.words = words
        self.tagSigns = tagSigns
        self.options = options
        self.summary = summary
        self.details = details
        self.reads = reads
        self.textAfter = textAfter
        self.leaves = leaves
        self.run = run
    }

    /// As help shows it: `user list [--sort asc|desc|added]`.
    var usage: String {
        ([name] + (arguments.isEmpty ? [] : [arguments]) + options.map { $0.isRequired ? $0.usage : "[\($0.usage)]" })
            .joined(separator: " ")
    }

    /// How many of `words` name this command (`user add` takes two), or nil when they don't.
    /// Every run looks for its command among all of them, several times: the spellings are
    /// compared in place, byte for byte (the words come lowercased, the names are ASCII).
    func matchLength(_ words: [String]) -> Int? {
        var longest = Self.wordCount(of: name, startingWith: words)
        for alias in aliases {
            if let count = Self.wordCount(of: alias, startingWith: words), count > longest ?? 0 { longest = count }
        }
        return longest
    }

    /// How many words `spelling` has, when `words` start with them; nil when they don't.
    private static func wordCount(of spelling: String, startingWith words: [String]) -> Int? {
        var rest = spelling[...]
        var count = 0
        while true {
            let end = rest.utf8.firstIndex(of: UInt8(ascii: " ")) ?? rest.endIndex
            guard count < words.count, words[count].utf8.elementsEqual(rest[..<end].utf8) else { return nil }
            count += 1
            guard end < rest.endIndex else { return count }
            rest = rest[rest.utf8.index(after: end)...]
        }
    }
}

/// The part of the store a command works on.
enum StoreContents {
    case nothing, todos, people
}
