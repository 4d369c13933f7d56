import Foundation
import TestSupport
import Testing
import TodoCLI
import TodoList

@MainActor
@Suite("A repair that would bring back what the user removed asks first")
final class RepairQuestionTests {
    private let cli: CLIHarness
    private var journalURL: URL { cli.folder.file("store.json.journal") }
    private static let named = "“Task 5”, “Task 4”, “Task 3”, “Task 2” and “Task 1”, which had all been cleared"

    /// Twelve to-dos, 1 to 5 checked and cleared, and the line that cleared them changed by hand.
    init() async throws {
        cli = try CLIHarness()
        for number in 1...12 {
            await cli.run("add", "Task \(number)")
        }
        await cli.run("check", "1-5")
        await cli.run("clear-finished")
        let journal = String(decoding: try Data(contentsOf: journalURL), as: UTF8.self)
        #expect(journal.contains("{\"clearFinished\":true,"))
        try Data(journal.replacingOccurrences(of: "{\"clearFinished\":true,", with: "{\"clearFinished\": true,").utf8).write(to: journalURL)
    }

    /// Every file in the folder, by name, with its bytes.
    private func files() throws -> [String: Data] {
        Dictionary(uniqueKeysWithValues: try cli.folder.contents().map { ($0, try Data(contentsOf: cli.folder.file($0))) })
    }

    /// The five checked and cleared, back in Finished; 6 to 12 still to do: each item's number,
    /// title and state (the ids are the command's own).
    private let broughtBack = (6...12).reversed().map { "\($0) Task \($0) false" } + (1...5).reversed().map { "\($0) Task \($0) true" }

    enum How: String, CaseIterable, Sendable {
        case script = "in a script"
        case scriptWithYes = "in a script, with --yes"
        case promptNo = "at the prompt, answering no"
        case promptYes = "at the prompt, answering yes"
    }

    @Test("SF-34 A repair that would bring back what the user removed says so by title, and asks first", arguments: How.allCases)
    func asksFirst(how: How) async throws {
        let before = try files()

        let run = switch how {
        case .script: await cli.run("doctor", "--repair")
        case .scriptWithYes: await cli.run("doctor", "--repair", "--yes")
        case .promptNo: await cli.run([], input: ["doctor --repair", "no"], terminal: true)
        case .promptYes: await cli.run([], input: ["doctor --repair", "yes"], terminal: true)
        }

        switch how {
        case .script:
            #expect(run == Run(status: 1, output: "", errors: "error: a repair would bring back what was removed: \(Self.named); nothing "
                               + "was changed. todo doctor --repair --yes repairs all the same\n"))
            #expect(try files() == before)
        case .promptNo:
            #expect(run.answer(to: "doctor --repair") == "A repair would bring back what was removed: \(Self.named).\n"
                    + "Repair all the same? (yes/no): no\nCancelled: nothing was repaired, and the store was left as it is.\n")
            #expect(try files() == before)
        case .scriptWithYes, .promptYes:
            let said = how == .promptYes ? run.answer(to: "doctor --repair") ?? "" : run.output
            #expect(said.contains("brought back what was removed: \(Self.named)."), "\(run)")
            #expect(how == .scriptWithYes || said.hasPrefix("A repair would bring back what was removed: \(Self.named).\n"))
            #expect(try cli.saved().all.map { "\($0.number) \($0.title) \($0.isFinished)" } == broughtBack)
            #expect(try cli.saved().nextNumber == 13)
            #expect(await cli.run("doctor").status == 0)
        }
    }
}
