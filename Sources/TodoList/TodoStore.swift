#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Undo

/// Where the list is kept. View-models depend on this, never on a file, so a test, a
/// preview or another device's store can stand in.
public protocol TodoStore {
    /// The list as last saved; an empty list when nothing was ever saved.
    func loadTodos() throws -> Todos
    /// Applies `change` to the list as it is saved now, not as the caller last saw it, saves
    /// it, and returns the result. When it throws, nothing was saved.
    func apply(_ change: TodoChange) throws -> Todos
    /// Saves a new item at the top of To do and returns it with the number the list gave it.
    /// A new item needs nothing from the rest of the list, so a store may keep it without
    /// reading the list.
    func add(id: TodoItem.ID, title: String, plan: TodoPlan, at: Date?) throws -> TodoItem
    /// Takes back the last change saved, newest first, and says what it undid, with the list as
    /// the undo left it: what a view shows after it is what was saved, not a second read that
    /// might fail after the undo was made. A store that keeps more than the to-dos has one
    /// history for all it keeps: the last change may have been to something else.
    func undo() throws -> (undone: UndoneChange, todos: Todos)
    /// Brings in `new` as one change, as `apply(.importTodos(new))` does, and says what it did,
    /// counted against the list as it was saved just before, not as the caller last saw it, with
    /// the list as the import left it: as for an undo, no second read that might fail after the
    /// import was saved.
    func importTodos(_ new: [NewTodo]) throws -> (outcome: ImportOutcome, todos: Todos)
}

extension TodoStore {
    /// Saves a new item with nothing planned for it, as the seed's list adds them.
    public func add(id: TodoItem.ID, title: String) throws -> TodoItem {
        try add(id: id, title: title, plan: .none, at: nil)
    }
}
