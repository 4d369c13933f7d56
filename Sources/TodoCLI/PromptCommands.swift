/// The commands about the program itself rather than the lists: checking the store, help,
/// clearing the screen and leaving the prompt.
extension Session {
    static let promptCommands: [Command] = [
        Command("doctor", options: [Option("--repair"), Option("--yes")], summary: "Check the store and say what it holds; --repair mends it.",
                details: "Alone it changes nothing. With --repair it keeps a copy of each damaged file beside it and rebuilds the store from "
                    + "what the files still hold. A repair that would bring back what was deleted, checked or cleared names it and "
                    + "asks first; where nobody can answer (a script), it goes on only with --yes.",
                reads: .nothing) { session, words in try session.doctor(words) },
        Command("help", arguments: "[COMMAND]", summary: "Show the commands, or how one is used.",
                reads: .nothing) { session, words in try session.help(words) },
        Command("clear", summary: "Clear the screen; Ctrl-L does too.",
                reads: .nothing) { session, words in try session.clear(words) },
        Command("quit", aliases: ["exit"], summary: "Leave the prompt; Ctrl-D does too.",
                reads: .nothing, leaves: true) { session, words in try session.quit(words) },
    ]

    private func help(_ words: [String]) throws {
        switch words.count {
        case 0 where readsLines:
            write(Help.promptOverview(CommandTable.groups, width: width))
        case 0:
            write(Help.overview(CommandTable.groups, width: width))
        default:
            let family = CommandTable.all.filter { $0.name.hasPrefix(words[0].lowercased() + " ") }
            if words.count == 1 && !family.isEmpty {
                return write(family.map { Help.usage(of: $0, width: width) }.joined(separator: "\n"))
            }
            // Words past the name are what the command would have been given (`todo edit 1 --help`).
            let (command, _) = try CommandTable.command(for: words)
            write(Help.usage(of: command, width: width))
        }
    }

    /// Clears a terminal as Ctrl-L does; output that is not a terminal is left alone.
    private func clear(_ words: [String]) throws {
        guard words.isEmpty else { throw CommandError.usage("clear takes no arguments", command: "clear") }
        // A script reading JSON gets its one document, and no screen cleared under it.
        if json { return say("") }
        if printer.toTerminal { write("\u{1B}[H\u{1B}[2J") }
    }

    private func quit(_ words: [String]) throws {
        guard words.isEmpty else { throw CommandError.usage("quit takes no arguments", command: "quit") }
        if json { say("") }
    }
}
