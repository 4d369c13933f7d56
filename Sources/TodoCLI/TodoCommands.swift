#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Forms
import ListEngine
import LocalStore
import TodoList

/// The to-do commands. Each one goes through the view-models a phone app would use: the add
/// form decides whether a title can be saved, the detail decides which action it offers.
extension Session {
    static let todoCommands: [Command] = [
        Command("add", arguments: "[TITLE...]", words: Completion.planWords, tagSigns: ["+"],
                summary: "Add a to-do at the top of To do.",
                details: "Words of the title can plan it: +tag, due:DATE (2026-12-24, 24-12-2026, today, tomorrow, friday, "
                    + "3d, 2w), pri:H|M|L and recur:daily|weekly|monthly|yearly. A backslash keeps a word in the "
                    + "title as typed: \\+1 or \\due:soon. At the prompt, add alone opens the add form, which asks for the title.",
                reads: .nothing, textAfter: 0) { session, words in
            try session.add(words)
        },
        Command("list", aliases: ["ls"], arguments: "[FILTER...]", words: ListRequest.words, tagSigns: ["+", "-"],
                options: [listSortOption],
                summary: "Show the list, or one section, or the items a filter lets through.",
                details: "Each item shows the number it keeps until it is deleted; the other commands take these numbers. "
                    + "Filters, all of which must hold: todo or finished (that section alone), +tag, -tag (has it not), "
                    + "pri:H, pri:M or pri:L, overdue (due before "
                    + "today), today (due today or before), week (due within seven days, or before), which show to-dos only. --sort ORDER is due, priority "
                    + "or added, and is kept until changed: due and priority put the soonest and the highest first, added "
                    + "the list's own: newest first, a to-do unchecked at the bottom.") { session, words in
            try session.list(words)
        },
        Command("search", aliases: ["find"], arguments: "WORDS...",
                summary: "Show the items whose title holds every one of WORDS, in any order.",
                details: "Case and accents are ignored; the numbers are those list shows.", textAfter: 0) { session, words in
            try session.search(words)
        },
        Command("show", arguments: "N",
                summary: "Show item N and what can be done with it.",
                details: "At the prompt the item stays open: check, uncheck and delete need no number, and back closes it.") { session, words in
            try session.show(words)
        },
        Command("check", aliases: ["done"], arguments: "N...",
                summary: "Finish items: to the top of Finished.",
                details: "Several numbers and ranges make one change: check 1 2 5, check 3-6, check 7,9-11. All are made, or none; an item finished already is passed over and said.") { session, words in
            try session.perform(.check, words)
        },
        Command("uncheck", aliases: ["undone"], arguments: "N...",
                summary: "Take items back to the bottom of To do.",
                details: "Several numbers and ranges make one change, as for check; an item still to do is passed over and said.") { session, words in
            try session.perform(.uncheck, words)
        },
        Command("edit", aliases: ["rename"], arguments: "N WORDS...", words: Completion.planWords, tagSigns: ["+", "-"],
                summary: "Give item N a new title, or change what it has planned.",
                details: "+tag adds a tag and -tag takes it away; due:DATE, pri:H|M|L and recur:daily|weekly|monthly|yearly "
                    + "set, and due:, pri: and recur: clear; the other words, if any, are the new title. In the open detail "
                    + "at the prompt, edit WORDS edits the open item; a number first is still an item's number "
                    + "(a title that starts with one: edit \\2 pints).", textAfter: 1) { session, words in
            try session.edit(words)
        },
        Command("delete", aliases: ["rm"], arguments: "N...",
                summary: "Delete items.",
                details: "Several numbers and ranges make one change: delete 3-6. undo brings them back.") { session, words in
            try session.delete(words)
        },
        Command("clear-finished", summary: "Delete every finished item.", details: "undo brings them back.") { session, words in
            try session.clearFinished(words)
        },
        Command("undo", summary: "Undo the last change, to the to-dos or the people.",
                details: "The last \(Document.undoLimit) changes can be undone, newest first, whichever terminal made them.",
                reads: .nothing) { session, words in
            try session.undo(words)
        },
        Command("back", summary: "Close the open item and show the list.") { session, words in
            try session.back(words)
        },
    ]

    // MARK: - Adding

