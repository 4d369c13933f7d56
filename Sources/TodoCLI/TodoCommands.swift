import Foundation
import TodoList

/// The to-do commands. Each one goes through the view-models a phone app would use: the add
/// form decides whether a title can be saved, the detail decides which action it offers.
extension Session {
    static let todoCommands: [Command] = [
        Command("add", arguments: "[TITLE...]",
                summary: "Add a to-do at the top of To do.",
                details: "At the prompt, add alone opens the add form, which asks for the title.",
                reads: .nothing) { session, words in
            try session.add(words)
        },
        Command("list", aliases: ["ls"], arguments: "[todo|finished]",
                summary: "Show the list, or one section.",
                details: "Items are numbered To do first, then Finished; the other commands take these numbers.") { session, words in
            try session.list(words)
        },
        Command("search", aliases: ["find"], arguments: "TEXT...",
                summary: "Show the items whose title contains TEXT.",
                details: "Case and accents are ignored; the numbers are those list shows.") { session, words in
            try session.search(words)
        },
        Command("show", arguments: "N",
                summary: "Show item N and what can be done with it.",
                details: "At the prompt the item stays open: check, uncheck and delete need no number, and back closes it.") { session, words in
            try session.show(words)
        },
        Command("check", aliases: ["done"], arguments: "N",
                summary: "Finish item N: to the top of Finished.") { session, words in
            try session.perform(.check, words)
        },
        Command("uncheck", aliases: ["undone"], arguments: "N",
                summary: "Take item N back to the bottom of To do.") { session, words in
            try session.perform(.uncheck, words)
        },
        Command("edit", aliases: ["rename"], arguments: "N TITLE...",
                summary: "Give item N a new title.") { session, words in
            try session.edit(words)
        },
        Command("delete", aliases: ["rm"], arguments: "N",
                summary: "Delete item N.", details: "undo brings it back.") { session, words in
            try session.delete(words)
        },
        Command("clear-finished", summary: "Delete every finished item.", details: "undo brings them back.") { session, words in
            try session.clearFinished(words)
        },
        Command("undo", summary: "Undo the last change to the list.",
                details: "The last \(Todos.undoLimit) changes can be undone, one at a time, whichever terminal made them.") { session, words in
            try session.undo(words)
        },
        Command("back", summary: "Close the open item and show the list.") { session, words in
            try session.back(words)
        },
    ]

    // MARK: - Adding

    private func add(_ words: [String]) throws {
        if words.isEmpty && isPrompt {
            return try fillInAddForm()
        }
        let form = todoList.openAddForm()
        form.title = words.joined(separator: " ")
        guard form.saveButton.isEnabled else {
            form.cancel()
            throw CommandError.refused("a title cannot be empty; nothing was added")
        }
        let item = try saving(form)
        say("Added \(quoted(item.title)).")
    }

    /// The add form at the prompt: it asks for a title until Save is enabled, or until the
    /// user types cancel or ends the input.
    private func fillInAddForm() throws {
        let form = todoList.openAddForm()
        say("New to-do: type its title, or cancel.")
        while true {
            guard let line = readLine(prompt: "Title: "),
                  line.trimmingCharacters(in: .whitespaces) != "cancel" else {
                form.cancel()
                say("Cancelled: nothing was added.")
                return
            }
            form.title = line
            if form.saveButton.isEnabled { break }
            say("Save is disabled while the title is empty.")
        }
        let item = try saving(form)
        say("Added \(quoted(item.title)).")
    }

    /// Saves the form, closing it whether or not the store took the item.
    private func saving(_ form: AddTodoViewModel) throws -> TodoItem {
        do {
            return try form.save()
        } catch {
            form.cancel()
            throw error
        }
    }

    // MARK: - Showing

    private func list(_ words: [String]) throws {
        let all = todoList.todos.numbered
        let shown: [NumberedItem]
        switch words.count {
        case 0: shown = all
        case 1 where words[0] == "todo": shown = all.filter { !$0.item.isFinished }
        case 1 where words[0] == "finished": shown = all.filter { $0.item.isFinished }
        case 1: throw CommandError.usage("list shows todo or finished, not \(quoted(words[0]))", command: "list")
        default: throw CommandError.usage("list takes at most one section name", command: "list")
        }
        if options.json {
            return write(TodoRendering.json(shown).line)
        }
        if todoList.isEmpty {
            return say("Nothing here yet. Add a to-do with: add TITLE")
        }
        let sections = shown.isEmpty
            ? (words[0] == "todo" ? "Nothing left to do.\n" : "Nothing is finished yet.\n")
            : rendering.sections(shown)
        write(sections + "\n" + todoList.counter + "\n")
    }

