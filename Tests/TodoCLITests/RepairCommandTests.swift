import Foundation
import LocalStore
import TestSupport
import Testing
import TodoCLI
import TodoList

@MainActor
@Suite("todo doctor --repair, as a user runs it")
final class RepairCommandTests {
    private let cli: CLIHarness
    private var journal: String { cli.storeURL.path + ".journal" }

    init() throws {
        cli = try CLIHarness()
    }

    @Test("SF-32 A journal that cannot be removed is never written around, and a repair says so")
    func journalThatWillNotGo() async throws {
        let stuck = Disk(remove: { _ in EPERM })
        await cli.run("add", "Buy milk")
        await cli.run("add", "Call Ann")

        let deleted = await cli.run(["delete", "1-2"], disk: stuck)
        #expect(deleted.status == 0, "\(deleted)")
        #expect(FileManager.default.fileExists(atPath: journal))
        #expect(await cli.run("doctor").status == 0)
        let store = try cli.storeBytes()
        let undo = await cli.run(["undo"], disk: stuck)
        #expect(undo == Run(status: 1, output: "", errors: "error: cannot remove \(journal): Operation not permitted; "
                            + "the store was left as it was\n"))
        #expect(try cli.storeBytes() == store)

        try cli.storeBytes().prefix(try cli.storeBytes().count - 10).write(to: cli.storeURL)
        let repaired = await cli.run(["doctor", "--repair"], disk: stuck)

        #expect(repaired.status == 1)
        #expect(repaired.output.hasSuffix("Rebuilt the store: 0 to-dos and 0 people; the journal was not brought in: "
                                          + "the store had taken it in already.\n"), "\(repaired)")
        #expect(repaired.errors == "error: the rebuilt store took in the journal \(journal), which could not be removed "
                + "(Operation not permitted): every command reads the lists, and changes are refused until it can be removed\n")
        #expect(await cli.run("doctor").status == 0)
        #expect(await cli.run("list").status == 0)
    }
}
