import TodoList
import UserList

/// Everything the lists hold: the to-dos, the people, and one undo history for both.
///
/// It is a plain value, changed only by `apply(_:)`: the file store, the in-memory stores the
/// tests run on and any other store keep a document and hand it changes, so the rules of a
/// change, of undo and of its limit are written once, here, and hold wherever the lists live.
public struct Document: Sendable, Equatable {
    /// How many changes undo can go back, to-dos and people together; older ones are forgotten.
    public static let undoLimit = 50
    /// The largest next number the lists may have; past it they are damaged, not long.
    public static let largestNumber = 1 << 40
    /// The numbers an item or a person may have: one below `largestNumber` at most, so that the
    /// next number after the last item is still in range. Readers, writers and repair all ask this.
    public static let itemNumbers = 1..<largestNumber

    public var todos: Todos
    public var people: People
    /// The changes undo can take back, oldest first, whatever they changed.
    public var history: [HistoryStep]

    public init(todos: Todos = Todos(), people: People = People(), history: [HistoryStep] = []) {
        self.todos = todos
        self.people = people
        self.history = history
    }
}

/// One change undo can take back: to the to-dos or to the people.
public enum HistoryStep: Sendable, Equatable {
    case todos(TodoStep)
    case people(PeopleStep)
}

/// A change to anything the lists hold, as a store records it.
public enum Change: Sendable, Equatable {
    case todos(TodoChange)
    case people(PeopleChange)
    /// Takes back the newest change in the history.
    case undo
}
