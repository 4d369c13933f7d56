import Dates
import Foundation
import LocalStore
import TestSupport
import Testing
import TodoList

/// `todo import` killed as it works, and `todo export` read by the tools it is written for:
/// todo.txt-cli, Taskwarrior and a calendar library, each run where it is installed.
@Suite("Moving a list in and out, with the real programs")
struct InterchangeToolsTests {
    private let todo: TodoFolder

    init() throws {
        todo = try TodoFolder()
    }

    private static let environment = ["TZ": "America/New_York"]

    /// A Taskwarrior export of `count` pending tasks, "Task 1" on, each with an id of its own.
    private func taskwarriorExport(of count: Int) throws -> URL {
        let tasks = (1...count).map { number in
            "{\"description\":\"Task \(number)\",\"entry\":\"20261120T140000Z\",\"status\":\"pending\",\"uuid\":\"\(UUID().uuidString)\"}"
        }
        let file = todo.folder.file("tasks.json")
        try Data(("[\n" + tasks.joined(separator: ",\n") + "\n]\n").utf8).write(to: file)
        return file
    }

    @Test("IE-24 A day whose midnight the clocks skip starts when they jump")
    func dayWithoutMidnight() throws {
        // Five hours behind UTC, an hour less from 00:00 on the second Sunday of March: 14 March 2027.
        let environment = ["TZ": "HAV5HDT,M3.2.0/0,M11.1.0/1"]
        try #require(try todo.run(["add", "Pay rent due:2027-03-14"], environment: environment).status == 0)

        let exported = try todo.run(["export", "--format", "taskwarrior"], environment: environment)
        #expect(exported.output.contains("\"due\":\"20270314T050000Z\""), "\(exported)")

        let tasks = todo.folder.file("tasks.json"), lines = todo.folder.file("todo.txt")
        try Data(exported.output.utf8).write(to: tasks)
        try Data("x 2027-03-14 2027-03-14 Call Ann\n".utf8).write(to: lines)
        let other = todo.folder.file("other.json").path
        try #require(try todo.binary.run(["--store", other, "import", tasks.path], environment: environment).status == 0)
        #expect(try FileStore(path: other).loadTodos().all.map(\.plan.due) == [CalendarDate(iso: "2027-03-14")])
        let fromLines = todo.folder.file("lines.json").path
        try #require(try todo.binary.run(["--store", fromLines, "import", lines.path], environment: environment).status == 0)
        #expect(try todo.binary.run(["--store", fromLines, "export", "--format", "todotxt"], environment: environment).output
                == "x 2027-03-14 2027-03-14 Call Ann\n")
    }

    @Test("IE-14 An import killed part-way imports nothing")
    func killedImport() throws {
        let file = try taskwarriorExport(of: 10_000)
        try #require(try todo.run(["add", "Buy milk"]).status == 0)
        let started = Date()
        try #require(try todo.run(["import", file.path]).status == 0)
        let whole = Date().timeIntervalSince(started)
        try #require(try todo.run(["undo"]).status == 0)
        var seen: Set<Int> = []

        for step in 0..<6 {
            let process = Process()
            process.executableURL = todo.binary.url
            process.arguments = ["--store", todo.store.path, "import", file.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: whole * Double(step) / 5)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let titles = try FileStore(url: todo.store).loadTodos().all.map(\.title)
            #expect(titles.count == 1 || titles.count == 10_001, "after the kill at \(step)/5 of the time an import takes")
            #expect(titles.last == "Buy milk")
            seen.insert(titles.count)
            if titles.count > 1 { try #require(try todo.run(["undo"]).status == 0) }
        }
        #expect(seen.contains(1), "a kill came before the import was made")
        #expect(try FileStore(url: todo.store).inspect().isSound)
    }

    @Test("IE-19 Imports made at the same moment each say what they brought")
    func importsAtTheSameMoment() throws {
        let file = try taskwarriorExport(of: 500)
        let outputs = (0..<6).map { todo.folder.file("import-\($0).json") }

        let imports = try outputs.map { output in
            let process = Process()
            process.executableURL = todo.binary.url
            process.arguments = ["--store", todo.store.path, "--json", "import", file.path]
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
            try process.run()
            return process
        }
        imports.forEach { $0.waitUntilExit() }

        let counts = try outputs.map { output in
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
        }
        #expect(imports.allSatisfy { $0.terminationStatus == 0 })
        #expect(counts.compactMap { $0["imported"] as? Int }.reduce(0, +) == 500)
        #expect(counts.compactMap { $0["alreadyHere"] as? Int }.reduce(0, +) == 2_500)
        #expect(try FileStore(url: todo.store).loadTodos().all.count == 500)
        #expect(try todo.run(["undo"]).output == "Undid: imported 500 to-dos.\n")
        #expect(try FileStore(url: todo.store).loadTodos().all.isEmpty)
    }

    /// The list of IE-9, added through the real binary, in the order added: Fix bike, Pay rent, Call Ann.
    private func addList() throws {
        for line in ["add Fix bike pri:L", "add Pay rent +home due:2026-12-01 pri:H recur:monthly", "add Call Ann pri:M", "check 1"] {
            let run = try todo.run(["--today", "2026-11-25"] + line.split(separator: " ").map(String.init), environment: Self.environment)
            try #require(run.status == 0, "\(line): \(run)")
        }
    }

    private static func installed(_ names: String...) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    /// Runs a program and gives what it printed; it must succeed.
    private func program(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(path) \(arguments) exited \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }

    @Test("IE-15 todo.txt-cli lists, filters by priority and archives an export",
          .enabled(if: installed("todo-txt", "todo.sh") != nil))
    func todoTxtCLI() throws {
        try addList()
        let folder = todo.folder.file("todotxt")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #require(try todo.run(["export", "--format", "todotxt", "--output", folder.appendingPathComponent("todo.txt").path],
                                   environment: Self.environment).status == 0)
        let config = folder.appendingPathComponent("config")
        try Data("""
            export TODO_DIR="\(folder.path)"
            export TODO_FILE="$TODO_DIR/todo.txt"
            export DONE_FILE="$TODO_DIR/done.txt"
            export REPORT_FILE="$TODO_DIR/report.txt"

            """.utf8).write(to: config)
        let todoTxt = try #require(Self.installed("todo-txt", "todo.sh"))
        let cli = { (arguments: [String]) in try program(todoTxt, ["-d", config.path, "-p", "-f"] + arguments) }

        let listed = try cli(["ls"])
        let priorityA = try cli(["lsp", "A"])
        _ = try cli(["archive"])

        let saved = try FileStore(url: todo.store).loadTodos()
        let newYork = LocalZone.fixed(secondsEast: -5 * 3600)
        let added = try #require(saved.finished.first?.added.flatMap(newYork.day(of:))?.iso)
        let checked = try #require(saved.finished.first?.checked.flatMap(newYork.day(of:))?.iso)
        #expect(listed.contains("x \(checked) \(added) Fix bike pri:C"))
        #expect(listed.contains("(A) \(added) Pay rent +home due:2026-12-01 rec:1m"))
        #expect(listed.contains("(B) \(added) Call Ann"))
        #expect(listed.contains("TODO: 3 of 3 tasks shown"))
        #expect(priorityA.contains("Pay rent") && !priorityA.contains("Call Ann") && !priorityA.contains("Fix bike"))
        let done = try String(contentsOf: folder.appendingPathComponent("done.txt"), encoding: .utf8)
        let left = try String(contentsOf: folder.appendingPathComponent("todo.txt"), encoding: .utf8)
        #expect(done == "x \(checked) \(added) Fix bike pri:C\n")
        #expect(!left.contains("Fix bike") && left.contains("Pay rent") && left.contains("Call Ann"))
    }

    @Test("IE-16 Taskwarrior imports an export, and a second import changes nothing",
          .enabled(if: installed("task") != nil && installed("faketime") != nil))
    func taskwarrior() throws {
        try addList()
        let export = todo.folder.file("export.json")
        try #require(try todo.run(["export", "--format", "taskwarrior", "--output", export.path], environment: Self.environment).status == 0)
        let data = todo.folder.file("task")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let rc = todo.folder.file("taskrc")
        try Data("data.location=\(data.path)\nconfirmation=off\nverbose=nothing\nrecurrence.confirmation=no\nnews.version=2.6.2\n".utf8)
            .write(to: rc)
        let task = try #require(Self.installed("task"))
        let faketime = try #require(Self.installed("faketime"))
        let environment = ["TASKRC": rc.path, "TASKDATA": data.path, "TZ": "America/New_York"]
        let taskOn = { (day: String, arguments: [String]) in
            try program(faketime, ["\(day) 12:00:00", task] + arguments, environment: environment)
        }

        _ = try taskOn("2026-11-25", ["import", export.path])
        let first = try taskOn("2026-11-25", ["export"])
        _ = try taskOn("2026-11-25", ["import", export.path])
        let second = try taskOn("2026-11-25", ["export"])
        let later = try taskOn("2026-12-02", ["export"])

        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [[String: Any]])
        let ids = try FileStore(url: todo.store).loadTodos().all.sorted { $0.number < $1.number }.map { $0.id.uuidString.lowercased() }
        #expect(tasks.count == 4)
        let byID = Dictionary(tasks.compactMap { task in (task["uuid"] as? String).map { ($0, task) } }) { first, _ in first }
        #expect(byID[ids[0]]?["status"] as? String == "completed")
        #expect(byID[ids[0]]?["description"] as? String == "Fix bike")
        #expect(byID[ids[0]]?["priority"] as? String == "L")
        #expect(byID[ids[1]]?["status"] as? String == "pending")
        #expect(byID[ids[1]]?["due"] as? String == "20261201T050000Z")
        #expect(byID[ids[1]]?["tags"] as? [String] == ["home"])
        #expect(byID[ids[1]]?["recur"] as? String == "monthly")
        #expect(byID[ids[1]]?["parent"] as? String != nil)
        #expect(byID[ids[2]]?["priority"] as? String == "M")
        #expect(tasks.filter { $0["status"] as? String == "recurring" }.count == 1)
        let again = try #require(try JSONSerialization.jsonObject(with: Data(second.utf8)) as? [[String: Any]])
        #expect(again.compactMap { $0["uuid"] as? String }.sorted() == tasks.compactMap { $0["uuid"] as? String }.sorted())

        let afterDue = try #require(try JSONSerialization.jsonObject(with: Data(later.utf8)) as? [[String: Any]])
        let made = afterDue.filter { task in !tasks.contains { $0["uuid"] as? String == task["uuid"] as? String } }
        #expect(made.count == 1)
        #expect(made.first?["description"] as? String == "Pay rent")
        #expect(made.first?["due"] as? String == "20270101T050000Z")
        #expect(made.first?["parent"] as? String == byID[ids[1]]?["parent"] as? String)
    }

    @Test("IE-17 A calendar library reads the iCalendar export back",
          .enabled(if: pythonWithCalendars != nil))
    func calendarLibrary() throws {
        try addList()
        try #require(try todo.run(["user", "add", "Ada", "Lovelace", "1990-12-10"]).status == 0)
        try #require(try todo.run(["user", "add", "Leap", "Day", "1992-02-29"]).status == 0)
        let calendar = todo.folder.file("list.ics")
        try #require(try todo.run(["export", "--format", "ics", "--output", calendar.path], environment: Self.environment).status == 0)

        let read = try Self.python("""
            import icalendar, json, sys
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            found = []
            for component in calendar.walk():
                if component.name in ('VTODO', 'VEVENT'):
                    found.append({
                        'kind': component.name, 'summary': str(component.get('summary')),
                        'due': component.decoded('due').isoformat() if 'due' in component else None,
                        'start': component.decoded('dtstart').isoformat() if 'dtstart' in component else None,
                        'priority': component.get('priority'), 'status': str(component.get('status')),
                        'categories': [str(c) for c in component.get('categories').cats] if 'categories' in component else [],
                        'rrule': component.get('rrule').to_ical().decode() if 'rrule' in component else None})
            print(json.dumps(found))
            """, calendar.path)

        let found = try #require(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [[String: Any]])
        #expect(found.map { $0["summary"] as? String } == ["Fix bike", "Pay rent", "Call Ann", "Ada Lovelace's birthday", "Leap Day's birthday"])
        #expect(found.map { $0["kind"] as? String } == ["VTODO", "VTODO", "VTODO", "VEVENT", "VEVENT"])
        #expect(found[0]["status"] as? String == "COMPLETED")
        #expect(found[1]["due"] as? String == "2026-12-01")
        #expect(found[1]["start"] as? String == "2026-11-30")
        #expect(found[1]["priority"] as? Int == 1)
        #expect(found[1]["categories"] as? [String] == ["home"])
        #expect(found[1]["rrule"] as? String == "FREQ=MONTHLY;BYMONTHDAY=-1")
        #expect(found[2]["priority"] as? Int == 5)
        #expect(found[3]["start"] as? String == "1990-12-10")
        #expect(found[3]["rrule"] as? String == "FREQ=YEARLY")
        #expect(found[4]["rrule"] as? String == "FREQ=YEARLY;BYYEARDAY=60")
    }

    @Test("IE-32 A calendar library finds each exported repeat due on the days todo brings it back on",
          .enabled(if: pythonWithCalendars != nil))
    func calendarRepeats() throws {
        let repeats: [(due: String, period: Recurrence)] = [
            ("2026-03-02", .daily), ("2026-03-02", .weekly), ("2026-03-15", .monthly), ("2026-12-01", .monthly), ("2026-01-29", .monthly),
            ("2026-01-31", .monthly), ("2026-03-02", .yearly), ("2026-02-15", .yearly), ("2026-03-29", .yearly), ("2026-03-01", .yearly), ("2024-02-29", .yearly)]
        for (index, (due, period)) in repeats.enumerated() {
            try #require(try todo.run(["add", "Repeat \(index) due:\(due) recur:\(period.rawValue)"]).status == 0)
        }
        let calendar = todo.folder.file("list.ics")
        try #require(try todo.run(["export", "--format", "ics", "--output", calendar.path], environment: Self.environment).status == 0)

        // Each time is due the day after it starts: DUE less DTSTART, added to each start the rule gives.
        let read = try Self.python("""
            import icalendar, json, sys
            from dateutil.rrule import rrulestr
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            found = {}
            for todo in calendar.walk('VTODO'):
                start, due = todo.decoded('dtstart'), todo.decoded('due')
                rule = rrulestr(todo.get('rrule').to_ical().decode(), dtstart=start)
                found[str(todo.get('summary'))] = [(time + (due - start)).date().isoformat() for time in rule[:60]]
            print(json.dumps(found))
            """, calendar.path)

        let found = try #require(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [String: [String]])
        for (index, (due, period)) in repeats.enumerated() {
            let first = try #require(CalendarDate(iso: due))
            let counted = (0..<60).compactMap { period.day($0, periodsAfter: first)?.iso }
            #expect(found["Repeat \(index)"] == counted, "\(due) \(period)")
        }
        #expect(found["Repeat 5"]?.prefix(4) == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"])
    }

    /// The first Python on the path that has the icalendar library: the system's may have it
    /// where a Python of the user's, earlier on the path, does not.
    private static let pythonWithCalendars: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first { python in
            FileManager.default.isExecutableFile(atPath: python) && (try? run(python, "import icalendar")) != nil
        }
    }()

    /// Runs the Python that has the icalendar library on `script` with `arguments`, and gives
    /// what it printed; it must succeed.
    private static func python(_ script: String, _ arguments: String...) throws -> String {
        try run(pythonWithCalendars ?? "/usr/bin/python3", script, arguments)
    }

    private static func run(_ python: String, _ script: String, _ arguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.featureUnsupported) }
        return String(decoding: data, as: UTF8.self)
    }
}
