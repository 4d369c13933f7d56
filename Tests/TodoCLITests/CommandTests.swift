import Foundation
import ListEngine
import LocalStore
import TestSupport
import Testing
import TodoCLI
import TodoList

@MainActor
@Suite("The todo command, one command at a time")
final class CommandTests {
    private let cli: CLIHarness

    init() throws {
        cli = try CLIHarness()
    }

    @Test("CLI-1 Quoted or not, the words after add make one title")
    func addJoinsWords() async throws {
        let unquoted = await cli.run("add", "Buy", "milk")
        let quoted = await cli.run("add", "Buy milk")

        #expect(unquoted == Run(status: 0, output: "Added 1 “Buy milk”.\n", errors: ""))
        #expect(quoted == Run(status: 0, output: "Added 2 “Buy milk”.\n", errors: ""))
        #expect(try cli.saved().unfinished.map(\.number) == [2, 1])
        #expect(try cli.saved().unfinished.titles == ["Buy milk", "Buy milk"])
    }

    @Test("CLI-2 list shows To do then Finished, numbered across both, and the counter last")
    func listShowsBothSections() async throws {
        try cli.seed(todo: ["Buy milk", "Call Ann"], finished: ["Pay rent"])

        let run = await cli.run("list")

        #expect(run == Run(status: 0, output: """
            To do
              1 [ ] Buy milk
              2 [ ] Call Ann
            Finished
              3 [x] Pay rent

            2 to do, 1 finished

            """, errors: ""))
        #expect(await cli.run("ls") == run)
    }

    @Test("CLI-2 list shows To do then Finished, numbered across both, and the counter last: numbers aligned on the widest, wherever it is")
    func numbersAlignedOnTheWidest() async throws {
        try FileStore(url: cli.storeURL).update {
            $0 = Document(todos: list(todo: [todo(1, "Buy milk")], finished: [finished(10, "Pay rent"), finished(2, "Call Ann")], next: 11))
        }

        let run = await cli.run("list")

        #expect(run.output == """
            To do
               1 [ ] Buy milk
            Finished
              10 [x] Pay rent
               2 [x] Call Ann

            1 to do, 2 finished

            """)
    }

    @Test("CLI-3 list on an empty list says how to add something")
    func emptyListHint() async {
        let run = await cli.run("list")

        #expect(run == Run(status: 0, output: "Nothing here yet. Add a to-do with: todo add TITLE\n", errors: ""))
        let prompt = await cli.run([], input: ["list"], terminal: true)
        #expect(prompt.output.contains("todo> list\nNothing here yet. Add a to-do with: add TITLE\n"))
    }

    @Test("CLI-4 list todo and list finished show one section and keep the numbers")
    func listOneSection() async throws {
        try cli.seed(todo: ["Buy milk", "Call Ann"], finished: ["Pay rent"])

        #expect(await cli.run("list", "finished").output == "Finished\n  3 [x] Pay rent\n\n2 to do, 1 finished\n")
        #expect(await cli.run("list", "todo").output == "To do\n  1 [ ] Buy milk\n  2 [ ] Call Ann\n\n2 to do, 1 finished\n")
        #expect(await cli.run("list", "someday").status == 2)
        #expect(await cli.run("list", "todo", "finished")
                == Run(status: 2, output: "", errors: "error: list shows todo or finished, not both; see: todo help list\n"))
        #expect(await cli.run("list", "finished", "finished").output == "Finished\n  3 [x] Pay rent\n\n2 to do, 1 finished\n")
        await cli.run("check", "1", "2")
        #expect(await cli.run("list", "todo").output == "Nothing left to do.\n\n0 to do, 3 finished\n")
        await cli.run("uncheck", "1", "2", "3")
        #expect(await cli.run("list", "finished").output == "Nothing is finished yet.\n\n3 to do, 0 finished\n")
    }

    @Test("CLI-28 A mistyped command is answered with the one meant; case does not matter", arguments: [
        (["lst"], "error: unknown command “lst”; did you mean “list”?\n"),
        (["chek", "1"], "error: unknown command “chek”; did you mean “check”?\n"),
        (["serach", "milk"], "error: unknown command “serach”; did you mean “search”?\n"),
        (["sear", "milk"], "error: unknown command “sear”; did you mean “search”?\n"),
        (["unch", "1"], "error: unknown command “unch”; did you mean “uncheck”?\n"),
        (["del", "1"], "error: unknown command “del”; did you mean “delete”?\n"),
        (["frobnicate"], "error: unknown command “frobnicate”; type todo help for the commands\n"),
        // Of names as near that none starts as the word does, the first in the table; and each
        // edit costs one: a letter left out, one put in, two swapped.
        (["abeck"], "error: unknown command “abeck”; did you mean “back”?\n"),
        (["dda"], "error: unknown command “dda”; type todo help for the commands\n"),
        (["da"], "error: unknown command “da”; type todo help for the commands\n"),
        (["dlt"], "error: unknown command “dlt”; type todo help for the commands\n"),
        (["redo"], "error: unknown command “redo”; type todo help for the commands\n"),
        (["shwo", "1"], "error: unknown command “shwo”; did you mean “show”?\n"),
        (["undelete", "1"], "error: unknown command “undelete”; type todo help for the commands\n"),
        (["ucheck", "1"], "error: unknown command “ucheck”; did you mean “uncheck”?\n"),
        (["user"], "error: user needs one of: add, list, fetch, search, show, delete; see: todo help user\n"),
        (["user", "lst"], "error: unknown command “user lst”; did you mean “user list”?\n"),
        (["USER", "Lst"], "error: unknown command “USER Lst”; did you mean “user list”?\n"),
        (["user", "frob"], "error: unknown command “user frob”; user takes one of: add, list, fetch, search, show, delete; see: todo help user\n"),
    ])
    func mistypedCommand(arguments: [String], error: String) async {
        #expect(await cli.run(arguments) == Run(status: 2, output: "", errors: error))
        #expect(!FileManager.default.fileExists(atPath: cli.storeURL.path))
    }

    @Test("CLI-41 An unknown option is named as one, with the option meant", arguments: [
        (["list", "--frobnicate"], "unknown option “--frobnicate”; list takes --sort ORDER; see: todo help list"),
        (["list", "--srot", "due"], "unknown option “--srot”; did you mean “--sort”?"),
        (["list", "--jsn"], "unknown option “--jsn”; did you mean “--json”?"),
        (["check", "1", "--frobnicate"], "unknown option “--frobnicate”; check takes no option of its own; see: todo help check"),
        (["user", "add", "Ada", "Lee", "1990-01-01", "--agian"], "unknown option “--agian”; did you mean “--again”?"),
        (["--jsn", "list"], "unknown option “--jsn”; did you mean “--json”?"),
        (["user", "list", "--sort=desc", "--agian"], "unknown option “--agian”; user list takes --sort asc|desc|added; see: todo help user list"),
        (["user", "fetch", "--count", "5", "--cont=5"], "unknown option “--cont”; did you mean “--count”?"),
        (["list", "--json=yes"], "unknown option “--json=yes”; see: todo --help"),
        (["--json=1", "list"], "unknown option “--json=1”; see: todo --help"),
        (["--complete-lin", "list"], "unknown option “--complete-lin”; see: todo --help"),
        (["help", "--frobnicate"], "unknown option “--frobnicate”; help takes no option of its own; see: todo help help"),
    ])
    func unknownOption(arguments: [String], said: String) async throws {
        try cli.seed(todo: ["Buy milk"])
        let before = try cli.storeBytes()

        let run = await cli.run(arguments)

        #expect(run == Run(status: 2, output: "", errors: "error: \(said)\n"))
        #expect(try cli.storeBytes() == before)
        let piped = await cli.run([], input: [arguments.joined(separator: " ")])
        #expect(piped.errors == "line 1: error: \(said.replacing("; see: todo --help", with: "").replacing("todo help", with: "help"))\n")
        #expect(try cli.storeBytes() == before)
    }

    @Test("CLI-41 An unknown option is named as one, with the option meant: at the prompt, never one only the command line takes")
    func unknownOptionAtThePrompt() async throws {
        let run = await cli.run([], input: ["list --stroe"])

        #expect(run.errors == "line 1: error: unknown option “--stroe”; list takes --sort ORDER; see: help list\n")
        #expect(await cli.run("list", "--stroe").errors == "error: unknown option “--stroe”; did you mean “--store”?\n")
    }

    @Test("CLI-56 An option, a priority or a due filter given twice is refused, and nothing runs", arguments: [
        (["--store", "a.json", "--store", "b.json", "list"], "--store is given twice; give it once"),
        (["--today", "2026-11-25", "list", "--today=2026-11-26"], "--today is given twice; give it once"),
        (["--wait", "1", "--wait", "2", "list"], "--wait is given twice; give it once"),
        (["--api", "http://127.0.0.1:1/", "user", "list", "--api", "http://127.0.0.1:2/"], "--api is given twice; give it once"),
        (["list", "pri:H", "pri:L"], "“pri:” is given twice: give it once"),
        (["list", "overdue", "today"], "list takes one of overdue, today and week"),
    ])
    func givenTwice(arguments: [String], said: String) async throws {
        #expect(await cli.run("add", "Pay rent pri:H").status == 0)
        let before = try cli.storeBytes()
        let inFolder = arguments.map { $0.hasSuffix(".json") ? cli.folder.file($0).path : $0 }

        let run = await cli.run(inFolder, environment: ["TODO_STORE": cli.storeURL.path], withStore: false)

        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errors.hasPrefix("error: \(said); see: todo "))
        #expect(run.errors.filter { $0 == "\n" }.count == 1)
        #expect(try cli.storeBytes() == before)
        #expect(!FileManager.default.fileExists(atPath: cli.folder.file("a.json").path))
        #expect(!FileManager.default.fileExists(atPath: cli.folder.file("b.json").path))
    }

    @Test("CLI-41 An unknown option is named as one, with the option meant: a command's own, after -- or in a title, is none")
    func knownOptions() async throws {
        try cli.seed(todo: ["Buy milk"])

        #expect(await cli.run("help", "list", "--sort").output == (await cli.run("help", "list")).output)
        #expect(await cli.run("list", "--sort=added").status == 0)
        #expect(await cli.run("add", "Fix", "--frobnicate", "flag").output == "Added 2 “Fix --frobnicate flag”.\n")
        #expect(await cli.run("check", "--", "--frobnicate").errors
                == "error: “--frobnicate” is not a number; item numbers are 1, 2, 3… as list shows them\n")
    }

    /// CLI-43's titles: each of the last three fits 22 columns, or passes them by one, only when
    /// its emoji, its combining accent or its wide letters are counted as a terminal draws them.
    nonisolated static let wideTitles = ["Read the whole manual of the new washing machine before Friday", "🏋️ gym and 👩‍👩‍👧 swim at 9",
                                         "Tea and cafe\u{301} with cake", "李 Wei and 한 Kim at 10"]

    @Test("CLI-43 Long titles wrap under the title's start, measured as a terminal measures them")
    func longTitlesWrap() async throws {
        try cli.seed(todo: Self.wideTitles)

        let list = await cli.run(["list"], terminal: true, columns: 30, environment: ["NO_COLOR": "1"])
        let show = await cli.run(["show", "1"], terminal: true, columns: 30, environment: ["NO_COLOR": "1"])
        let script = await cli.run("list")

        #expect(list.output == """
            To do
              1 [ ] Read the whole manual
                    of the new washing
                    machine before Friday
              2 [ ] 🏋️ gym and 👩‍👩‍👧 swim at
                    9
              3 [ ] Tea and cafe\u{301} with cake
              4 [ ] 李 Wei and 한 Kim at
                    10

            4 to do, 0 finished

            """)
        #expect(show.output == """
            1 Read the whole manual of the
              new washing machine before
              Friday
              State:  to do
              Action: Check (check 1)

            """)
        #expect(script.output == """
            To do
              1 [ ] Read the whole manual of the new washing machine before Friday
              2 [ ] 🏋️ gym and 👩‍👩‍👧 swim at 9
              3 [ ] Tea and cafe\u{301} with cake
              4 [ ] 李 Wei and 한 Kim at 10

            4 to do, 0 finished

            """)
    }

    @Test("CLI-28 A mistyped command is answered with the one meant; case does not matter: List and Add")
    func commandNamesIgnoreCase() async throws {
        #expect(await cli.run("Add", "Buy", "milk") == Run(status: 0, output: "Added 1 “Buy milk”.\n", errors: ""))
        #expect(await cli.run("List") == cli.run("list"))
        #expect(try cli.saved().unfinished.titles == ["Buy milk"])
    }

    @Test("CLI-29 Options are taken anywhere on the line, until --")
    func optionsAnywhere() async throws {
        try cli.seed(todo: ["Buy milk"])

        let after = await cli.run("list", "--json")

        #expect(after.status == 0)
        #expect(after == (await cli.run("--json", "list")))
        #expect(await cli.run("add", "--", "--json") == Run(status: 0, output: "Added 2 “--json”.\n", errors: ""))
        #expect(await cli.run("add", "Read", "about", "--json", "output")
                == Run(status: 0, output: "Added 3 “Read about --json output”.\n", errors: ""))
        #expect(await cli.run("add", "Pros", "--", "cons") == Run(status: 0, output: "Added 4 “Pros -- cons”.\n", errors: ""))
        try #require(await cli.run("delete", "4").status == 0)
        #expect(try cli.saved().unfinished.titles == ["Read about --json output", "--json", "Buy milk"])

        let other = cli.folder.file("other.json")
        let prompt = await cli.run([], input: ["list --store \(other.path)", "help list", "list --help", "help add", "add --help",
                                               "help check", "check 1 --help", "add --store \(other.path) Buy milk"],
                                   terminal: true, environment: ["NO_COLOR": "1"])
        #expect(prompt.errors == String(repeating: "error: --store is given when todo starts (todo --store …), not on a line\n", count: 2))
        #expect(prompt.answer(to: "list --store \(other.path)") == "", "the line is not run: list would print the list")
        #expect(prompt.answer(to: "list --help")?.hasPrefix("Usage: list [FILTER...] [--sort ORDER]\n") == true)
        for (command, asked) in [("list", "list --help"), ("add", "add --help"), ("check", "check 1 --help")] {
            #expect(prompt.answer(to: asked) == prompt.answer(to: "help \(command)"), "\(asked)")
        }
        #expect(!FileManager.default.fileExists(atPath: other.path))
        let edit = await cli.run("edit", "1", "--help")
        #expect(edit.output.hasPrefix("Usage: edit N WORDS...\n"))
        #expect(edit == (await cli.run("help", "edit")))
        #expect(try cli.saved().unfinished.titles == ["Read about --json output", "--json", "Buy milk"])
    }

    @Test("CLI-8 search shows the matches with the numbers list gives them")
    func searchKeepsNumbers() async throws {
        try cli.seed(todo: ["Buy milk", "Call Ann"], finished: ["Buy bread"])

        #expect(await cli.run("search", "buy") == Run(status: 0, output: """
            To do
              1 [ ] Buy milk
            Finished
              3 [x] Buy bread

            """, errors: ""))
        #expect(await cli.run("search", "BÜY", "MILK").output == "To do\n  1 [ ] Buy milk\n")
        #expect(await cli.run("search", "rent").output == "No item matches “rent”.\n")
        #expect(await cli.run("search").status == 2)

        try cli.seed(todo: ["Say \"hi\" to Ann", "Buy oat milk"])
        let quoted = await cli.run([], input: [#"search "hi" to"#, #"search "milk" oat"#, #"search "oat milk""#])
        #expect(quoted.output == """
            To do
              1 [ ] Say "hi" to Ann
            No item matches “"milk" oat”.
            To do
              2 [ ] Buy oat milk

            """, "\(quoted)")
    }

    @Test("CLI-9 --json prints the list as data")
    func listAsJSON() async throws {
        try cli.seed(todo: ["Buy milk"], finished: ["Pay rent"])

        let run = await cli.run("--json", "list")

        #expect(run.status == 0)
        #expect(run.output == """
            {"todo":[{"number":1,"id":"\(id(1).uuidString)","title":"Buy milk","finished":false,"tags":[],"due":null,"priority":null,"recur":null,"added":null,"checked":null}],\
            "finished":[{"number":2,"id":"\(id(2).uuidString)","title":"Pay rent","finished":true,"tags":[],"due":null,"priority":null,"recur":null,"added":null,"checked":null}]}

            """)
        #expect(await cli.run("--json", "search", "rent").output == """
            {"todo":[],"finished":[{"number":2,"id":"\(id(2).uuidString)","title":"Pay rent","finished":true,"tags":[],"due":null,"priority":null,"recur":null,"added":null,"checked":null}]}

            """)
    }

    @Test("CLI-45 With --json a change prints the items it changed, in their new state, beside its message")
    func changesAsJSON() async throws {
        try cli.seed(todo: ["Buy milk", "Call Ann"])

        let checked = await cli.run("check", "--json", "1", "2")
        let listed = try Self.object(await cli.run("list", "--json"))
        let deleted = try Self.object(await cli.run("--json", "delete", "2"))
        let undone = try Self.object(await cli.run("--json", "undo"))
        let edited = try Self.object(await cli.run("--json", "edit", "1", "Buy", "oat", "milk"))
        let unchecked = try Self.object(await cli.run("--json", "uncheck", "1"))
        let passedOver = try Self.object(await cli.run("--json", "check", "2"))

        #expect(checked.status == 0 && checked.errors == "")
        let check = try Self.object(checked)
        #expect(check["message"] as? String == "Checked 2 items: 1 “Buy milk” and 2 “Call Ann”.")
        #expect(Self.items(check, "todo") == [] && Self.items(check, "deleted") == [])
        #expect(Self.items(check, "finished") == Self.items(listed, "finished"))
        #expect(Self.items(check, "finished").map { $0["title"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") } == ["Buy milk", "Call Ann"])
        #expect(Self.items(deleted, "deleted") == Self.items(listed, "finished").filter { $0["number"] as? Int == 2 })
        #expect(Self.items(deleted, "todo") == [] && Self.items(deleted, "finished") == [])
        #expect(Self.items(undone, "finished") == Self.items(deleted, "deleted"))
        #expect(undone["message"] as? String == "Undid: deleted “Call Ann”.")
        #expect(Self.items(edited, "finished").map { $0["title"] as? String } == ["Buy oat milk"])
        #expect(Self.items(unchecked, "todo").map { $0["title"] as? String } == ["Buy oat milk"])
        #expect(Self.items(unchecked, "todo").map { $0["finished"] as? Bool } == [false])
        #expect(passedOver["message"] as? String == "2 “Call Ann” was already finished; nothing was changed.")
        #expect(Self.items(passedOver, "todo") == [] && Self.items(passedOver, "finished") == [] && Self.items(passedOver, "deleted") == [])
        for object in [check, deleted, undone, edited, unchecked, passedOver] {
            #expect(Set(object.keys) == ["message", "todo", "finished", "deleted"])
        }

        await cli.run("user", "add", "Ann", "Lee", "1990-01-01")
        let people = try Self.object(await cli.run("--json", "user", "list"))
        let userDeleted = try Self.object(await cli.run("--json", "user", "delete", "1"))
        #expect(Set(userDeleted.keys) == ["message", "users", "deleted"])
        #expect(userDeleted["message"] as? String == "Deleted 1 “Ann Lee”; todo undo brings them back.")
        #expect(Self.items(userDeleted, "users") == [])
        #expect(Self.items(userDeleted, "deleted") == Self.items(people, "users"))
    }

    @Test("CLI-58 With --json a check's message says what its repeats brought back, as the lines without it do")
    func repeatsBroughtBackAsJSON() async throws {
        for plan in ["Rent due:today recur:monthly", "Take pill due:today recur:daily", "Take pill due:today recur:daily"] {
            try #require(await cli.run("--today", "2026-11-25", "add", plan).status == 0)
        }

        let both = try Self.object(await cli.run("--today", "2026-11-25", "--json", "check", "1", "2"))
        let third = try Self.object(await cli.run("--today", "2026-11-25", "--json", "check", "3"))

        #expect(both["message"] as? String == "Checked 2 items: 1 “Rent” and 2 “Take pill”. Back to do: 4 “Rent” due 25-12-2026 every month. "
                + "Back to do: 5 “Take pill” due tomorrow every day.")
        #expect(Self.items(both, "todo").map { $0["number"] as? Int }.sorted { ($0 ?? 0) < ($1 ?? 0) } == [4, 5])
        #expect(Self.items(both, "finished").map { $0["number"] as? Int }.sorted { ($0 ?? 0) < ($1 ?? 0) } == [1, 2])
        #expect(third["message"] as? String == "Checked 3 “Take pill”. Back to do already: 5 “Take pill” due tomorrow every day.")
        #expect(Self.items(third, "todo") == [])
    }

    /// The one JSON object a run printed, on one line.
    private static func object(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(run.output.hasSuffix("\n") && !run.output.dropLast().contains("\n"), "\(run)", sourceLocation: sourceLocation)
        return try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], sourceLocation: sourceLocation)
    }

    /// The items (or people) under `key`, each as an object that compares as its JSON does.
    private static func items(_ object: [String: Any], _ key: String) -> [NSDictionary] {
        (object[key] as? [[String: Any]] ?? []).map { $0 as NSDictionary }
    }

    @Test("CLI-10 show prints an item's detail, and --json prints it as one object")
    func showDetail() async throws {
        try cli.seed(todo: ["Buy milk"], finished: ["Pay rent"])

        #expect(await cli.run("show", "1").output == """
            1 Buy milk
              State:  to do
              Action: Check (check 1)

            """)
        #expect(await cli.run("show", "2").output.contains("Action: Uncheck (uncheck 2)"))
        #expect(await cli.run("--json", "show", "1").output
                == "{\"number\":1,\"id\":\"\(id(1).uuidString)\",\"title\":\"Buy milk\",\"finished\":false,\"tags\":[],\"due\":null,\"priority\":null,\"recur\":null,\"added\":null,\"checked\":null}\n")
    }

    @Test("CLI-12 An unknown command or a missing argument is a usage error",
          arguments: [["frobnicate"], ["check"], ["edit", "1"], ["list", "all", "now"], ["--colour", "list"], ["--store"],
                      ["search", ""], ["search", " ", "\t"], ["search", "\u{301}"]])
    func usageErrors(arguments: [String]) async {
        let run = await cli.run(arguments)

        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errors.hasPrefix("error: "))
        #expect(run.errors.contains("help"))
        #expect(run.errors.filter { $0 == "\n" }.count == 1)
    }

    @Test("CLI-16 A title with control characters is kept, but never printed raw")
    func controlCharactersAreEscaped() async throws {
        let title = "Pay \u{1B}]0;pwned\u{07}\u{1B}[2J rent\tnow\u{202E}"

        await cli.run("add", title)

        #expect(try cli.saved().unfinished.titles == [title])
        let listed = await cli.run("list").output
        #expect(!listed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(listed.contains(#"Pay \e]0;pwned\u{07}\e[2J rent\tnow\u{202E}"#))
        #expect(await cli.run("--json", "list").output.contains(#""title":"Pay \u001b]0;pwned\u0007\u001b[2J rent\tnow\u202e""#))

        await cli.run("add", "ad\u{200B}min\u{FEFF} pass\u{AD}word")
        #expect(await cli.run("list").output.contains(#"ad\u{200B}min\u{FEFF} pass\u{AD}word"#))
    }

    @Test("CLI-17 --store and TODO_STORE choose the store file")
    func storeOptionAndEnvironment() async throws {
        let other = cli.folder.file("elsewhere/other.json")

        await cli.run(["--store", other.path, "add", "Buy milk"], withStore: false)
        await cli.run(["add", "Call Ann"], environment: ["TODO_STORE": other.path], withStore: false)
        await cli.run(["--store=\(other.path)", "add", "Pay rent"], withStore: false)

        let saved = try FileStore(url: other).loadTodos()
        #expect(saved.unfinished.titles == ["Pay rent", "Call Ann", "Buy milk"])
        #expect(!FileManager.default.fileExists(atPath: cli.storeURL.path))
    }

    @Test("CLI-18 --version and --help answer without touching the store")
    func versionAndHelp() async {
        let version = await cli.run("--version")
        let help = await cli.run("--help")

        #expect(version == Run(status: 0, output: "todo \(TodoProgram.version)\n", errors: ""))
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("Usage: todo [OPTIONS] [COMMAND [ARGUMENTS...]]"))
        #expect(help.output.contains("clear-finished"))
        #expect(await cli.run("check", "--help") == cli.run("help", "check"))
        #expect(await cli.run("check", "--help").output.hasPrefix("Usage: check N..."))
        #expect(await cli.run("help") == help)
        let promptHelp = await cli.run([], input: ["--help"])
        #expect(promptHelp.output.hasPrefix("Commands (type help COMMAND for one"), "\(promptHelp)")
        #expect(promptHelp == (await cli.run([], input: ["help"])))
        let user = await cli.run("help", "user")
        #expect(user.output.split(separator: "\n").filter { $0.hasPrefix("Usage: ") } == [
            "Usage: user add FIRST LAST DATE [--again]", "Usage: user list [--sort asc|desc|added]", "Usage: user fetch [--count N]",
            "Usage: user search [TEXT...]", "Usage: user show N", "Usage: user delete N...",
        ], "\(user)")
        #expect(user.output.hasPrefix(await cli.run("help", "user", "add").output), "\(user)")
        #expect(!FileManager.default.fileExists(atPath: cli.storeURL.path))
        // The prompt goes on after it: help is no way out.
        let goesOn = await cli.run([], input: ["--help", "add Buy milk"])
        #expect(goesOn.output.hasSuffix("Added 1 “Buy milk”.\n"), "\(goesOn)")
    }

    @Test("CLI-19 edit renames the item with that number")
    func editRenames() async throws {
        try cli.seed(todo: ["Buy milk"])

        let run = await cli.run("edit", "1", "Buy", "oat", "milk")

        #expect(run == Run(status: 0, output: "Renamed 1 “Buy milk” to “Buy oat milk”.\n", errors: ""))
        #expect(try cli.saved().unfinished.titles == ["Buy oat milk"])
        #expect(await cli.run("edit", "1", "  ").errors == "error: a title cannot be empty; nothing was changed\n")
    }

    @Test("CLI-20 clear-finished and undo work from the command line")
    func clearFinishedAndUndo() async throws {
        try cli.seed(todo: ["Buy milk"], finished: ["Pay rent"])

        #expect(await cli.run("clear-finished").output == "Cleared 1 finished item; todo undo brings it back.\n")
        #expect(try cli.saved().finished.isEmpty)
        #expect(await cli.run("undo").output == "Undid: cleared 1 finished to-do.\n")
        #expect(try cli.saved().finished.titles == ["Pay rent"])
        #expect(try cli.saved().unfinished.titles == ["Buy milk"])
        #expect(await cli.run("undo") == Run(status: 1, output: "", errors: "error: there is nothing to undo\n"), "the one change is undone once")
        #expect(try cli.saved().finished.titles == ["Pay rent"])

        try cli.seed(todo: ["Buy milk"])
        #expect(await cli.run("add", "Pay rent").status == 0)
        let before = try cli.storeBytes()
        #expect(await cli.run("clear-finished") == Run(status: 0, output: "No item is finished: nothing to clear.\n", errors: ""))
        #expect(try cli.storeBytes() == before)
        #expect(await cli.run("undo").output == "Undid: added “Pay rent”.\n")
        #expect(try cli.saved().unfinished.titles == ["Buy milk"])
    }

    @Test("CLI-21 A store problem is one error line, and changes nothing")
    func damagedStore() async throws {
        try Data("not a store".utf8).write(to: cli.storeURL)

        let run = await cli.run("add", "Buy milk")

        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(run.errors.hasPrefix("error: the store \(cli.storeURL.path) is damaged"))
        #expect(run.errors.filter { $0 == "\n" }.count == 1)
        #expect(try cli.storeBytes() == Data("not a store".utf8))
    }

    @Test("CLI-22 Colour only on a terminal, and never with NO_COLOR set to a value")
    func colourOnlyOnATerminal() async throws {
        try cli.seed(todo: ["Buy milk"], finished: ["Pay rent"])

        for plain in [await cli.run(["list"]), await cli.run(["list"], terminal: true, environment: ["NO_COLOR": "1"]),
                      await cli.run(["check", "9"]), await cli.run(["check", "9"], terminal: true, environment: ["NO_COLOR": "1"])] {
            #expect(!plain.output.contains("\u{1B}["))
            #expect(!plain.errors.contains("\u{1B}["))
        }
        let coloured = await cli.run(["list"], terminal: true)
        #expect(await cli.run(["list"], terminal: true, environment: ["NO_COLOR": ""]).output == coloured.output,
                "an empty NO_COLOR is no NO_COLOR")
        #expect(coloured.output == """
            \u{1B}[1mTo do\u{1B}[0m
              1 [ ] Buy milk
            \u{1B}[1mFinished\u{1B}[0m
            \u{1B}[2m  2 [x] Pay rent\u{1B}[0m

            1 to do, 1 finished

            """)
        let refused = await cli.run(["check", "9"], terminal: true)
        #expect(refused.errors == "\u{1B}[31merror: no item 9 (the items are numbered 1 to 2)\u{1B}[0m\n")
    }

    @Test("add without a title is a usage error, and with an empty one a refusal")
    func addWithoutATitle() async throws {
        try cli.seed(finished: ["Pay rent"])

        #expect(await cli.run("add") == Run(status: 2, output: "", errors: "error: add needs a title; see: todo help add\n"))
        #expect(await cli.run("add", "  ") == Run(status: 1, output: "", errors: "error: a title cannot be empty; nothing was added\n"))
        // At the prompt, quotes around nothing are an empty title too, not the add form.
        let quoted = await cli.run([], input: ["add \"\"", "add ' '"], terminal: true, environment: ["NO_COLOR": "1"])
        #expect(quoted.errors == String(repeating: "error: a title cannot be empty; nothing was added\n", count: 2))
        #expect(!quoted.output.contains("New to-do"))
        #expect(try cli.saved().unfinished.isEmpty)
    }
}
