import Dates
import TodoList

/// How to-dos look in the terminal and in `--json`.
struct TodoRendering {
    /// Bold section headings and dim finished items; off when the output is not a terminal or NO_COLOR is set.
    let usesColour: Bool
    /// How wide the terminal is that the output goes to; nil when it goes to no terminal, and a
    /// script reads each item on a line of its own.
    let columns: Int?

    /// To do and Finished, each when it holds any item, items in the order given, each as `  3 [x] Pay rent`
    /// with the number it keeps, numbers aligned on the widest one, and what it has planned,
    /// due dates counted from `today`; on a terminal, a title too long for its line goes on
    /// under its first letter.
    func sections(todo: [TodoItem], finished: [TodoItem], today: CalendarDate) -> String {
        let width = String(max(todo.lazy.map(\.number).max() ?? 0, finished.lazy.map(\.number).max() ?? 0)).count
        var text = ""
        // Each section is read where it lies: a copy of 100,000 items costs more than their lines.
        for (section, finished) in [(todo, false), (finished, true)] {
            guard !section.isEmpty else { continue }
            text += heading(finished ? "Finished" : "To do") + "\n"
            let dim = finished && usesColour
            // Appended piece by piece to one string: a list of 100,000 makes no string per line.
            for item in section {
                let number = String(item.number)
                if dim { text += "\u{1B}[2m" }
                text += "  "
                for _ in number.count..<width { text += " " }
                text += number
                text += finished ? " [x] " : " [ ] "
                var shown = TerminalText.escaped(item.title)
                if let plan = PlanText.parts(of: item, today: today, red: usesColour && !finished) {
                    shown += "  " + plan
                }
                text += wrapped(shown, after: 2 + width + 5)
                text += dim ? "\u{1B}[0m\n" : "\n"
            }
        }
        return text
    }

    /// An item's page: its state, what it has planned, when it was added and checked, and the
    /// action it offers; each row only when there is something to say, labels aligned.
    func detail(_ item: TodoItem, state: TodoDetailViewModel.State, action: TodoDetailViewModel.Action, today: CalendarDate) -> String {
        let command = action == .check ? "check" : "uncheck"
        let plan = item.plan
        let rows: [(String, String?)] = [
            ("State:", state == .todo ? "to do" : "finished"),
            ("Priority:", plan.priority.map { Self.priorityNames[$0] ?? $0.rawValue }),
            ("Due:", plan.due.map { due in
                let overdue = item.isFinished ? 0 : due.days(to: today)
                let when = overdue > 0 ? " (overdue \(counted(overdue, "day")))" : [0, 1].contains(today.days(to: due)) ? " (\(PlanText.day(due, today: today)))" : ""
                return PlanText.weekday(due) + " " + due.dayMonthYear + when
            }),
            ("Tags:", plan.tags.isEmpty ? nil : plan.tags.map { "+" + TerminalText.escaped($0) }.joined(separator: " ")),
            ("Repeats:", plan.recurrence.map(PlanText.every)),
            ("Added:", item.added.map(PlanText.moment)),
            ("Checked:", item.checked.map(PlanText.moment)),
            ("Action:", "\(action.title) (\(command) \(item.number))"),
        ]
        let shown = rows.compactMap { label, value in value.map { (label, $0) } }
        let width = shown.map(\.0.count).max() ?? 0
        return "\(item.number) " + wrapped(TerminalText.escaped(item.title), after: String(item.number).count + 1) + "\n"
            + shown.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count + 1) + $0.1 + "\n" }.joined()
    }

    /// `text` as it goes on a line after `indent` columns: on a terminal too narrow for it,
    /// broken into lines that each start under its first letter.
    private func wrapped(_ text: String, after indent: Int) -> String {
        guard let columns, DisplayWidth.of(text) > columns - indent else { return text }
        return DisplayWidth.lines(text, width: max(columns - indent, 1)).joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    private static let priorityNames: [Priority: String] = [.high: "H (high)", .medium: "M (medium)", .low: "L (low)"]

    /// `1 “Buy milk” +Shop`: how a message names an item that was just added or changed, with
    /// what it has planned.
    static func named(_ item: TodoItem, today: CalendarDate) -> [Sentence.Part] {
        [.names([Sentence.Named(item)]), .words(PlanText.parts(of: item, today: today, separator: " ").map { " " + $0 } ?? "")]
    }

    private func heading(_ title: String) -> String {
        usesColour ? "\u{1B}[1m\(title)\u{1B}[0m" : title
    }

    /// An item as data: besides its number, id, title and state, its tags (`[]` when none), due
    /// date, priority and repeat, and when it was added and checked (RFC 3339, at this computer's
    /// offset), each null when it has none.
    static func json(_ item: TodoItem) -> JSON {
        .object([
            ("number", .number(item.number)),
            ("id", .string(item.id.uuidString)),
            ("title", .string(item.title)),
            ("finished", .bool(item.isFinished)),
            ("tags", .array(item.plan.tags.map(JSON.string))),
            ("due", item.plan.due.map { .string($0.iso) } ?? .null),
            ("priority", item.plan.priority.map { .string($0.rawValue) } ?? .null),
            ("recur", item.plan.recurrence.map { .string($0.rawValue) } ?? .null),
            ("added", item.added.map { .string(PlanText.rfc3339($0)) } ?? .null),
            ("checked", item.checked.map { .string(PlanText.rfc3339($0)) } ?? .null),
        ])
    }

    /// `{"todo":[…],"finished":[…]}` holding `items`, whichever section they are in.
    static func json(_ items: [TodoItem]) -> JSON {
        .object(sections(items))
    }

    /// `{"todo":[…],"finished":[…]}` of the two sections as given.
    static func json(todo: [TodoItem], finished: [TodoItem]) -> JSON {
        .object(sections(todo: todo, finished: finished))
    }

    /// A change to the to-dos as data (CLI-45): its sentence, then the items it changed, as they
    /// are now, each in the section it is in, as `list --json` shows items, and the items it
    /// deleted, as they were.
    static func json(change message: String, from before: Todos, to after: Todos) -> JSON {
        let (changed, deleted) = changes(from: before.all, to: after.all)
        return .object([("message", .string(message))] + sections(changed) + [("deleted", .array(deleted.map(json)))])
    }

    private static func sections(_ items: [TodoItem]) -> [(key: StaticString, value: JSON)] {
        sections(todo: items.filter { !$0.isFinished }, finished: items.filter(\.isFinished))
    }

    private static func sections(todo: [TodoItem], finished: [TodoItem]) -> [(key: StaticString, value: JSON)] {
        [("todo", .array(todo.map(json))), ("finished", .array(finished.map(json)))]
    }
}

/// `“Buy milk”`, escaped for the terminal: how messages name an item.
func quoted(_ text: String) -> String {
    "“" + TerminalText.escaped(text) + "”"
}

/// `3 to-dos`, `1 person`: a number and its noun.
func counted(_ number: Int, _ one: String, _ many: String? = nil) -> String {
    "\(number) \(number == 1 ? one : many ?? one + "s")"
}
