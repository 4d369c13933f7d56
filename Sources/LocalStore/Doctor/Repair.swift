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

/// What `todo doctor --repair` did.
public struct RepairReport: Sendable, Equatable {
    /// The copies of the files as they were, kept beside them.
    public let copies: [String]
    /// What the rebuilt store holds.
    public let todos: Int
    public let people: Int
    /// The journal's changes brought into the rebuilt store, and those left out because they
    /// did not read or did not apply (their lines).
    public let changesBroughtIn: Int
    public let linesLeftOut: [Int]
    /// Why the journal's changes were not brought in at all, when they were not.
    public let journalSetAside: SetAside?

    public enum SetAside: Sendable, Equatable {
        /// The store had taken the journal in already.
        case takenInAlready
        /// The journal names another store.
        case namesAnotherStore(UUID)
    }
}

extension FileStore {
    /// Rebuilds a damaged store from what its files still hold, and keeps a copy of each file
    /// as it was beside it (`store.json.damaged-20261123-101500`), so nothing is lost that was
    /// there: the store as far as it reads (every item and person written whole in it), then
    /// each change of its journal that reads and applies, when the journal is the store's own
    /// or names no store a reader could make out. A journal that names another store is only
    /// kept as a copy. A store written by a newer todo, or a file made read-only, is refused
    /// before anything is written. Returns nil, and writes nothing, for a store that is sound.
    public func repair(at now: Date = Date()) throws -> RepairReport? {
        let files = try StoreFiles.at(url.path)
        return try files.withLock {
            guard try !inspect().isSound else { return nil }
            let store = try StoreFiles.open(files.path, followLink: true)
            let journalFile = try StoreFiles.open(files.journal)
            for file in [store, journalFile].compactMap({ $0 }) where file.isReadOnly {
                throw StoreError.cannotWrite(path: file === store ? files.path : files.journal, file === store ? .readOnlyFile : .readOnlyJournal)
            }
            let storeData = try store?.contents()
            // A journal larger than todo ever writes is read as far as todo would have written it.
            let journalData = try journalFile?.contents().prefix(Journal.largest(besideStoreOf: storeData?.count ?? 0))
            if let storeData, let version = FileDocument.version(in: storeData), version > StoreFormat.current {
                throw StoreError.newerVersion(path: files.path, version: version)
            }
            let rebuilt = Self.rebuilt(from: storeData)
            var document = rebuilt.document
            var broughtIn = 0
            var leftOut: [Int] = []
            var setAside: RepairReport.SetAside?
            if let journalData {
                let journal = Journal.salvage(journalData)
                let read = journalData.withUnsafeBytes { Journal.read($0, parsing: false) }
                if let folded = rebuilt.folded, folded.isTakenIn(read) {
                    setAside = .takenInAlready
                } else if let owner = journal.owner, rebuilt.journal != nil, owner != rebuilt.journal {
                    setAside = .namesAnotherStore(owner)
                } else {
                    leftOut = journal.unreadable
                    // Each change on its own; an add keeps the number its line gave it where no
                    // item of the rebuilt list has it (lines may come in another order than
                    // written), else takes the next one, so no add is lost for a line before it.
                    for entry in journal.entries {
                        let next = document.todos.nextNumber
                        do {
                            if case .todos(.add(let id, _, _, _)) = entry.change, let number = entry.number,
                               Document.itemNumbers.contains(number),
                               document.todos.item(withID: id) == nil, document.todos.item(numbered: number) == nil {
                                document.todos = Todos(unfinished: document.todos.unfinished, finished: document.todos.finished, nextNumber: number)
                                try document.apply(entry.change)
                                document.todos = Todos(unfinished: document.todos.unfinished, finished: document.todos.finished,
                                                       nextNumber: max(next, number + 1))
                            } else {
                                try document.apply(entry.change)
                            }
                            broughtIn += 1
                        } catch {
                            document.todos = Todos(unfinished: document.todos.unfinished, finished: document.todos.finished, nextNumber: next)
                            leftOut.append(entry.line)
                        }
                    }
                }
            }
            let stamp = Self.stamp(now)
            let copies = try [(store, files.path), (journalFile, files.journal)].compactMap { file, path in
                try file.map { try Self.keepCopy($0.contents(), of: path, stamp: stamp) }
            }
            let latest = Latest(file: FileDocument(document: document), bytes: storeData?.count ?? 0,
                                isProven: false, journal: .none, walking: 0)
            try fold(document, latest, files)
            return RepairReport(copies: copies, todos: document.todos.all.count, people: document.people.everyone.count,
                                changesBroughtIn: broughtIn, linesLeftOut: leftOut.sorted(), journalSetAside: setAside)
        }
    }

    /// The store file's lists when they read and are sound, else the most `Salvage` finds;
    /// journal and folded ids kept where they read, so the journal can be told.
    private static func rebuilt(from data: Data?) -> FileDocument {
        guard let data else { return FileDocument(document: Document()) }
        if var read = try? FileDocument.read(data), read.file.document.problems.isEmpty {
            if read.isLegacy { read.file.document = read.file.document.numberedAsShown() }
            return read.file
        }
        return FileDocument(document: Salvage.document(from: data))
    }

    /// Writes `data` to a new file beside `path`, named for the time, flushed to disk.
    private static func keepCopy(_ data: Data, of path: String, stamp: String) throws -> String {
        for attempt in 1...100 {
            let copy = path + ".damaged-" + stamp + (attempt == 1 ? "" : "-\(attempt)")
            let descriptor = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor < 0 && errno == EEXIST { continue }
            guard descriptor >= 0 else { throw StoreError.cannotWrite(path: copy, .system(errno: errno)) }
            defer { close(descriptor) }
            try Disk.system.writeAll(data, to: descriptor, path: copy)
            guard fsync(descriptor) == 0 else { throw StoreError.cannotWrite(path: copy, .system(errno: errno)) }
            return copy
        }
        throw StoreError.cannotWrite(path: path, .noNameForACopy)
    }

    private static func stamp(_ now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))-\(two(parts.hour))\(two(parts.minute))\(two(parts.second))"
    }
}
