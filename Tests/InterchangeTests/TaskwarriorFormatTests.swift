import Dates
import Foundation
@testable import Interchange
import Testing
import TodoList

/// Taskwarrior's JSON read and written field by field, without the command around it. Days are
/// New York's, five hours behind UTC.
@Suite("Other tools' formats: Taskwarrior's JSON")
struct TaskwarriorFormatTests {
    private static let zone = LocalZone.fixed(secondsEast: -5 * 3600)
    private static let uuid = "5f1c9b8e-2d4a-4e7b-9c3d-5a8b7e6f4d21"

    private static func read(_ json: String) throws(ImportFailure) -> ImportedList {
        try TaskwarriorFormat.read(Array(json.utf8), zone: zone)
    }

    /// A task with the fields every task has, and `fields` after them.
    private static func task(_ fields: String = "", status: String = "pending", uuid: String = uuid) -> String {
        #"{"uuid":"\#(uuid)","description":"Pay rent","status":"\#(status)","entry":"20261120T140000Z"\#(fields)}"#
    }

    @Test("A task's fields are read where todo keeps them; fields todo has no place for are passed over")
    func readsTask() throws {
        let read = try Self.read("[" + Self.task(#"""
            ,"due":"20261201T050000Z","priority":"H","project":"Home.Repair","tags":["bills","1st","Bills"],"recur":"monthly",
            "annotations":[{"entry":"20261121T000000Z","description":"call first"},{}],"urgency":12.5,"depends":["a","b"],
            "end":"20261122T000000Z","modified":{"nested":[1,{"a":null}]}
            """#) + "]")

        #expect(read.todos == [NewTodo(id: UUID(uuidString: Self.uuid)!, title: "Pay rent",
                                       plan: TodoPlan(tags: ["bills", "tag-1st", "Home-Repair"], due: CalendarDate(iso: "2026-12-01"),
                                                      priority: .high, recurrence: .monthly),
                                       added: Date(rfc3339: "2026-11-20T14:00:00Z"))])
        #expect(read.annotations == 2)
        #expect(read.repeatsLeftOut.isEmpty)
        #expect(!read.isNamedByLine)
    }

    @Test("Each status is read as todo has it: deleted tasks and repeat templates are counted, not imported")
    func readsStatuses() throws {
        let ids = (1...6).map { String(format: "00000000-0000-4000-8000-%012d", $0) }
        let read = try Self.read("[" + [
            Self.task(status: "pending", uuid: ids[0]), Self.task(status: "deleted", uuid: ids[1]),
            Self.task(#","end":"20261122T150000Z""#, status: "completed", uuid: ids[2]), Self.task(status: "recurring", uuid: ids[3]),
            Self.task(status: "waiting", uuid: ids[4]), Self.task(status: "deleted", uuid: ids[5]),
        ].joined(separator: ",") + "]")

        #expect(read.todos.map { $0.id.uuidString.lowercased() } == [ids[0], ids[2], ids[4]])
        #expect(read.todos.map(\.isFinished) == [false, true, false])
        #expect(read.todos.map(\.checked) == [nil, Date(rfc3339: "2026-11-22T15:00:00Z"), nil])
        #expect(read.deleted == 2)
        #expect(read.recurringTemplates == 1)
    }

    @Test("A repeat todo cannot keep, or one with no due date, is left out and named as written", arguments: [
        (#","recur":"Weekly","due":"20261201T050000Z""#, Recurrence.weekly, [String](), [String]()),
        (#","recur":"P1Y","due":"20261201T050000Z""#, .yearly, [], []),
        (#","recur":"2wk","due":"20261201T050000Z""#, nil, ["2wk"], []),
        (#","recur":"2wk""#, nil, ["2wk"], []),
        (#","recur":"daily""#, nil, [], ["daily"]),
    ] as [(String, Recurrence?, [String], [String])])
    func readsRepeat(fields: String, recurrence: Recurrence?, leftOut: [String], withoutDue: [String]) throws {
        let read = try Self.read("[" + Self.task(fields) + "]")

        #expect(read.todos.map(\.plan.recurrence) == [recurrence])
        #expect(read.repeatsLeftOut == leftOut)
        #expect(read.repeatsWithoutDue == withoutDue)
    }

    @Test("A moment is read in the basic form or RFC 3339, and an empty priority is none", arguments: [
        #","due":"2026-12-01T05:00:00Z","priority":"""#, #","due":"20261201T050000Z""#,
    ])
    func readsMomentForms(fields: String) throws {
        let read = try Self.read("[" + Self.task(fields) + "]")

        #expect(read.todos.map(\.plan) == [TodoPlan(due: CalendarDate(iso: "2026-12-01"))])
    }

    @Test("An entry is read from the start of 2 January of year 1 to the end of 29 December 9999, a fraction of a second too",
          arguments: ["00010102T000000Z", "99991229T235959Z", "0001-01-02T00:00:00.5Z", "9999-12-29T23:59:59.5Z"])
    func readsMomentsAtTheEnds(moment: String) throws {
        let read = try Self.read("[" + Self.task(#","entry":"\#(moment)""#) + "]")

        #expect(read.todos.map(\.added) == [TaskwarriorFormat.basicMoment(moment) ?? Date(rfc3339: moment)])
    }

    @Test("A due moment is read as its day here, from the first moment of the year 1 that is a day here to the end of 9999",
          arguments: [("00010101T050000Z", "0001-01-01"), ("99991231T235959Z", "9999-12-31"), ("9999-12-31T23:59:59.5Z", "9999-12-31")])
    func readsDueAtTheEnds(moment: String, day: String) throws {
        let read = try Self.read("[" + Self.task(#","due":"\#(moment)""#) + "]")

        #expect(read.todos.map(\.plan.due) == [CalendarDate(iso: day)])
    }

    @Test("A priority is read in any case", arguments: [("h", Priority.high), ("m", .medium), ("L", .low)])
    func readsPriorityInAnyCase(written: String, priority: Priority) throws {
        let read = try Self.read("[" + Self.task(#","priority":"\#(written)""#) + "]")

        #expect(read.todos.map(\.plan.priority) == [priority])
    }

    @Test("An empty array is an empty list, white space and all")
    func readsEmptyArray() throws {
        #expect(try Self.read(" [ \n ] ") == ImportedList())
    }

    @Test("A file that is not an export of tasks is refused, naming the task and the field", arguments: [
        ("{}", ImportFailure(.file, .notAnExport)),
        (#""tasks""#, ImportFailure(.file, .notAnExport)),
        ("[\n" + task() + ",\n  {\"uuid\": }]", ImportFailure(.file, .notJSON(expected: "a number", line: 3))),
        ("[\n\n" + task() + ",", ImportFailure(.file, .notJSON(expected: "a value before the end of the text", line: 3))),
        ("[" + task() + "] []", ImportFailure(.file, .notJSON(expected: "the end of the text", line: 1))),
        ("[" + task() + ",1]", ImportFailure(.task(2), .notATask)),
        ("[" + task() + ",[]]", ImportFailure(.task(2), .notATask)),
        (#"[{"description":"Pay rent"}]"#, ImportFailure(.task(1), .missing(field: "status"))),
        (#"[{"status":"pending","uuid":"\#(uuid)"}]"#, ImportFailure(.task(1), .missing(field: "description"))),
        (#"[{"status":"pending","description":"Pay rent"}]"#, ImportFailure(.task(1), .missing(field: "uuid"))),
        (#"[{"status":"deleted"},{"status":"pending","description":" ","uuid":"\#(uuid)"}]"#, ImportFailure(.task(2), .emptyTitle)),
        ("[" + task(status: "done") + "]", ImportFailure(.task(1), .unknownStatus("done"))),
        ("[" + task(uuid: "42") + "]", ImportFailure(.task(1), .notAnID("42"))),
        ("[" + task(#","priority":"X""#) + "]", ImportFailure(.task(1), .notAPriority("X"))),
        ("[" + task(#","due":"tomorrow""#) + "]", ImportFailure(.task(1), .notAMoment(field: "due", text: "tomorrow"))),
        ("[" + task(#","due":"00010101T045959Z""#) + "]", ImportFailure(.task(1), .outOfRange(field: "due", text: "00010101T045959Z"))),
        ("[" + task(#","due":"00001231T235959Z""#) + "]", ImportFailure(.task(1), .notAMoment(field: "due", text: "00001231T235959Z"))),
        ("[" + task(#","due":"100000101T000000Z""#) + "]", ImportFailure(.task(1), .notAMoment(field: "due", text: "100000101T000000Z"))),
        ("[" + task(#","end":"00010101T000000Z""#) + "]", ImportFailure(.task(1), .outOfRange(field: "end", text: "00010101T000000Z"))),
        ("[" + task(#","entry":"99991231T000000Z""#) + "]",
         ImportFailure(.task(1), .outOfRange(field: "entry", text: "99991231T000000Z"))),
        ("[" + task(#","entry":"0001-01-01T23:59:59.5Z""#) + "]",
         ImportFailure(.task(1), .outOfRange(field: "entry", text: "0001-01-01T23:59:59.5Z"))),
        ("[" + task(#","entry":"99991230T000000Z""#) + "]",
         ImportFailure(.task(1), .outOfRange(field: "entry", text: "99991230T000000Z"))),
        ("[" + task(#","description":"Pay\q""#) + "]",
         ImportFailure(.file, .notJSON(expected: #"one of \" \\ \/ \b \f \n \r \t \u"#, line: 1))),
        ("[" + task(#","description":7"#) + "]", ImportFailure(.task(1), .wrongKind(field: "description"))),
        ("[" + task(#","tags":"home""#) + "]", ImportFailure(.task(1), .wrongKind(field: "tags"))),
        ("[" + task(#","tags":[1]"#) + "]", ImportFailure(.task(1), .wrongKind(field: "tags"))),
        ("[" + task(#","annotations":{}"#) + "]", ImportFailure(.task(1), .wrongKind(field: "annotations"))),
        ("[" + task(#","due":null"#) + "]", ImportFailure(.task(1), .wrongKind(field: "due"))),
    ] as [(String, ImportFailure)])
    func refusesFile(json: String, failure: ImportFailure) {
        #expect(throws: failure) { try Self.read(json) }
    }

    @Test("The line an offset is on counts the line breaks before it", arguments: [
        (0, 1), (3, 1), (4, 2), (5, 3), (99, 3),
    ])
    func lineOfOffset(offset: Int, line: Int) {
        #expect(TaskwarriorFormat.line(at: offset, in: Array("abc\n\nd".utf8)) == line)
    }

    @Test("A moment is written to the second, in UTC, the fraction dropped")
    func writesMoment() {
        #expect(TaskwarriorFormat.basic(Date(rfc3339: "2026-12-01T05:06:07.999Z")!) == "20261201T050607Z")
    }

    @Test("A to-do is written with its fields in sorted order; one that repeats goes with its template")
    func writesTasks() {
        let plain = TodoItem(id: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, number: 1, title: "Say \"hi\"")
        let finished = TodoItem(id: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!, number: 2, title: "Fix bike",
                                isFinished: true, plan: TodoPlan(tags: ["bike", "errands"], due: CalendarDate(iso: "2026-11-30"),
                                                                 priority: .low, recurrence: .weekly),
                                added: Date(rfc3339: "2026-11-19T15:00:00Z"), checked: Date(rfc3339: "2026-11-24T15:00:00.5Z"))
        let repeating = TodoItem(id: UUID(uuidString: "00000000-0000-4000-8000-000000000003")!, number: 3, title: "Pay rent",
                                 plan: TodoPlan(due: CalendarDate(iso: "2026-12-01"), priority: .high, recurrence: .monthly))
        let template = NameBasedID.make(repeating.id.uuidString, in: NameBasedID.repeatTemplates).uuidString.lowercased()

        #expect(TaskwarriorFormat.write([plain, finished, repeating], zone: Self.zone) == """
            [
            {"description":"Say \\"hi\\"","status":"pending","uuid":"00000000-0000-4000-8000-000000000001"},
            {"description":"Fix bike","due":"20261130T050000Z","end":"20261124T150000Z","entry":"20261119T150000Z","priority":"L",\
            "recur":"weekly","status":"completed","tags":["bike","errands"],"uuid":"00000000-0000-4000-8000-000000000002"},
            {"description":"Pay rent","due":"20261201T050000Z","priority":"H","mask":"-","recur":"monthly","rtype":"periodic",\
            "status":"recurring","uuid":"\(template)"},
            {"description":"Pay rent","due":"20261201T050000Z","priority":"H","imask":0,"parent":"\(template)","recur":"monthly",\
            "rtype":"periodic","status":"pending","uuid":"00000000-0000-4000-8000-000000000003"}
            ]

            """)
        #expect(TaskwarriorFormat.write([], zone: Self.zone) == "[\n]\n")
    }

    @Test("IE-10 An export to Taskwarrior is one JSON array of tasks, a repeat with its template: of two to-dos of one repeat left to do, only the later")
    func laterOfOneRepeat() throws {
        let plan = { (due: String) in TodoPlan(due: CalendarDate(iso: due), recurrence: .weekly) }
        let id = { (number: Int) in UUID(uuidString: "00000000-0000-4000-8000-00000000000\(number)")! }
        let items = [TodoItem(id: id(1), number: 1, title: "Water", plan: plan("2026-03-02")),
                     TodoItem(id: id(2), number: 2, title: "Water", plan: plan("2026-03-09")),
                     TodoItem(id: id(3), number: 3, title: "Water", plan: plan("2026-03-05"))]

        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(TaskwarriorFormat.write(items, zone: Self.zone).utf8))
                                 as? [[String: Any]])

        #expect(tasks.filter { $0["status"] as? String == "recurring" }.count == 2)
        let first = try #require(tasks.first { $0["uuid"] as? String == id(1).uuidString.lowercased() })
        #expect(first["status"] as? String == "pending")
        #expect(first["recur"] == nil && first["parent"] == nil)
    }

    @Test("IE-10 An export to Taskwarrior is one JSON array of tasks, a repeat with its template: a finished to-do of a repeat is a completed task beside the one its check brought")
    func finishedOfOneRepeat() throws {
        let plan = { (due: String) in TodoPlan(due: CalendarDate(iso: due), recurrence: .weekly) }
        let id = { (number: Int) in UUID(uuidString: "00000000-0000-4000-8000-00000000000\(number)")! }
        let items = [TodoItem(id: id(1), number: 1, title: "Water", plan: plan("2026-03-09")),
                     TodoItem(id: id(2), number: 2, title: "Water", isFinished: true, plan: plan("2026-03-02"),
                              checked: Date(timeIntervalSince1970: 1_772_000_000))]

        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(TaskwarriorFormat.write(items, zone: Self.zone).utf8))
                                 as? [[String: Any]])

        let finished = try #require(tasks.first { $0["uuid"] as? String == id(2).uuidString.lowercased() })
        #expect(finished["status"] as? String == "completed")
        #expect(finished["end"] as? String == "20260225T061320Z")
        #expect(finished["recur"] as? String == "weekly")
        #expect(tasks.filter { $0["status"] as? String == "recurring" }.count == 1)
    }

    @Test("A to-do finished without a time checked is written without an end")
    func writesFinishedWithoutEnd() {
        let item = TodoItem(id: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, number: 1, title: "Fix bike",
                            isFinished: true)

        #expect(TaskwarriorFormat.write([item], zone: Self.zone)
            == "[\n{\"description\":\"Fix bike\",\"status\":\"completed\",\"uuid\":\"00000000-0000-4000-8000-000000000001\"}\n]\n")
    }

    @Test("What is written is read back as the same to-dos, the templates counted")
    func roundTrip() throws {
        let items = [
            TodoItem(id: UUID(), number: 1, title: "Pay rent", plan: TodoPlan(tags: ["home"], due: CalendarDate(iso: "2026-12-01"),
                                                                             priority: .medium, recurrence: .yearly),
                     added: Date(rfc3339: "2026-11-20T14:00:00Z")),
            TodoItem(id: UUID(), number: 2, title: "Fix bike", isFinished: true, added: Date(rfc3339: "2026-11-19T15:00:00Z"),
                     checked: Date(rfc3339: "2026-11-24T15:00:00Z")),
        ]

        let read = try Self.read(TaskwarriorFormat.write(items, zone: Self.zone))

        #expect(read.todos == items.map {
            NewTodo(id: $0.id, title: $0.title, plan: $0.plan, added: $0.added, isFinished: $0.isFinished, checked: $0.checked)
        })
        #expect(read.recurringTemplates == 1)
    }
}
