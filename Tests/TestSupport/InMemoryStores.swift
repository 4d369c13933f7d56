import Foundation
import ListEngine
import TodoList
import Undo
import UserList

/// Lists kept in memory: one engine document, as the file store keeps one in its file. Every
/// store made on the same lists sees the others' changes, as every `FileStore` on the same file
/// does, so a second store on them is another program. Changes, undo and its limit are the
/// engine's own; what is kept here is only where the document lives. View-model tests look at
/// what was saved here, and change it behind a view-model's back as another terminal would.
/// The contract tests in `LocalStoreTests` hold it to the file store's rules.
public final class InMemoryLists {
    public private(set) var document: Document
    /// Whether anything was saved yet: the file store writes no file until something is, and
    /// where there is no file it remembers no search.
    private var isSaved: Bool

    public init(todos: Todos = Todos(), people: People = People()) {
        document = Document(todos: todos, people: people)
        isSaved = todos != Todos() || people != People()
    }

    /// Set from outside, it is the lists changed behind the stores' backs, as `FileStore.update`
    /// changes a file: the history is not told.
    public var todos: Todos {
        get { document.todos }
        set { change { $0.todos = newValue } }
    }

    public var people: People {
        get { document.people }
        set { change { $0.people = newValue } }
    }

    // Each change is made to a copy, saved only when it went through: a refused change, or
    // one that changes nothing, saves nothing, as in the file store.

    func apply(_ change: Change) throws {
        var changed = document
        do throws(Refusal) {
            if try changed.apply(change).changed { self.change { $0 = changed } }
        } catch {
            throw error.underlying
        }
    }

    func undo() throws -> UndoneChange {
        var changed = document
        do throws(Refusal) {
            let undone = try changed.undo()
            change { $0 = changed }
            return undone
        } catch {
            throw error.underlying
        }
    }

    private func change(_ body: (inout Document) -> Void) {
        body(&document)
        isSaved = true
    }

    func remember(unmatched query: String) {
        guard isSaved else { return }
        _ = try? apply(.people(.rememberUnmatched(query)))
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
        try lists.apply(.todos(change))
        return lists.todos
    }

    public func add(id: TodoItem.ID, title: String, plan: TodoPlan, at: Date?) throws -> TodoItem {
        try lists.apply(.todos(.add(id: id, title: title, plan: plan, at: at)))
        guard let item = lists.todos.item(withID: id) else { throw TodoError.noSuchItem }
        return item
    }

    public func undo() throws -> (undone: UndoneChange, todos: Todos) {
        (try lists.undo(), lists.todos)
    }

    public func importTodos(_ new: [NewTodo]) throws -> (outcome: ImportOutcome, todos: Todos) {
        let before = lists.todos
        try lists.apply(.todos(.importTodos(new)))
        return (ImportOutcome(new, before: before, after: lists.todos), lists.todos)
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
        try lists.apply(.people(change))
        return lists.people
    }

    public func undo() throws -> (undone: UndoneChange, people: People) {
        (try lists.undo(), lists.people)
    }

    public func remember(unmatched query: String) {
        lists.remember(unmatched: query)
    }
}
