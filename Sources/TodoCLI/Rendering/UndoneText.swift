import Undo

/// What `undo` says it took back, in the words the lists used to say it in.
enum UndoneText {
    /// Whether the change undone was to the people rather than the to-dos.
    static func isAboutPeople(_ undone: UndoneChange) -> Bool {
        [.addPeople, .deletePeople, .sortPeople, .loadPeople].contains(undone.kind)
    }

    /// `checked “Buy milk”`, `deleted 3 to-dos: “A”, “B” and “C”`, `renamed “Buy milk” to “Buy oat milk”`.
    static func sentence(_ undone: UndoneChange) -> [Sentence.Part] {
        let names = undone.names.map { Sentence.Named(number: nil, title: $0) }
        func named(_ verb: String, noun: String) -> [Sentence.Part] {
            [.words(verb + " " + (names.count == 1 ? "" : "\(names.count) \(noun): ")), .names(names)]
        }
        switch undone.kind {
        case .addTodos: return named("added", noun: "to-dos")
        case .checkTodos: return named("checked", noun: "to-dos")
        case .uncheckTodos: return named("unchecked", noun: "to-dos")
        case .deleteTodos: return named("deleted", noun: "to-dos")
        case .renameTodo:
            return [.words("renamed "), .names(Array(names.prefix(1))), .words(" to "),
                    .names([Sentence.Named(number: nil, title: undone.renamedTo ?? "")])]
        case .editTodo: return named("edited", noun: "to-dos")
        case .sortTodos: return [.words("sorted the to-dos")]
        case .importTodos: return [.words("imported \(undone.names.count) \(undone.names.count == 1 ? "to-do" : "to-dos")")]
        case .clearFinished:
            return [.words("cleared \(undone.names.count) finished \(undone.names.count == 1 ? "to-do" : "to-dos")")]
        case .changeTodos: return [.words("the last change to the to-dos")]
        case .addPeople: return named("added", noun: "people")
        case .deletePeople: return named("deleted", noun: "people")
        case .sortPeople: return [.words("sorted the people")]
        case .loadPeople:
            return [.words("loaded page \(undone.page ?? 1) (\(undone.names.count == 1 ? "1 person" : "\(undone.names.count) people"))")]
        }
    }
}
