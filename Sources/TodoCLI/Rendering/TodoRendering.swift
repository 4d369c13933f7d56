import TodoList

/// How to-dos look in the terminal and in `--json`.
struct TodoRendering {
    /// Bold section headings and dim finished items; off when the output is not a terminal or NO_COLOR is set.
    let usesColour: Bool

    /// The sections that hold any of `items`, each item as `  3 [x] Pay rent` with the
    /// number it keeps, numbers aligned on the widest one.
    func sections(_ items: [TodoItem]) -> String {
        let width = String(items.map(\.number).max() ?? 0).count
        var text = ""
        for finished in [false, true] {
            let section = items.filter { $0.isFinished == finished }
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
                text += TerminalText.escaped(item.title)
                if let plan = Self.plan(item.plan) {
                    text += "  " + plan
                }
                text += dim ? "\u{1B}[0m\n" : "\n"
            }
        }
        return text
    }

    func detail(_ item: TodoItem, state: TodoDetailViewModel.State, action: TodoDetailViewModel.Action) -> String {
        let command = action == .check ? "check" : "uncheck"
        return """
            \(item.number) \(TerminalText.escaped(item.title))
              State:  \(state == .todo ? "to do" : "finished")
              Action: \(action.title) (\(command) \(item.number))

            """
    }

    /// What an item has beside its title, as lines and messages show it after the title:
    /// `+home +bills`; nil for an item with nothing planned.
    static func plan(_ plan: TodoPlan) -> String? {
        plan.tags.isEmpty ? nil : plan.tags.map { "+" + TerminalText.escaped($0) }.joined(separator: " ")
    }

    /// `1 “Buy milk” +Shop`: how a message names an item that was just added.
    static func named(_ item: TodoItem) -> String {
        "\(item.number) \(quoted(item.title))" + (plan(item.plan).map { " " + $0 } ?? "")
    }

    private func heading(_ title: String) -> String {
        usesColour ? "\u{1B}[1m\(title)\u{1B}[0m" : title
    }

    static func json(_ item: TodoItem) -> JSON {
        .object([
            ("number", .number(item.number)),
            ("id", .string(item.id.uuidString)),
            ("title", .string(item.title)),
            ("finished", .bool(item.isFinished)),
        ])
    }

    /// `{"todo":[…],"finished":[…]}` holding `items`, whichever section they are in.
    static func json(_ items: [TodoItem]) -> JSON {
        .object([
            ("todo", .array(items.filter { !$0.isFinished }.map(json))),
            ("finished", .array(items.filter(\.isFinished).map(json))),
        ])
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
