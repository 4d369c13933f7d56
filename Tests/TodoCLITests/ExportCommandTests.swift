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
    /// fourth to-do and three people.
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
                                              person(3, "Nobody", "Known", born: nil)])
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
            SUMMARY:Pay rent\r\nDTSTART;VALUE=DATE:20261101\r\nDUE;VALUE=DATE:20261201\r\nPRIORITY:1\r\nCATEGORIES:home\r\n\
            STATUS:NEEDS-ACTION\r\nRRULE:FREQ=MONTHLY\r\n
            """))
        #expect(todos[2].contains("SUMMARY:Call Ann\r\nPRIORITY:5\r\nSTATUS:NEEDS-ACTION\r\n"))
        #expect(todos[3].contains("SUMMARY:Say \"hi\"\\, café 😀\\; or not\r\n"))
        let events = components.filter { $0.hasPrefix("BEGIN:VEVENT") }
        #expect(events.count == 2)
        #expect(events[0].contains("DTSTART;VALUE=DATE:19901210\r\nSUMMARY:Ada Lovelace's birthday\r\nRRULE:FREQ=YEARLY\r\n"))
        #expect(events[1].contains("DTSTART;VALUE=DATE:19920229\r\nSUMMARY:Leap Day's birthday\r\nRRULE:FREQ=YEARLY;BYYEARDAY=60\r\n"))
        let again = await self.run(["export", "--format", "ics"]).output
        #expect(uids(again) == uids(run.output))
        #expect(Set(uids(run.output)).count == 6)
    }

    private func uids(_ calendar: String) -> [String] {
        calendar.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
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
        #expect(intoNowhere.errors == "error: cannot write \(nowhere): No such file or directory\n")
        #expect(onTheStore == Run(status: 1, output: "", errors: """
            error: \(cli.storeURL.path) is the store or one of its files; export to another file

            """))
        #expect(try cli.storeBytes() == store)
        #expect(try cli.folder.contents().sorted() == ["list.txt", "store.json", "store.json.lock"])
    }
}
