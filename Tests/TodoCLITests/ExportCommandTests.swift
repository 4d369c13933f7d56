import Dates
import Foundation
import LocalStore
import TestSupport
import Testing
import TodoCLI
import TodoList
import UserList

/// `todo export`, and what the real tools make of what it writes. Days are New York's.
@MainActor
@Suite("The todo command: exporting a list")
final class ExportCommandTests {
    private let cli: CLIHarness

    init() throws {
        cli = try CLIHarness()
    }

    private static let newYork = LocalZone.fixed(secondsEast: -5 * 3600)

    private func run(_ arguments: [String], store: URL? = nil) async -> Run {
        await cli.run(["--store", (store ?? cli.storeURL).path] + arguments, environment: ["NO_COLOR": "1"], withStore: false,
                      zone: Self.newYork)
    }

    private static func moment(_ text: String) -> Date {
        Date(rfc3339: text)!
    }

    /// The list of IE-9: numbered in the order added, Fix bike first; with `quoted`, IE-11's
    /// fourth to-do and five people.
    private func seed(quoted: Bool = false) throws {
        let fixBike = TodoItem(id: id(1), number: 1, title: "Fix bike", isFinished: true, plan: TodoPlan(priority: .low),
                               added: Self.moment("2026-11-19T15:00:00Z"), checked: Self.moment("2026-11-24T15:00:00Z"))
        let payRent = TodoItem(id: id(2), number: 2, title: "Pay rent",
                               plan: TodoPlan(tags: ["home"], due: date("2026-12-01"), priority: .high, recurrence: .monthly),
                               added: Self.moment("2026-11-20T14:00:00Z"))
        let callAnn = TodoItem(id: id(3), number: 3, title: "Call Ann", plan: TodoPlan(priority: .medium))
        let sayHi = TodoItem(id: id(4), number: 4, title: "Say \"hi\", café 😀; or not", added: Self.moment("2026-11-25T12:00:00Z"))
        try FileStore(url: cli.storeURL).update { document in
            document.todos = Todos(unfinished: (quoted ? [sayHi] : []) + [callAnn, payRent], finished: [fixBike],
                                   nextNumber: quoted ? 5 : 4)
            if quoted {
                document.people = makePeople([person(1, "Ada", "Lovelace", born: "1990-12-10"), person(2, "Leap", "Day", born: "1992-02-29"),
                                              person(3, "Val", "Rossi", born: "1993-02-14"), person(4, "Lena", "Berg", born: "1994-03-29"),
                                              person(5, "Nobody", "Known", born: nil)])
            }
        }
    }

