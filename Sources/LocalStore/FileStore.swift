import FastJSON
import Foundation
import TodoList
import UserList
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lists kept in one JSON file on this machine, written so that nothing a user typed is lost.
///
/// - A save writes a new file beside the old one, flushes it to disk and renames it over the
///   old one: a crash at any moment leaves either the old file or the new one, never half.
/// - A change reads, changes and writes under an exclusive lock on `<store>.lock`, so two
///   programs changing the lists at once each see the other's work.
/// - A file it cannot read (damaged, or from a newer version) is refused and never written;
///   so is a file or folder marked read-only, even for a user the system would let write.
/// - A store path that is a link is followed: the file it points to is read and replaced, and
///   the link stays a link.
public final class FileStore: Sendable {
    public let url: URL
    private let disk: Disk
    private let replayLimit: Int
    private let lastRead = LastRead()

    /// `disk` is the one system call a test may swap, to make a write fail part-way.
    /// `replayLimit`: how many items replaying the journal may walk before the next change
    /// folds it into the store; a test lowers it to see the fold without a list of thousands.
    public init(url: URL, disk: Disk = .system, replayLimit: Int = FileStore.replayLimit) {
        self.url = url
        self.disk = disk
        self.replayLimit = replayLimit
    }

    /// Replaying a change other than an add walks the list, so a journal holds as many of them
    /// as walk this many items: twenty at 100,000 to-dos, two hundred at 10,000. Reading then
    /// costs at most a few milliseconds more, and one change in that many pays for the fold.
    public static let replayLimit = 2_000_000

    /// How bytes reach the disk: `write(2)`, unless a test says otherwise.
    public struct Disk: Sendable {
        public var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int

        public init(write: @escaping @Sendable (Int32, UnsafeRawPointer, Int) -> Int) {
            self.write = write
        }

        public static let system = Disk { descriptor, bytes, count in
            #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
            #else
            Darwin.write(descriptor, bytes, count)
            #endif
        }
    }

