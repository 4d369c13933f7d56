#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        page += ".SH OPTIONS\nOptions are taken anywhere on the line, until \\-\\-; in a title or a search, only before its first word.\n"
        for option in Help.options {
            page += ".TP\n.B \(text(option.usage))\n\(text(option.summary))\n"
        }
        page += """
            .SH THE PROMPT AND SCRIPTS
            \(text(Help.keys))
            .PP
            \(text(Help.piped))
            .SH COMPLETION
            Tab completion in a shell asks todo for the words, from the same table as this page:
            .PP
            .nf
            source <(todo \\-\\-completion bash)
            source <(todo \\-\\-completion zsh)
            todo \\-\\-completion fish | source
            .fi
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
            .B XDG_STATE_HOME
            The folder the prompt's history is kept in, as todo\\-stories/history.
            .TP
            .B RANDOMUSER_API
            Where people are loaded from, when \\-\\-api is not given.
            .TP
            .B TODO_LOCK_WAIT
            How many seconds a change waits for another todo that is changing the store, when \\-\\-wait is not given; 10 unless set.
            .TP
            .B NO_COLOR
            When set and not empty, no colour is used. Without it, colour is used only on a terminal.
            .SH FILES
            .TP
            .I ~/.local/share/todo\\-stories/store.json
            The store: the to\\-dos, the people and what undo can undo.
            .TP
            .I store.json.journal
            The changes since the store was last written, beside it; todo folds it into the store.
            .TP
            .I store.json.lock
            Taken while a command changes the store, so two never change it at once.
            .TP
            .I store.json.damaged\\-YYYYMMDD\\-HHMMSS
            What doctor \\-\\-repair keeps of a damaged file before it rebuilds the store.
            .TP
            .I ~/.local/state/todo\\-stories/history
            The last 1,000 commands typed at the prompt, for Up to bring back; readable by its owner alone.

            """
        return page
    }

    /// `plain` as roff text: a backslash is shown as one, a line cannot start a request,
    /// and a hyphen stays a hyphen (so options can be searched for and copied).
    private static func text(_ plain: String) -> String {
        var escaped = ""
        for scalar in plain.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.value > 0x7E:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }
}
