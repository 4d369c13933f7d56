import Foundation

/// The manual page, `todo --man`, in roff: the commands, options and rules `help` gives,
/// from the same tables.
@MainActor
enum Manual {
    static func page(_ groups: [(title: String, commands: [Command])], version: String) -> String {
        var page = """
            .TH TODO 1 "" "todo \(version)" "User Commands"
            .SH NAME
            todo \\- a to-do list and the birthdays of the people you know, in the terminal
            .SH SYNOPSIS
            .B todo
            [\\fIOPTIONS\\fR] [\\fICOMMAND\\fR [\\fIARGUMENTS\\fR...]]
            .SH DESCRIPTION
            \(text(Help.description))
            .PP
            \(text(Help.numbering))
            .SH COMMANDS

            """
        for group in groups {
            page += ".SS \(text(group.title))\n"
            for command in group.commands {
                page += ".TP\n.B \(text(command.usage))\n\(text(command.summary))\n"
                if let details = command.details {
                    page += text(details) + "\n"
                }
                if !command.aliases.isEmpty {
                    page += "Also: \(text(command.aliases.joined(separator: ", "))).\n"
                }
            }
        }
        page += ".SH OPTIONS\nOptions are taken anywhere on the line, until \\-\\-; in a title, only before it.\n"
        for option in Help.options {
            page += ".TP\n.B \(text(option.usage))\n\(text(option.summary))\n"
        }
        page += """
            .SH THE PROMPT
            \(text(Help.keys))
            .SH EXIT STATUS
            \(text(Help.exitStatus))
            .SH ENVIRONMENT
            .TP
            .B TODO_STORE
            The store file, when \\-\\-store is not given.
            .TP
            .B XDG_DATA_HOME
            The folder the default store is kept in, as todo\\-stories/store.json.
            .TP
            .B RANDOMUSER_API
            Where people are loaded from, when \\-\\-api is not given.
            .TP
            .B NO_COLOR
            \(text(Help.colour))

            """
        return page
    }

    /// `plain` as roff text: a backslash is shown as one, a line cannot start a request,
    /// and a hyphen stays a hyphen (so options can be searched for and copied).
    private static func text(_ plain: String) -> String {
        let escaped = plain.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }
}
