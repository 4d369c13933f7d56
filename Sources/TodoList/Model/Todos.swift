import Foundation
import TextSearch

/// The whole list: what is left to do, what is finished, and how to undo the last changes.
///
/// It is a plain value changed only through `apply(_:)`, so the same rules hold in a view,
/// in a command and inside the store, and a test can compare a whole list with `==`.
public struct Todos: Codable, Sendable, Equatable {
    /// Newest first: an added item goes to the top, an unchecked one to the bottom.
    public private(set) var todo: [TodoItem]
    /// Most recently finished first.
    public private(set) var finished: [TodoItem]
    private(set) var undoSteps: [UndoStep]

    /// How many changes undo can go back; older ones are forgotten.
    public static let undoLimit = 50

    public init(todo: [TodoItem] = [], finished: [TodoItem] = []) {
        self.todo = todo
        self.finished = finished
        self.undoSteps = []
    }

    /// A list as it was saved, undo steps and all.
    init(todo: [TodoItem], finished: [TodoItem], undoSteps: [UndoStep]) {
        self.todo = todo
        self.finished = finished
        self.undoSteps = undoSteps
    }

    /// To do, then Finished: the order in which a list is read and numbered.
    public var all: [TodoItem] { todo + finished }

    public var canUndo: Bool { !undoSteps.isEmpty }

    public func item(withID id: TodoItem.ID) -> TodoItem? {
        todo.first { $0.id == id } ?? finished.first { $0.id == id }
    }

    /// The items, To do first, whose title contains `query`, ignoring case and accents.
    public func matching(_ query: String) -> [TodoItem] {
        let query = TextQuery(query)
        return all.filter { query.isFound(in: $0.title) }
    }

    /// Makes the change, or throws and leaves the list untouched. Says whether the list changed:
    /// not for an add of an item it already holds, or a clear with nothing finished, so that a
    /// store need not compare a list of thousands to know whether to save it.
    @discardableResult
    public mutating func apply(_ change: TodoChange) throws(TodoError) -> Bool {
        switch change {
        case .add(let item):
            guard let title = TodoItem.normalizedTitle(item.title) else { throw .emptyTitle }
            guard self.item(withID: item.id) == nil else { return false }
            todo.insert(TodoItem(id: item.id, title: title), at: 0)
            record(UndoStep(removing: [item.id], restoring: []))

        case .check(let id):
            guard let index = todo.firstIndex(where: { $0.id == id }) else {
                throw finished.contains { $0.id == id } ? .alreadyFinished : .noSuchItem
            }
            let item = todo.remove(at: index)
            finished.insert(TodoItem(id: id, title: item.title, isFinished: true), at: 0)
            record(UndoStep(removing: [id], restoring: [Placement(item: item, index: index)]))

        case .uncheck(let id):
            guard let index = finished.firstIndex(where: { $0.id == id }) else {
                throw todo.contains { $0.id == id } ? .notFinished : .noSuchItem
            }
            let item = finished.remove(at: index)
            todo.append(TodoItem(id: id, title: item.title))
            record(UndoStep(removing: [id], restoring: [Placement(item: item, index: index)]))

        case .delete(let id):
            let placement = try self.placement(of: id)
            remove([id])
            record(UndoStep(removing: [], restoring: [placement]))

        case .rename(let id, let typed):
            guard let title = TodoItem.normalizedTitle(typed) else { throw .emptyTitle }
            let placement = try self.placement(of: id)
            var renamed = placement.item
            renamed.title = title
            replace(renamed)
            record(UndoStep(removing: [id], restoring: [placement]))

        case .clearFinished:
            guard !finished.isEmpty else { return false }
            let placements = finished.enumerated().map { Placement(item: $0.element, index: $0.offset) }
            finished.removeAll()
            record(UndoStep(removing: [], restoring: placements))

        case .undo:
            guard let step = undoSteps.popLast() else { throw .nothingToUndo }
            remove(step.removing)
            for placement in step.restoring.sorted(by: { $0.index < $1.index }) {
                insert(placement)
            }
        }
        return true
    }

    /// Adds `items` one after the other, as `apply(.add(_:))` would, the last one ending up
    /// at the top; an item whose id is already in the list is skipped. It looks at the list once,
    /// not once per item, and only remembers the ids that arrive, so a store can bring in a
    /// few adds to a list of a hundred thousand, or thousands of adds, at the cost of one.
    public mutating func add(contentsOf items: [TodoItem]) throws(TodoError) {
        guard !items.isEmpty else { return }
        let arriving = Set(items.map(\.id))
        var known = Set(todo.lazy.map(\.id).filter(arriving.contains))
        known.formUnion(finished.lazy.map(\.id).filter(arriving.contains))
        var added: [TodoItem] = []
        for item in items where !known.contains(item.id) {
            guard let title = TodoItem.normalizedTitle(item.title) else { throw .emptyTitle }
            known.insert(item.id)
            added.append(TodoItem(id: item.id, title: title))
        }
        guard !added.isEmpty else { return }
        todo.insert(contentsOf: added.reversed(), at: 0)
        for item in added.suffix(Self.undoLimit) {
            record(UndoStep(removing: [item.id], restoring: []))
        }
    }

    // MARK: - Private

    private func placement(of id: TodoItem.ID) throws(TodoError) -> Placement {
        if let index = todo.firstIndex(where: { $0.id == id }) {
            return Placement(item: todo[index], index: index)
        }
        if let index = finished.firstIndex(where: { $0.id == id }) {
            return Placement(item: finished[index], index: index)
        }
        throw .noSuchItem
    }

    private mutating func record(_ step: UndoStep) {
        undoSteps.append(step)
        if undoSteps.count > Self.undoLimit {
            undoSteps.removeFirst(undoSteps.count - Self.undoLimit)
        }
    }

    private mutating func remove(_ ids: [TodoItem.ID]) {
        guard !ids.isEmpty else { return }
        let removed = Set(ids)
        todo.removeAll { removed.contains($0.id) }
        finished.removeAll { removed.contains($0.id) }
    }

    private mutating func replace(_ item: TodoItem) {
        if let index = todo.firstIndex(where: { $0.id == item.id }) { todo[index] = item }
        if let index = finished.firstIndex(where: { $0.id == item.id }) { finished[index] = item }
    }

    private mutating func insert(_ placement: Placement) {
        if placement.item.isFinished {
            finished.insert(placement.item, at: min(placement.index, finished.count))
        } else {
            todo.insert(placement.item, at: min(placement.index, todo.count))
        }
    }
}

/// What undoing one change takes: the items it brought in go, the items it moved or removed
/// come back where they were. Every change is undone this one way.
struct UndoStep: Codable, Sendable, Equatable {
    var removing: [TodoItem.ID]
    var restoring: [Placement]
}

/// An item as it was, and where it stood in its section.
struct Placement: Codable, Sendable, Equatable {
    var item: TodoItem
    var index: Int
}
