/// Where the command being run came from. It decides what a command may ask for (only a person
/// at the prompt fills in a form or keeps an item open) and how its messages point to other
/// commands and name the line that failed.
enum InputMode: Equatable {
    /// One command, from the words todo was started with: a command is typed after `todo`.
    case arguments
    /// Lines piped in, run one by one with no prompt; an error names the line, counted from 1.
    case piped(line: Int)
    /// A person typing at the prompt.
    case prompt

    /// Whether commands are read line by line: then they are typed without `todo` before them.
    var readsLines: Bool {
        self != .arguments
    }

    var isPrompt: Bool {
        self == .prompt
    }

    /// The line that an error is said to be on: a piped one's.
    var lineNumber: Int? {
        guard case .piped(let line) = self else { return nil }
        return line
    }
}
