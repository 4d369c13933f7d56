#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dates
import TextSearch
import Undo

/// The whole list: what is left to do, what is finished, and the number the next item gets.
///
/// It is a plain value changed only through `apply(_:)` and `revert(_:)`, so the same rules
/// hold in a view, in a command and inside the store, and a test can compare a whole list with `==`.
///
/// Numbers: an item keeps the number it was added with until it is deleted. A new item takes
/// the next number; once the list is empty, numbering starts again at 1.
public struct Todos: Sendable, Equatable {
    /// The To do section, newest first: an added item goes to the top, an unchecked one to the bottom.
    public private(set) var unfinished: [TodoItem]
    /// Most recently finished first.
    public private(set) var finished: [TodoItem]
    /// The number the next item added gets.
    public private(set) var nextNumber: Int
    /// The order To do is shown in, as last chosen; the sections themselves keep the seed's order.
    public private(set) var order: TodoOrder

    /// An empty list, whose first item is number 1.
    public init() {
        self.init(unfinished: [], finished: [], nextNumber: 1)
    }

    /// A list as it was saved. Whoever reads it from outside checks it first (a store does).
    package init(unfinished: [TodoItem], finished: [TodoItem], nextNumber: Int, order: TodoOrder = .added) {
        self.unfinished = unfinished
        self.finished = finished
        self.nextNumber = nextNumber
        self.order = order
    }

    /// To do, then Finished: the order in which a list is shown.
    public var all: [TodoItem] { unfinished + finished }

    /// Whether both sections are empty: numbering starts again at 1 then.
    public var isEmpty: Bool { unfinished.isEmpty && finished.isEmpty }

    /// The item an id names, in either section: ids stay as the numbers change.
    public func item(withID id: TodoItem.ID) -> TodoItem? {
        unfinished.first { $0.id == id } ?? finished.first { $0.id == id }
    }

    /// The item a number the user typed names, in either section.
    public func item(numbered number: Int) -> TodoItem? {
        unfinished.first { $0.number == number } ?? finished.first { $0.number == number }
    }

    /// The items, To do first, whose title contains every word of `query`, in any order,
    /// ignoring case and accents.
    public func matching(_ query: String) -> [TodoItem] {
        let query = WordsQuery(query)
        // Each title read where it lies: `all`, or a filter, would copy every item first.
        func found(in section: [TodoItem]) -> [TodoItem] {
            section.indices.filter { query.isFound(in: section[$0].title) }.map { section[$0] }
        }
        return found(in: unfinished) + found(in: finished)
    }

