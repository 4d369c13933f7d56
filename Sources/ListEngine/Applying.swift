import TodoList
import Undo
import UserList

/// Why the lists refused a change: what the to-dos or the people said. They are left as they were.
public enum Refusal: Error, Sendable, Equatable {
    case todos(TodoError)
    case people(PeopleError)

    /// The error of the list that refused, as a store hands it on.
    public var underlying: any Error {
        switch self {
        case .todos(let error): error
        case .people(let error): error
        }
    }
}

extension Document {
    /// Makes the change, keeping what undoing it takes; or throws and changes nothing.
    /// Returns whether anything changed, and for an undo what it took back.
    @discardableResult
    public mutating func apply(_ change: Change) throws(Refusal) -> (changed: Bool, undone: UndoneChange?) {
        switch change {
        case .todos(let change):
            let step: TodoStep?
            do { step = try todos.apply(change) } catch { throw .todos(error) }
            guard let step else { return (false, nil) }
            remember(.todos(step))
            return (true, nil)
        case .people(let change):
            let before = people
            let step: PeopleStep?
            do { step = try people.apply(change) } catch { throw .people(error) }
            if let step { remember(.people(step)) }
            return (people != before, nil)
        case .undo:
            return (true, try undo())
        }
    }

    /// Takes back the newest change in the history, and says what it took back.
    public mutating func undo() throws(Refusal) -> UndoneChange {
        guard let step = history.last else { throw .todos(.nothingToUndo) }
        let undone: UndoneChange
        switch step {
        case .todos(let step):
            do { undone = try todos.revert(step) } catch { throw .todos(error) }
        case .people(let step):
            do { undone = try people.revert(step) } catch { throw .people(error) }
        }
        history.removeLast()
        return undone
    }

    /// Adds to-dos one after the other, as adds in a row are brought in at once: the list is
    /// looked at once, not once per item. Returns a step for each that was new.
    public mutating func add(contentsOf new: [NewTodo]) throws(TodoError) -> [TodoStep] {
        let steps = try todos.add(contentsOf: new)
        steps.suffix(Self.undoLimit).forEach { remember(.todos($0)) }
        return steps
    }

    private mutating func remember(_ step: HistoryStep) {
        history.append(step)
        if history.count > Self.undoLimit {
            history.removeFirst(history.count - Self.undoLimit)
        }
    }
}
