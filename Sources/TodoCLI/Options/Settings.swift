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
    var storePath: String
    /// The store was named, by `--store` or TODO_STORE, not taken from its default place.
    var storeIsNamed = false
    /// Where the store is when none is named, with what the environment got wrong about it;
    /// nil once `--store` or TODO_STORE names one.
    var defaultPlace: FileStore.DefaultPlace?

    /// Why TODO_STORE names no store file, while `--store` names none instead.
    var storeVariableProblem: OptionError?
    /// Why TODO_LOCK_WAIT is no wait, while `--wait` gives none instead.
    var lockWaitVariableProblem: OptionError?

    /// Why no store can be opened: TODO_STORE names a folder, or HOME is not an absolute path and
    /// no store was named, or TODO_LOCK_WAIT is no wait. Every command that uses the store is
    /// refused with it; help, the version, and a store named with `--store` or a wait given with
    /// `--wait`, are not.
    var storeProblem: OptionError? {
        if let problem = storeVariableProblem ?? lockWaitVariableProblem { return problem }
        guard !storeIsNamed, let home = defaultPlace?.relativeHome else { return nil }
        return OptionError("HOME is not an absolute path (\(quoted(home))), so todo cannot tell where the store is: set HOME to "
                           + "one, or name the store with --store or TODO_STORE")
    }

    /// What a command that uses the default store says first: XDG_DATA_HOME was passed over.
    var storeNote: String? {
        guard !storeIsNamed, let ignored = defaultPlace?.ignoredDataHome, defaultPlace?.path != nil else { return nil }
        return "XDG_DATA_HOME is not an absolute path (\(quoted(ignored))), which the XDG rules say to ignore: the store is \(storePath)"
    }

    /// How long a change waits for another program that holds the store's lock: `--wait`, else
    /// TODO_LOCK_WAIT, else ten seconds.
    var lockWait = LockWait.defaultTimeout
    var json = false
    /// The day ages, birthdays and due dates are counted from; the system's today when nil.
    var today: CalendarDate?
    /// Where people are loaded from, as given: `--api`, else `RANDOMUSER_API`; nil for
    /// randomuser.me API 1.4. Only `user fetch` needs it, so only `user fetch` checks it.
    var api: (text: String, source: String)?
    /// Where the prompt keeps the commands typed at it; nil for nowhere (CLI-48).
    var historyPath: String?
    /// The folder `~` names in a file's name typed at the prompt: HOME, when it is a path from the root.
    var home: String?
    /// Which day a moment falls on, and when a day starts: the system's zone (`TZ`, else
    /// `/etc/localtime`), unless a test says otherwise.
    var zone = LocalZone.system

    /// The settings before any option: the store is `TODO_STORE`, else the default place in the
    /// user's data folder; the server `RANDOMUSER_API`, else randomuser.me.
    init(environment: [String: String]) throws(OptionError) {
        if let text = environment["TODO_STORE"], !text.isEmpty {
            do {
                storePath = try Self.storePath(text, from: "TODO_STORE")
            } catch {
                // Refused when a command uses the store, as a store that cannot be found is.
                (storePath, storeVariableProblem) = ("/", error)
            }
            storeIsNamed = true
        } else {
            let place = FileStore.defaultPlace(environment: environment)
            // Without a place, the store's commands are refused (`storeProblem`), and this path is never opened.
            storePath = place.path ?? "/"
            defaultPlace = place
        }
        if let text = environment["RANDOMUSER_API"], !text.isEmpty {
            api = (text, "RANDOMUSER_API")
        }
        if let text = environment["TODO_LOCK_WAIT"], !text.isEmpty {
            do {
                lockWait = try Self.lockWait(text, from: "TODO_LOCK_WAIT")
            } catch {
                // Refused when a command uses the store, unless --wait gives the wait instead.
                lockWaitVariableProblem = error
            }
        }
        historyPath = PromptHistory.path(environment: environment)
        home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    /// The longest wait for the lock that may be asked for: a day.
    static let longestLockWait = 86_400

    /// A wait for the lock, from its seconds as typed: a whole or decimal number from 0 to a day.
    static func lockWait(_ text: String, from source: String) throws(OptionError) -> Duration {
        guard let seconds = Double(text), seconds.isFinite, (0...Double(longestLockWait)).contains(seconds) else {
            throw OptionError("\(source) takes a number of seconds from 0 to \(longestLockWait), not \(quoted(text))")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// A store file's path, from the root, meaning what the system means by it (SF-50). A path
    /// ending in `/`, `/.` or `/..` names a folder, and is refused rather than taken for a file.
    static func storePath(_ path: String, from source: String) throws(OptionError) -> String {
        guard !TypedPath.namesAFolder(path) else { throw OptionError("\(source) takes the path of a file, not of a folder: \(quoted(path))") }
        // The path is not looked up on the disk here; one that is a folder is refused when the
        // store is opened (SF-6). A `~` the shell left alone is a name like any other, as every
        // program reads it: never the home folder.
        return TypedPath.absolute(path)
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