    /// Makes the change, or throws and leaves the list untouched. Returns what undoing it takes,
    /// or nil when the list did not change: an add of an item it already holds, a clear with
    /// nothing finished. A store need not compare a list of thousands to know whether to save it.
    @discardableResult
    public mutating func apply(_ change: TodoChange) throws(TodoError) -> TodoStep? {
        let step: TodoStep
        switch change {
        case let .add(id, typed, plan, at):
            guard let title = TodoItem.normalizedTitle(typed) else { throw .emptyTitle }
            try plan.check()
            guard item(withID: id) == nil else { return nil }
            unfinished.insert(TodoItem(id: id, number: nextNumber, title: title, plan: plan, added: at), at: 0)
            nextNumber += 1
            step = TodoStep(kind: .add, removing: [id], restoring: [])

        case let .check(ids, checking):
            let ids = Self.unique(ids)
            guard !ids.isEmpty else { return nil }
            let placements = try Self.placements(of: ids, in: unfinished, elsewhere: finished, whenElsewhere: TodoError.alreadyFinished)
            let repeats = checking.map { repeating(placements.map(\.item), $0) } ?? []
            guard !repeats.contains(where: { item(withID: $0.id) != nil }) else { throw .noSuchItem }
            remove(ids)
            for placement in placements {
                var item = placement.item
                item.mark(finished: true, checked: checking?.at)
                finished.insert(item, at: 0)
            }
            for var new in repeats {
                new = TodoItem(id: new.id, number: nextNumber, title: new.title, plan: new.plan, added: new.added)
                unfinished.insert(new, at: 0)
                nextNumber += 1
            }
            step = TodoStep(kind: .check, removing: ids + repeats.map(\.id), restoring: placements)

        case .uncheck(let ids):
            let ids = Self.unique(ids)
            guard !ids.isEmpty else { return nil }
            let placements = try Self.placements(of: ids, in: finished, elsewhere: unfinished, whenElsewhere: TodoError.notFinished)
            remove(ids)
            for placement in placements {
                var item = placement.item
                item.mark(finished: false, checked: nil)
                unfinished.append(item)
            }
            step = TodoStep(kind: .uncheck, removing: ids, restoring: placements)

        case .delete(let ids):
            let ids = Self.unique(ids)
            guard !ids.isEmpty else { return nil }
            let inTodo = Self.positions(of: ids, in: unfinished)
            let inFinished = Self.positions(of: ids, in: finished)
            let placements = try ids.map { id throws(TodoError) in
                if let index = inTodo[id] { return Placement(item: unfinished[index], index: index) }
                if let index = inFinished[id] { return Placement(item: finished[index], index: index) }
                throw .noSuchItem
            }
            remove(ids)
            step = TodoStep(kind: .delete, removing: [], restoring: placements)

        case let .rename(id, typed):
            guard let title = TodoItem.normalizedTitle(typed) else { throw .emptyTitle }
            let placement = try placement(of: id)
            guard title != placement.item.title else { return nil }
            var renamed = placement.item
            renamed.title = title
            if renamed.isFinished { finished[placement.index] = renamed } else { unfinished[placement.index] = renamed }
            step = TodoStep(kind: .rename, removing: [id], restoring: [placement])

        case let .edit(id, edit):
            let placement = try placement(of: id)
            var edited = edit.applied(to: placement.item)
            guard let title = TodoItem.normalizedTitle(edited.title) else { throw .emptyTitle }
            edited.title = title
            try edited.plan.check()
            guard edited != placement.item else { return nil }
            if edited.isFinished { finished[placement.index] = edited } else { unfinished[placement.index] = edited }
            step = TodoStep(kind: .edit, removing: [id], restoring: [placement])

        case .sort(let new):
            guard new != order else { return nil }
            step = TodoStep(kind: .sort, removing: [], restoring: [], order: order)
            order = new

        case .importTodos(let new):
            let arriving = try newItems(new)
            guard !arriving.isEmpty else { return nil }
            unfinished.insert(contentsOf: arriving.filter { !$0.isFinished }.reversed(), at: 0)
            finished.insert(contentsOf: arriving.filter(\.isFinished).reversed(), at: 0)
            nextNumber += arriving.count
            step = TodoStep(kind: .import, removing: arriving.map(\.id), restoring: [])

        case .clearFinished:
            guard !finished.isEmpty else { return nil }
            let placements = finished.enumerated().map { Placement(item: $0.element, index: $0.offset) }
            finished.removeAll()
            step = TodoStep(kind: .clearFinished, removing: [], restoring: placements)
        }
        restartNumberingIfEmpty()
        return step
    }

    /// The items `new` brings, numbered from the next number, each checked as an add checks it:
    /// those whose id the list holds, or one before them holds, are passed over.
    private func newItems(_ new: [NewTodo]) throws(TodoError) -> [TodoItem] {
        let arriving = IDSet(new.map(\.id))
        var known = Set(all.lazy.map(\.id).filter(arriving.contains))
        var items: [TodoItem] = []
        for new in new where known.insert(new.id).inserted {
            let title = try new.checkedTitle()
            items.append(TodoItem(id: new.id, number: nextNumber + items.count, title: title, isFinished: new.isFinished,
                                  plan: new.plan, added: new.added, checked: new.checked))
        }
        return items
    }

    /// Adds new items one after the other, as `apply(.add(…))` would, the last one ending up
    /// at the top, and returns a step for each; an item whose id is already in the list is
    /// skipped. It looks at the list once, not once per item, so a store can bring in thousands
    /// of adds at the cost of one.
    public mutating func add(contentsOf new: [NewTodo]) throws(TodoError) -> [TodoStep] {
        let added = try newItems(new)
        unfinished.insert(contentsOf: added.reversed(), at: 0)
        nextNumber += added.count
        return added.map { TodoStep(kind: .add, removing: [$0.id], restoring: []) }
    }