    private func add(_ words: [String]) throws {
        // The form asks a person for the title; with --json a script is reading, and it is not opened.
        if words.isEmpty && isPrompt && !json {
            return try fillInAddForm()
        }
        guard !words.isEmpty else { throw CommandError.usage("add needs a title", command: "add") }
        let form = todoList.openAddForm()
        form.title = words.joined(separator: " ")
        guard form.saveButton.isEnabled else {
            form.cancel()
            throw CommandError.refused("a title cannot be empty; nothing was added")
        }
        sayAdded(try saving(form))
    }

    /// The add form at the prompt: it asks for a title until Save is enabled, or until the
    /// user types cancel or ends the input.
    private func fillInAddForm() throws {
        let form = todoList.openAddForm()
        let buttons = FormButtons(usesColour: rendering.usesColour, saveNeeds: "the title holds text")
        say("New to-do (a to-do titled cancel: type \"cancel\" in quotes)")
        write(buttons.line(saveEnabled: form.saveButton.isEnabled))
        // A title refused is asked for again; Up brings it back as it was typed, to mend.
        var refused = ""
        while true {
            guard let line = readLine(prompt: "Title: ", mending: refused),
                  line.trimmed != "cancel" else {
                form.cancel()
                say("Cancelled: nothing was added.")
                return
            }
            // Quotes around the whole title are taken off: "cancel" in quotes is a title.
            form.title = Words.unquoted(line, besides: OptionParser.onlyPlans(for: ["add"]))
            guard form.saveButton.isEnabled else {
                say("Save needs a title.")
                write(buttons.line(saveEnabled: form.saveButton.isEnabled))
                refused = ""
                continue
            }
            write(buttons.line(saveEnabled: form.saveButton.isEnabled))
            do {
                return sayAdded(try form.save())
            } catch let refusal as TitleWords.Refusal {
                say(PlanText.refusal(refusal) + "; Up brings the title back to mend, or type cancel")
            } catch TodoError.emptyTitle {
                say("a title cannot be empty; Up brings the title back to mend, or type cancel")
            } catch {
                form.cancel()
                throw error
            }
            refused = line
        }
    }

    /// What an add prints: the item, as data with `--json`.
    private func sayAdded(_ item: TodoItem) {
        guard !json else { return write(TodoRendering.json(item).line) }
        say([.words("Added ")] + TodoRendering.named(item, today: todoList.today) + [.words(".")])
    }

    /// Saves the form, closing it whether or not the store took the item. Words that plan the
    /// item and say nothing it can keep, or leave no title, are refused.
    private func saving(_ form: AddTodoViewModel) throws -> TodoItem {
        do {
            return try form.save()
        } catch {
            form.cancel()
            switch error {
            case let refusal as TitleWords.Refusal: throw CommandError.refused(PlanText.refusal(refusal) + "; nothing was added")
            case TodoError.emptyTitle: throw CommandError.refused("a title cannot be empty; nothing was added")
            default: throw error
            }
        }
    }

    // MARK: - Showing

    private func search(_ words: [String]) throws {
        let query = words.joined(separator: " ")
        // Nothing but white space, or marks a search passes over (a lone accent), would find
        // every item: not a search.
        let passedOver: [Unicode.GeneralCategory] = [.nonspacingMark, .spacingMark, .enclosingMark, .format, .control]
        guard query.unicodeScalars.contains(where: { !$0.properties.isWhitespace && !passedOver.contains($0.properties.generalCategory) }) else {
            throw CommandError.usage("search needs the text to look for", command: "search")
        }
        let shown = todoList.todos.matching(query)
        if json {
            write(TodoRendering.json(shown).line)
        } else if shown.isEmpty {
            say("No item matches \(quoted(query)).")
        } else {
            write(rendering.sections(todo: shown.filter { !$0.isFinished }, finished: shown.filter(\.isFinished), today: todoList.today))
        }
    }

    private func show(_ words: [String]) throws {
        let item = try target(words, of: "show")
        let detail = try todoList.openDetail(item.id)
        if json {
            write(TodoRendering.json(item).line)
        } else {
            write(rendering.detail(item, state: detail.state, action: detail.action, today: todoList.today))
        }
        if !isPrompt {
            detail.back()
        }
    }

    private func back(_ words: [String]) throws {
        guard words.isEmpty else { throw CommandError.usage("back takes no arguments", command: "back") }
        guard let detail = todoList.detail else { return say("Nothing is open: back closes an item opened with show N.") }
        detail.back()
        try load()
        try list([])
    }

    // MARK: - Changing

