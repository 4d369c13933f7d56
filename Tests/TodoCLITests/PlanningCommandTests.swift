import Foundation
import TestSupport
import Testing
import TodoCLI

@MainActor
@Suite("The todo command: planning a week")
final class PlanningCommandTests {
    private let cli: CLIHarness

    init() throws {
        cli = try CLIHarness()
    }

    @Test("PL-1 Searching for several words finds the titles that hold every one, in any order (the CLI)")
    func searchForEveryWord() async throws {
        try cli.seed(todo: ["Buy milk and eggs", "Eggs for the cake"], finished: ["Milk the cow"])

        #expect(await cli.run("search", "eggs", "MILK") == Run(status: 0, output: "To do\n  1 [ ] Buy milk and eggs\n", errors: ""))
        #expect(await cli.run("search", "milk").output == "To do\n  1 [ ] Buy milk and eggs\nFinished\n  3 [x] Milk the cow\n")
    }
}
