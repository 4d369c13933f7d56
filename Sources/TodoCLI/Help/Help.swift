/// What `todo --help`, `help` and `help COMMAND` print. Everything here is made from the table
/// of commands and the table of options, as the manual page and the completion scripts are,
/// so none of them can describe a command the others do not know.
@MainActor
enum Help {
    /// The options as help and the manual page list them: how each is typed, and what it does.
    static var options: [(usage: String, summary: String)] {
        GlobalOption.allCases.compactMap { option in option.summary.map { (option.option.usage, $0) } }
    }

    static let description = "Keeps a to-do list and the people whose birthdays you track in a file on this computer. "
        + "With a command, todo runs it and exits. Without one it reads commands line by line: at a prompt on a "
        + "terminal, or from a pipe, where blank lines and lines starting with # are skipped."
    static let numbering = "N is the number list shows an item or a person with. It stays theirs until they are "
        + "deleted, whatever is added, checked or deleted around them. Several numbers and ranges (check 1 2 5, "
        + "delete 3-6, check 7,9-11) make one change: all of it or none."
    static let keys = "Tab completes commands, options and values, twice lists the choices; Ctrl-C drops "
        + "the line, cancels a form or stops a fetch; Ctrl-U deletes before the cursor; Ctrl-Z and fg bring the "
        + "line back; Ctrl-D, quit or exit leave. Up brings back earlier commands."
    static let piped = "Piped in, lines run one by one with no prompt; a failed line is reported as line N: error: …, "
        + "the rest still run, and the exit status is 1 if any line failed."
    static let exitStatus = "Exit status: 0 done, 1 refused (nothing was changed) or the output not written, 2 a usage error."
    static let colour = "Colour only on a terminal, and never when NO_COLOR is set to anything but an empty string."

    /// `todo --help`: every command with what it does, and the options.
    static func overview(_ groups: [(title: String, commands: [Command])], width: Int) -> String {
        var text = "Usage: todo [OPTIONS] [COMMAND [ARGUMENTS...]]\n\n"
        text += wrapped(description, width: width) + "\n" + wrapped(numbering, width: width)
        for group in groups {
            text += "\n\(group.title):\n"
            text += table(group.commands.map { ($0.usage, $0.summary + aliases(of: $0)) }, width: width)
        }
        text += "\n" + wrapped("Options, anywhere on the line until -- (in a title or a search, only before its first word):", width: width)
        text += table(options.map { ($0.usage, $0.summary) }, width: width)
        text += "\n" + wrapped(piped + " " + exitStatus + " " + colour, width: width)
        return text
    }

    /// `help` at the prompt: the commands in their groups, short enough for a 24-line
    /// terminal; `help COMMAND` says the rest.
    static func promptOverview(_ groups: [(title: String, commands: [Command])], width: Int) -> String {
        var text = wrapped("Commands (type help COMMAND for one; N is the number list shows):", width: width)
        for group in groups {
            text += "\n\(group.title):\n" + columns(group.commands.map(\.usage), width: width)
        }
        text += "\n" + wrapped("--json, --today and --api hold for their line alone. " + keys, width: width)
        return text
    }

    /// `help COMMAND`: its usage, what it does, and what else it is called.
    static func usage(of command: Command, width: Int) -> String {
        var text = wrapped("Usage: \(command.usage)", width: width) + wrapped(command.summary, width: width)
        if let details = command.details {
            text += wrapped(details, width: width)
        }
        if !command.aliases.isEmpty {
            text += "Also: \(command.aliases.joined(separator: ", "))\n"
        }
        return text
    }

    private static func aliases(of command: Command) -> String {
        command.aliases.isEmpty ? "" : " (also \(command.aliases.joined(separator: ", ")))"
    }

    // MARK: - Laying out text

    /// `text` broken between words into lines of at most `width` characters (a longer word
    /// keeps its own line), each starting with `indent` spaces.
    static func wrapped(_ text: String, width: Int, indent: Int = 0) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && indent + line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.map { String(repeating: " ", count: indent) + $0 + "\n" }.joined()
    }

    /// Rows of a name and its description: the descriptions in one column when it leaves them
    /// room, else each under its name.
    private static func table(_ rows: [(name: String, text: String)], width: Int) -> String {
        let nameWidth = rows.map(\.name.count).max() ?? 0
        let textColumn = 2 + nameWidth + 2
        guard width - textColumn >= 30 else {
            return rows.map { "  \($0.name)\n" + wrapped($0.text, width: width, indent: 6) }.joined()
        }
        return rows.map { row in
            let lines = wrapped(row.text, width: width, indent: textColumn).split(separator: "\n", omittingEmptySubsequences: false)
            let padding = String(repeating: " ", count: nameWidth - row.name.count)
            return "  " + row.name + padding + lines[0].dropFirst(2 + nameWidth) + "\n" + lines.dropFirst().dropLast().map { $0 + "\n" }.joined()
        }.joined()
    }

    /// `items` in as many columns as fit in `width`, read down each column.
    private static func columns(_ items: [String], width: Int) -> String {
        for count in stride(from: items.count, through: 1, by: -1) {
            let rows = (items.count + count - 1) / count
            let columns = stride(from: 0, to: items.count, by: rows).map { Array(items[$0..<min($0 + rows, items.count)]) }
            let widths = columns.map { $0.map(\.count).max() ?? 0 }
            guard count == 1 || 2 + widths.reduce(0, +) + 3 * (columns.count - 1) <= width else { continue }
            return (0..<rows).map { row in
                let cells = columns.indices.compactMap { column in
                    row < columns[column].count ? (columns[column][row], widths[column]) : nil
                }
                let line = cells.enumerated().map { index, cell in
                    index == cells.count - 1 ? cell.0 : cell.0 + String(repeating: " ", count: cell.1 - cell.0.count)
                }.joined(separator: "   ")
                return "  " + line + "\n"
            }.joined()
        }
        return ""
    }
}
