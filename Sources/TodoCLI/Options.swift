import Foundation
import LocalStore

/// The global options, given before the command: `todo [--store PATH] [--json] COMMAND …`.
struct Options {
    enum Request: Equatable {
        case help
        case version
        /// Run these words as one command, or read commands line by line when there are none.
        case run([String])
    }

    var request: Request
    var storeURL: URL
    var json: Bool

    struct Invalid: Error {
        let message: String
    }

    static func parse(_ arguments: [String], environment: [String: String]) throws(Invalid) -> Options {
        var storePath: String?
        var json = false
        var rest = arguments[...]

        while let argument = rest.first, argument.hasPrefix("-"), argument != "-" {
            rest = rest.dropFirst()
            switch argument {
            case "--":
                return options(.run(Array(rest)), storePath, json, environment)
            case "--help", "-h":
                return options(.help, storePath, json, environment)
            case "--version":
                return options(.version, storePath, json, environment)
            case "--json":
                json = true
            case "--store":
                guard let path = rest.first, !path.isEmpty else { throw Invalid(message: "--store needs the path of a store file") }
                storePath = path
                rest = rest.dropFirst()
            case _ where argument.hasPrefix("--store="):
                let path = String(argument.dropFirst("--store=".count))
                guard !path.isEmpty else { throw Invalid(message: "--store needs the path of a store file") }
                storePath = path
            default:
                throw Invalid(message: "unknown option \(quoted(argument))")
            }
        }
        return options(.run(Array(rest)), storePath, json, environment)
    }

    /// The store: `--store`, else `TODO_STORE`, else the default place in the user's data folder.
    private static func options(_ request: Request, _ storePath: String?, _ json: Bool,
                                _ environment: [String: String]) -> Options {
        let path = storePath ?? environment["TODO_STORE"].flatMap { $0.isEmpty ? nil : $0 }
        let url = path.map { URL(fileURLWithPath: $0) } ?? FileStore.defaultURL(environment: environment)
        return Options(request: request, storeURL: url, json: json)
    }
}
