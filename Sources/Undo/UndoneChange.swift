/// What one undo took back, as a value: which kind of change it was, and the items or people it
/// was about, as they stood in it. The lists hand it back and a view puts it in words, so the
/// same undo reads as a sentence in a terminal and as a banner in an app.
public struct UndoneChange: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case addTodos, checkTodos, uncheckTodos, renameTodo, editTodo, deleteTodos, clearFinished, sortTodos, importTodos
        /// A change to the to-dos kept from a store written before changes were told apart.
        case changeTodos
        case addPeople, deletePeople, sortPeople, loadPeople
    }

    public let kind: Kind
    /// The titles or names of what the change was about: as added for an add, as they were
    /// before the change for the others, in the order the change named them.
    public let names: [String]
    /// For a rename: the title the change had given, which undo took away again.
    public let renamedTo: String?
    /// For a load: the page it had loaded.
    public let page: Int?

    public init(_ kind: Kind, names: [String], renamedTo: String? = nil, page: Int? = nil) {
        self.kind = kind
        self.names = names
        self.renamedTo = renamedTo
        self.page = page
    }
}