    /// `$XDG_DATA_HOME/todo-stories/store.json`, else `~/.local/share/todo-stories/store.json`.
    public static func defaultURL(environment: [String: String]) -> URL {
        let dataHome: URL
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            dataHome = home.appendingPathComponent(".local/share", isDirectory: true)
        }
        return dataHome.appendingPathComponent("todo-stories/store.json")
    }

    /// The document as last saved; an empty one when there is no file yet. Takes no lock:
    /// a save replaces the file in one step, so a reader sees the old file or the new one.
    public func read() throws -> StoreDocument {
        try document(at: try location())
    }

    /// Reads the latest document under the lock, lets `body` change it, and saves it if it
    /// changed. When `body` throws, nothing is written and the error is passed on.
    public func update<Result>(_ body: (inout StoreDocument) throws -> Result) throws -> Result {
        let location = try location()
        return try withLock(at: location) { try update(at: location, body) }
    }

    /// The journal is folded into the store once it is this large, or as large as the store.
    public static let smallestJournalToFold = 16 * 1024

    /// Saves a new to-do at the top of To do by appending one line to the journal: a new item
    /// needs nothing from the rest of the list, so the cost does not grow with it. A store in an
    /// older format, or one whose journal has grown as large as itself, is written whole instead.
    public func add(_ item: TodoItem) throws {
        let location = try location()
        try withLock(at: location) {
            guard let store = Self.journalingStore(at: location.path) else {
                return try update(at: location) { _ = try $0.todos.apply(.add(item)) }
            }
            try refuseReadOnlyFile(location)
            let appended = try append(Journal.line(for: .add(item)), toJournalOf: store, at: location)
            if !appended {
                try update(at: location) { _ = try $0.todos.apply(.add(item)) }
            }
        }
    }

    /// What the store holds and whether it is sound, read without the lock and without
    /// changing anything. Throws what `read()` throws for a file it cannot read.
    public func inspect() throws -> StoreReport {
        let location = try location()
        guard let data = try contents(of: location) else {
            return StoreReport(path: location.path, exists: false, bytes: 0, journalBytes: 0, journalChanges: 0,
                               document: StoreDocument(), leftOvers: [])
        }
        let document = try document(at: location)
        let journal = try journalContents(location).flatMap { Journal.id(of: $0) == document.journal ? $0 : nil }
        return StoreReport(path: location.path, exists: true, bytes: data.count, journalBytes: journal?.count ?? 0,
                           journalChanges: try journal.map { try Journal.changes(in: $0, ofStore: location.path).count } ?? 0,
                           document: document, leftOvers: leftOverTemporaryFiles(at: location))
    }

    // MARK: - Where the file is

    /// The file a store path means: the path itself, or where the link at that path points.
    private struct Location {
        let path: String
        var journal: String { Journal.path(ofStore: path) }
        var folder: String { (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent }
        var name: String { (path as NSString).lastPathComponent }
    }

    private func location() throws -> Location {
        let path = url.path
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return Location(path: path) }
        guard stat(path, &status) == 0 else {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            throw StoreError.danglingLink(path: path, target: target)
        }
        return Location(path: url.resolvingSymlinksInPath().path)
    }

    // MARK: - Reading

    private func document(at location: Location) throws -> StoreDocument {
        try latest(at: location).document
    }

    /// The store with the changes in its journal, or an empty document when there is no file;
    /// and how many of those changes walk the list to be replayed. A journal that does not name
    /// this store is left over from before it was written, and is ignored; when the store was
    /// replaced while it was being read, it is read again.
    private func latest(at location: Location) throws -> (document: StoreDocument, walking: Int) {
        for _ in 0..<100 {
            let head = Self.journalingStore(at: location.path)
            var document: StoreDocument
            var data: Data?
            if let head, let cached = lastRead.document(for: head) {
                document = cached
            } else {
                guard let contents = try contents(of: location) else { return (StoreDocument(), 0) }
                document = try snapshot(contents, head: head)
                data = contents
            }
            guard let id = document.journal else { return (document, 0) }
            if let journal = try journalContents(location), Journal.id(of: journal) == id {
                let changes = try Journal.changes(in: journal, ofStore: location.path)
                try Journal.replay(changes, onto: &document.todos, ofStore: location.path)
                return (document, Journal.walking(changes))
            }
            // No journal of its own: the store read is the latest, unless it was replaced since.
            // A store another program wrote may not start with its id; then the bytes tell.
            if try Self.journalingStore(at: location.path)?.id == id || (data != nil && contents(of: location) == data) {
                return (document, 0)
            }
        }
        throw StoreError.cannotRead(path: location.path, reason: "it kept being replaced while it was read")
    }

    /// The store file's own document. A file in an older format with the bytes this store last
    /// read or wrote is not decoded again (one in the current format is known by its head). `head` is what
    /// the file's first and last bytes said before it was read; it is remembered with the
    /// document only when the document bears it out.
    private func snapshot(_ data: Data, head: StoreHead?) throws -> StoreDocument {
        if let cached = lastRead.document(for: data) {
            return cached
        }
        let document = try decode(data)
        lastRead.remember(document, for: data, head: head.flatMap { $0.id == document.journal && $0.size == data.count ? $0 : nil })
        return document
    }

    private func journalContents(_ location: Location) throws -> Data? {
        guard FileManager.default.fileExists(atPath: location.journal) else { return nil }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: location.journal))
        } catch {
            throw StoreError.cannotRead(path: location.journal, reason: Self.systemMessage())
        }
    }

    /// The head of a store file in the current format, read from its first and last bytes only;
    /// nil for anything else, which is then read whole and judged properly. The last bytes tell
    /// a file cut short, since the version is the last key written.
    private static func journalingStore(at path: String) -> StoreHead? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        let tail = Data(",\"version\":\(StoreDocument.currentVersion)}".utf8)
        var start = [UInt8](repeating: 0, count: 64)
        var end = [UInt8](repeating: 0, count: tail.count)
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) > start.count,
              pread(descriptor, &start, start.count, 0) == start.count,
              pread(descriptor, &end, end.count, off_t(Int(status.st_size) - end.count)) == end.count,
              Data(end) == tail, let id = Journal.id(atStartOf: start)
        else { return nil }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        return StoreHead(id: id, size: Int(status.st_size), modifiedSeconds: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec))
    }

    /// The store file's bytes, mapped rather than copied: at 100,000 items the copy was an
    /// eighth of a command. `todo` never changes a store file in place (it renames a new one over
    /// it), so the mapping keeps the file it was made of; only a program that cut the file short
    /// in place while it was being read could stop the reader, and never make it save anything.
    /// Where the file system cannot map files, they are read.
    private func contents(of location: Location) throws -> Data? {
        var status = stat()
        guard stat(location.path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw StoreError.cannotRead(path: location.path, reason: Self.systemMessage())
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw StoreError.notAFile(path: location.path) }
        let url = URL(fileURLWithPath: location.path)
        do {
            return try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            // A file system that cannot map files still reads them.
            do {
                return try Data(contentsOf: url)
            } catch {
                throw StoreError.cannotRead(path: location.path, reason: Self.systemMessage())
            }
        }
    }

    /// Reads the whole document in one pass; only a file that does not read is looked at
    /// again, to say what is wrong with it.
    private func decode(_ data: Data) throws -> StoreDocument {
        guard !data.isEmpty else { throw StoreError.damaged(path: url.path, reason: "it is empty") }
        let problem: String
        do {
            let document = try StoreDocument(json: data)
            if (1...StoreDocument.currentVersion).contains(document.version) {
                return document
            }
            problem = "no version wrote format \(document.version)"
        } catch {
            problem = "\(error)"
        }
        guard let version = StoreDocument.version(in: data) else {
            throw StoreError.damaged(path: url.path, reason: "it is not a todo store")
        }
        guard version <= StoreDocument.currentVersion else {
            throw StoreError.newerVersion(path: url.path, version: version)
        }
        throw StoreError.damaged(path: url.path, reason: "its contents do not fit format \(version): \(problem)")
    }

    // MARK: - Writing

    /// Always in the current format: a file from an older version is upgraded on its first change.
    private func write(_ document: StoreDocument, to location: Location) throws {
        var document = document
        document.version = StoreDocument.currentVersion
        document.journal = UUID()
        let data = document.json
        try refuseReadOnlyFile(location)
        let temporary = location.folder + "/." + location.name + ".tmp-\(getpid())-\(UUID().uuidString.prefix(8))"
        do {
            try writeDurably(data, to: temporary, for: location)
            guard rename(temporary, location.path) == 0 else {
                throw StoreError.cannotWrite(path: location.path, reason: Self.systemMessage())
            }
        } catch {
            unlink(temporary)
            throw error
        }
        syncFolder(location)
        unlink(location.journal)
        lastRead.remember(document, for: data, head: Self.journalingStore(at: location.path).flatMap { $0.id == document.journal ? $0 : nil })
    }

    /// Reads the latest document, lets `body` change it, and writes it whole if it changed.
    /// Call with the lock held.
    private func update<Result>(at location: Location, _ body: (inout StoreDocument) throws -> Result) throws -> Result {
        let original = try document(at: location)
        var document = original
        let result = try body(&document)
        if document != original {
            try write(document, to: location)
        }
        return result
    }

    /// Appends `line` to the journal of `store` and flushes it to disk; false, with nothing
    /// written, when the journal is due to be folded into the store. A journal of an older
    /// store is started afresh, and a last line cut short by a crash is cut off before the new
    /// one. When the write fails, the journal is cut back to where it ended, or removed if it
    /// was new. Call with the lock held.
    private func append(_ line: Data, toJournalOf store: StoreHead, at location: Location) throws -> Bool {
        let descriptor = open(location.journal, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(0o600))
        guard descriptor >= 0 else { throw StoreError.cannotWrite(path: location.path, reason: Self.systemMessage()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw StoreError.cannotWrite(path: location.path, reason: Self.systemMessage()) }
        let size = Int(status.st_size)
        guard size < max(store.size, Self.smallestJournalToFold) else { return false }
        let header = Journal.header(store.id)
        var start = [UInt8](repeating: 0, count: header.count)
        let belongs = size >= header.count && pread(descriptor, &start, start.count, 0) == start.count && Data(start) == header
        let end = belongs ? Self.endOfLastLine(descriptor, size: size) : 0
        let bytes = belongs ? line : header + line
        guard ftruncate(descriptor, off_t(end)) == 0, lseek(descriptor, off_t(end), SEEK_SET) == off_t(end) else {
            throw StoreError.cannotWrite(path: location.path, reason: Self.systemMessage())
        }
        do {
            try writeAll(bytes, to: descriptor, for: location)
            guard fsync(descriptor) == 0 else { throw StoreError.cannotWrite(path: location.path, reason: Self.systemMessage()) }
        } catch {
            if size == 0 { unlink(location.journal) } else { ftruncate(descriptor, off_t(end)) }
            throw error
        }
        if size == 0 { syncFolder(location) }
        return true
    }

    /// Where the last whole line of the file ends: its size, unless a crash cut its last line short.
    private static func endOfLastLine(_ descriptor: Int32, size: Int) -> Int {
        var end = size
        var chunk = [UInt8](repeating: 0, count: 4096)
        while end > 0 {
            let start = max(0, end - chunk.count)
            let count = pread(descriptor, &chunk, end - start, off_t(start))
            guard count == end - start else { return 0 }
            if let newline = chunk[0..<count].lastIndex(of: UInt8(ascii: "\n")) {
                return start + newline + 1
            }
            end = start
        }
        return 0
    }

    /// A read-only file or folder is the user saying "do not change this". The system lets
    /// the superuser write anyway, so the mode bits are checked here, not left to `open`.
    private func refuseReadOnlyFile(_ location: Location) throws {
        var status = stat()
        if stat(location.path, &status) == 0, status.st_mode & 0o222 == 0 {
            throw StoreError.cannotWrite(path: location.path, reason: "the file is read-only")
        }
    }

    private func refuseReadOnlyFolder(_ location: Location) throws {
        var status = stat()
        if stat(location.folder, &status) == 0, status.st_mode & 0o222 == 0 {
            throw StoreError.cannotWrite(path: location.path, reason: "its folder \(location.folder) is read-only")
        }
    }

    private func writeDurably(_ data: Data, to temporary: String, for location: Location) throws {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
        guard descriptor >= 0 else { throw StoreError.cannotWrite(path: location.path, reason: Self.systemMessage()) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, for: location)
        guard fsync(descriptor) == 0 else { throw StoreError.cannotWrite(path: location.path, reason: Self.systemMessage()) }
    }

    private func writeAll(_ data: Data, to descriptor: Int32, for location: Location) throws {
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = disk.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw StoreError.cannotWrite(path: location.path, reason: Self.systemMessage())
                }
                offset += written
            }
        }
    }

    /// Makes the rename itself durable: without it a power cut could bring back the old name.
    private func syncFolder(_ location: Location) {
        let descriptor = open(location.folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    // MARK: - Locking

    private func withLock<Result>(at location: Location, _ body: () throws -> Result) throws -> Result {
        try refuseReadOnlyFolder(location)
        do {
            try FileManager.default.createDirectory(atPath: location.folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotWrite(path: location.path, reason: "cannot create the folder \(location.folder)")
        }
        let descriptor = open(location.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, mode_t(0o600))
        guard descriptor >= 0 else { throw StoreError.cannotWrite(path: location.path, reason: Self.systemMessage()) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StoreError.cannotWrite(path: location.path, reason: Self.systemMessage()) }
        }
        defer { flock(descriptor, LOCK_UN) }
        for name in leftOverTemporaryFiles(at: location) {
            unlink(location.folder + "/" + name)
        }
        return try body()
    }

    /// Temporary files beside the store. Under the lock no save is under way, so any there was
    /// left by a save that crashed before its rename; the store itself still holds the last lists.
    private func leftOverTemporaryFiles(at location: Location) -> [String] {
        let prefix = "." + location.name + ".tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: location.folder)) ?? []
        return names.filter { $0.hasPrefix(prefix) }.sorted()
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno))
    }
}

