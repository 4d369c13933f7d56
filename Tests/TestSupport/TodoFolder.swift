import Foundation
import Testing

/// The real `todo` and a fresh folder with a place for its store: what every suite that runs the
/// executable as a user does sets up, in one place.
public struct TodoFolder {
    public let folder: TemporaryFolder
    public let binary: RealBinary
    /// The store file, not made yet: `store.json` in the folder, unless the suite names another.
    public let store: URL

    public init(store path: String = "store.json", sourceLocation: SourceLocation = #_sourceLocation) throws {
        folder = try TemporaryFolder()
        binary = try RealBinary(sourceLocation: sourceLocation)
        store = folder.file(path)
    }

    /// `todo --store STORE ARGUMENTS`, with `input` on its standard input, waited for.
    public func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Run {
        try binary.run(["--store", store.path] + arguments, input: input, environment: environment)
    }

    /// `todo ARGUMENTS` on a terminal of its own, on the store (by `TODO_STORE`, unless the
    /// arguments name one), without colour, as xterm; `columns` wide, when given.
    public func onATerminal(_ arguments: [String] = [], environment: [String: String] = [:], columns: Int? = nil) throws -> PseudoTerminal {
        let store = arguments.contains("--store") ? [:] : ["TODO_STORE": self.store.path]
        return try PseudoTerminal(binary.url, arguments: arguments,
                                  environment: store.merging(["NO_COLOR": "1", "TERM": "xterm"]) { $1 }.merging(environment) { $1 },
                                  columns: columns)
    }
}
