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

/// The lists kept in one JSON file on this machine, written so that nothing a user typed is lost.
///
/// - Every change appends one line to a journal beside the store, flushed to disk before it
///   returns; the journal is folded into a new store file from time to time. A store file is
///   written new beside the old one, flushed and renamed over it: a crash at any moment leaves
///   the old file or the new one, never half.
/// - A change reads, changes and writes under an exclusive lock on `<store>.lock`, so two
///   programs changing the lists at once each see the other's work.
/// - A file it cannot read or account for (damaged, from a newer version, a journal that is not
///   its own) is refused and never written; so is a file or folder marked read-only, even for a
///   user the system would let write. What a reader refuses, a writer refuses too.
/// - A store path that is a link is followed: the file it points to is read and replaced, and
///   the link stays a link. Nothing beside the store (journal, lock, temporary files) is followed.
///
/// `Specs/store-format.md` tells the files and why they are as they are.
public final class FileStore: Sendable {
    /// The store file's path. Kept as text, not as a URL: reading a URL's path costs a tenth of
    /// the instructions of a command on an empty list (Benchmarks/profile.md).
    public let path: String
    let disk: Disk
    private let replayLimit: Int
    /// How long a change waits for a lock another program holds, and who is told.
    let lockWait: LockWait
    let lastRead = LastRead()
    private let saves = SaveCount()

    /// How many writes this store made durable (a change, a fold, a repair): a program whose
    /// output then fails can still say its change was saved.
    public var changesSaved: Int { saves.count }

    /// `disk` is how files are written and removed, which a test swaps to make a write fail
    /// part-way or a file refuse to go. `replayLimit`: how many items replaying the journal may
    /// walk before the next change folds it into the store; a test lowers it to see the fold
    /// without a list of thousands. `lockWait`: how long a change waits for another program's
    /// lock, and whom it tells that it waits.
    public init(path: String, disk: Disk = .system, replayLimit: Int = FileStore.replayLimit, lockWait: LockWait = LockWait()) {
        self.path = path
        self.disk = disk
        self.replayLimit = replayLimit
        self.lockWait = lockWait
    }

    /// The store at a file URL, as an app has it.
    public convenience init(url: URL, disk: Disk = .system, replayLimit: Int = FileStore.replayLimit, lockWait: LockWait = LockWait()) {
        self.init(path: url.path, disk: disk, replayLimit: replayLimit, lockWait: lockWait)
    }

    /// Replaying a change other than an add walks the list, so a journal holds as many of them
    /// as walk this many items: twenty at 100,000 to-dos, two hundred at 10,000. Reading then
    /// costs at most a few milliseconds more, and one change in that many pays for the fold.
    public static let replayLimit = 2_000_000

    /// The journal is folded into the store before it reaches an eighth of the store, within
    /// these bounds. Every read parses the journal line by line, which costs several times what
    /// the same bytes of store cost: an eighth keeps a small list's read within a fraction of a
    /// fresh one's, and the cap bounds what a read of a large one pays, whatever built it.
    public static let journalToFoldBounds = 4 * 1024...64 * 1024

    /// The size a journal beside a store of `storeSize` bytes does not reach: the change that
    /// would take it there folds the journal into the store instead.
    static func journalToFold(besideStoreOf storeSize: Int) -> Int {
        min(max(storeSize / 8, journalToFoldBounds.lowerBound), journalToFoldBounds.upperBound)
    }

    /// Where the store is kept when none is named, as the environment says.
    public struct DefaultPlace: Sendable, Equatable {
        /// The store's path, absolute; nil when no place can be told: HOME is not an absolute
        /// path, and a store under the folder todo happens to run in would be a store nobody
        /// finds again.
        public let path: String?
        /// XDG_DATA_HOME as it was set, when it was passed over: it is not an absolute path,
        /// which the XDG base directory rules say to ignore.
        public let ignoredDataHome: String?
        /// HOME as it was set, when it is not an absolute path.
        public let relativeHome: String?
    }

    /// `$XDG_DATA_HOME/todo-stories/store.json`, else `$HOME/.local/share/todo-stories/store.json`.
    public static func defaultPlace(environment: [String: String]) -> DefaultPlace {
        let xdg = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
        let ignored = xdg.flatMap { $0.hasPrefix("/") ? nil : $0 }
        var dataHome: String
        if let xdg, ignored == nil {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
            guard home.hasPrefix("/") else { return DefaultPlace(path: nil, ignoredDataHome: ignored, relativeHome: home) }
            dataHome = (home.hasSuffix("/") ? home : home + "/") + ".local/share"
        }
        if !dataHome.hasSuffix("/") { dataHome += "/" }
        return DefaultPlace(path: dataHome + "todo-stories/store.json", ignoredDataHome: ignored, relativeHome: nil)
    }

