import FastJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListEngine
import TodoList
import UserList

/// The most a damaged store file still holds: every to-do and person written whole in it,
/// wherever the text around them broke, and the ids that tie it to its journal where they read.
/// It reads the file as far as it can: each key tells which list the objects after it belong
/// to, and each object that reads as an item or a person is kept, the first time its id comes.
enum Salvage {
    static func file(from data: Data) -> FileDocument {
        var state = State()
        let bytes = [UInt8](data)
        var position = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position = state.readKey(in: bytes, at: position, data: data)
            case UInt8(ascii: "{") where state.section != nil:
                position = state.readObject(in: data, at: position)
            default:
                position += 1
            }
        }
        return FileDocument(document: state.document(), journal: state.journal, folded: state.folded)
    }

    /// A to-do found whole in the text: all but whether it is finished, which its list says.
    private struct FoundItem {
        let id: UUID
        let number: Int?
        let title: String
        let plan: TodoPlan
        let times: Times?
    }

    private enum Section {
        case todo, finished, everyone, deleted
    }

    private struct State {
        /// How deep a value an item holds under a key it does not know may nest: an item is tried
        /// at every brace, and one in a value nested a million deep would else read half a
        /// thousand braces at each try.
        static let depthLimit = 16

        /// The list the objects read now belong to; nil inside anything else (undo steps, searches).
        var section: Section?
        var todo: [FoundItem] = []
        var finished: [FoundItem] = []
        var everyone: [StoredPerson] = []
        var deleted: [StoredPerson] = []
        var seenItems = Set<UUID>()
        var seenPeople = Set<UUID>()
        var sortOrder: PeopleOrder?
        var fetchProgress: FetchProgress?
        var journal: UUID?
        var folded: FoldedJournal?

        /// Reads the string at `position`; when it is a key that says where the text is, notes
        /// it. Returns where scanning goes on.
        mutating func readKey(in bytes: [UInt8], at position: Int, data: Data) -> Int {
            guard let (key, end) = try? JSONReader.read(data, from: position, { try $0.readString() }) else { return position + 1 }
            var next = end
            while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
            guard next < bytes.count, bytes[next] == UInt8(ascii: ":") else { return end }
            // A key of a to-do or a person changes nothing; any other says where the text is.
            switch SalvageMark.ofKeys[key] {
            case .todo: section = .todo
            case .finished: section = .finished
            case .everyone: section = .everyone
            case .deleted: section = .deleted
            case .sortOrder:
                section = nil
                sortOrder = (try? JSONReader.read(data, from: skipSpace(bytes, next + 1)) { try $0.readEnum(PeopleOrder.self) })?.value
            case .fetchProgress:
                section = nil
                fetchProgress = (try? JSONReader.read(data, from: skipSpace(bytes, next + 1)) { try FetchProgress.read(&$0) })?.value
            case .journal:
                section = nil
                journal = journal ?? (try? JSONReader.read(data, from: skipSpace(bytes, next + 1)) { try $0.readUUID() })?.value
            case .folded:
                section = nil
                folded = folded ?? (try? JSONReader.read(data, from: skipSpace(bytes, next + 1)) { try FoldedJournal.read(&$0) })?.value
            case .elsewhere: section = nil
            case nil: break
            }
            return next + 1
        }

        /// Reads the object at `position` as an item or a person of the current list; returns
        /// its end when it reads, else the next byte.
        mutating func readObject(in data: Data, at position: Int) -> Int {
            switch section {
            case .todo, .finished:
                guard let (draft, end) = try? JSONReader.read(data, from: position, depthLimit: Self.depthLimit,
                                                              TodoItem.readWhatThereIs) else {
                    return position + 1
                }
                if let id = draft.id, let title = draft.title, TodoItem.normalizedTitle(title) != nil, seenItems.insert(id).inserted {
                    let found = FoundItem(id: id, number: draft.number, title: title, plan: draft.plan, times: draft.times)
                    if section == .todo { todo.append(found) } else { finished.append(found) }
                }
                return end
            case .everyone, .deleted:
                guard let (person, end) = try? JSONReader.read(data, from: position, depthLimit: Self.depthLimit,
                                                               { try StoredPerson.read(&$0) }) else {
                    return position + 1
                }
                if person.details.isNamed, seenPeople.insert(person.id).inserted {
                    if section == .everyone { everyone.append(person) } else { deleted.append(person) }
                }
                return end
            case nil:
                return position + 1
            }
        }

        /// The lists found, numbered: a number kept where it is whole and not taken, a new one
        /// after the others where not.
        func document() -> Document {
            var taken = Set<Int>()
            func keep(_ number: Int?) -> Int? {
                guard let number, Document.itemNumbers.contains(number), taken.insert(number).inserted else { return nil }
                return number
            }
            let todoNumbers = (todo + finished).map { keep($0.number) }
            var next = (taken.max() ?? 0) + 1
            func numbered(_ kept: Int?) -> Int {
                if let kept { return kept }
                defer { next += 1 }
                return next
            }
            let items = zip(todo + finished, todoNumbers).enumerated().map { offset, pair in
                // A plan a file changed by hand made wrong (a repeat without its due date) is left out.
                let plan = (try? pair.0.plan.check()).map { pair.0.plan } ?? .none
                return TodoItem(id: pair.0.id, number: numbered(pair.1), title: pair.0.title, isFinished: offset >= todo.count,
                                plan: plan, added: pair.0.times?.added, checked: offset >= todo.count ? pair.0.times?.checked : nil)
            }
            let todos = Todos(unfinished: Array(items.prefix(todo.count)), finished: Array(items.dropFirst(todo.count)), nextNumber: next)
            taken = []
            let personNumbers = everyone.map { keep($0.number) }
            next = (taken.max() ?? 0) + 1
            let listed = zip(everyone, personNumbers).map { person, kept in
                Person(id: person.id, number: numbered(kept), addedAt: person.addedAt, details: person.details)
            }
            let setAside = deleted.map { Person(id: $0.id, number: 0, addedAt: $0.addedAt, details: $0.details) }
            let people = People(everyone: listed, sortOrder: sortOrder ?? .added, deleted: setAside,
                                fetchProgress: fetchProgress.flatMap { (1...FetchProgress.lastPage).contains($0.nextPage) ? $0 : nil },
                                unmatchedSearches: [], nextNumber: listed.isEmpty ? 1 : next)
            return Document(todos: todos, people: people)
        }

        private func skipSpace(_ bytes: [UInt8], _ start: Int) -> Int {
            var position = start
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
            return position
        }
    }
}
