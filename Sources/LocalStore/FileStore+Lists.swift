#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ListEngine
import TodoList
import Undo
import UserList

// The file store as the view-models see it: their TodoStore and PeopleStore, and the add
// that appends one journal line without reading the list.

extension FileStore: TodoStore {
    public func loadTodos() throws -> Todos {
        try read().todos
    }

    @discardableResult
    public func apply(_ change: TodoChange) throws -> Todos {
        try apply(.todos(change)).document.todos
    }

    public func importTodos(_ new: [NewTodo]) throws -> (outcome: ImportOutcome, todos: Todos) {
        let files = try StoreFiles.at(path)
        return try files.withLock(waiting: lockWait) {
            let latest = try latest(files)
            let after = try applyHoldingTheLock(.todos(.importTodos(new)), files, to: latest).document.todos
            let before = latest.file.document.todos
            return (ImportOutcome(new, before: before, after: after), after)
        }
    }

    /// Adds a to-do by appending one line to the journal, without reading the list: a proven
    /// store's first bytes and the journal's adds tell the new item's number, so the cost does
    /// not grow with the list. Any other store is read and written as for any change.
    public func add(id: TodoItem.ID, title typed: String, plan: TodoPlan, at: Date?) throws -> TodoItem {
        guard let title = TodoItem.normalizedTitle(typed) else { throw TodoError.emptyTitle }
        let new = NewTodo(id: id, title: title, plan: plan, added: at)
        let files = try StoreFiles.at(path)
        return try files.withLock(waiting: lockWait) {
            if let item = try quickAdd(new, files) {
                return item
            }
            let document = try applyHoldingTheLock(.todos(.add(id: id, title: title, plan: plan, at: at)), files).document
            guard let item = document.todos.item(withID: id) else { throw TodoError.noSuchItem }
            return item
        }
    }

    public func undo() throws -> (undone: UndoneChange, todos: Todos) {
        let (undone, document) = try undoLast()
        return (undone, document.todos)
    }

    /// The add of a proven store, or nil when the store must be read as every reader reads it:
    /// there is none, it is not proven, its journal holds anything but adds numbered one after
    /// the other that the list would take, an id it would add is in the store already, the new
    /// number is past the last an item may have, or the journal is due to be folded.
    /// So an add refuses what a reader refuses without reading the list.
    func quickAdd(_ new: NewTodo, _ files: StoreFiles) throws -> TodoItem? {
        guard let store = try files.openStore() else { return nil }
        let data = try store.contents()
        guard let head = StoreHead.read(data), Document.itemNumbers.contains(head.nextTodoNumber) else { return nil }
        let journal = try StoreFiles.open(files.journal)
        if let journal, journal.size > Journal.largest(besideStoreOf: store.size) { return nil }
        let contents = try journal?.contents().withUnsafeBytes { Journal.read($0) } ?? Journal.Contents()
        let state = try JournalState.of(contents, own: head.journal, folded: head.folded, files: files)
        var adding = [new.id]
        if case .own(let contents) = state {
            for (offset, entry) in contents.entries.enumerated() {
                guard case .todos(.add(let added, let title, let plan, _)) = entry.change, entry.number == head.nextTodoNumber + offset,
                      (try? NewTodo(id: added, title: title, plan: plan).checkedTitle()) != nil else { return nil }
                adding.append(added)
            }
        }
        // The number a reader checks, checked as it checks it: past the last one, the whole path refuses the add.
        let number = head.nextTodoNumber + adding.count - 1
        guard Document.itemNumbers.contains(number), !adding.hasRepeats, !Self.mentions(adding, in: data) else { return nil }
        try new.plan.check()
        let item = TodoItem(id: new.id, number: number, title: new.title, plan: new.plan, added: new.added)
        let file = FileDocument(document: Document(), journal: head.journal, folded: head.folded)
        let latest = Latest(file: file, bytes: store.size, isProven: true, journal: state, walking: 0)
        let change = TodoChange.add(id: new.id, title: new.title, plan: new.plan, at: new.added)
        guard try append(.todos(change), number: item.number, to: latest, files) else { return nil }
        return item
    }
}

extension FileStore {
    /// Whether a store file's bytes give any of `ids` as the `"id"` of an object: one pass, no
    /// parsing, and no copy of the ids it passes. Each is looked up by a fingerprint of its
    /// bytes, so the pass costs the same for the one id of an add to a fresh store as for the
    /// hundreds of adds a journal may hold beside a large one. A bit for each fingerprint
    /// answers "not one of them" for almost every id of the file before the table is asked.
    static func mentions(_ ids: [UUID], in data: Data) -> Bool {
        // Sorted by fingerprint, for a binary search; a table of them would cost more to make
        // than the search of the few ids that get past the bits.
        let wanted = ids.map { id in
            let text = Array(id.uuidString.utf8)
            return (mark: text.withUnsafeBytes { fingerprint(of: $0.baseAddress!) }, text: text)
        }.sorted { $0.mark < $1.mark }
        var bits = [UInt64](repeating: 0, count: 1024)
        for (mark, _) in wanted {
            bits[Int(mark >> 6 & 1023)] |= 1 << (mark & 63)
        }
        // todo writes every to-do, in the lists and in the undo steps, as an object whose first
        // key is its id (the to-do table's first key), and only a proven file, which todo wrote,
        // is scanned: looking for each `{` passes an item in one step, where a `"` took twelve.
        let key = Array("{".utf8) + Array(TodoItem.keys.literal(.id)) + Array("\"".utf8)
        return data.withUnsafeBytes { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            var offset = 0
            while offset < bytes.count {
                guard let found = memchr(base + offset, Int32(key[0]), bytes.count - offset) else { return false }
                let start = base.distance(to: UnsafeRawPointer(found))
                offset = start + 1
                guard start + key.count + 36 <= bytes.count,
                      memcmp(base + start, key, key.count) == 0 else { continue }
                let id = base + start + key.count
                let mark = fingerprint(of: id)
                if bits[Int(mark >> 6 & 1023)] & 1 << (mark & 63) != 0 {
                    var index = firstIndex(of: mark, in: wanted)
                    while index < wanted.count, wanted[index].mark == mark {
                        if memcmp(id, wanted[index].text, 36) == 0 { return true }
                        index += 1
                    }
                }
                offset = start + key.count + 36
            }
            return false
        }
    }

    /// Where `mark` is, or would be, among fingerprints in order.
    private static func firstIndex(of mark: UInt64, in wanted: [(mark: UInt64, text: [UInt8])]) -> Int {
        var low = 0, high = wanted.count
        while low < high {
            let middle = (low + high) / 2
            if wanted[middle].mark < mark { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The 36 bytes of an id, folded into one number: ids that differ almost always differ in it.
    private static func fingerprint(of id: UnsafeRawPointer) -> UInt64 {
        var folded = UInt64(id.loadUnaligned(fromByteOffset: 32, as: UInt32.self))
        for word in 0..<4 {
            folded = (folded ^ id.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
        }
        return folded
    }
}

extension FileStore: PeopleStore {
    public func loadPeople() throws -> People {
        try read().people
    }

    @discardableResult
    public func apply(_ change: PeopleChange) throws -> People {
        try apply(.people(change)).document.people
    }

    public func undo() throws -> (undone: UndoneChange, people: People) {
        let (undone, document) = try undoLast()
        return (undone, document.people)
    }

    /// Keeps the search where there is a store that can be written; otherwise, or when
    /// anything goes wrong, keeps nothing and says nothing.
    public func remember(unmatched query: String) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        _ = try? apply(.people(.rememberUnmatched(query)))
    }
}
