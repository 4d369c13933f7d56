import TodoList
import UserList

/// A change as a log of changes keeps it: for the add of a to-do, with the number the list gave
/// the new item, so that replaying the log can tell a log that fits the lists from one that does not.
public struct LoggedChange: Sendable, Equatable {
    public let change: Change
    public let number: Int?

    public init(_ change: Change, number: Int? = nil) {
        self.change = change
        self.number = number
    }
}

/// A logged change that does not apply to the lists it was replayed onto: which one (its place
/// in the log, from 0) and why.
public struct ReplayFailure: Error, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The add gives the new to-do another number than the list gives it.
        case numberDiffers(given: Int, expected: Int)
        /// The add brings in a to-do, or a person, the lists hold already.
        case alreadyHeld
        case todos(TodoError)
        case people(PeopleError)
    }

    public let index: Int
    public let reason: Reason
}

extension Document {
    /// Brings in logged changes, oldest first. Adds of to-dos in a row are made at once: that is
    /// what keeps a log of thousands of adds quick to replay. Throws, having brought in the
    /// changes before it, at a change that does not apply or an add whose number is not the one
    /// the list gives.
    public mutating func replay(_ log: [LoggedChange]) throws(ReplayFailure) {
        var adds: [(new: NewTodo, index: Int)] = []
        for (index, logged) in log.enumerated() {
            if case let .todos(.add(id, title, plan, at)) = logged.change {
                if let number = logged.number, number != todos.nextNumber + adds.count {
                    try bringIn(&adds)
                    throw ReplayFailure(index: index, reason: .numberDiffers(given: number, expected: todos.nextNumber))
                }
                adds.append((NewTodo(id: id, title: title, plan: plan, added: at), index))
                continue
            }
            try bringIn(&adds)
            let changed: Bool
            do {
                changed = try apply(logged.change).changed
            } catch {
                switch error {
                case .todos(let error): throw ReplayFailure(index: index, reason: .todos(error))
                case .people(let error): throw ReplayFailure(index: index, reason: .people(error))
                }
            }
            // An add of a person the lists hold changes nothing: no add a user made did that.
            if !changed, case .people(.add) = logged.change { throw ReplayFailure(index: index, reason: .alreadyHeld) }
        }
        try bringIn(&adds)
    }

    /// How many logged changes walk the lists to be replayed: all but the adds of to-dos.
    public static func walking(_ log: [LoggedChange]) -> Int {
        log.count { if case .todos(.add) = $0.change { false } else { true } }
    }

    /// Adds the to-dos at once; a failure names the first add that did not apply.
    private mutating func bringIn(_ adds: inout [(new: NewTodo, index: Int)]) throws(ReplayFailure) {
        guard !adds.isEmpty else { return }
        defer { adds = [] }
        let added: [TodoStep]
        do {
            added = try add(contentsOf: adds.map(\.new))
        } catch {
            let index = adds.first { (try? $0.new.checkedTitle()) == nil }?.index ?? adds[0].index
            throw ReplayFailure(index: index, reason: .todos(error))
        }
        guard added.count == adds.count else {
            // The step of an add takes away the one item it added, and nothing else.
            let skipped = zip(adds, added).first { $1.removing != [$0.new.id] }?.0 ?? adds[added.count]
            throw ReplayFailure(index: skipped.index, reason: .alreadyHeld)
        }
    }
}
