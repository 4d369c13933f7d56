import Dates
import Foundation
import LocalStore
import TestSupport
import Testing
import TodoCLI
import TodoList

/// `todo import` and `todo export`, run as a person runs them, on files in a temporary folder.
/// Days are New York's, five hours behind UTC in November.
@MainActor
@Suite("The todo command: moving a list in and out")
final class ImportExportCommandTests {
    private let cli: CLIHarness

    init() throws {
        cli = try CLIHarness()
    }

    private func run(_ arguments: String...) async -> Run {
        await cli.run(["--today", "2026-11-25"] + arguments, environment: ["NO_COLOR": "1"], zone: .fixed(secondsEast: -5 * 3600))
    }

    /// Writes `text` to a file in the test's folder and gives its path.
    private func file(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: cli.folder.file(name))
        return cli.folder.file(name).path
    }

    private static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("InterchangeTests/Fixtures/\(name)").path
    }

    private func moment(_ text: String) -> Date {
        Date(rfc3339: text)!
    }

    nonisolated private static let export = """
        [
        {"id":1,"description":"Pay rent","due":"20261201T050000Z","entry":"20261120T140000Z","modified":"20261125T100000Z","priority":"H","recur":"monthly","status":"pending","uuid":"11111111-2222-4333-8444-555555555501","tags":["home","bills"],"parent":"11111111-2222-4333-8444-555555555599","imask":0,"urgency":13.2},
        {"id":2,"description":"Buy milk","entry":"20261121T153000Z","modified":"20261125T100000Z","project":"Errands","status":"pending","uuid":"11111111-2222-4333-8444-555555555502","tags":["shop"],"urgency":2.6},
        {"id":0,"description":"Fix bike","end":"20261124T180000Z","entry":"20261119T120000Z","modified":"20261125T100000Z","status":"completed","uuid":"11111111-2222-4333-8444-555555555503","urgency":1}
        ]

        """

    @Test("IE-1 A Taskwarrior export is imported, each field where todo keeps it")
    func taskwarriorFields() async throws {
        let path = try file("export.json", Self.export)

        let run = await run("import", path)

        #expect(run == Run(status: 0, output: "Imported 3 to-dos (1 finished).\n", errors: ""))
        let saved = try cli.saved()
        #expect(saved.unfinished.map(\.title) == ["Buy milk", "Pay rent"])
        let rent = try #require(saved.unfinished.last)
        #expect(rent.plan == TodoPlan(tags: ["home", "bills"], due: date("2026-12-01"), priority: .high, recurrence: .monthly))
        #expect(rent.added == moment("2026-11-20T14:00:00Z"))
        #expect(saved.unfinished.first?.plan == TodoPlan(tags: ["shop", "Errands"]))
        #expect(saved.finished.map(\.title) == ["Fix bike"])
        #expect(saved.finished.first?.checked == moment("2026-11-24T18:00:00Z"))
        #expect(saved.all.map(\.id.uuidString).sorted() == (1...3).map { "11111111-2222-4333-8444-55555555550\($0)" })
    }

    @Test("IE-2 What todo has no place for is left out and counted")
    func leftOutAndCounted() async throws {
        let run = await run("import", Self.fixture("taskwarrior-export.json"))

        #expect(run == Run(status: 0, output: "Imported 6 to-dos (1 finished). Skipped 3: 1 deleted, 2 templates of repeating tasks. "
                           + "Left out: 1 annotation, 1 repeat todo cannot keep (biweekly).\n", errors: ""))
        let saved = try cli.saved()
        let repeating = saved.unfinished.filter { $0.title == "Pay rent" || $0.title == "Water plants" }
        #expect(repeating.map(\.title) == ["Water plants", "Pay rent"], "one of each, not their templates")
        #expect(repeating.map(\.plan.recurrence) == [nil, .monthly])
        #expect(saved.finished.map(\.title) == ["Fix bike"])
        #expect(saved.finished.first?.plan.tags == ["Home-Repair"])
    }

    @Test("IE-28 Every way Taskwarrior writes a daily, weekly, monthly or yearly repeat is kept", arguments: [
        ("day", .daily), ("1days", .daily), ("P1D", .daily), ("wk", .weekly), ("1weeks", .weekly), ("7d", .weekly), ("P7D", .weekly),
        ("mo", .monthly), ("mth", .monthly), ("1mth", .monthly), ("Monthly", .monthly), ("yr", .yearly), ("1years", .yearly),
        ("P1Y", .yearly), ("2w", nil), ("365d", nil), ("quarterly", nil),
    ] as [(String, Recurrence?)])
    func taskwarriorRepeats(written: String, recurrence: Recurrence?) async throws {
        let path = try file("export.json", #"""
            [{"description":"Water plants","status":"pending","due":"20261220T050000Z","recur":"\#(written)","uuid":"\#(id(1).uuidString)"}]
            """#)

        let run = await run("import", path)

        let leftOut = recurrence == nil ? " Left out: 1 repeat todo cannot keep (\(written))." : ""
        #expect(run == Run(status: 0, output: "Imported 1 to-do.\(leftOut)\n", errors: ""))
        #expect(try cli.saved().unfinished.map(\.plan) == [TodoPlan(due: date("2026-12-20"), recurrence: recurrence)])
    }

    @Test("IE-28 Every way Taskwarrior writes a daily, weekly, monthly or yearly repeat is kept: an empty recur is no repeat")
    func taskwarriorEmptyRepeat() async throws {
        let path = try file("export.json", #"""
            [{"description":"Water plants","status":"pending","due":"20261220T050000Z","recur":"","uuid":"\#(id(1).uuidString)"}]
            """#)

        #expect(await run("import", path) == Run(status: 0, output: "Imported 1 to-do.\n", errors: ""))
        #expect(try cli.saved().unfinished.map(\.plan) == [TodoPlan(due: date("2026-12-20"))])
    }

    @Test("IE-29 A Taskwarrior time todo reads leaves in an export and comes back; one it cannot keep is refused, quoting the file",
          arguments: [
              ("entry", "0001-01-02T00:00:00Z", nil), ("entry", "0001-01-02T00:00:00.5Z", nil), ("end", "9999-12-29T23:59:59.5Z", nil),
              ("entry", "00010101T235959Z", "an entry date outside the days todo keeps, 0001-01-02 to 9999-12-29 in UTC: “00010101T235959Z”"),
              ("end", "9999-12-30T00:00:00Z", "an end date outside the days todo keeps, 0001-01-02 to 9999-12-29 in UTC: “9999-12-30T00:00:00Z”"),
              ("due", "0001-01-01T00:00:00.5Z", "a due date that is no day of the years 1 to 9999 here: “0001-01-01T00:00:00.5Z”"),
          ] as [(String, String, String?)])
    func timesAtTheCalendarsEnds(field: String, written: String, refusal: String?) async throws {
        let path = try file("old.json", #"[{"description":"Old","status":"completed","\#(field)":"\#(written)","uuid":"\#(id(1).uuidString)"}]"#)

        let imported = await run("import", path)

        guard let refusal else {
            #expect(imported.status == 0, "\(imported)")
            let item = try #require(cli.saved().finished.first)
            #expect((field == "entry" ? item.added : item.checked) == Date(rfc3339: written))
            let export = cli.folder.file("back.json"), empty = cli.folder.file("empty.json")
            try #require(await run("export", "--format", "taskwarrior", "--output", export.path).status == 0)
            let back = await cli.run(["--store", empty.path, "import", export.path], withStore: false, zone: .fixed(secondsEast: -5 * 3600))
            #expect(back.status == 0, "\(back)")
            let again = try #require(FileStore(url: empty).loadTodos().finished.first)
            let toTheSecond = { (moment: Date?) in moment.map { $0.timeIntervalSinceReferenceDate.rounded(.down) } }
            #expect(again.id == item.id && again.title == "Old")
            #expect(toTheSecond(again.added) == toTheSecond(item.added) && toTheSecond(again.checked) == toTheSecond(item.checked))
            return
        }
        #expect(imported == Run(status: 1, output: "", errors: "error: cannot import \(path): task 1 has \(refusal); nothing was imported\n"))
        #expect(try cli.saved() == Todos())
    }

    @Test("IE-30 A repeat with no task left to do is said to be left out")
    func repeatWithNothingToDo() async throws {
        let template = "11111111-2222-4333-8444-555555555599"
        let path = try file("export.json", """
            [
            {"description":"Water plants","due":"20261220T050000Z","entry":"20261120T140000Z","mask":"+","recur":"weekly","status":"recurring","uuid":"\(template)"},
            {"description":"Water plants","due":"20261220T050000Z","end":"20261124T180000Z","entry":"20261120T140000Z","imask":0,"parent":"\(template)","recur":"weekly","status":"completed","uuid":"\(id(1).uuidString)"}
            ]
            """)

        let run = await run("import", path)

        #expect(run == Run(status: 0, output: "Imported 1 to-do (1 finished). Skipped 1: 1 template of a repeating task. "
                           + "Left out: 1 repeat with no task left to do (weekly).\n", errors: ""))
        #expect(try cli.saved().finished.map(\.title) == ["Water plants"])
        #expect(try cli.saved().unfinished.isEmpty)
        #expect(try cli.saved().finished.first?.plan.recurrence == nil)
        #expect(await self.run("uncheck", "1").status == 0)
        #expect(await self.run("check", "1").output == "Checked 1 “Water plants”.\n")
        let json = await cli.run(["--json", "--store", cli.folder.file("other.json").path, "import", path], withStore: false)
        #expect(json.output.contains(#""leftOut":{"annotations":0,"repeats":1}"#), "\(json)")
    }

    @Test("IE-33 A repeat left out is counted once, however many of its tasks the file holds")
    func repeatCountedOnce() async throws {
        let plants = "11111111-2222-4333-8444-555555555598", rent = "11111111-2222-4333-8444-555555555599"
        let task = { (title: String, due: String, parent: String, recur: String, status: String, number: Int) in
            #"{"description":"\#(title)","due":"\#(due)","entry":"20261101T140000Z","parent":"\#(parent)","recur":"\#(recur)","#
                + #""status":"\#(status)","uuid":"\#(id(number).uuidString)"\#(status == "completed" ? #","end":"20261124T180000Z""# : "")}"#
        }
        let path = try file("export.json", "[" + [
            #"{"description":"Water plants","due":"20261102T050000Z","entry":"20261101T140000Z","mask":"++-","recur":"biweekly","status":"recurring","uuid":"\#(plants)"}"#,
            task("Water plants", "20261102T050000Z", plants, "biweekly", "completed", 1),
            task("Water plants", "20261116T050000Z", plants, "biweekly", "completed", 2),
            task("Water plants", "20261130T050000Z", plants, "biweekly", "pending", 3),
            #"{"description":"Pay rent","due":"20261001T050000Z","entry":"20261101T140000Z","mask":"++","recur":"monthly","status":"recurring","uuid":"\#(rent)"}"#,
            task("Pay rent", "20261001T050000Z", rent, "monthly", "completed", 4),
            task("Pay rent", "20261101T050000Z", rent, "monthly", "completed", 5),
        ].joined(separator: ",\n") + "]")

        let run = await run("import", path)

        #expect(run == Run(status: 0, output: "Imported 5 to-dos (4 finished). Skipped 2: 2 templates of repeating tasks. "
                           + "Left out: 1 repeat todo cannot keep (biweekly), 1 repeat with no task left to do (monthly).\n", errors: ""))
        let json = await cli.run(["--json", "--store", cli.folder.file("other.json").path, "import", path], withStore: false)
        #expect(json.output.contains(#""leftOut":{"annotations":0,"repeats":2}"#), "\(json)")
    }

    @Test("CLI-57 At the prompt, ~ at the start of a file's name is the home folder, as in a shell")
    func homeAtThePrompt() async throws {
        let home = cli.folder.file("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data("Call Ann\n".utf8).write(to: home.appendingPathComponent("tasks.txt"))

        let run = await cli.run([], input: ["import ~/tasks.txt", "export --format todotxt --output ~/out.txt"],
                                terminal: true, environment: ["HOME": home.path])

        #expect(run.errors == "")
        #expect(run.output.contains("Imported 1 to-do.\n"))
        #expect(run.output.contains("Exported 1 to-do to \(home.path)/out.txt.\n"))
        #expect(try cli.saved().unfinished.map(\.title) == ["Call Ann"])
        #expect(try String(contentsOf: home.appendingPathComponent("out.txt"), encoding: .utf8).hasSuffix("Call Ann\n"))
        #expect(cli.tabAtLastPrompt?("import ~/ta") == ["~/tasks.txt"])
        #expect(cli.tabAtLastPrompt?("import ~/") == ["~/out.txt", "~/tasks.txt"])
        for unusable in ["", "relative"] {
            #expect(await cli.run([], input: ["import ~/tasks.txt"], environment: ["HOME": unusable]).errors
                    == "line 1: error: ~/tasks.txt starts with ~, the home folder, and HOME names none (a path from the root)\n")
            let fromTheRoot = await cli.run([], input: ["import \(home.appendingPathComponent("tasks.txt").path)"], environment: ["HOME": unusable])
            #expect(fromTheRoot == Run(status: 0, output: "Imported 0 to-dos; 1 was already here.\n", errors: ""))
        }
        let alone = await cli.run([], input: ["import ~"], environment: ["HOME": home.path])
        #expect(alone.errors == "line 1: error: cannot import \(home.path): it is a folder\n", "\(alone)")
    }

    @Test("IE-3 A todo.txt file is imported, each word where todo keeps it")
    func todoTxtWords() async throws {
        let path = try file("todo.txt", """
            (A) 2026-11-20 Pay rent +home @phone due:2026-12-01 rec:1m
            (B) Call Ann id:7
            (D) Water plants +2026
            x 2026-11-24 2026-11-19 Fix bike pri:C

            """)

        let run = await run("import", path)

        #expect(run == Run(status: 0, output: "Imported 4 to-dos (1 finished).\n", errors: ""))
        let saved = try cli.saved()
        #expect(saved.unfinished.map(\.title) == ["Water plants +2026", "Call Ann id:7", "Pay rent"])
        #expect(saved.unfinished.map(\.plan) == [TodoPlan(priority: .low), TodoPlan(priority: .medium),
                                                 TodoPlan(tags: ["home", "phone"], due: date("2026-12-01"), priority: .high,
                                                          recurrence: .monthly)])
        #expect(saved.unfinished.last?.added == moment("2026-11-20T05:00:00Z"), "midnight in New York")
        let bike = try #require(saved.finished.first)
        #expect(bike.title == "Fix bike")
        #expect(bike.plan == TodoPlan(priority: .low))
        #expect(bike.checked == moment("2026-11-24T05:00:00Z"))
        #expect(bike.added == moment("2026-11-19T05:00:00Z"))
        try cli.seed(finished: ["Post letter"])
        try #require(await self.run("import", path).status == 0)
        #expect(try cli.saved().finished.map(\.title) == ["Fix bike", "Post letter"])
        let undated = try file("undated.txt", "Water plants rec:1w\n")
        #expect(await self.run("import", undated) == Run(status: 0, output: "Imported 1 to-do. "
                                                         + "Left out: 1 repeat with no due date to count from (1w).\n", errors: ""))
        #expect(try cli.saved().unfinished.first.map { [$0.title: $0.plan] } == ["Water plants": TodoPlan()])
    }

    @Test("IE-4 The kind of a file is found from what it holds, or named")
    func kindOfFile() async throws {
        let export = try file("export.json", Self.export)
        let todoTxt = try file("todo.txt", "(A) Pay rent\nCall Ann\n")
        let bracketed = try file("brackets.txt", "[1]\n")
        let empty = try file("empty.txt", " \n\n")
        let marked = try file("marked.json", "\u{FEFF}\n" + Self.export)
        let markedEmpty = try file("marked.txt", "\u{FEFF}\n \n")

        #expect(await run("import", marked).output == "Imported 3 to-dos (1 finished).\n")
        #expect(await run("import", export).output == "Imported 0 to-dos; 3 were already here.\n")
        #expect(await run("import", todoTxt).output == "Imported 2 to-dos.\n")
        #expect(await run("import", bracketed) == Run(status: 1, output: "", errors: """
            error: cannot import \(bracketed): task 1 is not a Taskwarrior task (if it is a todo.txt file: \
            todo import \(bracketed) --format todotxt); nothing was imported

            """))
        let badDue = try file("due.json", Self.export.replacingOccurrences(of: "20261201T050000Z", with: "20261301T000000Z"))
        #expect(await run("import", badDue) == Run(status: 1, output: "", errors: """
            error: cannot import \(badDue): task 1 has a due date that is not a moment: “20261301T000000Z”; nothing was imported

            """))
        let markedBracketed = try file("marked-brackets.txt", "\u{FEFF}[1]\n")
        #expect(await run("import", markedBracketed) == Run(status: 1, output: "", errors: """
            error: cannot import \(markedBracketed): task 1 is not a Taskwarrior task (if it is a todo.txt file: \
            todo import \(markedBracketed) --format todotxt); nothing was imported

            """))
        #expect(await run("import", bracketed, "--format", "todotxt").output == "Imported 1 to-do.\n")
        #expect(try cli.saved().unfinished.first?.title == "[1]")
        #expect(await run("import", empty) == Run(status: 1, output: "",
                                                  errors: "error: cannot import \(empty): it holds nothing to import; nothing was imported\n"))
        #expect(await run("import", markedEmpty).errors
                == "error: cannot import \(markedEmpty): it holds nothing to import; nothing was imported\n")
        let missing = cli.folder.file("missing.txt").path
        #expect(await run("import", missing)
                == Run(status: 1, output: "", errors: "error: cannot read \(missing): No such file or directory\n"))
        #expect(try cli.saved().all.count == 6)
    }

    /// A file that cannot be read whole, and what import says of it.
    struct Unreadable: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let bytes: @Sendable () -> Data
        let why: String
    }

    nonisolated static let unreadable: [Unreadable] = [
        Unreadable(testDescription: "a Taskwarrior export cut short",
                   bytes: { Data(export.utf8.prefix(140)) },
                   why: "it is not whole JSON: a value before the end of the text was expected on line 2"),
        Unreadable(testDescription: "a Taskwarrior export whose second task has no description",
                   bytes: { Data(export.replacingOccurrences(of: "\"description\":\"Buy milk\",", with: "").utf8) },
                   why: "task 2 has no description"),
        Unreadable(testDescription: "a Taskwarrior export whose third element is a number",
                   bytes: { Data(export.replacingOccurrences(of: "{\"id\":0,", with: "7,{\"id\":0,").utf8) },
                   why: "task 3 is not a Taskwarrior task"),
        Unreadable(testDescription: "a Taskwarrior export with a due date of 20261301T000000Z",
                   bytes: { Data(export.replacingOccurrences(of: "20261201T050000Z", with: "20261301T000000Z").utf8) },
                   why: "task 1 has a due date that is not a moment: “20261301T000000Z”"),
        Unreadable(testDescription: "a Taskwarrior export entered at 99991231T235959Z",
                   bytes: { Data(export.replacingOccurrences(of: "20261120T140000Z", with: "99991231T235959Z").utf8) },
                   why: "task 1 has an entry date outside the days todo keeps, 0001-01-02 to 9999-12-29 in UTC: “99991231T235959Z”"),
        Unreadable(testDescription: "a Taskwarrior export with a status of \"paused\"",
                   bytes: { Data(export.replacingOccurrences(of: "\"status\":\"pending\"", with: "\"status\":\"paused\"").utf8) },
                   why: "task 1 has a status todo does not know: “paused”"),
        Unreadable(testDescription: "a Taskwarrior export whose first tags are a string",
                   bytes: { Data(export.replacingOccurrences(of: "[\"home\",\"bills\"]", with: "\"home\"").utf8) },
                   why: "task 1 has a field “tags” whose value is not of its kind"),
        Unreadable(testDescription: "a Taskwarrior export whose second uuid is 42",
                   bytes: { Data(export.replacingOccurrences(of: "11111111-2222-4333-8444-555555555502", with: "42").utf8) },
                   why: "task 2 has an id that is not a uuid: “42”"),
        Unreadable(testDescription: "a todo.txt file whose line 2 is due on 2026-02-30",
                   bytes: { Data("Call Ann\nPay rent due:2026-02-30\n".utf8) },
                   why: "line 2 has a due date that is not a day: “2026-02-30”"),
        Unreadable(testDescription: "a todo.txt file whose line 2 is due on two days",
                   bytes: { Data("Call Ann\nPay rent due:2026-12-01 due:2026-12-05\n".utf8) },
                   why: "line 2 has a due date twice"),
        Unreadable(testDescription: "a todo.txt file whose line 1 repeats monthly and weekly",
                   bytes: { Data("Pay rent due:2026-12-01 rec:1m rec:1w\n".utf8) },
                   why: "line 1 has a repeat twice"),
        Unreadable(testDescription: "a todo.txt file whose line 3 is not UTF-8",
                   bytes: { Data("Call Ann\nPay rent\n".utf8) + Data([0x46, 0x69, 0xFF, 0x0A]) },
                   why: "line 3 is not text (UTF-8)"),
        Unreadable(testDescription: "a todo.txt file whose line 1 is \"(A) +home\"",
                   bytes: { Data("(A) +home\nCall Ann\n".utf8) },
                   why: "line 1 has no title"),
        Unreadable(testDescription: "a binary file",
                   bytes: { Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00]) },
                   why: "it is not text"),
        Unreadable(testDescription: "a megabyte of random bytes",
                   bytes: { var random = SystemRandomNumberGenerator(); return Data((0..<1_000_000).map { _ in UInt8.random(in: 0...255, using: &random) }) },
                   why: "it is not text"),
        Unreadable(testDescription: "a file larger than 64 MB",
                   bytes: { Data(repeating: UInt8(ascii: "a"), count: 64_000_001) },
                   why: "it is larger than an import takes (64 MB)"),
        Unreadable(testDescription: "a file of 64 MB exactly, all spaces",
                   bytes: { Data(repeating: UInt8(ascii: " "), count: 64_000_000) },
                   why: "it holds nothing to import"),
        Unreadable(testDescription: "a JSON object, not an array",
                   bytes: { Data(#"{"description": "Buy milk"}"#.utf8) },
                   why: "it is JSON, but not a Taskwarrior export (an array of tasks)"),
        Unreadable(testDescription: "a JSON object after a byte-order mark",
                   bytes: { Data("\u{FEFF}\n  {\"description\": \"Buy milk\"}".utf8) },
                   why: "it is JSON, but not a Taskwarrior export (an array of tasks)"),
        Unreadable(testDescription: "a calendar: BEGIN:VCALENDAR in any case, after a byte-order mark",
                   bytes: { Data("\u{FEFF}begin:vcalendar\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nSUMMARY:Pay rent\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8) },
                   why: "it is an iCalendar file, which import does not read"),
    ]

    @Test("IE-5 A file that cannot be read whole is refused, naming where, and nothing is imported", arguments: unreadable)
    func refusedWhole(_ case: Unreadable) async throws {
        try cli.seed(todo: ["Buy milk"])
        let store = try cli.storeBytes()
        let path = cli.folder.file("list").path
        try `case`.bytes().write(to: URL(fileURLWithPath: path))

        let run = await run("import", path)

        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(run.errors.hasPrefix("error: cannot import \(path): \(`case`.why)"), "\(run.errors)")
        #expect(run.errors.hasSuffix("; nothing was imported\n"), "\(run.errors)")
        #expect(try cli.storeBytes() == store)
    }

    @Test("IE-6 One undo takes a whole import back")
    func oneUndo() async throws {
        try cli.seed(todo: ["Buy milk"])
        let path = try file("todo.txt", "Call Ann\nPay rent\nFix bike\n")
        try #require(await run("import", path).status == 0)

        let undo = await run("undo")

        #expect(try cli.saved().all.map(\.title) == ["Buy milk"])
        #expect(undo.output == "Undid: imported 3 to-dos.\n")
    }

    @Test("IE-7 Importing the same file again adds nothing")
    func sameFileTwice() async throws {
        let tasks = Self.export.split(separator: "\n")
        let export = try file("export.json", "[\n\(tasks[1])\n\(tasks[2].dropLast())\n]\n")
        let todoTxt = try file("todo.txt", "Call Ann\n(A) Pay the bills\nx Fix the bike\n")
        try #require(await run("import", export).output == "Imported 2 to-dos.\n")
        try #require(await run("import", todoTxt).output == "Imported 3 to-dos (1 finished).\n")
        let before = try cli.saved()

        let again = [await run("import", export), await run("import", todoTxt)]

        #expect(again.map(\.output) == ["Imported 0 to-dos; 2 were already here.\n", "Imported 0 to-dos; 3 were already here.\n"])
        #expect(try cli.saved() == before)
    }

    @Test("IE-8 With --json, an import says what it did as numbers")
    func importAsJSON() async throws {
        let run = await run("--json", "import", Self.fixture("taskwarrior-export.json"))
        let small = try file("todo.txt", "Call Ann\n")
        let plain = await self.run("--json", "import", small)

        #expect(run.output == """
            {"imported":6,"finished":1,"alreadyHere":0,"repeated":0,"skipped":{"deleted":1,"recurringTemplates":2},"leftOut":{"annotations":1,"repeats":1}}

            """)
        #expect(plain.output == """
            {"imported":1,"finished":0,"alreadyHere":0,"repeated":0,"skipped":{"deleted":0,"recurringTemplates":0},"leftOut":{"annotations":0,"repeats":0}}

            """)
    }
    @Test("IE-20 A task or a line found twice in one file is imported once, and counted")
    func repeatedInTheFile() async throws {
        let task = { (description: String) in
            "{\"description\":\"\(description)\",\"entry\":\"20261120T140000Z\",\"status\":\"pending\",\"uuid\":\"11111111-2222-4333-8444-555555555501\"}"
        }
        let tasks = try file("twice.json", "[\(task("First"))," + "\(task("Second"))]\n")
        let lines = try file("twice.txt", "Call Ann\nBuy milk\nCall Ann\n")

        let fromTaskwarrior = await run("import", tasks)
        let fromTodoTxt = await run("--json", "import", lines)

        #expect(fromTaskwarrior == Run(status: 0, output: "Imported 1 to-do; 1 repeated in the file.\n", errors: ""))
        #expect(fromTodoTxt.output.hasPrefix("{\"imported\":2,\"finished\":0,\"alreadyHere\":0,\"repeated\":1,"))
        #expect(try cli.saved().unfinished.titles == ["Buy milk", "Call Ann", "First"])
    }
}