    /// Check or uncheck. When the item is the one open at the prompt, the detail's own
    /// action does it, and the detail is shown again with the action it offers now. An item
    /// already as asked is passed over and said, as a rename to its own title is (CLI-42).
    private func perform(_ action: TodoDetailViewModel.Action, _ words: [String]) throws {
        let name = action == .check ? "check" : "uncheck"
        let named = try targets(words, of: name)
        let before = todoList.todos
        let items = named.filter { $0.isFinished == (action == .uncheck) }
        let passed = named.filter { $0.isFinished == (action == .check) }
        let passedOver: [Sentence.Part] = [
            .names(passed.map(Sentence.Named.init)),
            .words(" \(passed.count == 1 ? "was" : "were") " + (action == .check ? "already finished" : "not finished")),
        ]
        guard !items.isEmpty else { return sayChanged(passedOver + [.words("; nothing was changed.")], since: before) }
        do {
            if items.count == 1, let detail = todoList.detail, detail.item.id == items[0].id, detail.action == action {
                try detail.performAction()
            } else if action == .check {
                try todoList.check(items.map(\.id))
            } else {
                try todoList.uncheck(items.map(\.id))
            }
        } catch TodoError.alreadyFinished(let id) {
            throw CommandError.refused("\(quoted(title(of: id, in: items))) is already finished; nothing was changed")
        } catch TodoError.notFinished(let id) {
            throw CommandError.refused("\(quoted(title(of: id, in: items))) is not finished; nothing was changed")
        }
        let said: [Sentence.Part] = [.words(action == .check ? "Checked " : "Unchecked "), .counted(items.map(Sentence.Named.init), plural: "items")]
            + (passed.isEmpty ? [] : [.words("; ")] + passedOver) + [.words(".")]
        sayChanged(said, since: before, then: action == .check ? repeatsBroughtBack(checking: items, since: before) : [])
        showDetailAgain(items)
    }

    /// What the check of `items` did to their repeats: the to-do each brought, said with its
    /// number, which nothing else shows; else why it brought none, another to-do of its repeat
    /// being to do already (PL-19), or the calendar having no day after it (PL-23). Each once,
    /// however often it was named.
    private func repeatsBroughtBack(checking items: [TodoItem], since before: Todos) -> [[Sentence.Part]] {
        let brought = todoList.todos.unfinished.filter { before.item(withID: $0.id) == nil }.sorted { $0.number < $1.number }
        var sentences = brought.map { [.words("Back to do: ")] + TodoRendering.named($0, today: todoList.today) + [.words(".")] }
        var told = Set<TodoItem.ID>()
        for item in items where told.insert(item.id).inserted {
            guard let recurrence = item.plan.recurrence, let due = item.plan.due else { continue }
            // Of its own repeat: the same title and plan on one of its days, not another's.
            let ofItsRepeat = { (others: [TodoItem]) -> [TodoItem] in
                let same = others.filter { $0.sharesRepeat(with: item) }
                let days = Set(recurrence.days(among: Set(same.compactMap(\.plan.due)), after: due))
                return same.filter { $0.plan.due.map(days.contains) == true }
            }
            guard ofItsRepeat(brought).isEmpty else { continue }
            if let later = ofItsRepeat(todoList.todos.unfinished).min(by: { ($0.plan.due?.dayNumber ?? 0, $0.number) < ($1.plan.due?.dayNumber ?? 0, $1.number) }) {
                sentences.append([.words("Back to do already: ")] + TodoRendering.named(later, today: todoList.today) + [.words(".")])
            } else {
                sentences.append([.words("Not back to do: "), .names([Sentence.Named(item)]), .words(", as no day comes after 31-12-9999.")])
            }
        }
        return sentences
    }

