import Interchange
import TodoList
import UserList

/// What `import` and `export` say: what was brought in and left behind, and why a file was not.
enum InterchangeText {
    /// `Imported 3 to-dos (1 finished); 2 were already here. Skipped 1: 1 deleted. Left out: 2 annotations.`
    static func sentence(_ outcome: ImportOutcome, _ list: ImportedList) -> String {
        var text = "Imported \(count(outcome.added, "to-do"))"
        if outcome.finished > 0 { text += " (\(outcome.finished) finished)" }
        if outcome.alreadyHere > 0 { text += "; \(outcome.alreadyHere) \(outcome.alreadyHere == 1 ? "was" : "were") already here" }
        if outcome.repeated > 0 { text += "; \(outcome.repeated) repeated in the file" }
        text += "."
        let skipped = [(list.deleted, "deleted"), (list.recurringTemplates, list.recurringTemplates == 1
                        ? "template of a repeating task" : "templates of repeating tasks")].filter { $0.0 > 0 }
        if !skipped.isEmpty {
            text += " Skipped \(skipped.map(\.0).reduce(0, +)): " + skipped.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + "."
        }
        var leftOut: [String] = []
        if list.annotations > 0 { leftOut.append(count(list.annotations, "annotation")) }
        for (repeats, why) in [(list.repeatsLeftOut, "todo cannot keep"), (list.repeatsWithoutDue, "with no due date to count from"),
                               (list.repeatsWithNothingToDo, "with no task left to do")] where !repeats.isEmpty {
            let periods = Array(Set(repeats)).sorted().joined(separator: ", ")
            leftOut.append("\(repeats.count) \(repeats.count == 1 ? "repeat" : "repeats") \(why) (\(periods))")
        }
        if !leftOut.isEmpty { text += " Left out: " + leftOut.joined(separator: ", ") + "." }
        return text
    }

    /// The same as numbers, every key always there, for a script.
    static func json(_ outcome: ImportOutcome, _ list: ImportedList) -> JSON {
        let repeats = list.repeatsLeftOut.count + list.repeatsWithoutDue.count + list.repeatsWithNothingToDo.count
        return .object([("imported", .number(outcome.added)), ("finished", .number(outcome.finished)),
                        ("alreadyHere", .number(outcome.alreadyHere)), ("repeated", .number(outcome.repeated)),
                        ("skipped", .object([("deleted", .number(list.deleted)), ("recurringTemplates", .number(list.recurringTemplates))])),
                        ("leftOut", .object([("annotations", .number(list.annotations)), ("repeats", .number(repeats))]))])
    }

    /// Where a file could not be read, and why: `task 2 has no description`.
    static func failure(_ failure: ImportFailure) -> String {
        let place: String
        switch failure.place {
        case .file: place = "it"
        case .line(let number): place = "line \(number)"
        case .task(let number): place = "task \(number)"
        }
        switch failure.reason {
        case .empty: return "it holds nothing to import"
        case .tooLarge(let limit): return "it is larger than an import takes (\(limit / 1_000_000) MB)"
        case .notText: return "it is not text"
        case .notUTF8: return "\(place) is not text (UTF-8)"
        case let .notJSON(expected, line): return "it is not whole JSON: \(expected) was expected on line \(line)"
        case .notAnExport: return "it is JSON, but not a Taskwarrior export (an array of tasks)"
        case .notATask: return "\(place) is not a Taskwarrior task"
        case .missing(let field): return "\(place) has no \(field)"
        case .emptyTitle: return failure.place == .file ? "it has no title" : "\(place) has no title"
        case .notAnID(let text): return "\(place) has an id that is not a uuid: \(quoted(text))"
        case let .notAMoment(field, text): return "\(place) has \(fieldName(field)) that is not a moment: \(quoted(text))"
        case let .notADay(field, text): return "\(place) has \(fieldName(field)) that is not a day: \(quoted(text))"
        case let .outOfRange(field, text) where field == "due":
            return "\(place) has a due date that is no day of the years 1 to 9999 here: \(quoted(text))"
        case let .outOfRange(field, text):
            return "\(place) has \(fieldName(field)) outside the days todo keeps, 0001-01-02 to 9999-12-29 in UTC: \(quoted(text))"
        case .givenTwice(let field): return "\(place) has \(fieldName(field)) twice"
        case .unknownStatus(let text): return "\(place) has a status todo does not know: \(quoted(text))"
        case .notAPriority(let text): return "\(place) has a priority todo does not know: \(quoted(text)) (H, M or L)"
        case .wrongKind(let field): return "\(place) has a field \(quoted(field)) whose value is not of its kind"
        case .calendar: return "it is an iCalendar file, which import does not read"
        }
    }

    private static func fieldName(_ field: String) -> String {
        switch field {
        case "due": "a due date"
        case "entry": "an entry date"
        case "end": "an end date"
        case "rec": "a repeat"
        default: "a date"
        }
    }

    /// `Ada Lovelace's birthday`: the title of a birthday in a calendar.
    static func birthday(of person: Person) -> String {
        "\(person.fullName)'s birthday"
    }

    /// `Exported 3 to-dos and 2 birthdays to list.ics.`
    static func exported(todos: Int, birthdays: Int, to path: String) -> String {
        "Exported \(count(todos, "to-do"))\(birthdays > 0 ? " and \(count(birthdays, "birthday"))" : "") to \(TerminalText.escaped(path))."
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
