import Foundation
import TodoList
import UserList

/// The lists an in-memory store keeps, as the file store keeps them in one file: the to-dos,
/// the people and one undo history for both. Every store made on the same lists sees the
/// others' changes, as every `FileStore` on the same file does, so a second store on them is
/// another program; and undo takes back the newest change, whichever list it was to. View-model
/// tests look at what was saved here, and change it behind a view-model's back as another
/// terminal would. The contract tests in `LocalStoreTests` hold it to the file store's rules.
public final class InMemoryLists {
    /// How many changes undo can go back, as in the file store (`StoreDocument.undoLimit`,
    /// which this target cannot see): a view-model test must not undo further than a user can.
    public static let undoLimit = 50

    /// Set from outside, it is the lists changed behind the stores' backs, as `FileStore.update`
    /// changes a file: the history is not told.
    public var todos: Todos {
        didSet { isSaved = true }
    }

    public var people: People {
        didSet { isSaved = true }
    }

    private var history: [Step] = []
    /// Whether anything was saved yet: the file store writes no file until something is, and
    /// where there is no file it remembers no search.
    private var isSaved: Bool

    private enum Step {
        case todos(TodoStep)
        case people(PeopleStep)
    }

    public init(todos: Todos = Todos(), people: People = People()) {
        self.todos = todos
        self.people = people
        isSaved = todos != Todos() || people != People()
    }

    // Every change is made to a copy, saved only when it went through: a refused change, or
    // one that changes nothing, saves nothing, as in the file store.

    func apply(_ change: TodoChange) throws -> Todos {
        var changed = todos
        if let step = try changed.apply(change) {
            todos = changed
            remember(.todos(step))
        }
        return todos
    }

    func apply(_ change: PeopleChange) throws -> People {
        var changed = people
        let step = try changed.apply(change)
        if changed != people {
            people = changed
        }
        if let step {
            remember(.people(step))
        }
        return people
    }

    /// One history for both lists: with nothing in it, undo says `TodoError.nothingToUndo`
    /// whichever list asked, as the file store does.
    func undo() throws -> String {
        guard let step = history.last else { throw TodoError.nothingToUndo }
        let summary: String
        switch step {
        case .todos(let step):
            var reverted = todos
            summary = try reverted.revert(step)
            todos = reverted
        case .people(let step):
            var reverted = people
            summary = try reverted.revert(step)
            people = reverted
        }
        history.removeLast()
        return summary
    }

    func remember(unmatched query: String) {
        guard isSaved else { return }
        _ = try? apply(.rememberUnmatched(query))
    }

    private func remember(_ step: Step) {
        history.append(step)
        if history.count > Self.undoLimit {
            history.removeFirst(history.count - Self.undoLimit)
        }
    }
}

/// A store of the to-dos of in-memory lists, held to the same contract as the file store.
public final class InMemoryTodoStore: TodoStore {
    public let lists: InMemoryLists

    /// A store of lists of its own, holding `todos`.
    public convenience init(_ todos: Todos = Todos()) {
        self.init(lists: InMemoryLists(todos: todos))
    }

    public init(lists: InMemoryLists) {
        self.lists = lists
    }

    /// The to-dos as saved; setting them changes them behind the view-model's back, as another
    /// terminal would.
    public var todos: Todos {
        get { lists.todos }
        set { lists.todos = newValue }
    }

    public func loadTodos() throws -> Todos {
        lists.todos
    }

    public func apply(_ change: TodoChange) throws -> Todos {
        try lists.apply(change)
    }

    public func add(id: TodoItem.ID, title: String) throws -> TodoItem {
        _ = try lists.apply(.add(id: id, title: title))
        guard let item = lists.todos.item(withID: id) else { throw TodoError.noSuchItem }
        return item
    }

    public func undo() throws -> String {
        try lists.undo()
    }
}

/// A store of the people of in-memory lists, held to the same contract as the file store.
public final class InMemoryPeopleStore: PeopleStore {
    public let lists: InMemoryLists

    /// A store of lists of its own, holding `people`.
    public convenience init(_ people: People = People()) {
        self.init(lists: InMemoryLists(people: people))
    }

    public init(lists: InMemoryLists) {
        self.lists = lists
    }

    /// The people as saved; setting them changes them behind the view-model's back, as another
    /// terminal would.
    public var people: People {
        get { lists.people }
        set { lists.people = newValue }
    }

    public func loadPeople() throws -> People {
        lists.people
    }

    public func apply(_ change: PeopleChange) throws -> People {
        try lists.apply(change)
    }

    public func undo() throws -> String {
        try lists.undo()
    }

    public func remember(unmatched query: String) {
        lists.remember(unmatched: query)
    }
}
