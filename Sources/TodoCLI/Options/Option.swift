/// How an option is spelled and what follows it: the one description that the parser, help,
/// the manual page and Tab completion read, for the options of todo itself (`--store PATH`) and
/// for those a command declares (`user list --sort asc|desc|added`).
struct Option: Equatable {
    /// What an option takes after it: a name for it that help shows (`PATH`), and the words Tab
    /// offers for it, when they are a fixed few.
    struct Value: Equatable {
        let placeholder: String?
        let choices: [String]

        /// Whether it is a file's name (help calls it FILE or PATH), which Tab completes from the folder.
        var namesAFile: Bool {
            placeholder == "FILE" || placeholder == "PATH"
        }
    }

    let name: String
    /// The one-letter spelling, where there is one: `-h` for `--help`.
    let shortName: String?
    /// Nil for an option that stands alone (`--json`, `--again`).
    let value: Value?
    /// Whether the command needs it (`export --format`): help shows it without brackets.
    let isRequired: Bool

    /// `placeholder` is what help calls the value; `choices` are the values Tab offers, and
    /// help lists them (`asc|desc|added`) when there is no placeholder.
    init(_ name: String, short shortName: String? = nil, value placeholder: String? = nil, choices: [String] = [],
         required: Bool = false) {
        self.name = name
        self.shortName = shortName
        self.isRequired = required
        self.value = placeholder == nil && choices.isEmpty ? nil : Value(placeholder: placeholder, choices: choices)
    }

    /// Every way the option is typed, the short one first.
    var spellings: [String] {
        (shortName.map { [$0] } ?? []) + [name]
    }

    /// As help and the manual page show it: `-h, --help`, `--store PATH`, `--sort asc|desc|added`.
    var usage: String {
        let names = spellings.joined(separator: ", ")
        guard let value else { return names }
        return names + " " + (value.placeholder ?? value.choices.joined(separator: "|"))
    }
}