    /// The lists as last saved, journal and all; an empty document when there is no file yet.
    /// Takes no lock: a save replaces the file in one step and appends whole lines, so a
    /// reader sees the lists before a change or after it.
    public func read() throws -> Document {
        try latest(try StoreFiles.at(path)).file.document
    }

    /// Makes the change to the lists as they are saved now, under the lock, and saves it;
    /// returns the lists after it, and for an undo what it took back. A change that does not
    /// apply throws, and nothing is written.
    @discardableResult
    public func apply(_ change: Change) throws -> (document: Document, undone: UndoneChange?) {
        let files = try StoreFiles.at(path)
        return try files.withLock(waiting: lockWait) { try applyHoldingTheLock(change, files) }
    }

    /// Takes back the newest change in the history, under the lock, and saves it; returns what
    /// it took back and the lists as they are after it, as they were saved: the caller need not
    /// read them again, a read that could fail once the undo is made.
    func undoLast() throws -> (undone: UndoneChange, document: Document) {
        let (document, undone) = try apply(.undo)
        guard let undone else { throw TodoError.nothingToUndo }
        return (undone, document)
    }

    /// Reads the latest document under the lock, lets `body` change it, and writes it whole if
    /// it changed; the undo history is not told. For setting up a store whole, as a test or a
    /// repair does. When `body` throws, nothing is written.
    public func update<Result>(_ body: (inout Document) throws -> Result) throws -> Result {
        let files = try StoreFiles.at(path)
        return try files.withLock(waiting: lockWait) {
            let latest = try latest(files)
            var document = latest.file.document
            let result = try body(&document)
            if document != latest.file.document {
                try fold(document, latest, files)
            }
            return result
        }
    }

    // MARK: - Writing

    func applyHoldingTheLock(_ change: Change, _ files: StoreFiles) throws -> (document: Document, undone: UndoneChange?) {
        try applyHoldingTheLock(change, files, to: latest(files))
    }

    /// The same, to the lists `latest` read under this lock: for a caller that looked at them first.
    func applyHoldingTheLock(_ change: Change, _ files: StoreFiles, to latest: Latest) throws -> (document: Document, undone: UndoneChange?) {
        var document = latest.file.document
        let changed: Bool, undone: UndoneChange?
        do throws(Refusal) {
            (changed, undone) = try document.apply(change)
        } catch {
            throw error.underlying
        }
        if changed {
            try save(change, document, latest, files)
        }
        return (document, undone)
    }

    /// Saves the lists `change` made of `latest`: a line in the journal, or the store written whole.
    func save(_ change: Change, _ document: Document, _ latest: Latest, _ files: StoreFiles) throws {
        let isAdd = if case .todos(.add) = change { true } else { false }
        let numbering = latest.file.document.todos.nextNumber + (isAdd ? 1 : 0)
        let items = document.todos.unfinished.count + document.todos.finished.count
        let walking = latest.walking + (isAdd ? 0 : 1)
        // A store not written by todo as it is (none yet, an older format, changed by hand) is
        // written whole: the journal of an older format holds only the lines that format wrote.
        // An add of a to-do works out its number from the store's first bytes and the adds in the
        // journal: a change that numbers otherwise (starting again) is written whole.
        if !latest.isProven || latest.file.version < StoreFormat.current || document.todos.nextNumber != numbering
            || walking * items > replayLimit {
            try fold(document, latest, files)
        } else {
            try refuseWhatReadersRefuse(document, files)
            let number = isAdd ? document.todos.unfinished.first?.number : nil
            if try !append(change, number: number, to: latest, files) {
                try fold(document, latest, files)
            }
        }
    }

    /// Writes the document whole as a new store file, which takes in the journal: the new file
    /// names the journal it folded, so a crash before the journal goes leaves it accounted for.
    func fold(_ document: Document, _ latest: Latest, _ files: StoreFiles) throws {
        try refuseWhatReadersRefuse(document, files)
        try refuseReadOnlyFiles(files)
        var folded: FoldedJournal?
        if case .own(let contents) = latest.journal, let id = latest.file.journal {
            folded = FoldedJournal(id: id, checksum: contents.checksum)
        }
        if case .folded = latest.journal {
            // Taken in by the store being replaced, and not by the new one: it goes first, or
            // nothing is written.
            if let failure = files.removeJournal(disk: disk) { throw StoreError.cannotRemove(path: files.journal, errno: failure) }
            files.syncFolder()
        }
        try writeStore(document, taking: folded, files)
    }

