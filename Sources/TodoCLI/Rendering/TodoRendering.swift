import TodoList

/// An item with the number `list` shows it with: To do first, then Finished, from 1.
struct NumberedItem {
    let number: Int
    let item: TodoItem
}

extension Todos {
    /// Every item with its number, in list order.
    var numbered: [NumberedItem] {
        all.enumerated().map { NumberedItem(number: $0.offset + 1, item: $0.element) }
    }
}

/// How to-dos look in the terminal and in `--json`.
struct TodoRendering {
    /// Bold section headings; off when the output is not a terminal or NO_COLOR is set.
    let usesColour: Bool

    /// The sections that hold any of `items`, each item as `  3 [x] Pay rent`,
    /// numbers aligned on the widest one.
    func sections(_ items: [NumberedItem]) -> String {
        let width = String(items.last?.number ?? 0).count
        var text = ""
        for finished in [false, true] {
            let section = items.filter { $0.item.isFinished == finished }
            guard !section.isEmpty else { continue }
            text += heading(finished ? "Finished" : "To do") + "\n"
            for entry in section {
                let number = String(entry.number)
                text += "  " + String(repeating: " ", count: width - number.count) + number
                text += finished ? " [x] " : " [ ] "
                text += TerminalText.escaped(entry.item.title) + "\n"
            }
        }
        return text
    }

    func detail(_ entry: NumberedItem, state: TodoDetailViewModel.State, action: TodoDetailViewModel.Action) -> String {
        let command = action == .check ? "check" : "uncheck"
        return """
            \(entry.number) \(TerminalText.escaped(entry.item.title))
              State:  \(state == .todo ? "to do" : "finished")
              Action: \(action.title) (\(command) \(entry.number))

            """
    }

    private func heading(_ title: String) -> String {
        usesColour ? "\u{1B}[1m\(title)\u{1B}[0m" : title
    }

    static func json(_ entry: NumberedItem) -> JSON {
        .object([
            ("number", .number(entry.number)),
            ("id", .string(entry.item.id.uuidString)),
            ("title", .string(entry.item.title)),
            ("finished", .bool(entry.item.isFinished)),
        ])
    }

    /// `{"todo":[…],"finished":[…]}` holding `items`, whichever section they are in.
    static func json(_ items: [NumberedItem]) -> JSON {
        .object([
            ("todo", .array(items.filter { !$0.item.isFinished }.map(json))),
            ("finished", .array(items.filter { $0.item.isFinished }.map(json))),
        ])
    }
}

/// `“Buy milk”`, escaped for the terminal: how messages name an item.
func quoted(_ text: String) -> String {
    "“" + TerminalText.escaped(text) + "”"
}
