import Undo

/// What `undo` says it took back, in the words the lists used to say it in.
enum UndoneText {
    /// `checked “Buy milk”`, `deleted 3 to-dos`, `renamed “Buy milk” to “Buy oat milk”`.
    static func sentence(_ undone: UndoneChange) -> String {
        func named(_ verb: String, noun: String) -> String {
            undone.names.count == 1 ? "\(verb) \(quoted(undone.names[0]))" : "\(verb) \(undone.names.count) \(noun)"
        }
        switch undone.kind {
        case .addTodos: return named("added", noun: "to-dos")
        case .checkTodos: return named("checked", noun: "to-dos")
        case .uncheckTodos: return named("unchecked", noun: "to-dos")
        case .deleteTodos: return named("deleted", noun: "to-dos")
        case .renameTodo: return "renamed \(quoted(undone.names.first ?? "")) to \(quoted(undone.renamedTo ?? ""))"
        case .editTodo: return named("edited", noun: "to-dos")
        case .sortTodos: return "sorted the to-dos"
        case .importTodos: return "imported \(undone.names.count) \(undone.names.count == 1 ? "to-do" : "to-dos")"
        case .clearFinished:
            return "cleared \(undone.names.count) finished \(undone.names.count == 1 ? "to-do" : "to-dos")"
        case .changeTodos: return "the last change to the to-dos"
        case .addPeople: return named("added", noun: "people")
        case .deletePeople: return named("deleted", noun: "people")
        case .sortPeople: return "sorted the people"
        case .loadPeople:
            return "loaded page \(undone.page ?? 1) (\(undone.names.count == 1 ? "1 person" : "\(undone.names.count) people"))"
        }
    }
}