    private func search(_ words: [String]) throws {
        guard !words.isEmpty else { throw CommandError.usage("search needs the text to look for", command: "search") }
        let query = words.joined(separator: " ")
        let matches = Set(todoList.todos.matching(query).map(\.id))
        let shown = todoList.todos.numbered.filter { matches.contains($0.item.id) }
        if options.json {
            write(TodoRendering.json(shown).line)
        } else if shown.isEmpty {
            say("No item matches \(quoted(query)).")
        } else {
            write(rendering.sections(shown))
        }
    }

    private func show(_ words: [String]) throws {
        let entry = try target(words, of: "show")
        let detail = try todoList.openDetail(entry.item.id)
        if options.json {
            write(TodoRendering.json(entry).line)
        } else {
            write(rendering.detail(entry, state: detail.state, action: detail.action))
        }
        if !isPrompt {
            detail.back()
        }
    }

    private func back(_ words: [String]) throws {
        guard words.isEmpty else { throw CommandError.usage("back takes no arguments", command: "back") }
        todoList.detail?.back()
        try list([])
    }

    // MARK: - Changing

    /// Check or uncheck. When the item is the one open at the prompt, the detail's own
    /// action does it, and the detail is shown again with the action it offers now.
    private func perform(_ action: TodoDetailViewModel.Action, _ words: [String]) throws {
        let name = action == .check ? "check" : "uncheck"
        let entry = try target(words, of: name)
        do {
            if let detail = todoList.detail, detail.item.id == entry.item.id, detail.action == action {
                try detail.performAction()
            } else if action == .check {
                try todoList.check(entry.item.id)
            } else {
                try todoList.uncheck(entry.item.id)
            }
        } catch TodoError.alreadyFinished {
            throw CommandError.refused("\(quoted(entry.item.title)) is already finished")
        } catch TodoError.notFinished {
            throw CommandError.refused("\(quoted(entry.item.title)) is not finished")
        }
        say("\(action == .check ? "Checked" : "Unchecked") \(quoted(entry.item.title)).")
        showDetailAgain(entry.item.id)
    }

    private func edit(_ words: [String]) throws {
        guard words.count >= 2 else {
            throw CommandError.usage("edit needs an item number and the new title", command: "edit")
        }
        let entry = try item(numbered: words[0])
        do {
            try todoList.rename(entry.item.id, to: words.dropFirst().joined(separator: " "))
        } catch TodoError.emptyTitle {
            throw CommandError.refused("a title cannot be empty; nothing was changed")
        }
        let renamed = todoList.todos.item(withID: entry.item.id)?.title ?? ""
        say("Renamed \(quoted(entry.item.title)) to \(quoted(renamed)).")
        showDetailAgain(entry.item.id)
    }

    private func delete(_ words: [String]) throws {
        let entry = try target(words, of: "delete")
        try todoList.delete(entry.item.id)
        refreshDetail(entry.item.id)
        say("Deleted \(quoted(entry.item.title)).")
    }

    private func clearFinished(_ words: [String]) throws {
        guard words.isEmpty else {
            throw CommandError.usage("clear-finished takes no arguments", command: "clear-finished")
        }
        let count = todoList.todos.finished.count
        guard count > 0 else { return say("No item is finished: nothing to clear.") }
        try todoList.clearFinished()
        if let detail = todoList.detail {
            refreshDetail(detail.item.id)
        }
        say("Cleared \(count) finished \(count == 1 ? "item" : "items").")
    }

    private func undo(_ words: [String]) throws {
        guard words.isEmpty else { throw CommandError.usage("undo takes no arguments", command: "undo") }
        try todoList.undo()
        if let detail = todoList.detail {
            refreshDetail(detail.item.id)
        }
        say("Undid the last change.")
    }

    // MARK: - Helpers

    /// The item a command names: by its number, or at the prompt, the one whose detail is open.
    private func target(_ words: [String], of command: String) throws -> NumberedItem {
        switch words.count {
        case 0:
            guard isPrompt, let detail = todoList.detail, let entry = numbered(detail.item.id) else {
                throw CommandError.usage("\(command) needs an item number", command: command)
            }
            return entry
        case 1:
            return try item(numbered: words[0])
        default:
            throw CommandError.usage("\(command) takes one item number", command: command)
        }
    }

    /// After a change to the item open at the prompt, shows it as it is now.
    private func showDetailAgain(_ id: TodoItem.ID) {
        guard let detail = todoList.detail, detail.item.id == id else { return }
        refreshDetail(id)
        guard let open = todoList.detail, let entry = numbered(id) else { return }
        write(rendering.detail(entry, state: open.state, action: open.action))
    }
}
