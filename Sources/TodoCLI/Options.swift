#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LocalStore
import UserList

/// The global options, given anywhere until `--`: `todo [--store PATH] [--json] [--today DATE] [--api URL] COMMAND …`.
struct Options {
    enum Request: Equatable {
        case help
        case version
        /// The Tab completion script for a shell, or the words for the line a shell completes.
        case completionScript(Shell)
        case completions(line: String)
        case manual
        /// Run these words as one command, or read commands line by line when there are none.
        case run([String])
    }

    var request: Request = .run([])
    var storeURL: URL
    /// The store was named, by `--store` or TODO_STORE, not taken from its default place.
    var storeIsNamed = false
    var json = false
    /// The day ages and birthdays are counted from; the system's today when nil.
    var today: CalendarDate?
    /// Where people are loaded from, as given: `--api`, else `RANDOMUSER_API`; nil for
    /// randomuser.me API 1.4. Only `user fetch` needs it, so only `user fetch` checks it.
    var api: (text: String, source: String)?

    struct Invalid: Error {
        let message: String
    }

    /// The store is `--store`, else `TODO_STORE`, else the default place in the user's data folder.
    /// `textStart` says, for the words of a command so far, how many of them come before its
    /// text (a title, a search); past that an option is a word of the text: `add Fix --json output`.
    static func parse(_ arguments: [String], environment: [String: String],
                      textStart: ([String]) -> Int? = { _ in nil }) throws(Invalid) -> Options {
        var storeFromEnvironment: URL?
        if let text = environment["TODO_STORE"], !text.isEmpty {
            storeFromEnvironment = try storeURL(text, from: "TODO_STORE")
        }
        let apiFromEnvironment = environment["RANDOMUSER_API"].flatMap { $0.isEmpty ? nil : $0 }
        var options = Options(storeURL: storeFromEnvironment ?? FileStore.defaultURL(environment: environment))
        options.storeIsNamed = storeFromEnvironment != nil
        if let apiFromEnvironment {
            options.api = (apiFromEnvironment, "RANDOMUSER_API")
        }
        var rest = arguments[...]
        var words: [String] = []

        // Options may come anywhere, before the command or after it, until `--`; an option of
        // a command (`doctor --repair`) is one of its words.
        while let argument = rest.popFirst() {
            if let start = textStart(words), words.count > start {
                words.append(argument)
                continue
            }
            if argument == "--" {
                words += rest
                break
            }
            let (name, attached) = split(argument)
            guard globalNames.contains(name) || (words.isEmpty && argument.hasPrefix("-") && argument != "-") else {
                words.append(argument)
                continue
            }
            guard attached == nil || ["--store", "--today", "--api", "--completion", "--complete-line"].contains(name) else {
                throw Invalid(message: "unknown option \(quoted(argument))")
            }
            switch name {
            case "--help", "-h":
                // After a command, its own help: `todo check --help` is `todo help check`.
                options.request = words.isEmpty ? .help : .run(["help"] + words)
                return options
            case "--version":
                options.request = .version
                return options
            case "--man":
                guard words.isEmpty && rest.isEmpty else { throw Invalid(message: "--man takes nothing else on the line") }
                options.request = .manual
                return options
            case "--completion":
                let name = try value(of: name, attached, &rest, "a shell: " + Shell.allCases.map(\.rawValue).joined(separator: ", "))
                guard words.isEmpty && rest.isEmpty else { throw Invalid(message: "--completion takes a shell and nothing else") }
                guard let shell = Shell(rawValue: name) else {
                    throw Invalid(message: "there is no completion script for \(quoted(name)); there is one for "
                                  + Shell.allCases.map(\.rawValue).joined(separator: ", "))
                }
                options.request = .completionScript(shell)
                return options
            case "--complete-line":
                // What the completion scripts run: the line is the shell's, up to the cursor.
                options.request = .completions(line: attached ?? rest.popFirst() ?? "")
                return options
            case "--json":
                options.json = true
            case "--store":
                let path = try value(of: name, attached, &rest, "the path of a store file")
                options.storeURL = try storeURL(path, from: name)
                options.storeIsNamed = true
            case "--today":
                let text = try value(of: name, attached, &rest, "a date, typed as YYYY-MM-DD or DD-MM-YYYY")
                guard let date = CalendarDate.typed(text)?.date, date <= Self.latestToday else {
                    throw Invalid(message: "--today takes a date from 0001-01-01 to \(Self.latestToday.iso), typed as YYYY-MM-DD "
                                  + "or DD-MM-YYYY, not \(quoted(text))")
                }
                options.today = date
            case "--api":
                options.api = (try value(of: name, attached, &rest, "the URL of a randomuser.me API"), name)
            default:
                throw Invalid(message: "unknown option \(quoted(argument))")
            }
        }
        options.request = .run(words)
        return options
    }

    private static let globalNames: Set<String> = ["--help", "-h", "--version", "--json", "--store", "--today", "--api",
                                                   "--completion", "--complete-line", "--man"]

    /// The options that are given when todo starts, and mean nothing on a line at its prompt.
    static let startOnly = globalNames.subtracting(["--json", "--help", "-h"])

    /// A store file's URL; a path ending in `/` names a folder, and is refused rather than
    /// taken for a file of that name.
    private static func storeURL(_ path: String, from source: String) throws(Invalid) -> URL {
        guard !path.hasSuffix("/") else { throw Invalid(message: "\(source) takes the path of a file, not of a folder: \(quoted(path))") }
        // Said to be no folder, the path is not looked up on the disk here; one that is a folder
        // is refused when the store is opened (SF-6).
        // A `~` the shell left alone is a name like any other, as every program reads it: never
        // the home folder, which Foundation would otherwise make of it.
        return URL(fileURLWithPath: path.hasPrefix("~") ? "./" + path : path, isDirectory: false)
    }

    /// The last day `--today` may be: every birthday counted from it has a next one in the calendar.
    static let latestToday = CalendarDate(year: 9998, month: 12, day: 31)!

    /// The API's URL: an http or https URL with a host; anything else is refused rather than
    /// tried. Nil for randomuser.me's own.
    func apiURL() throws(Invalid) -> URL? {
        guard let api else { return nil }
        guard let url = URL(string: api.text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              url.host?.isEmpty == false else {
            throw Invalid(message: "\(api.source) takes an http or https URL, not \(quoted(api.text))")
        }
        return url
    }

    /// `--store=PATH` as (`--store`, `PATH`); anything else as (itself, nil).
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The option's value, attached with `=` or in the next argument; never empty.
    private static func value(of name: String, _ attached: String?, _ rest: inout ArraySlice<String>,
                              _ what: String) throws(Invalid) -> String {
        let value = attached ?? rest.popFirst()
        guard let value, !value.isEmpty else { throw Invalid(message: "\(name) needs \(what)") }
        return value
    }
}
