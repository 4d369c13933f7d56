#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dates
import LocalStore
import UserList

/// What the options and the environment set for the commands: which store, text or JSON, which
/// day ages are counted from, which server people come from.
struct Settings {
    var storeURL: URL
    /// The store was named, by `--store` or TODO_STORE, not taken from its default place.
    var storeIsNamed = false
    var json = false
    /// The day ages, birthdays and due dates are counted from; the system's today when nil.
    var today: CalendarDate?
    /// Where people are loaded from, as given: `--api`, else `RANDOMUSER_API`; nil for
    /// randomuser.me API 1.4. Only `user fetch` needs it, so only `user fetch` checks it.
    var api: (text: String, source: String)?
    /// Where the prompt keeps the commands typed at it; nil for nowhere (CLI-48).
    var historyPath: String?
    /// Which day a moment falls on, and when a day starts: the system's zone (`TZ`, else
    /// `/etc/localtime`), unless a test says otherwise.
    var zone = LocalZone.system

    /// The settings before any option: the store is `TODO_STORE`, else the default place in the
    /// user's data folder; the server `RANDOMUSER_API`, else randomuser.me.
    init(environment: [String: String]) throws(OptionError) {
        if let text = environment["TODO_STORE"], !text.isEmpty {
            storeURL = try Self.storeURL(text, from: "TODO_STORE")
            storeIsNamed = true
        } else {
            storeURL = FileStore.defaultURL(environment: environment)
        }
        if let text = environment["RANDOMUSER_API"], !text.isEmpty {
            api = (text, "RANDOMUSER_API")
        }
        historyPath = PromptHistory.path(environment: environment)
    }

    /// A store file's URL; a path ending in `/` names a folder, and is refused rather than
    /// taken for a file of that name.
    static func storeURL(_ path: String, from source: String) throws(OptionError) -> URL {
        guard !path.hasSuffix("/") else { throw OptionError("\(source) takes the path of a file, not of a folder: \(quoted(path))") }
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
    func apiURL() throws(OptionError) -> URL? {
        guard let api else { return nil }
        guard let url = URL(string: api.text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              url.host?.isEmpty == false else {
            throw OptionError("\(api.source) takes an http or https URL, not \(quoted(api.text))")
        }
        return url
    }
}

/// An option that is unknown, misses its value, has one that does not do, or is given where it
/// means nothing: a usage error, pointed at `todo --help`, or at the help of the command it was
/// given to, or answered with the option meant.
struct OptionError: Error, Equatable {
    let message: String
    /// The option a mistyped one was most likely meant to be.
    var meant: String?
    /// The command whose help says which options it takes.
    var command: String?

    init(_ message: String, meant: String? = nil, command: String? = nil) {
        self.message = message
        self.meant = meant
        self.command = command
    }
}
