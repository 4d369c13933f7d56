/// The options of todo itself, given before or after the command, until `--`. This is the one
/// table of them: the parser takes exactly these (one case each, which the compiler holds it
/// to), and help, the manual page, Tab completion at the prompt and the shells' completion all
/// list them from here, so none of them can know an option the others do not.
enum GlobalOption: CaseIterable {
    case store, wait, json, today, api, completion, man, help, version, completeLine

    /// Where an option may be given.
    enum Place: Equatable {
        /// Only when todo starts: `--store` names the store that a prompt holds open.
        case start
        /// When todo starts, and on any line typed at its prompt or piped in, for that line alone.
        case everyLine
    }

    var option: Option {
        switch self {
        case .store: Option("--store", value: "PATH")
        case .wait: Option("--wait", value: "SECONDS")
        case .json: Option("--json")
        case .today: Option("--today", value: "DATE")
        case .api: Option("--api", value: "URL")
        case .completion: Option("--completion", value: "SHELL", choices: Shell.allCases.map(\.rawValue))
        case .man: Option("--man")
        case .help: Option("--help", short: "-h")
        case .version: Option("--version")
        case .completeLine: Option("--complete-line", value: "LINE")
        }
    }

    /// Only `--store` of the settings is given at the start: it names the store the prompt
    /// holds open. The others change how one command runs, and hold for the line they are on.
    var place: Place {
        switch self {
        case .json, .help, .today, .api: .everyLine
        case .store, .wait, .completion, .man, .version, .completeLine: .start
        }
    }

    /// Whether the option asks for something other than a command (help, the version, a
    /// script) rather than setting how a command runs: Tab offers such an option in a shell
    /// before the command, never after one, and never at the prompt.
    var isRequest: Bool {
        switch self {
        case .completion, .man, .help, .version, .completeLine: true
        case .store, .wait, .json, .today, .api: false
        }
    }

    /// What help and the manual page say of the option; nil for the one they leave out,
    /// `--complete-line`, which only the completion scripts run.
    var summary: String? {
        switch self {
        case .store: "The store file, given when todo starts. Default: $TODO_STORE, else "
            + "$XDG_DATA_HOME/todo-stories/store.json, else ~/.local/share/todo-stories/store.json"
        case .wait: "How long a change waits for another todo that is changing the store, saying so after half a second, "
            + "before it gives up; given when todo starts. Default: $TODO_LOCK_WAIT, else 10"
        case .json: "Print what the command shows as one JSON document; a change prints its message beside the items "
            + "it changed ({\"message\": …, \"todo\": […], \"finished\": […], \"deleted\": […]}), any other sentence is "
            + "{\"message\": …}. Help and the version stay text; errors stay on standard error."
        case .today: "Count ages, birthdays and due dates from DATE (YYYY-MM-DD), not today."
        case .api: "Load people from URL. Default: $RANDOMUSER_API, else https://randomuser.me/api/1.4/"
        case .completion: "Print the Tab completion script for bash, zsh or fish."
        case .man: "Print the manual page: todo --man | man -l -"
        case .help: "Show the commands and options; after a command, how it is used."
        case .version: "Show the version."
        case .completeLine: nil
        }
    }

    /// The options help lists, in its order.
    static var listed: [GlobalOption] {
        allCases.filter { $0.summary != nil }
    }

    /// The options a line at the prompt may set for itself.
    static var settingsOfALine: [GlobalOption] {
        allCases.filter { $0.place == .everyLine && !$0.isRequest }
    }

    /// The option spelled `word` (`--store`, `-h`), if any. Every word of the command line is
    /// looked up: the spellings are compared as they are, with no table made of them.
    static func named(_ word: String) -> GlobalOption? {
        allCases.first { $0.option.name == word || $0.option.shortName == word }
    }
}