    /// Takes back the change `step` came from, provided the list is as that change left it
    /// (undo takes steps back newest first). Returns what was undone. Throws `undoDoesNotFit`,
    /// and changes nothing, when bringing the items back would repeat an id or a number the
    /// list already holds.
    @discardableResult
    public mutating func revert(_ step: TodoStep) throws(TodoError) -> UndoneChange {
        let summary = summary(of: step)
        var reverted = self
        reverted.remove(step.removing)
        var ids = Set(reverted.all.map(\.id))
        var numbers = Set(reverted.all.map(\.number))
        for placement in step.restoring.sorted(by: { $0.index < $1.index }) {
            guard ids.insert(placement.item.id).inserted, numbers.insert(placement.item.number).inserted,
                  placement.item.number >= 1 else { throw .undoDoesNotFit }
            reverted.insert(placement)
        }
        reverted.nextNumber = max(reverted.nextNumber, (numbers.max() ?? 0) + 1)
        if step.kind == .sort { reverted.order = step.order ?? .added }
        reverted.restartNumberingIfEmpty()
        self = reverted
        return summary
    }

    // MARK: - Private

    /// What undoing `step` takes back, about the items as they are now and were then.
    private func summary(of step: TodoStep) -> UndoneChange {
        let removing = IDSet(step.removing)
        let titles = Dictionary(all.lazy.filter { removing.contains($0.id) }.map { ($0.id, $0.title) }) { first, _ in first }
        let now = step.removing.compactMap { titles[$0] }
        let before = step.restoring.map(\.item.title)
        switch step.kind {
        case .add: return UndoneChange(.addTodos, names: now)
        case .check: return UndoneChange(.checkTodos, names: before)
        case .uncheck: return UndoneChange(.uncheckTodos, names: before)
        case .delete: return UndoneChange(.deleteTodos, names: before)
        case .rename: return UndoneChange(.renameTodo, names: before, renamedTo: now.first)
        case .edit: return UndoneChange(.editTodo, names: before)
        case .sort: return UndoneChange(.sortTodos, names: [])
        case .import: return UndoneChange(.importTodos, names: now)
        case .clearFinished: return UndoneChange(.clearFinished, names: before)
        case .change: return UndoneChange(.changeTodos, names: [])
        }
    }

    /// Where each item stands in `section`; an item in the other section throws what
    /// `whenElsewhere` makes of its id, one in neither `noSuchItem`.
    private static func placements(of ids: [TodoItem.ID], in section: [TodoItem], elsewhere other: [TodoItem],
                                   whenElsewhere: (TodoItem.ID) -> TodoError) throws(TodoError) -> [Placement] {
        let positions = positions(of: ids, in: section)
        return try ids.map { id throws(TodoError) in
            guard let index = positions[id] else {
                throw other.contains { $0.id == id } ? whenElsewhere(id) : .noSuchItem
            }
            return Placement(item: section[index], index: index)
        }
    }

    /// Where each of `ids` stands in `section`: one walk of the section, however many ids.
    private static func positions(of ids: [TodoItem.ID], in section: [TodoItem]) -> [TodoItem.ID: Int] {
        let wanted = IDSet(ids)
        var positions: [TodoItem.ID: Int] = [:]
        for (index, item) in section.enumerated() where wanted.contains(item.id) {
            positions[item.id] = index
        }
        return positions
    }

    private static func unique(_ ids: [TodoItem.ID]) -> [TodoItem.ID] {
        var seen = Set<TodoItem.ID>()
        return ids.filter { seen.insert($0).inserted }
    }

    private func placement(of id: TodoItem.ID) throws(TodoError) -> Placement {
        if let index = unfinished.firstIndex(where: { $0.id == id }) {
            return Placement(item: unfinished[index], index: index)
        }
        if let index = finished.firstIndex(where: { $0.id == id }) {
            return Placement(item: finished[index], index: index)
        }
        throw .noSuchItem
    }

