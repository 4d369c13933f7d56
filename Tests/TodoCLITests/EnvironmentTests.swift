import Foundation
import Testing

/// `todo` reads only the environment variables it names (a dictionary of the whole environment
/// costs start-up time); the in-process tests inject a dictionary, so only this check sees a
/// variable a command reads that the real program would never pass it.
@Suite("The environment todo reads")
struct EnvironmentTests {
    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test("Every environment variable a command reads is one the program takes from its environment")
    func everyVariableReadIsTaken() throws {
        var read = Set<String>()
        for folder in ["TodoCLI", "LocalStore"] {
            let files = try #require(FileManager.default.enumerator(atPath: Self.sources.appendingPathComponent(folder).path))
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: Self.sources.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
                read.formUnion(text.matches(of: /environment\["([A-Z_]+)"\]/).map { String($0.1) })
            }
        }
        let program = try String(contentsOf: Self.sources.appendingPathComponent("TodoCLI/TodoProgram.swift"), encoding: .utf8)
        let list = try #require(program.firstMatch(of: /environmentVariables = \[([^\]]*)\]/)).1
        let taken = Set(list.matches(of: /"([A-Z_]+)"/).map { String($0.1) })

        #expect(read.count >= 6)
        #expect(read.subtracting(taken).isEmpty, "read but never taken from the environment: \(read.subtracting(taken).sorted())")
    }
}
