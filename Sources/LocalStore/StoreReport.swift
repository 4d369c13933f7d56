import TodoList
import UserList

/// What `todo doctor` found in a store: where it is, what it holds, and anything wrong with it.
public struct StoreReport: Sendable, Equatable {
    public let path: String
    /// False when there is no file yet: an empty store, made on the first change.
    public let exists: Bool
    public let bytes: Int
    /// The size of the store's journal, and the changes in it: 0 and 0 when it has none.
    public let journalBytes: Int
    public let journalChanges: Int
    public let document: StoreDocument
    /// Temporary files a crashed save left beside the store; the next change removes them.
    public let leftOvers: [String]

    /// What is wrong inside a file that reads: the same id twice, an item in the wrong section.
    /// Empty for a sound store.
    public var problems: [String] {
        var found: [String] = []
        let todos = document.todos
        if todos.todo.contains(where: \.isFinished) {
            found.append("a to-do in the To do section is marked finished")
        }
        if todos.finished.contains(where: { !$0.isFinished }) {
            found.append("an item in the Finished section is not marked finished")
        }
        found += repeated(todos.all.map(\.id.uuidString), what: "to-do id")
        let people = document.people
        found += repeated((people.everyone + people.deleted).map(\.id.uuidString), what: "person id")
        return found
    }

    private func repeated(_ ids: [String], what: String) -> [String] {
        var seen = Set<String>()
        var repeated = Set<String>()
        for id in ids where !seen.insert(id).inserted {
            repeated.insert(id)
        }
        return repeated.sorted().map { "the \(what) \($0) is used more than once" }
    }
}