    /// `edit N WORDS`; in the open detail at the prompt, `edit WORDS`. A number first is an
    /// item's number there too, as for check and delete, so that a line meant for another item
    /// never renames the open one (`\2 pints` is a title). Words that only name a new title
    /// rename the item; any other edit says the item as it is after it.
    private func edit(_ words: [String]) throws {
        let item: TodoItem
        let typed: [String]
        let numberFirst = words.first.map(Self.isPlainNumber) ?? false
        if isPrompt, let detail = todoList.detail, let open = todoList.todos.item(withID: detail.item.id), !words.isEmpty, !numberFirst {
            (item, typed) = (open, words)
        } else {
            guard words.count >= 2 else {
                throw CommandError.usage("edit needs an item number and the new title, or what to change", command: "edit")
            }
            (item, typed) = (try self.item(numbered: words[0]), Array(words.dropFirst()))
        }
        let edit: TodoEdit
        do {
            edit = try TodoEdit(typed: typed.joined(separator: " "), today: todoList.today)
        } catch {
            throw CommandError.refused(PlanText.refusal(error) + "; nothing was changed")
        }
        if edit == TodoEdit() {
            throw CommandError.refused("a title cannot be empty; nothing was changed")
        }
        let before = todoList.todos
        do {
            if edit.isRename, let title = edit.title {
                if TodoItem.normalizedTitle(title) == item.title {
                    return sayChanged([.words("\(item.number) is titled "), .names([Sentence.Named(number: nil, title: item.title)]),
                                       .words(" already; nothing was changed.")], since: before)
                }
                try todoList.rename(item.id, to: title)
            } else {
                try todoList.edit(item.id, edit)
            }
        } catch TodoError.repeatWithoutDue {
            throw CommandError.refused("a repeat needs a due date to count from; nothing was changed")
        }
        guard let edited = todoList.todos.item(withID: item.id) else { return }
        if edit.isRename {
            sayChanged([.words("Renamed "), .names([Sentence.Named(item)]), .words(" to "),
                        .names([Sentence.Named(number: nil, title: edited.title)]), .words(".")], since: before)
        } else if edited == item {
            sayChanged(TodoRendering.named(item, today: todoList.today) + [.words(" is so already; nothing was changed.")], since: before)
        } else {
            sayChanged([.words("Edited ")] + TodoRendering.named(edited, today: todoList.today) + [.words(".")], since: before)
        }
        showDetailAgain([item])
    }

    private func delete(_ words: [String]) throws {
        let items = try targets(words, of: "delete")
        let before = todoList.todos
        try todoList.delete(items.map(\.id))
        if let detail = todoList.detail {
            refreshDetail(detail.item.id)
        }
        sayChanged([.words("Deleted "), .counted(items.map(Sentence.Named.init), plural: "items"),
                    .words("; \(typed("undo")) brings \(items.count == 1 ? "it" : "them") back.")], since: before)
    }

    private func clearFinished(_ words: [String]) throws {
        guard words.isEmpty else {
            throw CommandError.usage("clear-finished takes no arguments", command: "clear-finished")
        }
        let before = todoList.todos
        let count = before.finished.count
        guard count > 0 else { return sayChanged([.words("No item is finished: nothing to clear.")], since: before) }
        try todoList.clearFinished()
        if let detail = todoList.detail {
            refreshDetail(detail.item.id)
        }
        sayChanged([.words("Cleared \(count) finished \(count == 1 ? "item" : "items"); \(typed("undo")) brings \(count == 1 ? "it" : "them") back.")],
                   since: before)
    }

    private func undo(_ words: [String]) throws {
        guard words.isEmpty else { throw CommandError.usage("undo takes no arguments", command: "undo") }
        // Undo reads nothing itself: the to-dos are read first, to say which of them a check
        // undone had brought back; with --json the people too, to say what it changed.
        try load()
        if json { try userList.load() }
        let (todosBefore, peopleBefore) = (todoList.todos, userList.people)
        let undone = try todoList.undo()
        if let detail = todoList.detail {
            refreshDetail(detail.item.id)
        }
        let sentence = [.words("Undid: ")] + UndoneText.sentence(undone) + [.words(".")]
        guard UndoneText.isAboutPeople(undone) else {
            let takenBack = undone.kind != .checkTodos ? [] : todosBefore.unfinished
                .filter { todoList.todos.item(withID: $0.id) == nil }.sorted { $0.number < $1.number }
            return sayChanged(sentence, since: todosBefore,
                              then: takenBack.map { [.words("Taken back: ")] + TodoRendering.named($0, today: todoList.today) + [.words(".")] })
        }
        if json { try userList.load() }
        sayChanged(sentence, since: peopleBefore)
    }

    // MARK: - Helpers

    private func title(of id: TodoItem.ID, in items: [TodoItem]) -> String {
        items.first { $0.id == id }?.title ?? ""
    }

    /// After a change to the item open at the prompt, shows it as it is now.
    private func showDetailAgain(_ items: [TodoItem]) {
        guard items.count == 1, let detail = todoList.detail, detail.item.id == items[0].id else { return }
        refreshDetail(items[0].id)
        guard !json else { return }
        guard let open = todoList.detail, let item = todoList.todos.item(withID: items[0].id) else { return }
        write(rendering.detail(item, state: open.state, action: open.action, today: todoList.today))
    }
}
