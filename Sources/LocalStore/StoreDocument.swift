#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TodoList
import UserList

/// Everything the store file holds. It carries the version of its format, so a file written
/// by a newer `todo` is refused instead of being misread and then overwritten.
///
/// - 1: the to-dos.
/// - 2: the people beside them.
/// - 3: loaded people: deleted ones set aside, the paging seed, the searches that found nobody.
/// - 4: the id of the journal that belongs to this file (adds made since it was written).
/// - 5: the journal may hold any change to the to-dos, not only adds.
/// - 6: numbers that stay with their item, one undo history for to-dos and people, people with
///   the details randomuser.me gives (or without a date of birth), every change in the journal,
///   the id of the journal this file folded in, and a checksum of its own bytes.
///
/// Files in formats 1 to 5 are read and upgraded on their first change; `Specs/store-format.md`
/// tells the format and how each older one is read.
public struct StoreDocument: Sendable, Equatable {
    /// The format this version writes and the newest it can read.
    public static let currentVersion = 6
    /// How many changes undo can go back, to-dos and people together; older ones are forgotten.
    public static let undoLimit = 50

    public var version: Int
    /// New with every file written, so a journal left from an older file is never applied.
    public var journal: UUID?
    /// The journal this file took in when it replaced the store before it: a journal with
    /// that id and those very bytes is known to be folded in, and may go.
    public var folded: FoldedJournal?
    public var todos: Todos
    public var people: People
    /// The changes undo can take back, oldest first, whatever they changed.
    public var history: [HistoryStep]

    public init(todos: Todos = Todos(), people: People = People(), history: [HistoryStep] = []) {
        self.version = Self.currentVersion
        self.todos = todos
        self.people = people
        self.history = history
    }
}

/// A journal a store took in: its id, and a checksum of its whole lines, so that another
/// journal under the same id (from a copy of the store, say) is not taken for it.
public struct FoldedJournal: Sendable, Equatable {
    public let id: UUID
    public let checksum: UInt64

    public init(id: UUID, checksum: UInt64) {
        self.id = id
        self.checksum = checksum
    }
}

/// One change undo can take back: to the to-dos or to the people.
public enum HistoryStep: Sendable, Equatable {
    case todos(TodoStep)
    case people(PeopleStep)
}

/// A change to anything the store keeps, as the journal records it.
public enum StoreChange: Sendable, Equatable {
    case todos(TodoChange)
    case people(PeopleChange)
    /// Takes back the newest change in the history.
    case undo
}

extension StoreDocument {
    /// Makes the change, keeping what undoing it takes; or throws and changes nothing.
    /// Returns whether anything changed, and for an undo what it took back.
    @discardableResult
    public mutating func apply(_ change: StoreChange) throws -> (changed: Bool, undone: String?) {
        switch change {
        case .todos(let change):
            guard let step = try todos.apply(change) else { return (false, nil) }
            remember(.todos(step))
        case .people(let change):
            let before = people
            if let step = try people.apply(change) {
                remember(.people(step))
            }
            return (people != before, nil)
        case .undo:
            guard let step = history.last else { throw TodoError.nothingToUndo }
            let summary: String
            switch step {
            case .todos(let step): summary = try todos.revert(step)
            case .people(let step): summary = try people.revert(step)
            }
            history.removeLast()
            return (true, summary)
        }
        return (true, nil)
    }

    /// Adds to-dos one after the other, as the journal's adds in a row are brought in at once.
    /// Returns how many were new.
    mutating func add(contentsOf new: [(id: TodoItem.ID, title: String)]) throws -> [TodoStep] {
        let steps = try todos.add(contentsOf: new)
        steps.suffix(Self.undoLimit).forEach { remember(.todos($0)) }
        return steps
    }

    mutating func remember(_ step: HistoryStep) {
        history.append(step)
        if history.count > Self.undoLimit {
            history.removeFirst(history.count - Self.undoLimit)
        }
    }
}
