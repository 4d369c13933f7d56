import Dates
import Foundation
import LocalStore
import TestSupport
import Testing
import TodoCLI
import TodoList

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

    /// A step of a Given: run, and stop the test if it did not succeed.
    private func given(_ arguments: String...) async throws {
        let run = await cli.run(["--today", "2026-11-25"] + arguments)
        try #require(run.status == 0, "\(arguments): \(run.errors)")
    }

    /// `todo --today 2026-11-25 ARGUMENTS`: a Wednesday.
    private func run(_ arguments: String..., terminal: Bool = false) async -> Run {
        await cli.run(["--today", "2026-11-25"] + arguments, terminal: terminal, environment: terminal ? ["TERM": "xterm"] : [:])
    }

    @Test("PL-3 A due date is a day, or a word counted from today (the CLI)",
          arguments: [("due:01-12-2026", "2026-12-01"), ("due:friday", "2026-11-27"), ("due:Wed", "2026-12-02"), ("due:2w", "2026-12-09")])
    func dueWords(word: String, day: String) async throws {
        #expect(await run("add", "Pay rent", word).status == 0)

        #expect(try cli.saved().unfinished.map(\.plan.due) == [date(day)])
        #expect(await run("list", "--json").output.contains("\"due\":\"\(day)\""))
    }

    @Test("PL-4 A planning word that says nothing the list can keep is refused, naming it (the CLI)",
          arguments: [("due:2026-02-30", "“2026-02-30” is not a day: give a date (YYYY-MM-DD or DD-MM-YYYY), today, tomorrow, a weekday, or 3d or 2w"),
                      ("due:someday", "“someday” is not a day: give a date (YYYY-MM-DD or DD-MM-YYYY), today, tomorrow, a weekday, or 3d or 2w"),
                      ("pri:urgent", "“urgent” is not a priority: H, M or L"),
                      ("recur:fortnightly", "“fortnightly” is not a repeat: daily, weekly, monthly, yearly"),
                      ("recur:weekly", "a repeat needs a due date to count from"),
                      ("due:2026-12-01 due:fri", "“due:” is given twice: give it once"), ("pri:H pri:L", "“pri:” is given twice: give it once"),
                      ("recur:weekly recur:daily due:today", "“recur:” is given twice: give it once")])
    func refusedWords(word: String, why: String) async throws {
        #expect(await run("add", "Pay rent", word) == Run(status: 1, output: "", errors: "error: \(why); nothing was added\n"))

        #expect(!FileManager.default.fileExists(atPath: cli.storeURL.path))
    }

    @Test("PL-5 A priority is H, M or L in any case, and a repeat is kept with its due date (the CLI)")
    func priorityAndRepeat() async throws {
        #expect(await run("add", "Pay rent pri:h recur:monthly due:2026-12-01 +home").output
                == "Added 1 “Pay rent” (H) due Tuesday +home every month.\n")
    }

    @Test("PL-6 A word meant as it is starts with a backslash (the CLI)")
    func wordsMeantAsTheyAre() async throws {
        #expect(await run("add", #"Read \+1 and \due:soon"#).output == "Added 1 “Read +1 and due:soon”.\n")
        #expect(await run("add", #"Keep \ and \\+1"#).output == "Added 2 “Keep \\ and \\+1”.\n")
    }

    @Test("PL-26 Words in quotes plan the to-do as the words outside them, as todo.txt reads them")
    func quotedWordsPlan() async throws {
        #expect(await run("add", "Call Mom +family due:2026-12-01").output == "Added 1 “Call Mom” due Tuesday +family.\n")
        let typed = await cli.run(["--today", "2026-11-25"], input: [#"add "Pay rent pri:H""#, "add", #""Pay rent pri:H""#], terminal: true)
        #expect(await run("add", #"Talk about \+home and \due:soon"#).output == "Added 4 “Talk about +home and due:soon”.\n")

        #expect(typed.errors == "")
        let items = try cli.saved().unfinished
        #expect(items.map(\.title) == ["Talk about +home and due:soon", "Pay rent", "Pay rent", "Call Mom"])
        #expect(items.map(\.plan.tags) == [[], [], [], ["family"]])
        #expect(items.map(\.plan.priority) == [nil, .high, .high, nil])
        #expect(items.map(\.plan.due) == [nil, nil, nil, date("2026-12-01")])
    }

    @Test("PL-7 edit adds and removes tags, sets and clears the rest, and keeps what it does not name (the CLI)")
    func editByParts() async throws {
        try await given("add", "Pay rent due:2026-12-01 pri:H +home")

        #expect(await run("edit", "1", "+bills", "-home", "pri:").output == "Edited 1 “Pay rent” due Tuesday +bills.\n")
        #expect(await run("edit", "1", "Pay the rent due:").output == "Edited 1 “Pay the rent” +bills.\n")
        #expect(await run("edit", "1", "pri:X") == Run(status: 1, output: "", errors: "error: “X” is not a priority: H, M or L; nothing was changed\n"))
        #expect(await run("edit", "1", "due:friday due:") == Run(status: 1, output: "", errors: "error: “due:” is given twice: give it once; nothing was changed\n"))
        #expect(await run("edit", "1", "+home -HOME")
                == Run(status: 1, output: "", errors: "error: “home” is both added and taken away: give one; nothing was changed\n"))
        #expect(await run("undo").output == "Undid: edited “Pay rent”.\n")
        #expect(await run("undo").output == "Undid: edited “Pay rent”.\n")
        #expect(await run("list").output.contains("  1 [ ] Pay rent  (H)  due Tuesday  +home\n"))
    }

    @Test("PL-8 Filters show only the items that pass every one, and the counter says how many of how many (the CLI)",
          arguments: [(["+home"], "To do\n  3 [ ] Fix bike  due Tuesday  +home\n  1 [ ] Pay rent  overdue 1 day  +home\n"
                       + "Finished\n  5 [x] Buy milk  due 24-11-2026  +home\n\n2 of 4 to do, 1 of 1 finished\n"),
                      (["-home", "pri:h"], "To do\n  2 [ ] Call Ann  (H)  due today\n\n1 of 4 to do, 0 of 1 finished\n"),
                      (["+home", "-HOME"], "Nothing passes +home -HOME.\n\n0 of 4 to do, 0 of 1 finished\n"),
                      (["week"], "To do\n  3 [ ] Fix bike  due Tuesday  +home\n  2 [ ] Call Ann  (H)  due today\n"
                       + "  1 [ ] Pay rent  overdue 1 day  +home\n\n3 of 4 to do, 0 of 1 finished\n"),
                      (["todo", "+home"], "To do\n  3 [ ] Fix bike  due Tuesday  +home\n  1 [ ] Pay rent  overdue 1 day  +home\n\n"
                       + "2 of 4 to do\n"),
                      (["overdue"], "To do\n  1 [ ] Pay rent  overdue 1 day  +home\n\n1 of 4 to do, 0 of 1 finished\n"),
                      (["today", "+home"], "To do\n  1 [ ] Pay rent  overdue 1 day  +home\n\n1 of 4 to do, 0 of 1 finished\n")])
    func filters(words: [String], output: String) async throws {
        for title in ["Pay rent due:2026-11-24 +home", "Call Ann due:today pri:H", "Fix bike due:2026-12-01 +home", "Read",
                      "Buy milk due:2026-11-24 +home"] {
            try await given("add", title)
        }
        try await given("check", "5")

        #expect(await cli.run(["--today", "2026-11-25", "list"] + words) == Run(status: 0, output: output, errors: ""))
    }

    @Test("PL-9 list --sort orders To do by due date or priority, and keeps the order until changed (the CLI)")
    func sorting() async throws {
        for title in ["Pay rent due:2026-11-26", "Call Ann due:2026-12-01 pri:H", "Fix bike due:2026-12-01 pri:L", "Read"] {
            try await given("add", title)
        }
        func order(_ run: Run) -> [String] {
            run.output.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2).prefix(1)) }
        }

        #expect(order(await run("list", "--sort", "due")) == ["1", "2", "3", "4"])
        #expect(order(await run("list")) == ["1", "2", "3", "4"])
        #expect(order(await run("list", "--sort=priority")) == ["2", "3", "1", "4"])
        #expect(order(await run("list", "--sort", "added")) == ["4", "3", "2", "1"])
        #expect(await run("list", "--sort", "soon").errors == "error: --sort takes added, due or priority, not “soon”; see: todo help list\n")
        #expect(await run("list", "--sort", "due", "--sort=priority")
                == Run(status: 2, output: "", errors: "error: --sort is given twice; give it once; see: todo help list\n"))
        #expect(order(await run("list")) == ["4", "3", "2", "1"])
        #expect(await run("undo").output == "Undid: sorted the to-dos.\n")
        #expect(order(await run("list")) == ["2", "3", "1", "4"])
    }

    @Test("PL-10 Each line shows what the item has: priority, due date, tags and repeat")
    func lines() async throws {
        for title in ["A due:2026-11-22", "B due:2026-11-24", "C due:today", "D due:tomorrow", "E due:2026-11-30",
                      "F due:2026-12-09 pri:H +home +bills recur:monthly"] {
            try await given("add", title)
        }

        #expect(await run("list").output == """
            To do
              6 [ ] F  (H)  due 09-12-2026  +home +bills  every month
              5 [ ] E  due Monday
              4 [ ] D  due tomorrow
              3 [ ] C  due today
              2 [ ] B  overdue 1 day
              1 [ ] A  overdue 3 days

            6 to do, 0 finished

            """)
        #expect(await run("list", "overdue", terminal: true).output.contains("  1 [ ] A  \u{1B}[31moverdue 3 days\u{1B}[39m\n"))
        #expect(await run("add", "G due:2026-11-20").output == "Added 7 “G” overdue 5 days.\n")
    }

    @Test("PL-11 Checking a repeating to-do finishes it and brings it back, due one period on (the CLI)")
    func repeats() async throws {
        try await given("add", "Water plants due:2026-11-23 recur:daily")
        try await given("add", "Pay rent due:2026-10-31 recur:monthly +home pri:H")

        #expect(await run("check", "1", "2").output == """
            Checked 2 items: 1 “Water plants” and 2 “Pay rent”.
            Back to do: 3 “Water plants” due today every day.
            Back to do: 4 “Pay rent” (H) due Monday +home every month.

            """)

        #expect(await run("list").output == """
            To do
              4 [ ] Pay rent  (H)  due Monday  +home  every month
              3 [ ] Water plants  due today  every day
            Finished
              2 [x] Pay rent  (H)  due 31-10-2026  +home  every month
              1 [x] Water plants  due 23-11-2026  every day

            2 to do, 2 finished

            """)
        #expect(await run("undo").output == """
            Undid: checked 2 to-dos: “Water plants” and “Pay rent”.
            Taken back: 3 “Water plants” due today every day.
            Taken back: 4 “Pay rent” (H) due Monday +home every month.

            """)
        #expect(try cli.saved().unfinished.numbers == [2, 1])
    }

    @Test("PL-24 An edit that asks for what the to-do has already says so, and changes nothing",
          arguments: [["+home"], ["-garden"], ["pri:H", "due:2026-12-01"], ["+HOME", "-garden", "pri:H"]])
    func editChangingNothing(words: [String]) async throws {
        try await given("add", "Pay rent pri:H due:2026-12-01 +home")
        let saved = try Data(contentsOf: cli.storeURL)

        let edit = await cli.run(["--today", "2026-11-25", "edit", "1"] + words)

        #expect(edit == Run(status: 0, output: "1 “Pay rent” (H) due Tuesday +home is so already; nothing was changed.\n", errors: ""))
        #expect(try Data(contentsOf: cli.storeURL) == saved)
    }

    @Test("PL-23 A repeat that does not come back when checked says why")
    func repeatNotBack() async throws {
        try await given("add", "Take pill due:today recur:daily")
        try await given("add", "Take pill due:today recur:daily")
        try await given("check", "1")
        let lastDay = try CLIHarness()
        try #require(await lastDay.run("--today", "2026-11-25", "add", "Count down due:9999-12-31 recur:yearly").status == 0)

        #expect(await run("check", "2").output == """
            Checked 2 “Take pill”.
            Back to do already: 3 “Take pill” due tomorrow every day.

            """)
        #expect(try cli.saved().unfinished.map(\.number) == [3])
        #expect(await lastDay.run("--today", "2026-11-25", "check", "1").output == """
            Checked 1 “Count down”.
            Not back to do: 1 “Count down”, as no day comes after 31-12-9999.

            """)
        #expect(try lastDay.saved().unfinished.isEmpty)
        let twoRepeats = try CLIHarness()
        // Of two later to-dos of its repeat, the sooner is said.
        for due in ["2026-11-20", "2026-11-27", "2026-11-23", "2026-12-04"] {
            try #require(await twoRepeats.run("--today", "2026-11-25", "add", "W due:\(due) recur:weekly").status == 0)
        }
        #expect(await twoRepeats.run("--today", "2026-11-25", "check", "1", "1").output == """
            Checked 1 “W”.
            Back to do already: 2 “W” due Friday every week.

            """)
    }

    @Test("PL-12 Each item keeps when it was added and last checked, and show tells everything it has (the CLI)")
    func times() async throws {
        let before = Date(timeIntervalSinceReferenceDate: Date().timeIntervalSinceReferenceDate.rounded(.down))
        try await given("add", "Pay rent due:2026-12-01 pri:M +home recur:monthly")
        try await given("check", "1")
        let checked = try #require(try cli.saved().finished.first?.checked)
        let added = try #require(try cli.saved().finished.first?.added)
        // Each is the moment its command ran, to the second.
        #expect(before <= added && added <= checked && checked <= Date())

        #expect(await run("show", "1").output == """
            1 Pay rent
              State:    finished
              Priority: M (medium)
              Due:      Tuesday 01-12-2026
              Tags:     +home
              Repeats:  every month
              Added:    \(CLIHarness.moment(added))
              Checked:  \(CLIHarness.moment(checked))
              Action:   Uncheck (uncheck 1)

            """)
        try await given("uncheck", "1")
        #expect(try cli.saved().item(numbered: 1)?.checked == nil)
        #expect(try cli.saved().item(numbered: 2)?.plan.due == date("2027-01-01"), "the repeat it brought stays")
    }

    @Test("PL-13 With --json every item says its tags, due date, priority, repeat and times")
    func json() async throws {
        try await given("add", "Read")
        try await given("add", "Pay rent +home due:2026-12-01 pri:H recur:monthly")
        let added = try #require(try cli.saved().unfinished.first?.added)
        let offset = TimeZone.current.secondsFromGMT(for: added)

        let listed = await run("list", "--json").output
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: Any])
        let items = try #require(object["todo"] as? [[String: Any]])

        #expect(items[0]["tags"] as? [String] == ["home"])
        #expect(items[0]["due"] as? String == "2026-12-01")
        #expect(items[0]["priority"] as? String == "H")
        #expect(items[0]["recur"] as? String == "monthly")
        #expect(items[0]["added"] as? String == added.rfc3339(offset: offset))
        #expect(items[0]["checked"] is NSNull)
        #expect(items[1]["tags"] as? [String] == [])
        for key in ["due", "priority", "recur", "checked"] {
            #expect(items[1][key] is NSNull, "\(key)")
        }
    }
}
