#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dates
import FastJSON
import TodoList

/// Taskwarrior's JSON, as `task export` writes it and `task import` takes it: an array of
/// tasks, each an object whose moments are written `20261201T050000Z`.
enum TaskwarriorFormat {
    // MARK: - Reading

    static func read(_ bytes: [UInt8], zone: LocalZone) throws(ImportFailure) -> ImportedList {
        var list = ImportedList()
        var series = Series()
        do {
            try JSONReader.read(Data(bytes)) { json in
                // After a byte-order mark and white space, which the reader passes over.
                let start = json.offset
                var index = 0
                do {
                    try json.readArray { json in
                        index += 1
                        try readTask(&json, index: index, into: &list, series: &series, zone: zone)
                    }
                } catch let error as JSONReader.Error where error.offset == start {
                    // Not an array: JSON all the same, or not JSON. Nothing was read, so the
                    // reader is still at the value.
                    try json.skipValue()
                    throw ImportFailure(.file, .notAnExport)
                }
            }
        } catch let failure as ImportFailure {
            throw failure
        } catch let error as JSONReader.Error {
            throw ImportFailure(.file, .notJSON(expected: error.expected, line: line(at: error.offset, in: bytes)))
        } catch {
            throw ImportFailure(.file, .notAnExport)
        }
        let ended = series.templates.filter { !series.carriedOn.contains($0.id) }
        list.repeatsWithNothingToDo = ended.filter { !series.leftOut.contains($0.id) }.map(\.recur)
        // A repeat said to be left out is: its finished tasks come without it, so that checking
        // one again after an uncheck brings nothing back.
        for index in ended.flatMap({ series.children[$0.id] ?? [] }) {
            let todo = list.todos[index]
            var plan = todo.plan
            plan.recurrence = nil
            list.todos[index] = NewTodo(id: todo.id, title: todo.title, plan: plan, added: todo.added, isFinished: todo.isFinished,
                                        checked: todo.checked)
        }
        return list
    }

    /// The repeating tasks of a file: each template's id and repeat, the templates whose tasks
    /// to do carry their repeat on, those whose repeat a task of theirs was left out with (one
    /// repeat, however many tasks it made, is counted once), and where each template's tasks
    /// are among the to-dos read.
    private struct Series {
        var templates: [(id: UUID, recur: String)] = []
        var carriedOn: Set<UUID> = []
        var leftOut: Set<UUID> = []
        var children: [UUID: [Int]] = [:]
    }

    /// The fields of a task as they stand in the export.
    private struct Task {
        var description: String?
        var status: String?
        var uuid: String?
        var entry: Date?
        var end: Date?
        /// The moment, and the text it was read from, for a refusal to quote.
        var due: (moment: Date, text: String)?
        var priority: String?
        var tags: [String] = []
        var project: String?
        var recur: String?
        /// The template a repeating task was made from.
        var parent: String?
        var annotations = 0
    }

    private static func readTask(_ json: inout JSONReader, index: Int, into list: inout ImportedList, series: inout Series,
                                 zone: LocalZone) throws {
        let start = json.offset
        var task = Task()
        do {
            try json.readObject { json, key in
                try readField(key, of: &task, &json, index: index)
            }
        } catch let error as JSONReader.Error where error.offset == start {
            // Not an object: a number, a string, a list. Whole JSON all the same, or not JSON.
            // Nothing was read, so the reader is still at the value.
            try json.skipValue()
            throw ImportFailure(.task(index), .notATask)
        }
        guard let status = task.status else { throw ImportFailure(.task(index), .missing(field: "status")) }
        switch status {
        case "deleted":
            list.deleted += 1
            return
        case "recurring":
            list.recurringTemplates += 1
            if let id = task.uuid.flatMap(UUID.init(uuidString:)), let recur = task.recur { series.templates.append((id, recur)) }
            return
        case "pending", "waiting":
            if let parent = task.parent.flatMap(UUID.init(uuidString:)) { series.carriedOn.insert(parent) }
        case "completed":
            break
        default:
            throw ImportFailure(.task(index), .unknownStatus(status))
        }
        guard let description = task.description else { throw ImportFailure(.task(index), .missing(field: "description")) }
        guard let title = TodoItem.normalizedTitle(description) else { throw ImportFailure(.task(index), .emptyTitle) }
        guard let uuidText = task.uuid else { throw ImportFailure(.task(index), .missing(field: "uuid")) }
        guard let id = UUID(uuidString: uuidText) else { throw ImportFailure(.task(index), .notAnID(uuidText)) }
        var plan = TodoPlan()
        for tag in task.tags {
            if let name = tagName(tag, prefix: "tag-") { plan.add(tag: name) }
        }
        if let project = task.project, let name = tagName(project, prefix: "project-") { plan.add(tag: name) }
        if let due = task.due {
            guard let day = zone.day(of: due.moment) else { throw ImportFailure(.task(index), .outOfRange(field: "due", text: due.text)) }
            plan.due = day
        }
        if let priority = task.priority, !priority.isEmpty {
            guard let known = Priority(rawValue: priority.uppercased()) else { throw ImportFailure(.task(index), .notAPriority(priority)) }
            plan.priority = known
        }
        if let recur = task.recur {
            let parent = task.parent.flatMap(UUID.init(uuidString:))
            let counted = parent.map(series.leftOut.contains) ?? false
            if list.place(repeat: recur, as: recurrence(recur), on: &plan, counting: !counted), let parent {
                series.leftOut.insert(parent)
            }
        }
        list.annotations += task.annotations
        let finished = status == "completed"
        list.todos.append(NewTodo(id: id, title: title, plan: plan, added: task.entry, isFinished: finished, checked: task.end))
        if let parent = task.parent.flatMap(UUID.init(uuidString:)) { series.children[parent, default: []].append(list.todos.count - 1) }
    }