/// What tells a store file in the current format from any other without reading it whole: the
/// journal id it was written with, new with every file written, so a file system that gives a
/// new file a freed inode and the same coarse time cannot pass it off as the old one; and its size
/// and time, which a program that edits the file in place and keeps the id still changes.
private struct StoreHead: Equatable {
    let id: UUID
    let size: Int
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
}

/// The document this store last read or wrote, and what tells whether the file still holds it:
/// its head when it is in the current format, so that a command that lists and then changes reads
/// the file once; else a copy of its bytes (a mapped file's bytes would change with the file).
private final class LastRead: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: Data?
    private var head: StoreHead?
    private var document: StoreDocument?

    func document(for bytes: Data) -> StoreDocument? {
        lock.withLock { self.bytes == bytes ? document : nil }
    }

    func document(for head: StoreHead) -> StoreDocument? {
        lock.withLock { self.head == head ? document : nil }
    }

    func remember(_ document: StoreDocument, for bytes: Data, head: StoreHead?) {
        let copy = head == nil ? bytes.withUnsafeBytes { Data($0) } : nil
        lock.withLock {
            self.bytes = copy
            self.head = head
            self.document = document
        }
    }
}

extension FileStore: TodoStore {
    public func loadTodos() throws -> Todos {
        try read().todos
    }

    /// Makes the change to the latest list and appends it to the journal; a change that does
    /// not apply throws, and nothing is written. The journal is folded into the store instead
    /// when replaying it would walk more than `replayLimit` items, or it is as large as the store.
    @discardableResult
    public func apply(_ change: TodoChange) throws -> Todos {
        let location = try location()
        return try withLock(at: location) {
            guard let store = Self.journalingStore(at: location.path) else {
                return try update(at: location) { document in
                    try document.todos.apply(change)
                    return document.todos
                }
            }
            var (document, walking) = try latest(at: location)
            guard try document.todos.apply(change) else { return document.todos }
            try refuseReadOnlyFile(location)
            if case .add = change {} else { walking += 1 }
            let items = document.todos.todo.count + document.todos.finished.count
            if try walking * items > replayLimit || !append(Journal.line(for: change), toJournalOf: store, at: location) {
                try write(document, to: location)
            }
            return document.todos
        }
    }
}

extension FileStore: PeopleStore {
    public func loadPeople() throws -> People {
        try read().people
    }

    @discardableResult
    public func apply(_ change: PeopleChange) throws -> People {
        try update { document in
            try document.people.apply(change)
            return document.people
        }
    }
}
