/// What `todo --help`, `help` and `help COMMAND` print.
@MainActor
enum Help {
    static func overview(_ groups: [(title: String, commands: [Command])], atPrompt: Bool) -> String {
        var text = """
            Usage: todo [OPTIONS] [COMMAND [ARGUMENTS...]]

            Keeps a to-do list and the people whose birthdays you track in a file on this
            computer. With a command, todo runs it and exits. Without one it reads commands
            line by line: at a prompt on a terminal, or from a pipe. N is the number the
            list shows an item or a person with.

            """
        for group in groups {
            text += "\n\(group.title):\n"
            let width = group.commands.map(\.usage.count).max() ?? 0
            for command in group.commands {
                var line = "  " + command.usage + String(repeating: " ", count: width - command.usage.count)
                line += "  " + command.summary
                let aliases = " (also \(command.aliases.joined(separator: ", ")))"
                if !command.aliases.isEmpty && line.count + aliases.count <= 80 {
                    line += aliases
                }
                text += line + "\n"
            }
        }
        text += """

            Options, anywhere on the line until -- (in a title, only before it):
              --store PATH  The store file. Default: $TODO_STORE, else
                            $XDG_DATA_HOME/todo-stories/store.json, else
                            ~/.local/share/todo-stories/store.json
              --json        Print add, lists, searches, show, home and user show as JSON
              --today DATE  Count ages and birthdays from DATE (YYYY-MM-DD), not today
              --api URL     Load people from URL. Default: $RANDOMUSER_API, else
                            https://randomuser.me/api/1.4/
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
