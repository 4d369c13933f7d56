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
import Dates
import ListEngine
import TodoList

/// What `todo doctor --repair` did, or, before it writes anything, would do.
public struct RepairReport: Sendable, Equatable {
    /// The copies of the files as they were, kept beside them; none before the repair is made.
    public internal(set) var copies: [String] = []
    /// What the rebuilt store holds.
    public let todos: Int
    public let people: Int
    /// The journal's changes brought into the rebuilt store, and those left out because they
    /// did not read or did not apply (their lines).
    public let changesBroughtIn: Int
    public let linesLeftOut: [Int]
    /// Why the journal's changes were not brought in at all, when they were not.
    public let journalSetAside: SetAside?
    /// What the rebuilt store holds that the user had removed, brought back because the lines
    /// that removed it are left out. A repair asks before it writes them back.
    public let cameBack: [CameBack]
    /// The journal the rebuilt store took in, when the system would not let it be removed. The
    /// store accounts for it, so every command reads the lists; a change is refused until it can go.
    public internal(set) var journalLeft: JournalLeft?

    /// An item or a person a line left out had removed, by the title or name it has now.
    public struct CameBack: Sendable, Equatable {
        public enum How: Sendable, Equatable {
            /// A to-do deleted, checked (it is back in To do), cleared from Finished; a person deleted.
            case deleted, checked, cleared, personDeleted
        }

        public let name: String
        public let how: How
    }

    public struct JournalLeft: Sendable, Equatable {
        public let path: String
        /// Why, as the system's error number.
        public let errno: Int32
    }

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
    ///
    /// Before it writes anything, a repair that would bring back what the user had removed
    /// (`cameBack`) asks `confirm`, under the lock; when it says no, nothing is written and the
    /// report of what the repair would have done is returned, without copies.
    public func repair(at now: Date = Date(), confirm: (RepairReport) -> Bool = { _ in true }) throws -> RepairReport? {
        let files = try StoreFiles.at(path)
        return try files.withLock(waiting: lockWait) {
            guard try !inspect().isSound else { return nil }
            let store = try files.openStore()
            let journalFile = try StoreFiles.open(files.journal)
            for file in [store, journalFile].compactMap({ $0 }) where file.isReadOnly {
                throw StoreError.cannotWrite(path: file === store ? files.path : files.journal, file === store ? .readOnlyFile : .readOnlyJournal)
            }
            let storeData = try store?.contents()
            let wholeJournal = try journalFile?.contents()
            // A journal larger than todo ever writes is read as far as todo would have written it.
            let journalData = wholeJournal?.prefix(Journal.largest(besideStoreOf: storeData?.count ?? 0))
            if let storeData, let version = FileDocument.version(in: storeData), version > StoreFormat.current {
                throw StoreError.newerVersion(path: files.path, version: version)
            }
            let (rebuild, setAside) = Self.rebuild(store: storeData, journal: journalData)
            let document = rebuild.document
            var report = RepairReport(todos: document.todos.all.count, people: document.people.everyone.count,
                                      changesBroughtIn: rebuild.broughtIn, linesLeftOut: rebuild.leftOut.sorted(),
                                      journalSetAside: setAside, cameBack: rebuild.cameBack)
            guard report.cameBack.isEmpty || confirm(report) else { return report }
            try refuseWhatReadersRefuse(document, files)
            let stamp = Self.stamp(now)
            let copies = try [(storeData, files.path), (wholeJournal, files.journal)].compactMap { data, path in
                try data.map { try keepCopy($0, of: path, stamp: stamp, files) }
            }
            files.syncFolder()
            // The rebuilt store names the journal as it lies, whatever it holds: a repair cut off
            // before the journal goes leaves one the store accounts for.
            let folded = wholeJournal.flatMap { data in
                data.isEmpty ? nil : data.withUnsafeBytes { FoldedJournal.rebuiltFrom(Journal.read($0, parsing: false)) }
            }
            report.copies = copies
            report.journalLeft = try writeStore(document, taking: folded, files).map { RepairReport.JournalLeft(path: files.journal, errno: $0) }
            return report
        }
    }

    /// What a repair rebuilds from the bytes of the store file and of its journal, before it
    /// writes anything: the store's lists, and each change of the journal brought in, when the
    /// journal is the store's own or names no store a reader could make out. `doctor` says what
    /// a repair would lose from the same.
    static func rebuild(store storeData: Data?, journal journalData: Data?) -> (Rebuild, setAside: RepairReport.SetAside?) {
        // An item, a person or a change is kept without what it holds under a key todo does
        // not know; the copy of the file keeps that.
        UnknownKeys.$areSkipped.withValue(true) { rebuildKnown(store: storeData, journal: journalData) }
    }

    private static func rebuildKnown(store storeData: Data?, journal journalData: Data?) -> (Rebuild, setAside: RepairReport.SetAside?) {
        let rebuilt = Self.rebuilt(from: storeData)
        guard let journalData else { return (Rebuild(rebuilt.document, unreadable: []), nil) }
        let journal = Journal.salvage(journalData)
        let read = journalData.withUnsafeBytes { Journal.read($0, parsing: false) }
        if let folded = rebuilt.folded, folded.isTakenIn(read) {
            return (Rebuild(rebuilt.document, unreadable: []), .takenInAlready)
        }
        if let owner = journal.owner, rebuilt.journal != nil, owner != rebuilt.journal {
            return (Rebuild(rebuilt.document, unreadable: []), .namesAnotherStore(owner))
        }
        var rebuild = Rebuild(rebuilt.document, unreadable: journal.unreadable)
        let untrusted = Set(journal.untrusted.map(\.line))
        for entry in (journal.entries + journal.untrusted).sorted(by: { $0.line < $1.line }) {
            if untrusted.contains(entry.line) { rebuild.passOver(entry) } else { rebuild.bringIn(entry) }
        }
        return (rebuild, nil)
    }

    /// The store file's lists when they read and are sound, else the most `Salvage` finds;
    /// journal and folded ids kept where they read, so the journal can be told.
    private static func rebuilt(from data: Data?) -> FileDocument {
        guard let data else { return FileDocument(document: Document()) }
        if var read = try? FileDocument.checked(data) {
            if read.isLegacy { read.file.document = read.file.document.numberedAsShown() }
            return read.file
        }
        return Salvage.file(from: data)
    }

    /// Keeps `data` as a copy beside `path`, named for the time, whole: it is written under a
    /// temporary name and renamed once flushed, so a full disk or a kill leaves no copy cut short.
    private func keepCopy(_ data: Data, of path: String, stamp: String, _ files: StoreFiles) throws -> String {
        for attempt in 1...100 {
            let copy = path + ".damaged-" + stamp + (attempt == 1 ? "" : "-\(attempt)")
            var status = stat()
            // Under the lock no other repair names a copy; a name that is taken is passed over.
            guard lstat(copy, &status) != 0 && errno == ENOENT else { continue }
            try files.writeWhole(data, to: copy, heirOf: nil, disk: disk)
            return copy
        }
        throw StoreError.cannotWrite(path: path, .noNameForACopy)
    }

    /// `now` in UTC, as a copy's name gives it (`20261123-101500`): the time written in RFC 3339,
    /// which is in UTC whatever zone the computer is set to, less its separators.
    private static func stamp(_ now: Date) -> String {
        let written = (now.rfc3339() ?? "0000-00-00T00:00:00Z").prefix(19)
        return String(written.filter { $0 != "-" && $0 != ":" }.map { $0 == "T" ? "-" : $0 })
    }
}
