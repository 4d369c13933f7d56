#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListEngine
import TodoList

/// The lists a repair rebuilds: a journal's changes brought in one by one onto what the store
/// file still holds, each keeping what it meant, and what the lines left out had removed.
struct Rebuild {
    private(set) var document: Document
    private(set) var broughtIn = 0
    private(set) var leftOut: [Int]
    /// What the lines left out had removed, as each found the lists: a repair without them
    /// brings these back.
    private var removed: [(id: UUID, how: RepairReport.CameBack.How)] = []

    /// `unreadable`: the lines that do not read as changes, left out from the start.
    init(_ document: Document, unreadable: [Int]) {
        self.document = document
        leftOut = unreadable
    }

    /// Brings in a change of the journal. An add keeps the number its line gave it where no item
    /// of the rebuilt list has it (lines may come in another order than written), else takes the
    /// next one, so no add is lost for a line before it. A change naming items that were lost
    /// still applies to those that remain (a check of 1 to 5, 1 lost, checks 2 to 5); one that
    /// applies to nothing is left out.
    mutating func bringIn(_ entry: Journal.Entry) {
        let todos = document.todos
        do {
            if case .todos(.add(let id, _, _, _)) = entry.change, let number = entry.number, Document.itemNumbers.contains(number),
               todos.item(withID: id) == nil, todos.item(numbered: number) == nil {
                document.todos = Todos(unfinished: todos.unfinished, finished: todos.finished, nextNumber: number, order: todos.order)
                try document.apply(entry.change)
                document.todos = Todos(unfinished: document.todos.unfinished, finished: document.todos.finished,
                                       nextNumber: max(todos.nextNumber, number + 1), order: document.todos.order)
            } else {
                try document.apply(entry.change)
            }
            broughtIn += 1
        } catch {
            document.todos = todos
            if let narrowed = Self.narrowed(entry.change, to: document), (try? document.apply(narrowed)) != nil {
                broughtIn += 1
            } else {
                leftOut.append(entry.line)
                noteRemovals(of: entry.change)
            }
        }
    }

    /// Notes what a line left out for its sum would have removed: it still reads as a change.
    mutating func passOver(_ entry: Journal.Entry) {
        noteRemovals(of: entry.change)
    }

    /// What the rebuilt lists hold that a line left out had removed, as it is there now.
    var cameBack: [RepairReport.CameBack] {
        var seen = Set<UUID>()
        return removed.compactMap { id, how in
            guard seen.insert(id).inserted else { return nil }
            switch how {
            case .deleted, .cleared:
                return document.todos.item(withID: id).map { .init(name: $0.title, how: how) }
            case .checked:
                return document.todos.item(withID: id).flatMap { $0.isFinished ? nil : .init(name: $0.title, how: how) }
            case .personDeleted:
                return document.people.everyone.first { $0.id == id }.map { .init(name: $0.fullName, how: how) }
            }
        }
    }

    private mutating func noteRemovals(of change: Change) {
        let todos = document.todos
        switch change {
        case .todos(.delete(let ids)):
            removed += ids.filter { todos.item(withID: $0) != nil }.map { ($0, .deleted) }
        case .todos(.check(let ids, _)):
            removed += ids.filter { todos.item(withID: $0)?.isFinished == false }.map { ($0, .checked) }
        case .todos(.clearFinished):
            removed += todos.finished.map { ($0.id, .cleared) }
        case .people(.delete(let ids)):
            removed += ids.filter { id in document.people.everyone.contains { $0.id == id } }.map { ($0, .personDeleted) }
        default:
            break
        }
    }

    /// The change as it applies to the items that remain of those it names, in the state it
    /// expects them in; nil when it names no item that is lost, or none that remains.
    private static func narrowed(_ change: Change, to document: Document) -> Change? {
        func kept(_ ids: [UUID], _ remains: (UUID) -> Bool) -> [UUID]? {
            let kept = ids.filter(remains)
            return kept.isEmpty || kept.count == ids.count ? nil : kept
        }
        let todos = document.todos
        switch change {
        case let .todos(.check(ids, checking)):
            return kept(ids) { todos.item(withID: $0)?.isFinished == false }.map { .todos(.check($0, checking)) }
        case .todos(.uncheck(let ids)):
            return kept(ids) { todos.item(withID: $0)?.isFinished == true }.map { .todos(.uncheck($0)) }
        case .todos(.delete(let ids)):
            return kept(ids) { todos.item(withID: $0) != nil }.map { .todos(.delete($0)) }
        case .people(.delete(let ids)):
            return kept(ids) { id in document.people.everyone.contains { $0.id == id } }.map { .people(.delete($0)) }
        default:
            return nil
        }
    }
}
