/// What `todo --help`, `help` and `help COMMAND` print.
@MainActor
enum Help {
    static func overview(_ commands: [Command], atPrompt: Bool) -> String {
        let width = commands.map(\.usage.count).max() ?? 0
        var text = """
            Usage: todo [--store PATH] [--json] [COMMAND [ARGUMENTS...]]

            Keeps a to-do list in a file on this computer. With a command, todo runs it and
            exits. Without one it reads commands line by line: at a prompt on a terminal,
            or from a pipe. N is the number an item has in the list.

            Commands:

            """
        for command in commands {
            let padding = String(repeating: " ", count: width - command.usage.count)
            let aliases = command.aliases.isEmpty ? "" : " (also \(command.aliases.joined(separator: ", ")))"
            text += "  \(command.usage)\(padding)  \(command.summary)\(aliases)\n"
        }
        text += """

            Options, before the command:
              --store PATH  The store file. Default: $TODO_STORE, else
                            $XDG_DATA_HOME/todo-stories/store.json, else
                            ~/.local/share/todo-stories/store.json
              --json        Print list, search and show as JSON
              -h, --help    Show this help
              --version     Show the version

            Exit status: 0 done, 1 refused (nothing was changed), 2 a usage error.
            NO_COLOR, or output that is not a terminal, turns colour off.

            """
        if atPrompt {
            text += "Type help COMMAND for more about one command.\n"
        }
        return text
    }

    static func usage(of command: Command) -> String {
        var text = "Usage: \(command.usage)\n\(command.summary)\n"
        if let details = command.details {
            text += details + "\n"
        }
        if !command.aliases.isEmpty {
            text += "Also: \(command.aliases.joined(separator: ", "))\n"
        }
        return text
    }
}
