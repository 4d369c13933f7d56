import TodoList

/// `list [FILTER...] [--sort ORDER]`: the list, a section of it, or
/// what a filter lets through, To do in the order chosen last.
extension Session {
    /// `list --sort`: the order To do is shown in, kept for next time.
    static let listSortOption = Option("--sort", value: "ORDER", choices: TodoOrder.allCases.map(\.rawValue))

    func list(_ words: [String]) throws {
        let request = try ListRequest(words)
        if let order = request.order {
            try todoList.sort(by: order)
        }
        todoList.filter = request.filter
        defer { todoList.filter = .everything }
        let sections = todoList.sections
        let todo = request.section == .finished ? [] : sections.first { $0.kind == .todo }?.items ?? []
        let finished = request.section == .todo ? [] : sections.first { $0.kind == .finished }?.items ?? []
        if json {
            return write(TodoRendering.json(todo: todo, finished: finished).line)
        }
        if todoList.isEmpty {
            return say("Nothing here yet. Add a to-do with: \(typed("add TITLE"))")
        }
        let shown: String
        if !todo.isEmpty || !finished.isEmpty {
            shown = rendering.sections(todo: todo, finished: finished, today: todoList.today)
        } else if !request.filter.isEverything {
            shown = "Nothing passes \(request.filterWords.joined(separator: " ")).\n"
        } else {
            shown = request.section == .todo ? "Nothing left to do.\n" : "Nothing is finished yet.\n"
        }
        write(shown + "\n" + counter(request) + "\n")
    }

    /// The counter, or with a filter how many it shows of how many; for one section, that section's.
    private func counter(_ request: ListRequest) -> String {
        guard !request.filter.isEverything, let section = request.section else { return todoList.counter }
        let tally = todoList.tally
        return section == .todo ? "\(tally.shownToDo) of \(tally.toDo) to do" : "\(tally.shownFinished) of \(tally.finished) finished"
    }
}

/// The words of `list`, read: which section, which filter, which order.
struct ListRequest {
    var section: TodoSection.Kind?
    var filter = TodoFilter.everything
    var order: TodoOrder?
    /// The filter as it was typed, for saying that nothing passes it.
    var filterWords: [String] = []

    init(_ words: [String]) throws {
        var rest = words[...]
        while let word = rest.popFirst() {
            if word == "--sort" || word.hasPrefix("--sort=") {
                guard order == nil else { throw CommandError.usage("--sort is given twice; give it once", command: "list") }
                let value = word == "--sort" ? rest.popFirst() : String(word.dropFirst("--sort=".count))
                guard let value, let order = TodoOrder(rawValue: value.lowercased()) else {
                    throw CommandError.usage("--sort takes added, due or priority" + (value.map { ", not \(quoted($0))" } ?? ""), command: "list")
                }
                self.order = order
            } else if let section = Self.sections[word.lowercased()] {
                guard self.section == nil || self.section == section else {
                    throw CommandError.usage("list shows todo or finished, not both", command: "list")
                }
                self.section = section
            } else {
                try read(filter: word)
                filterWords.append(word)
            }
        }
    }

    private static let sections: [String: TodoSection.Kind] = ["todo": .todo, "finished": .finished]
    /// The filters that are one fixed word, which Tab offers.
    static let words = ["todo", "finished", "overdue", "today", "week"] + Completion.priorityWords

    private mutating func read(filter word: String) throws {
        let lowered = word.lowercased()
        if word.first == "+", TodoPlan.isTag(word.dropFirst()) {
            filter.tags.append(String(word.dropFirst()))
        } else if word.first == "-", TodoPlan.isTag(word.dropFirst()) {
            filter.withoutTags.append(String(word.dropFirst()))
        } else if lowered.hasPrefix("pri:") {
            guard let priority = Priority(rawValue: String(word.dropFirst(4)).uppercased()) else {
                throw CommandError.usage("\(quoted(String(word.dropFirst(4)))) is not a priority: H, M or L", command: "list")
            }
            guard filter.priority == nil else { throw CommandError.usage("\(quoted("pri:")) is given twice: give it once", command: "list") }
            filter.priority = priority
        } else if let due = Self.dueFilters[lowered] {
            guard filter.due == nil else { throw CommandError.usage("list takes one of overdue, today and week", command: "list") }
            filter.due = due
        } else {
            throw CommandError.usage("list takes todo or finished, filters (+tag, -tag, pri:H, overdue, today, week) "
                                     + "and --sort, not \(quoted(word))", command: "list")
        }
    }

    private static let dueFilters: [String: TodoFilter.Due] = ["overdue": .overdue, "today": .today, "week": .week]
}
