#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dates
import Interchange
import TodoList
import UserList

/// `import` and `export`: the list in from Taskwarrior or todo.txt, and out to them or to a
/// calendar. The formats are read and written by `Interchange`; what is said about them is here.
extension Session {
    /// `import --format`: for a file whose content does not say which it is.
    static let importFormatOption = Option("--format", value: "FORMAT", choices: ImportFormat.allCases.map(\.rawValue))
    /// `export --format`: which of the three to write; it must be given.
    static let exportFormatOption = Option("--format", value: "FORMAT", choices: ExportFormat.allCases.map(\.rawValue), required: true)
    static let outputOption = Option("--output", value: "FILE")

    static let interchangeCommands: [Command] = [
        Command("import", arguments: "FILE", options: [importFormatOption],
                summary: "Bring in a Taskwarrior export or a todo.txt file (- for standard input).",
                details: "The kind is found from what the file holds: JSON is a Taskwarrior export (task export), "
                    + "anything else todo.txt; --format taskwarrior or --format todotxt names it. All of it is imported, or, when any part cannot be "
                    + "read, none; one undo takes it back. Items already here (a task by its uuid, a todo.txt line "
                    + "by its text) are passed over, so importing a file again adds nothing.") { session, words in
            try session.importList(words)
        },
        Command("export", options: [exportFormatOption, outputOption],
                summary: "Write the list as todo.txt, Taskwarrior JSON or an iCalendar file.",
                details: "FORMAT is todotxt, taskwarrior or ics. To standard output (or -), or to FILE, written whole or not "
                    + "at all, and only if it is a plain file that may be written. "
                    + "todotxt and taskwarrior hold "
                    + "the to-dos, oldest first, for todo.txt-cli or task import; ics holds the to-dos and each person's "
                    + "birthday, for a calendar.", reads: .people) { session, words in
            try session.exportList(words)
        },
    ]

    // MARK: - Import

    private func importList(_ words: [String]) throws {
        var rest = words
        let format = try Self.take(Self.importFormatOption, from: &rest, command: "import").map { value in
            guard let format = ImportFormat(rawValue: value.lowercased()) else {
                throw CommandError.usage("--format takes taskwarrior or todotxt, not \(quoted(value))", command: "import")
            }
            return format
        }
        guard rest.count == 1, let named = rest.first else {
            throw CommandError.usage(rest.isEmpty ? "import needs a file (- for standard input)" : "import takes one file",
                                     command: "import")
        }
        let path = try typedFile(named)
        let name = path == "-" ? "standard input" : path
        let bytes: [UInt8]
        if path == "-" {
            guard !readsLines else {
                throw CommandError.refused("import - reads standard input, which holds the commands here; name the file instead")
            }
            bytes = try InputFile.bytes(descriptor: STDIN_FILENO, name: name, limit: ImportFormat.largestFile)
        } else {
            bytes = try InputFile.bytes(path: path, limit: ImportFormat.largestFile)
        }
        let list: ImportedList
        do {
            list = try ImportFormat.read(bytes, as: format, zone: settings.zone)
        } catch {
            // Read as JSON because it starts as JSON does: a todo.txt file may too (`[ ] Buy milk`).
            // A file read as an array of tasks, refused for a task's field, is a file of tasks.
            let hint = format == nil && ImportFormat.shown(by: bytes) == .taskwarrior && error.reason.saysItMayNotBeJSON
                ? " (if it is a todo.txt file: \(typed("import \(path) --format todotxt")))" : ""
            throw CommandError.refused("cannot import \(name): \(InterchangeText.failure(error))\(hint); nothing was imported")
        }
        let outcome = try todoList.importTodos(list.recognizing(todoList.todos.all, zone: settings.zone).todos)
        if json {
            write(InterchangeText.json(outcome, list).line)
        } else {
            say(InterchangeText.sentence(outcome, list))
        }
    }

    // MARK: - Export

    private func exportList(_ words: [String]) throws {
        var rest = words
        let output = try Self.take(Self.outputOption, from: &rest, command: "export")
            .map(typedFile)
        guard let value = try Self.take(Self.exportFormatOption, from: &rest, command: "export") else {
            throw CommandError.usage("export needs --format: todotxt, taskwarrior or ics", command: "export")
        }
        guard let format = ExportFormat(rawValue: value.lowercased()) else {
            throw CommandError.usage("--format takes todotxt, taskwarrior or ics, not \(quoted(value))", command: "export")
        }
        guard rest.isEmpty else { throw CommandError.usage("export takes no \(quoted(rest[0]))", command: "export") }
        try load()
        let items = todoList.todos.all.sorted { $0.number < $1.number }
        let birthdays = format == .ics ? userList.people.everyone.compactMap { person in
            person.birthDate.map { YearlyEvent(id: person.id, summary: InterchangeText.birthday(of: person), firstDay: $0) }
        } : []
        let text = ExportFormat.write(items, events: birthdays, as: format, stamp: Date(), zone: settings.zone)
        guard let output, output != "-" else { return write(text) }
        if OutputFile.isOneOf(output, theStore: startSettings.storePath) {
            throw CommandError.refused("\(output) is the store or one of its files; export to another file")
        }
        try OutputFile.save(Array(text.utf8), to: output)
        say(InterchangeText.exported(todos: items.count, birthdays: birthdays.count, to: output))
    }

    /// A file's name as given: at the prompt, where no shell reads it first, with `~/` read as
    /// the home folder, and refused when HOME names none.
    private func typedFile(_ name: String) throws -> String {
        guard readsLines, name == "~" || name.hasPrefix("~/") else { return name }
        guard settings.home != nil else {
            throw CommandError.refused("\(name) starts with ~, the home folder, and HOME names none (a path from the root)")
        }
        return TypedPath.expandingHome(name, home: settings.home)
    }

    /// The value of `option` in `words`, taken out of them: `--format x` or `--format=x`.
    private static func take(_ option: Option, from words: inout [String], command: String) throws -> String? {
        guard let index = words.firstIndex(where: { $0 == option.name || $0.hasPrefix(option.name + "=") }) else { return nil }
        let word = words.remove(at: index)
        let value: String
        if word != option.name {
            value = String(word.dropFirst(option.name.count + 1))
        } else {
            guard index < words.count else { throw CommandError.usage("\(option.name) needs a value", command: command) }
            value = words.remove(at: index)
        }
        // `--output=`, or `--output ''`: no file, which taken as a path would be the folder todo runs in.
        guard !value.isEmpty else { throw CommandError.usage("\(option.name) needs a value", command: command) }
        if words.contains(where: { $0 == option.name || $0.hasPrefix(option.name + "=") }) {
            throw CommandError.usage("\(option.name) is given twice; give it once", command: command)
        }
        return value
    }
}

extension ImportFailure.Reason {
    /// Whether the file may be no JSON at all: it is not whole JSON, or not an array of tasks.
    fileprivate var saysItMayNotBeJSON: Bool {
        switch self {
        case .notJSON, .notAnExport, .notATask: true
        default: false
        }
    }
}