    @Test("IE-9 An export to todo.txt is lines in the order the items were added")
    func todoTxtLines() async throws {
        try seed()

        let run = await run(["export", "--format", "todotxt"])

        #expect(run == Run(status: 0, output: """
            x 2026-11-24 2026-11-19 Fix bike pri:C
            (A) 2026-11-20 Pay rent +home due:2026-12-01 rec:1m
            (B) Call Ann

            """, errors: ""))
    }

    @Test("IE-10 An export to Taskwarrior is one JSON array of tasks, a repeat with its template")
    func taskwarriorJSON() async throws {
        try seed()

        let run = await run(["export", "--format", "taskwarrior"])

        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        #expect(run.status == 0)
        #expect(tasks.count == 4)
        let template = try #require(tasks.first { $0["status"] as? String == "recurring" })
        let id2 = id(2).uuidString.lowercased()
        #expect(tasks.map { $0["uuid"] as? String } == [id(1).uuidString.lowercased(), template["uuid"] as? String, id2,
                                                        id(3).uuidString.lowercased()])
        #expect(tasks[0]["description"] as? String == "Fix bike")
        #expect(tasks[0]["status"] as? String == "completed")
        #expect(tasks[0]["entry"] as? String == "20261119T150000Z")
        #expect(tasks[0]["end"] as? String == "20261124T150000Z")
        #expect(tasks[0]["priority"] as? String == "L")
        let child = tasks[2]
        #expect(child["status"] as? String == "pending")
        #expect(child["parent"] as? String == template["uuid"] as? String)
        for task in [template, child] {
            #expect(task["description"] as? String == "Pay rent")
            #expect(task["due"] as? String == "20261201T050000Z", "the start of 1 December in New York")
            #expect(task["priority"] as? String == "H")
            #expect(task["recur"] as? String == "monthly")
            #expect(task["tags"] as? [String] == ["home"])
            #expect(task["entry"] as? String == "20261120T140000Z")
        }
        #expect(tasks[3]["description"] as? String == "Call Ann")
        #expect(tasks[3]["priority"] as? String == "M")
        #expect(await self.run(["export", "--format", "taskwarrior"]).output == run.output)
    }

    @Test("IE-11 An export to iCalendar holds each to-do and each birthday, as RFC 5545 writes them")
    func calendar() async throws {
        try seed(quoted: true)

        let run = await run(["export", "--format", "ics"])

        let lines = run.output.components(separatedBy: "\r\n")
        #expect(run.status == 0)
        #expect(run.output.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!run.output.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends with CRLF")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        let unfolded = run.output.replacingOccurrences(of: "\r\n ", with: "")
        let components = unfolded.components(separatedBy: "BEGIN:").dropFirst().map { "BEGIN:" + $0 }
        #expect(components.first?.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:") == true)
        let todos = components.filter { $0.hasPrefix("BEGIN:VTODO") }
        #expect(todos.count == 4)
        #expect(todos[0].contains("UID:\(id(1).uuidString.lowercased())\r\n"))
        #expect(todos[0].contains("SUMMARY:Fix bike\r\nPRIORITY:9\r\nSTATUS:COMPLETED\r\nCOMPLETED:20261124T150000Z\r\n"))
        #expect(todos[1].contains("UID:\(id(2).uuidString.lowercased())\r\n"))
        #expect(todos[1].contains("""
            SUMMARY:Pay rent\r\nDTSTART;VALUE=DATE:20261130\r\nDUE;VALUE=DATE:20261201\r\nPRIORITY:1\r\nCATEGORIES:home\r\n\
            STATUS:NEEDS-ACTION\r\nRRULE:FREQ=MONTHLY;BYMONTHDAY=-1\r\n
            """))
        #expect(todos[2].contains("SUMMARY:Call Ann\r\nPRIORITY:5\r\nSTATUS:NEEDS-ACTION\r\n"))
        #expect(todos[3].contains("SUMMARY:Say \"hi\"\\, café 😀\\; or not\r\n"))
        let events = components.filter { $0.hasPrefix("BEGIN:VEVENT") }
        #expect(events.count == 4)
        #expect(events[0].contains("DTSTART;VALUE=DATE:19901210\r\nSUMMARY:Ada Lovelace's birthday\r\nRRULE:FREQ=YEARLY\r\n"))
        #expect(events[1].contains("DTSTART;VALUE=DATE:19920229\r\nSUMMARY:Leap Day's birthday\r\nRRULE:FREQ=YEARLY;BYYEARDAY=60\r\n"))
        #expect(events[2].contains("DTSTART;VALUE=DATE:19930214\r\nSUMMARY:Val Rossi's birthday\r\nRRULE:FREQ=YEARLY\r\n"))
        #expect(events[3].contains("DTSTART;VALUE=DATE:19940329\r\nSUMMARY:Lena Berg's birthday\r\nRRULE:FREQ=YEARLY\r\n"))
        let again = await self.run(["export", "--format", "ics"]).output
        #expect(uids(again) == uids(run.output))
        #expect(Set(uids(run.output)).count == 8)
    }

    private func uids(_ calendar: String) -> [String] {
        calendar.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
    }

    @Test("IE-11 An export to iCalendar holds each to-do and each birthday, as RFC 5545 writes them (a finished repeat)")
    func finishedRepeatInACalendar() async throws {
        try #require(await run(["--today", "2026-11-25", "add", "Water plants due:2026-11-25 recur:weekly"]).status == 0)
        try #require(await run(["--today", "2026-11-25", "check", "1"]).status == 0)

        let calendar = await run(["export", "--format", "ics"]).output

        let todos = calendar.components(separatedBy: "BEGIN:VTODO").dropFirst()
        #expect(todos.count == 2)
        #expect(todos.filter { $0.contains("RRULE:FREQ=WEEKLY\r\n") }.count == 1)
        #expect(todos.first { $0.contains("STATUS:COMPLETED") }?.contains("RRULE") == false)
        #expect(todos.first { $0.contains("STATUS:NEEDS-ACTION") }?.contains("DUE;VALUE=DATE:20261202\r\n") == true)
    }

    @Test("IE-12 An export imported into an empty list gives back the same to-dos", arguments: ["taskwarrior", "todotxt"])
    func roundTrip(format: String) async throws {
        try seed(quoted: true)
        let exported = cli.folder.file("export")
        try #require(await run(["export", "--format", format, "--output", exported.path]).status == 0)
        let empty = cli.folder.file("empty.json")

        let imported = await run(["import", exported.path], store: empty)

        try #require(imported.status == 0, "\(imported)")
        let before = try cli.saved()
        let after = try FileStore(url: empty).loadTodos()
        for section in [\Todos.unfinished, \Todos.finished] {
            #expect(after[keyPath: section].map(\.title) == before[keyPath: section].map(\.title))
            #expect(after[keyPath: section].map(\.plan) == before[keyPath: section].map(\.plan))
            if format == "taskwarrior" {
                #expect(after[keyPath: section].map(\.id) == before[keyPath: section].map(\.id))
                #expect(after[keyPath: section].map(\.added) == before[keyPath: section].map(\.added))
                #expect(after[keyPath: section].map(\.checked) == before[keyPath: section].map(\.checked))
            } else {
                let days = { (moment: Date?) in moment.flatMap(Self.newYork.day(of:)) }
                #expect(after[keyPath: section].map { days($0.added) } == before[keyPath: section].map { days($0.added) })
                #expect(after[keyPath: section].map { days($0.checked) } == before[keyPath: section].map { days($0.checked) })
            }
        }
    }

    @Test("IE-21 An export imported back into the list it came from adds nothing", arguments: ["todotxt", "taskwarrior"])
    func backIntoTheSameList(format: String) async throws {
        for title in ["Fix bike pri:L", "Pay rent +home due:2026-12-01 pri:H recur:monthly", "Call Ann pri:M", "Say \"hi\", café 😀; or not"] {
            try #require(await run(["add", title]).status == 0)
        }
        try #require(await run(["check", "1"]).status == 0)
        let before = try cli.saved()
        let exported = cli.folder.file("export")
        try #require(await run(["export", "--format", format, "--output", exported.path]).status == 0)

        let imported = await run(["import", exported.path])

        let more = format == "taskwarrior" ? " Skipped 1: 1 template of a repeating task." : ""
        #expect(imported == Run(status: 0, output: "Imported 0 to-dos; 4 were already here.\(more)\n", errors: ""))
        #expect(try cli.saved() == before)
    }

    @Test("IE-22 Words of a title that todo.txt would read as a plan are kept as words")
    func literalWords() async throws {
        let typed = ["Sell \\+1 phone", "Read \\due:soon", "Ask \\@Ann about \\pri:H", "\\x marks \\rec:1w", "\\2026-12-01 party",
                     "\\2026-13-45 plan", "Everything 2026-12-01 x",
                     "Price \\\\+1 and \\\\@home", "\\\\x first", "Keep \\\\\\due:soon", "A lone \\\\ and \\\\word"]
        for title in typed {
            try #require(await run(["add", title]).status == 0, "\(title)")
        }
        let titles = try cli.saved().unfinished.map(\.title)
        #expect(titles == ["A lone \\ and \\word", "Keep \\\\due:soon", "\\x first", "Price \\+1 and \\@home",
                           "Everything 2026-12-01 x", "2026-13-45 plan", "2026-12-01 party", "x marks rec:1w", "Ask @Ann about pri:H",
                           "Read due:soon", "Sell +1 phone"])
        let exported = cli.folder.file("export.txt")
        try #require(await run(["export", "--format", "todotxt", "--output", exported.path]).status == 0)
        let empty = cli.folder.file("empty.json")

        try #require(await run(["import", exported.path], store: empty).status == 0)

        let lines = try String(contentsOf: exported, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        #expect(lines == ["Sell \\+1 phone", "Read \\due:soon", "Ask \\@Ann about \\pri:H", "\\x marks \\rec:1w", "\\2026-12-01 party",
                          "\\2026-13-45 plan", "Everything 2026-12-01 x",
                          "Price \\\\+1 and \\\\@home", "\\\\x first", "Keep \\\\\\due:soon", "A lone \\ and \\word"],
                "a date, a date-like word or x is kept apart only first; a word behind a backslash of its own gets one more only where the import takes one off")
        let back = try FileStore(url: empty).loadTodos().unfinished
        #expect(back.map(\.title) == titles)
        #expect(back.allSatisfy { $0.plan == .none })
    }

    @Test("IE-26 A title's control characters are written to todo.txt as spaces")
    func controlCharacters() async throws {
        let descriptions = [#"nul\u0000here"#, #"esc \u001b[31mred"#, #"del\u007fx"#, #"next\u0085line"#, #"two\r\nlines"#]
        let tasks = descriptions.enumerated().map { index, description in
            #"{"description":"\#(description)","status":"pending","entry":"20261120T140000Z","uuid":"\#(id(index + 1).uuidString)"}"#
        }
        let export = cli.folder.file("tasks.json")
        try Data("[\(tasks.joined(separator: ","))]".utf8).write(to: export)
        try #require(await run(["import", export.path]).status == 0)
        #expect(try cli.saved().unfinished.map(\.title).sorted() == ["del\u{7F}x", "esc \u{1B}[31mred", "next\u{85}line", "nul\u{0}here", "two\r\nlines"])
        let file = cli.folder.file("list.txt")

        try #require(await run(["export", "--format", "todotxt", "--output", file.path]).status == 0)

        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1)[1] }
        #expect(lines.sorted() == ["del x", "esc  [31mred", "next line", "nul here", "two lines"])
        let empty = cli.folder.file("empty.json")
        try #require(await run(["import", file.path], store: empty).status == 0)
        #expect(try FileStore(url: empty).loadTodos().unfinished.map(\.title).sorted() == ["del x", "esc  [31mred", "next line", "nul here", "two lines"])
    }

    @Test("IE-27 A due date at either end of the calendar leaves for Taskwarrior and comes back", arguments: [
        ("9999-12-31", -5, "99991231T050000Z"), ("9999-12-31", 9, "99991230T150000Z"),
        ("0001-01-01", -5, "00010101T050000Z"), ("0001-01-01", 9, "00010101T000000Z"),
    ])
    func dueAtTheCalendarsEnds(day: String, hoursEast: Int, written: String) async throws {
        let zone = LocalZone.fixed(secondsEast: hoursEast * 3600)
        let due = try #require(CalendarDate(iso: day))
        try FileStore(url: cli.storeURL).update { document in
            document.todos = Todos(unfinished: [TodoItem(id: id(1), number: 1, title: "Some day", plan: TodoPlan(due: due))], finished: [],
                                   nextNumber: 2)
        }
        let file = cli.folder.file("tasks.json"), empty = cli.folder.file("empty.json")
        let run = { (arguments: [String], store: URL) in
            await self.cli.run(["--store", store.path] + arguments, environment: ["NO_COLOR": "1"], withStore: false, zone: zone)
        }
        try #require(await run(["export", "--format", "taskwarrior", "--output", file.path], cli.storeURL).status == 0)

        let imported = await run(["import", file.path], empty)

        #expect(imported.status == 0, "\(imported)")
        #expect(try FileStore(url: empty).loadTodos().unfinished.map(\.plan.due) == [due])
        #expect(try String(contentsOf: file, encoding: .utf8).contains(#""due":"\#(written)""#))
    }

    @Test("IE-13 --output writes the export to a file, whole or not at all")
    func output() async throws {
        try seed()
        let file = cli.folder.file("list.txt")
        let printed = await run(["export", "--format", "todotxt"]).output

        let written = await run(["export", "--format", "todotxt", "--output", file.path])

        #expect(written == Run(status: 0, output: "Exported 3 to-dos to \(file.path).\n", errors: ""))
        #expect(try String(contentsOf: file, encoding: .utf8) == printed)
        let store = try cli.storeBytes()
        let nowhere = cli.folder.file("no/such/folder/list.txt").path
        let onTheStore = await run(["export", "--format", "todotxt", "--output", cli.storeURL.path])
        let intoNowhere = await run(["export", "--format", "todotxt", "--output", nowhere])
        #expect(intoNowhere.status == 1)
        #expect(intoNowhere.errors == "error: cannot write \(nowhere): its folder \(cli.folder.file("no/such/folder").path) does not exist; nothing was written\n")
        #expect(onTheStore == Run(status: 1, output: "", errors: """
            error: \(cli.storeURL.path) is the store or one of its files; export to another file

            """))
        let journal = cli.storeURL.path + ".journal"
        #expect(await run(["export", "--format", "todotxt", "--output", journal])
                == Run(status: 1, output: "", errors: "error: \(journal) is the store or one of its files; export to another file\n"))
        #expect(try cli.storeBytes() == store)
        #expect(try cli.folder.contents().sorted() == ["list.txt", "store.json", "store.json.lock"])
    }
    /// The file system's view of `path`, links not followed: its kind, mode and bytes.
    private func entry(_ path: String) -> (kind: mode_t, mode: mode_t, bytes: Data?) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return (0, 0, nil) }
        return (status.st_mode & S_IFMT, status.st_mode & 0o7777, FileManager.default.contents(atPath: path))
    }

    @Test("IE-18 --output writes only a plain file it may write, and - is standard output")
    func outputOnlyWherePermitted() async throws {
        try seed()
        let printed = await run(["export", "--format", "todotxt"]).output
        let store = try cli.storeBytes()
        let pipe = cli.folder.file("pipe").path, readOnly = cli.folder.file("read-only.txt").path
        let closedFolder = cli.folder.file("closed").path, openFolder = cli.folder.file("open").path
        #expect(mkfifo(pipe, 0o644) == 0)
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: readOnly))
        #expect(chmod(readOnly, 0o444) == 0)
        try FileManager.default.createDirectory(atPath: closedFolder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o555])
        try FileManager.default.createDirectory(atPath: openFolder, withIntermediateDirectories: false)
        defer { chmod(closedFolder, 0o755) }
        let export = { (target: String) in await self.run(["export", "--format", "todotxt", "--output", target]) }

        let refusals = [
            (pipe, "error: cannot write \(pipe): it is not a plain file (a device, a pipe or a socket); nothing was written\n"),
            ("/dev/null", "error: cannot write /dev/null: it is not a plain file (a device, a pipe or a socket); nothing was written\n"),
            (readOnly, "error: cannot write \(readOnly): the file is read-only; nothing was written\n"),
            (closedFolder + "/list.txt", "error: cannot write \(closedFolder)/list.txt: its folder \(closedFolder) is read-only; nothing was written\n"),
            (openFolder, "error: cannot write \(openFolder): it is a folder; name a file in it\n"),
            (openFolder + "/", "error: cannot write \(openFolder)/: it is a folder; name a file in it\n"),
            (openFolder + "/new/.", "error: cannot write \(openFolder)/new/.: it is a folder; name a file in it\n"),
            (openFolder + "/new/..", "error: cannot write \(openFolder)/new/..: it is a folder; name a file in it\n"),
        ]
        for (target, error) in refusals {
            #expect(await export(target) == Run(status: 1, output: "", errors: error), "\(target)")
        }
        #expect(entry(pipe).kind == S_IFIFO)
        #expect(entry("/dev/null").kind == S_IFCHR)
        #expect(entry(readOnly).bytes == Data("kept\n".utf8) && entry(readOnly).mode == 0o444)
        #expect(try FileManager.default.contentsOfDirectory(atPath: closedFolder).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: openFolder).isEmpty)

        let target = cli.folder.file("open/target.txt").path, link = cli.folder.file("link.txt").path
        let secret = cli.folder.file("secret.txt").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        #expect(symlink(target, link) == 0)
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: secret))
        #expect(chmod(secret, 0o600) == 0)
        #expect(await export(link).status == 0)
        #expect(await export(secret).status == 0)
        #expect(entry(link).kind == S_IFLNK && entry(target).bytes == Data(printed.utf8))
        #expect(entry(secret).mode == 0o600 && entry(secret).bytes == Data(printed.utf8))
        let longest = cli.folder.file("open/" + String(repeating: "n", count: 255)).path
        #expect(await export(longest).status == 0)
        #expect(entry(longest).bytes == Data(printed.utf8))

        #expect(await export("-") == Run(status: 0, output: printed, errors: ""))
        #expect(!FileManager.default.fileExists(atPath: "-"))
        #expect(try cli.storeBytes() == store)
    }
    @Test("IE-23 An export asked for wrongly is a usage error that says how to ask", arguments: [
        ("export", "export needs --format: todotxt, taskwarrior or ics"),
        ("export --format pdf", "--format takes todotxt, taskwarrior or ics, not “pdf”"),
        ("export --format todotxt --format ics", "--format is given twice; give it once"),
        ("export --format ics list.ics", "export takes no “list.ics”"),
        ("export --format ics --output", "--output needs a value"),
        ("export --format ics --output=", "--output needs a value"),
        ("export --format=", "--format needs a value"),
    ])
    func wronglyAsked(command: String, error: String) async throws {
        try seed()
        let store = try cli.storeBytes()

        let run = await run(command.split(separator: " ").map(String.init))

        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errors.hasPrefix("error: \(error)"))
        #expect(try cli.storeBytes() == store)
        #expect(try cli.folder.contents() == ["store.json", "store.json.lock"])
    }

    @Test("IE-34 --output never writes over a file the user may not write, in a folder anyone may write in",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func othersFile() throws {
        let todo = try TodoFolder()
        let shared = todo.folder.file("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: todo.folder.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: shared.path)
        let others = shared.appendingPathComponent("notes.txt")
        try Data("not yours\n".utf8).write(to: others)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: others.path)
        let asNobody = { (arguments: [String]) in
            try RealBinary(url: URL(fileURLWithPath: "/usr/bin/setpriv"))
                .run(["--reuid=65534", "--regid=65534", "--clear-groups", todo.binary.url.path, "--store", todo.store.path] + arguments)
        }
        try #require(try asNobody(["add", "Call Ann"]).status == 0)

        let refused = try asNobody(["export", "--format", "todotxt", "--output", others.path])

        #expect(refused.status == 1)
        #expect(refused.errors == "error: cannot write \(others.path): you may not write the file; nothing was written\n")
        #expect(try String(contentsOf: others, encoding: .utf8) == "not yours\n")
        let own = shared.appendingPathComponent("mine.txt")
        #expect(try asNobody(["export", "--format", "todotxt", "--output", own.path]).status == 0)
        #expect(try String(contentsOf: own, encoding: .utf8).hasSuffix("Call Ann\n"))

        let asRoot = { (arguments: [String]) in try todo.binary.run(["--store", todo.store.path] + arguments) }
        #expect(try asRoot(["export", "--format", "todotxt", "--output", own.path]).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: own.path)[.ownerAccountID] as? NSNumber == 65534, "still nobody's")
        for (uid, gid) in [(uid_t(65534), gid_t(0)), (0, 65534)] {
            let mixed = shared.appendingPathComponent("owned-\(uid)-\(gid).txt")
            try Data("mixed\n".utf8).write(to: mixed)
            try #require(chown(mixed.path, uid, gid) == 0)
            #expect(try asRoot(["export", "--format", "todotxt", "--output", mixed.path]).status == 0)
            var status = stat()
            #expect(stat(mixed.path, &status) == 0 && status.st_uid == uid && status.st_gid == gid, "\(uid):\(gid)")
        }
        let anyones = shared.appendingPathComponent("anyones.txt")
        try Data("root's, anyone may write\n".utf8).write(to: anyones)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: anyones.path)
        #expect(try asNobody(["export", "--format", "todotxt", "--output", anyones.path]).errors
                == "error: cannot write \(anyones.path): the file is another user's, and written it would be yours; nothing was written\n")
        #expect(try String(contentsOf: anyones, encoding: .utf8) == "root's, anyone may write\n")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: shared.path).contains { $0.hasPrefix(".todo-export") })

        let sticky = todo.folder.file("sticky"), roots = todo.folder.file("roots.txt")
        try FileManager.default.createDirectory(at: sticky, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: sticky.path)
        try Data("root's\n".utf8).write(to: roots)
        let planted = sticky.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: roots)
        try #require(lchown(planted.path, 65534, 65534) == 0)
        #expect(try asRoot(["export", "--format", "todotxt", "--output", planted.path]).errors == "error: cannot write \(planted.path): "
                + "it is a link another user made in a folder anyone may write in, which todo does not follow; nothing was written\n")
        #expect(try String(contentsOf: roots, encoding: .utf8) == "root's\n")
        let nobodys = todo.folder.file("nobodys")
        try FileManager.default.createDirectory(at: nobodys, withIntermediateDirectories: true)
        try #require(chown(nobodys.path, 65534, 65534) == 0)
        for folder in [sticky, nobodys] {
            let made = folder.appendingPathComponent("made-by-root")
            try FileManager.default.createSymbolicLink(at: made, withDestinationURL: roots)
            #expect(try asRoot(["export", "--format", "todotxt", "--output", made.path]).status == 0, "\(folder.path)")
            #expect(try String(contentsOf: roots, encoding: .utf8).hasSuffix("Call Ann\n"), "written through the link in \(folder.path)")
            try Data("root's\n".utf8).write(to: roots)
        }

        let closed = todo.folder.file("closed")
        try FileManager.default.createDirectory(at: closed, withIntermediateDirectories: true)
        let inClosed = closed.appendingPathComponent("nobodys.txt")
        try Data("nobody's\n".utf8).write(to: inClosed)
        try #require(chown(inClosed.path, 65534, 65534) == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: closed.path)
        #expect(try asNobody(["export", "--format", "todotxt", "--output", inClosed.path]).errors
                == "error: cannot write \(inClosed.path): you may not write in its folder \(closed.path); nothing was written\n")
        #expect(try String(contentsOf: inClosed, encoding: .utf8) == "nobody's\n")

        let secondName = todo.folder.file("second.txt")
        try #require(link(roots.path, secondName.path) == 0)
        #expect(try asRoot(["export", "--format", "todotxt", "--output", roots.path]).errors == "error: cannot write \(roots.path): "
                + "the file has another name (a hard link), which would keep the old text; nothing was written\n")
        #expect(try String(contentsOf: secondName, encoding: .utf8) == "root's\n")
    }
}
