import TodoList

/// What the prompt holds open from one line to the next: the item whose detail is open (the
/// list's view-model holds the detail, as an app's would; this keeps it on the item as the store
/// has it now, and knows when another program deleted it), the prompt that names it, and the
/// reader that lines and a form's fields come from.
@MainActor
final class Prompt {
    private let input: LineReader
    private let todoList: TodoListViewModel
    /// Where Tab reads the tags from: the list as saved now, which another terminal may have changed.
    private let store: TodoStore
    /// The home folder `~/` names in a file's name, as the prompt reads it.
    private let home: String?
    /// The item whose detail was open when another program deleted it: a command meant for
    /// it says so, instead of asking for a number.
    private(set) var deletedWhileOpen: TodoItem?

    init(input: LineReader, todoList: TodoListViewModel, store: TodoStore, home: String?) {
        self.input = input
        self.todoList = todoList
        self.store = store
        self.home = home
    }

    /// `todo> `, or `todo 3> ` while item 3 is open.
    var text: String {
        guard let detail = todoList.detail, let item = todoList.todos.item(withID: detail.item.id) else { return "todo> " }
        return "todo \(item.number)> "
    }

    /// The next line of commands, or nil at the end of the input; Tab completes a command, the
    /// tags the list has, and the names of files. Throws for a line too long to be one, or that
    /// is not text.
    func nextLine(showing prompt: String) throws(LineRefusal) -> String? {
        try input.readLine(prompt: prompt) { [store, home] line in
            Completion.candidates(forLine: line, tags: { Completion.tags(in: store) },
                                  files: { FileNames.completing($0, home: home) }) ?? []
        }
    }

    /// Hands the reader the commands typed in earlier runs, for Up to bring back.
    func recall(_ commands: [String]) {
        input.recall(commands)
    }

    /// The next line typed into a form's field, or nil at the end of the input or at Ctrl-C,
    /// which cancels the form and nothing more; on a terminal Up brings back `refused`, to mend.
    /// Tab completes nothing there: the words are the user's own.
    func ask(_ label: String, mending refused: String = "") throws(LineRefusal) -> String? {
        input.offerAtUp(refused)
        guard let line = try input.readLine(prompt: label, completions: nil) else {
            _ = Interrupt.arrived()
            return nil
        }
        return line
    }

    /// Reads the list as saved now, so a change made in another terminal is never undone
    /// by acting on an old copy.
    func reload() throws {
        try todoList.load()
        deletedWhileOpen = nil
        if let detail = todoList.detail {
            let open = detail.item
            refreshDetail(open.id)
            if todoList.detail == nil { deletedWhileOpen = open }
        }
    }

    /// Reopens the detail with the item as it is now, or closes it when the item is gone.
    func refreshDetail(_ id: TodoItem.ID) {
        guard todoList.detail != nil else { return }
        if (try? todoList.openDetail(id)) == nil {
            todoList.detail?.back()
        }
    }
}