    /// The new to-dos that checking `items` brings back, one for each repeat they are of: the
    /// same title and plan, due a whole number of periods after the checked one, today or later;
    /// numbered when they are put in. A repeat comes back once, after the latest of its to-dos:
    /// not while the list holds a later one to do (a check taken back and made again, another
    /// checked with it), and after its latest day finished.
    private func repeating(_ items: [TodoItem], _ checking: Checking) -> [TodoItem] {
        var brought: [TodoItem] = []
        for item in items {
            guard let newID = checking.repeatIDs[item.id], let recurrence = item.plan.recurrence, let due = item.plan.due else { continue }
            let isOfItsRepeat = { (other: TodoItem) in other.sharesRepeat(with: item) }
            guard recurrence.days(among: Set(unfinished.filter(isOfItsRepeat).compactMap(\.plan.due)), after: due).isEmpty else { continue }
            let latestDone = recurrence.days(among: Set(finished.filter(isOfItsRepeat).compactMap(\.plan.due)), after: due).max()
            guard let next = Self.firstDay(after: due, by: recurrence, onOrAfter: checking.today, after: latestDone) else { continue }
            var plan = item.plan
            plan.due = next
            // Two to-dos of one repeat due on one day, checked together, bring it once.
            guard !brought.contains(where: { $0.sharesRepeat(with: item) && $0.plan.due == next }) else { continue }
            brought.append(TodoItem(id: newID, number: 0, title: item.title, plan: plan, added: checking.at))
        }
        return brought
    }

    /// The first day a whole number of periods after `due` that is `today` or later, and after
    /// `done` when there is one; nil past the calendar's end.
    private static func firstDay(after due: CalendarDate, by recurrence: Recurrence, onOrAfter today: CalendarDate,
                                 after done: CalendarDate?) -> CalendarDate? {
        // Days and weeks are counted at once: a daily repeat due in the year 1 is millions of
        // days before today. Months and years, thousands at most, one at a time.
        let from = max(today, done.flatMap { $0.adding(days: 1) } ?? today)
        let days = recurrence == .daily ? 1 : recurrence == .weekly ? 7 : nil
        var count = days.map { max(1, (due.days(to: from) + $0 - 1) / $0) } ?? 1
        while let day = recurrence.day(count, periodsAfter: due) {
            if day >= today && done.map({ day > $0 }) ?? true { return day }
            count += 1
        }
        return nil
    }

    private mutating func restartNumberingIfEmpty() {
        if isEmpty { nextNumber = 1 }
    }

    private mutating func remove(_ ids: [TodoItem.ID]) {
        guard !ids.isEmpty else { return }
        let removed = IDSet(ids)
        // A section is made anew, of the items it keeps, and only when it holds one to remove:
        // the lists are shared with the copy the view-model shows, so a removal in place would
        // copy the whole section first, and then move the items after each one removed.
        if let first = unfinished.indices.first(where: { removed.contains(unfinished[$0].id) }) {
            unfinished = Self.keeping(unfinished, from: first, without: removed)
        }
        if let first = finished.indices.first(where: { removed.contains(finished[$0].id) }) {
            finished = Self.keeping(finished, from: first, without: removed)
        }
    }

    /// The section without the removed items, the first of which is at `first`: each kept item
    /// copied once, read where it lies.
    private static func keeping(_ section: [TodoItem], from first: Int, without removed: IDSet) -> [TodoItem] {
        var kept: [TodoItem] = []
        kept.reserveCapacity(section.count)
        kept += section[..<first]
        for index in section.indices[first...] where !removed.contains(section[index].id) {
            kept.append(section[index])
        }
        return kept
    }

    /// Puts the item back in its section, at its index or at the end when the section is shorter.
    private mutating func insert(_ placement: Placement) {
        if placement.item.isFinished {
            finished.insert(placement.item, at: min(max(placement.index, 0), finished.count))
        } else {
            unfinished.insert(placement.item, at: min(max(placement.index, 0), unfinished.count))
        }
    }
}
