/// Which command the words name: every command, in the groups help lists them in, and the one
/// lookup by name that the option parser, the prompt, help and Tab completion share.
@MainActor
enum CommandTable {
    static let all: [Command] = Session.todoCommands + Session.interchangeCommands + Session.peopleCommands + Session.promptCommands

    /// The commands as `help` lists them.
    static let groups: [(title: String, commands: [Command])] = [
        ("To-dos", Session.todoCommands + Session.interchangeCommands), ("People", Session.peopleCommands),
        ("The store, help and the prompt", Session.promptCommands),
    ]

    /// The command `words` start with, and how many words its name takes. Names are matched
    /// whatever their case; a name a letter or two away from one is answered with it.
    static func command(for words: [String]) throws(CommandError) -> (command: Command, nameLength: Int) {
        let names = words.prefix(2).map { $0.lowercased() }
        let matches = all.compactMap { command in command.matchLength(names).map { (command, $0) } }
        if let longest = matches.max(by: { $0.1 < $1.1 }) {
            return longest
        }
        let family = names[0]
        let subcommands = all.filter { $0.name.hasPrefix(family + " ") }.map { String($0.name.dropFirst(family.count + 1)) }
        guard !subcommands.isEmpty else {
            let spellings: [String] = all.flatMap { [$0.name] + $0.aliases }
            let firstWords = Set(spellings.map { String($0.prefix { $0 != " " }) })
            if let meant = Suggestion.closest(to: family, among: firstWords.sorted()) {
                throw .malformed("unknown command \(quoted(words[0])); did you mean \(quoted(meant))?")
            }
            throw .usage("unknown command \(quoted(words[0]))", command: nil)
        }
        guard names.count > 1 else {
            throw .usage("\(family) needs one of: " + subcommands.joined(separator: ", "), command: family)
        }
        if let meant = Suggestion.closest(to: names[1], among: subcommands) {
            throw .malformed("unknown command \(quoted(words[0] + " " + words[1])); did you mean \(quoted(family + " " + meant))?")
        }
        throw .usage("unknown command \(quoted(words[0] + " " + words[1])); \(family) takes one of: "
                     + subcommands.joined(separator: ", "), command: family)
    }

    /// For the words of a command so far, how many come before its text, when it takes text.
    static func textStart(of words: [String]) -> Int? {
        guard !words.isEmpty, let (command, nameLength) = try? command(for: words), let leading = command.textAfter else { return nil }
        return nameLength + leading
    }
}
