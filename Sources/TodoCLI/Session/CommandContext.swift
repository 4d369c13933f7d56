import TodoList
import UserList

/// What the commands reach through the session, each kept by the part it belongs to: how they
/// print (the printer), where their words came from (the input mode), and what the prompt
/// holds open.
extension Session {
    /// Whether the command prints JSON: `--json` on the command line or on its line.
    var json: Bool { printer.json }
    /// True when a person types the lines at a prompt: only then do the add form and the
    /// detail stay open and ask for more.
    var isPrompt: Bool { printer.mode.isPrompt }
    /// True while lines are read rather than one command taken from the command line: errors
    /// then point to `help`, not `todo help`.
    var readsLines: Bool { printer.mode.readsLines }
    /// How wide help is laid out.
    var width: Int { printer.width }
    var rendering: TodoRendering { printer.rendering }
    var peopleRendering: PeopleRendering { printer.peopleRendering }
    var deletedWhileOpen: TodoItem? { prompt.deletedWhileOpen }

    func write(_ text: String) {
        printer.write(text)
    }

    func say(_ line: String) {
        printer.say(line)
    }

    /// Prints a message made of `parts`, naming items or people, fitted to one line.
    func say(_ parts: Sentence.Part...) {
        say(parts)
    }

    func say(_ parts: [Sentence.Part]) {
        printer.say(Sentence(parts))
    }

    /// Says what a change to the to-dos did, and `then` what came of it, a line each; with
    /// `--json`, those sentences as one message beside the items it changed since `before`
    /// (CLI-45, CLI-58).
    func sayChanged(_ parts: [Sentence.Part], since before: Todos, then more: [[Sentence.Part]] = []) {
        guard json else { return ([parts] + more).forEach(say) }
        let message = ([parts] + more).map { Sentence($0).line(width: printer.messageWidth) }.joined(separator: " ")
        write(TodoRendering.json(change: message, from: before, to: todoList.todos).line)
    }

    /// Says what a change to the people did; with `--json`, beside the people it changed since
    /// `before`, as `user list --json` shows them, and those it deleted (CLI-45).
    func sayChanged(_ parts: [Sentence.Part], since before: People) {
        guard json else { return say(parts) }
        let (changed, deleted) = changes(from: before.everyone, to: userList.people.everyone)
        write(JSON.object([
            ("message", .string(Sentence(parts).line(width: printer.messageWidth))),
            ("users", .array(changed.map(personJSON))), ("deleted", .array(deleted.map(personJSON))),
        ]).line)
    }

    func typed(_ command: String) -> String {
        printer.typed(command)
    }

    func load() throws {
        try prompt.reload()
    }

    func refreshDetail(_ id: TodoItem.ID) {
        prompt.refreshDetail(id)
    }

    /// Asks until the answer is yes or no (y and n too, in any case); the end of the input or
    /// Ctrl-C is no.
    func askYesOrNo(_ question: String) -> Bool {
        while let answer = readLine(prompt: question)?.trimmed.lowercased() {
            switch answer {
            case "yes", "y": return true
            case "no", "n": return false
            default: say("Type yes or no.")
            }
        }
        return false
    }

    /// The next line typed into a form's field, or nil at the end of the input or at Ctrl-C.
    /// On a terminal Up brings back `refused`, to mend. A line that cannot be a field's (too
    /// long, not text) is said, and cancels the form as the end of the input does.
    func readLine(prompt label: String, mending refused: String = "") -> String? {
        do {
            guard let line = try prompt.ask(label, mending: refused) else {
                write("\n")
                return nil
            }
            return line
        } catch {
            printer.report(CommandError.refused(Self.refusal(error) + "; the form was cancelled"))
            return nil
        }
    }

    /// What is said of a line that was not read.
    static func refusal(_ refusal: LineRefusal) -> String {
        switch refusal {
        case .tooLong: "the line is longer than 64 KiB (\(LineRefusal.longestLine) bytes), the most todo takes as one command"
        case .notUTF8: "the line is not UTF-8 text, which todo reads"
        }
    }
}
