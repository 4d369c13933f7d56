/// Why a command did not do what was asked. Either way, nothing was changed.
enum CommandError: Error, Equatable {
    /// The words do not fit the command: exit status 2, and a pointer to its help.
    case usage(String, command: String?)
    /// The command was understood and refused: exit status 1.
    case refused(String)
}

/// One command the program understands, and what `help` says about it.
@MainActor
struct Command {
    let name: String
    let aliases: [String]
    /// What follows the name in its usage line: `N`, `[TITLE...]`.
    let arguments: String
    /// One line for the list of commands.
    let summary: String
    /// More for `help COMMAND`, when there is more to say.
    let details: String?
    /// Help and quit answer without opening the store.
    let usesStore: Bool
    let run: @MainActor (Session, [String]) throws -> Void

    init(_ name: String, aliases: [String] = [], arguments: String = "", summary: String, details: String? = nil,
         usesStore: Bool = true, run: @escaping @MainActor (Session, [String]) throws -> Void) {
        self.name = name
        self.aliases = aliases
        self.arguments = arguments
        self.summary = summary
        self.details = details
        self.usesStore = usesStore
        self.run = run
    }

    var usage: String { arguments.isEmpty ? name : "\(name) \(arguments)" }

    func answers(to word: String) -> Bool {
        word == name || aliases.contains(word)
    }
}