    /// Writes the lists, checked, as a new store file that names `folded` as the journal it took
    /// in, then removes the journal. Returns the system's reason when the journal would not go:
    /// the new store accounts for it, so nothing is lost, and the next change that needs it gone
    /// says so.
    @discardableResult
    func writeStore(_ document: Document, taking folded: FoldedJournal?, _ files: StoreFiles) throws -> Int32? {
        let file = FileDocument(document: document, journal: UUID(), folded: folded)
        try files.replaceStore(with: file.bytes, disk: disk)
        saves.add()
        return files.removeJournal(disk: disk)
    }

    /// Appends the change to the journal and flushes it; false, with nothing written, when
    /// the journal is due to be folded. A journal that is not the store's own (none yet, or
    /// one the store took in) is started afresh; bytes a crash left after the last whole line
    /// are cut off first. When the write fails, the journal is cut back to where it ended.
    func append(_ change: Change, number: Int?, to latest: Latest, _ files: StoreFiles) throws -> Bool {
        guard let id = latest.file.journal else { return false }
        var bytes: [UInt8] = []
        let offset: Int
        let sum: UInt64
        switch latest.journal {
        case .own(let contents):
            offset = contents.end
            sum = contents.sum
            if contents.needsLineBreak { bytes.append(UInt8(ascii: "\n")) }
        case .none, .folded:
            offset = 0
            sum = Journal.firstSum(id)
            bytes = Journal.header(id)
        }
        bytes += Journal.line(for: change, number: number, after: sum).bytes
        guard offset + bytes.count < Self.journalToFold(besideStoreOf: latest.bytes) else { return false }
        try refuseReadOnlyFiles(files)
        guard let journal = try StoreFiles.open(files.journal, writing: true, creating: true) else {
            throw StoreError.cannotWrite(path: files.journal, .cannotMakeJournal)
        }
        // A journal with another name (a backup made with hard links) would change with it:
        // the store is written whole instead, and this name of the journal goes.
        guard journal.status.st_nlink <= 1 else { return false }
        files.giveToStoreOwner(journal)
        if offset == 0 {
            // About to start it afresh: what another program put there since it was read is
            // refused, not cut off.
            let contents = try journal.contents().withUnsafeBytes { Journal.read($0, parsing: false) }
            _ = try JournalState.of(contents, own: id, folded: latest.file.folded, files: files)
        }
        let isNew = journal.size == 0
        guard ftruncate(journal.descriptor, off_t(offset)) == 0, lseek(journal.descriptor, off_t(offset), SEEK_SET) == off_t(offset) else {
            throw StoreError.cannotWrite(path: files.journal, .system(errno: errno))
        }
        do {
            try disk.writeAll(bytes, to: journal.descriptor, path: files.path)
            guard fsync(journal.descriptor) == 0 else { throw StoreError.cannotWrite(path: files.path, .system(errno: errno)) }
        } catch {
            if isNew { unlink(files.journal) } else { ftruncate(journal.descriptor, off_t(offset)) }
            throw error
        }
        if isNew { files.syncFolder() }
        saves.add()
        return true
    }

    /// Refuses lists a reader would refuse, before a byte of them is written: the one check every
    /// reader makes (`Document.problems`), so that a store todo wrote is a store every command opens.
    func refuseWhatReadersRefuse(_ document: Document, _ files: StoreFiles) throws {
        let problems = document.problems
        guard problems.isEmpty else { throw StoreError.wouldBeRefused(path: files.path, problems) }
    }

    /// A read-only store file or journal is the user saying "do not change this".
    func refuseReadOnlyFiles(_ files: StoreFiles) throws {
        if try files.openStore()?.isReadOnly == true {
            throw StoreError.cannotWrite(path: files.path, .readOnlyFile)
        }
        if try StoreFiles.open(files.journal)?.isReadOnly == true {
            throw StoreError.cannotWrite(path: files.journal, .readOnlyJournal)
        }
    }
}

/// A count of writes, which any thread of the program may make.
private final class SaveCount: @unchecked Sendable {
    private let lock = ThreadLock()
    private var saved = 0

    var count: Int { lock.withLock { saved } }

    func add() { lock.withLock { saved += 1 } }
}
