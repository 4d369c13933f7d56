#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TodoList

/// A journal line that does not apply to the lists it was replayed onto.
struct ReplayFailure: Error {
    let line: Int
    let reason: String

    /// The store's refusal, naming the journal and its line.
    func damaged(_ files: StoreFiles) -> StoreError {
        .damaged(path: files.path, reason: "line \(line) of its journal, \(PathText.lastComponent(files.journal)), "
                 + "does not apply (\(reason))")
    }
}

extension StoreDocument {
    /// Brings in the changes of its journal, oldest first. Adds of to-dos in a row are made at
    /// once: that is what keeps a journal of thousands of adds quick to read. Throws, having
    /// brought in the changes before it, at a change that does not apply or an add whose
    /// number is not the one the list gives.
    mutating func replay(_ entries: [Journal.Entry]) throws(ReplayFailure) {
        var adds: [(id: TodoItem.ID, title: String, line: Int)] = []
        for entry in entries {
            if case .todos(.add(let id, let title)) = entry.change {
                if let number = entry.number, number != todos.nextNumber + adds.count {
                    try bringIn(&adds)
                    throw ReplayFailure(line: entry.line, reason: "it gives the new to-do the number \(number), "
                                        + "where the list gives \(todos.nextNumber)")
                }
                adds.append((id, title, entry.line))
                continue
            }
            try bringIn(&adds)
            do {
                try apply(entry.change)
            } catch {
                throw ReplayFailure(line: entry.line, reason: (error as? LocalizedError)?.errorDescription ?? "\(error)")
            }
        }
        try bringIn(&adds)
    }

    /// Adds the to-dos at once; a failure names the line of the first add that did not apply.
    private mutating func bringIn(_ adds: inout [(id: TodoItem.ID, title: String, line: Int)]) throws(ReplayFailure) {
        guard !adds.isEmpty else { return }
        defer { adds = [] }
        let added: [TodoStep]
        do {
            added = try add(contentsOf: adds.map { ($0.id, $0.title) })
        } catch {
            let line = adds.first { TodoItem.normalizedTitle($0.title) == nil }?.line ?? adds[0].line
            throw ReplayFailure(line: line, reason: (error as? LocalizedError)?.errorDescription ?? "\(error)")
        }
        guard added.count == adds.count else {
            let skipped = zip(adds, added).first { $0.id != $1.removing.first }?.0 ?? adds[added.count]
            throw ReplayFailure(line: skipped.line, reason: "it adds a to-do the list holds already")
        }
    }

    /// How many changes, of those in a journal, walk the list to be replayed: all but the adds.
    static func walking(_ entries: [Journal.Entry]) -> Int {
        entries.count { if case .todos(.add) = $0.change { false } else { true } }
    }
}