    private static func readField(_ key: String, of task: inout Task, _ json: inout JSONReader, index: Int) throws {
        let start = json.offset
        do {
            switch key {
            case "description": task.description = try json.readString()
            case "status": task.status = try json.readString()
            case "uuid": task.uuid = try json.readString()
            case "entry": task.entry = try time(&json, key, index)
            case "end": task.end = try time(&json, key, index)
            case "due":
                let text = try json.readString()
                task.due = (try moment(text, key, index), text)
            case "priority": task.priority = try json.readString()
            case "project": task.project = try json.readString()
            // An empty repeat, as a hand-made file may have, is none.
            case "recur":
                let recur = try json.readString()
                task.recur = recur.isEmpty ? nil : recur
            case "parent": task.parent = try json.readString()
            case "tags": task.tags = try json.readArray { try $0.readString() }
            case "annotations": try json.readArray { try $0.skipValue(); task.annotations += 1 }
            default: try json.skipValue()
            }
        } catch is JSONReader.Error {
            // A value of the wrong kind, or no JSON at all: which one, the value itself says.
            json.move(to: start)
            try json.skipValue()
            throw ImportFailure(.task(index), .wrongKind(field: key))
        }
    }

    /// A moment in either form, of the years 1 to 9999 in UTC. A due moment is read as its day
    /// here, which the import asks of the zone.
    private static func moment(_ text: String, _ field: String, _ index: Int) throws(ImportFailure) -> Date {
        guard let moment = basicMoment(text) ?? Date(rfc3339: text) else {
            throw ImportFailure(.task(index), .notAMoment(field: field, text: text))
        }
        return moment
    }

    /// A task's entry or end, inside the days `keptTimes`.
    private static func time(_ json: inout JSONReader, _ field: String, _ index: Int) throws -> Date {
        let text = try json.readString()
        let moment = try moment(text, field, index)
        guard keptTimes.contains(moment) else { throw ImportFailure(.task(index), .outOfRange(field: field, text: text)) }
        return moment
    }

    /// The moments a task's entry and end may be: a day of the years 1 to 9999 in every time zone,
    /// so that each is a day, and written back, wherever the list is read. Whole days, in UTC: the
    /// whole second an export writes of a moment inside them is inside them too.
    private static let keptTimes = Date(rfc3339: "0001-01-02T00:00:00Z")!..<Date(rfc3339: "9999-12-30T00:00:00Z")!

    /// The first moment Taskwarrior's format writes: east of UTC, the start of 1 January of the
    /// year 1 is still in the year 0, and a due date that day is written as this moment instead.
    private static let firstWritable = Date(rfc3339: "0001-01-01T00:00:00Z")!

    /// `20261201T050000Z`: the ISO 8601 basic form Taskwarrior writes, always in UTC.
    static func basicMoment(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
        var extended = Array(bytes[0..<4])
        extended.append(UInt8(ascii: "-"))
        extended += bytes[4..<6]
        extended.append(UInt8(ascii: "-"))
        extended += bytes[6..<11]
        extended.append(UInt8(ascii: ":"))
        extended += bytes[11..<13]
        extended.append(UInt8(ascii: ":"))
        extended += bytes[13..<16]
        return Date(rfc3339: String(decoding: extended, as: UTF8.self))
    }

    /// The repeat `todo` keeps that Taskwarrior's `recur` names, any case: a unit alone
    /// (`weekly`, `wk`), one of it (`1wk`, `1weeks`), seven days (`7d`), or ISO 8601 (`P1W`).
    /// Nil for any other period (`2w`, `biweekly`, `365d`, which a leap year makes no year).
    static func recurrence(_ written: String) -> Recurrence? {
        let text = written.lowercased()
        if let iso = isoPeriods[text] { return iso }
        let count = text.prefix { $0.isASCII && $0.isNumber }
        guard let unit = periodUnits[String(text.dropFirst(count.count))] else { return nil }
        switch Int(count) {
        case nil where count.isEmpty, 1?: return unit
        case 7? where unit == .daily: return .weekly
        default: return nil
        }
    }

