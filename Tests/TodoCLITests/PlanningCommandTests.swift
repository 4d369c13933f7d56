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

    @Test("PL-2 A word starting with + in a title is a tag, taken out of the title (the CLI)")
    func tagsInATitle() async throws {
        #expect(await cli.run("add", "Buy", "milk", "+Shop", "+errands-2")
                == Run(status: 0, output: "Added 1 “Buy milk” +Shop +errands-2.\n", errors: ""))
        #expect(await cli.run("add", "Learn C++ and a+b in +1 day").output == "Added 2 “Learn C++ and a+b in +1 day”.\n")

        #expect(await cli.run("list").output == """
            To do
              2 [ ] Learn C++ and a+b in +1 day
              1 [ ] Buy milk  +Shop +errands-2

            2 to do, 0 finished

            """)
    }
}