    private static let isoPeriods: [String: Recurrence] = ["p1d": .daily, "p7d": .weekly, "p1w": .weekly, "p1m": .monthly, "p1y": .yearly]
    /// Taskwarrior's names of a day, a week, a month and a year, each as the period of its repeat.
    private static let periodUnits: [String: Recurrence] = [
        "d": .daily, "day": .daily, "days": .daily, "daily": .daily,
        "w": .weekly, "wk": .weekly, "wks": .weekly, "week": .weekly, "weeks": .weekly, "weekly": .weekly,
        "m": .monthly, "mo": .monthly, "mos": .monthly, "mth": .monthly, "mths": .monthly, "mnth": .monthly, "mnths": .monthly,
        "month": .monthly, "months": .monthly, "monthly": .monthly,
        "y": .yearly, "yr": .yearly, "yrs": .yearly, "year": .yearly, "years": .yearly, "yearly": .yearly, "annual": .yearly,
    ]

    /// A project or tag as a tag `todo` can keep: each character a tag cannot hold becomes `-`,
    /// and `prefix` goes before one that does not start with a letter. Nil for one that is empty.
    static func tagName(_ text: String, prefix: String) -> String? {
        let trimmed = text.trimmedOfSpaces
        guard !trimmed.isEmpty else { return nil }
        let name = String(trimmed.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        return name.first?.isLetter == true ? name : prefix + name
    }

    /// The line of `bytes` that `offset` is on, from 1.
    static func line(at offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<min(offset, bytes.count)].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    // MARK: - Writing

    /// The items, as `task import` takes them, one task a line. A to-do that repeats goes with
    /// the template Taskwarrior keeps for a repeating task, its id made from the to-do's, so
    /// that importing the file again changes nothing and makes no second instance.
    static func write(_ items: [TodoItem], zone: LocalZone) -> String {
        var lines: [String] = []
        for item in items {
            // Of two to-dos of one repeat left to do, the later carries it, with its template;
            // the earlier is a task of its own. A finished one is a completed task of the series.
            if !item.isFinished && item.hasLaterToDo(among: items) {
                lines.append(task(item, zone: zone, id: item.id, status: "pending") { _ in })
            } else if let recurrence = item.plan.recurrence, !item.isFinished {
                let template = NameBasedID.make(item.id.uuidString, in: NameBasedID.repeatTemplates)
                lines.append(task(item, zone: zone, id: template, status: "recurring") { json in
                    json.key("mask")
                    json.string("-")
                    json.key("recur")
                    json.string(recurrence.rawValue)
                    json.key("rtype")
                    json.string("periodic")
                })
                lines.append(task(item, zone: zone, id: item.id, status: "pending") { json in
                    json.key("imask")
                    json.int(0)
                    json.key("parent")
                    json.string(template.uuidString.lowercased())
                    json.key("recur")
                    json.string(recurrence.rawValue)
                    json.key("rtype")
                    json.string("periodic")
                })
            } else {
                lines.append(task(item, zone: zone, id: item.id, status: item.isFinished ? "completed" : "pending") { json in
                    if let recurrence = item.plan.recurrence {
                        json.key("recur")
                        json.string(recurrence.rawValue)
                    }
                })
            }
        }
        return lines.isEmpty ? "[\n]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    /// One task: the fields every task has, with `extra` written between `priority` and
    /// `status`, where the keys of a repeat fall in their sorted order.
    private static func task(_ item: TodoItem, zone: LocalZone, id: UUID, status: String,
                             extra: (inout JSONWriter) -> Void) -> String {
        var json = JSONWriter()
        json.object { json in
            json.key("description")
            json.string(item.title)
            if let due = item.plan.due {
                json.key("due")
                json.string(basic(max(zone.start(of: due), firstWritable)))
            }
            if item.isFinished, let checked = item.checked {
                json.key("end")
                json.string(basic(checked))
            }
            if let added = item.added {
                json.key("entry")
                json.string(basic(added))
            }
            if let priority = item.plan.priority {
                json.key("priority")
                json.string(priority.rawValue)
            }
            extra(&json)
            json.key("status")
            json.string(status)
            if !item.plan.tags.isEmpty {
                json.key("tags")
                json.array(item.plan.tags) { $0.string($1) }
            }
            json.key("uuid")
            json.string(id.uuidString.lowercased())
        }
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `20261201T050000Z`, to the second: Taskwarrior keeps no fraction.
    static func basic(_ moment: Date) -> String {
        let text = Date(timeIntervalSinceReferenceDate: moment.timeIntervalSinceReferenceDate.rounded(.down)).rfc3339() ?? ""
        return text.filter { $0 != "-" && $0 != ":" }
    }
}
