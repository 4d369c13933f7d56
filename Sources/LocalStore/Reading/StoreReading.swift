import FastJSON
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
import TodoList

/// The latest lists a store holds: its file read (or remembered), its journal replayed onto it.
struct Latest {
    /// The lists with the journal's changes in.
    var document: StoreDocument
    /// The store file's size in bytes.
    var bytes: Int
    /// The store file is in a format before 6: the next change writes it whole, in format 6.
    var isLegacy: Bool
    /// The store file carries a checksum that holds: `todo` wrote it as it is. One that does
    /// not (changed by hand) is checked by every reader, until the next change writes it whole.
    var isProven: Bool
    var journal: JournalState
    /// How many of the journal's changes walk the list to be replayed.
    var walking: Int
}

extension FoldedJournal {
    /// Whether `contents` are the journal the store took in, line for line: its id, every line
    /// whole and summed, and the sum of them all. One with a line changed or added after is
    /// not, whatever its id; bytes a crash cut off at its end are no line.
    func isTakenIn(_ contents: Journal.Contents) -> Bool {
        contents.owner == id && contents.damage == nil && contents.checksum == checksum
    }

    /// Why a journal with the id of the one the store took in is not that journal.
    static let otherLines = "it has the id of the journal the store took in, and not its lines: "
        + "it was changed since, or comes from a copy of the store"
}

/// What the journal beside a store is to it.
enum JournalState {
    /// No journal, an empty one, or one whose first line a crash cut off: nothing in it.
    case none
    /// The store's own: its changes are part of the lists.
    case own(Journal.Contents)
    /// One the store took in when it was written: it may go.
    case folded

    /// What the journal is to a store whose own journal id is `own` and which took in `folded`;
    /// throws when the store cannot account for it, or when its own journal is damaged.
    static func of(_ contents: Journal.Contents, own: UUID?, folded: FoldedJournal?, files: StoreFiles) throws -> JournalState {
        if let owner = contents.owner, owner == own {
            if let damage = contents.damage {
                throw StoreError.damaged(path: files.path, reason: "line \(damage.line) of its journal, "
                                         + "\(PathText.lastComponent(files.journal)), \(damage.reason)")
            }
            return .own(contents)
        }
        if let owner = contents.owner, let folded, owner == folded.id {
            guard folded.isTakenIn(contents) else {
                throw StoreError.journalNotAccounted(journal: files.journal, reason: FoldedJournal.otherLines)
            }
            return .folded
        }
        if contents.owner == nil && contents.damage == nil { return .none }
        let reason = contents.damage.map { "line \($0.line) \($0.reason)" }
            ?? "it names the store \(contents.owner?.uuidString ?? "?"), and this store is \(own?.uuidString ?? "not one that keeps a journal")"
        throw StoreError.journalNotAccounted(journal: files.journal, reason: reason)
    }
}

extension FileStore {
    /// The store and its journal as they are now, read without the lock. A store replaced while
    /// it was being read is read again, so a reader never fails because a writer finished in between.
    func latest(_ files: StoreFiles) throws -> Latest {
        for _ in 0..<100 {
            guard let store = try StoreFiles.open(files.path, followLink: true) else {
                if let journal = try StoreFiles.open(files.journal), journal.size > 0 {
                    let contents = try journal.contents().withUnsafeBytes { Journal.read($0, parsing: false) }
                    if contents.owner != nil || contents.damage != nil {
                        throw StoreError.journalNotAccounted(journal: files.journal, reason: "there is no store beside it")
                    }
                }
                if FileManager.default.fileExists(atPath: files.path) { continue }
                return Latest(document: StoreDocument(), bytes: 0, isLegacy: false, isProven: false, journal: .none,
                              walking: 0)
            }
            let journalFile = try StoreFiles.open(files.journal)
            let journalFits = (journalFile?.size ?? 0) <= Journal.largest(besideStoreOf: store.size)
            // A copy: another program may append to the file, and so to a mapping of it.
            let journal = journalFits ? try journalFile.map { [UInt8](try $0.contents()) } ?? [] : []
            if journalFits, let remembered = lastRead.latest(for: store, journal: journal) {
                return remembered
            }
            let read = try decode(store, files: files)
            if let journalFile, !journalFits {
                throw StoreError.damaged(path: files.path, reason: "its journal, \(PathText.lastComponent(files.journal)), "
                                         + "is \(journalFile.size) bytes, more than todo ever writes beside it")
            }
            let contents = journal.withUnsafeBytes { Journal.read($0, legacy: read.isLegacy) }
            let state: JournalState
            do {
                state = try JournalState.of(contents, own: read.document.journal, folded: read.document.folded, files: files)
            } catch {
                // Another program may have written the store since it was read, and moved the journal on.
                if !store.isStill(at: files.path) { continue }
                throw error
            }
            let (isLegacy, isProven) = (read.isLegacy, read.isProven)
            // The lists are replayed in place, not copied: nothing else holds them.
            var document = (consume read).document
            var walking = 0
            if case .own(let contents) = state {
                do {
                    try document.replay(contents.entries)
                } catch {
                    throw error.damaged(files)
                }
                walking = StoreDocument.walking(contents.entries)
            } else if !store.isStill(at: files.path) {
                continue
            }
            if isLegacy {
                document = document.numberedAsShown()
            }
            let latest = Latest(document: document, bytes: store.size, isLegacy: isLegacy, isProven: isProven,
                                journal: state, walking: walking)
            if isProven {
                lastRead.remember(latest, for: store, journal: journal)
            }
            return latest
        }
        throw StoreError.cannotRead(path: files.path, reason: "it kept being replaced while it was read")
    }

    /// The store file's own document, checked, whatever its checksum says (a checksum proves a
    /// file against accidents, not against someone who recomputes it).
    private func decode(_ file: StoreFiles.OpenFile, files: StoreFiles) throws -> ReadDocument {
        let data = try file.contents()
        guard !data.isEmpty else { throw StoreError.damaged(path: files.path, reason: "it is empty") }
        let read: ReadDocument
        do {
            read = try StoreDocument.read(data)
        } catch {
            guard let version = StoreDocument.version(in: data) else {
                throw StoreError.damaged(path: files.path, reason: "it is not a todo store: \(error)")
            }
            guard version <= StoreDocument.currentVersion else { throw StoreError.newerVersion(path: files.path, version: version) }
            throw StoreError.damaged(path: files.path, reason: "its contents do not fit format \(version): \(error)")
        }
        let version = read.document.version
        guard version <= StoreDocument.currentVersion else { throw StoreError.newerVersion(path: files.path, version: version) }
        guard version >= 1 else { throw StoreError.damaged(path: files.path, reason: "no version wrote format \(version)") }
        let problems = read.document.problems
        guard problems.isEmpty else { throw StoreError.damaged(path: files.path, reason: problems.joined(separator: "; ")) }
        return read
    }
}

/// The lists this store last read from a file it proved, and what tells whether they are still
/// the lists: the store file's identity (device, inode, size, written and changed times), which
/// any program that writes it changes, the checksum in its first bytes, and every byte of the
/// journal. A command that lists and then changes reads the file and replays the journal once.
/// The lists are remembered after the journal is replayed onto them, so that replaying does not
/// copy them.
final class LastRead: @unchecked Sendable {
    private let lock = ThreadLock()
    private var identity: FileIdentity?
    private var journal: [UInt8] = []
    private var latest: Latest?

    func latest(for file: StoreFiles.OpenFile, journal: [UInt8]) -> Latest? {
        let identity = FileIdentity(file)
        return lock.withLock { self.identity == identity && self.journal == journal ? latest : nil }
    }

    func remember(_ latest: Latest, for file: StoreFiles.OpenFile, journal: [UInt8]) {
        let identity = FileIdentity(file)
        lock.withLock {
            self.identity = identity
            self.journal = journal
            self.latest = latest
        }
    }

    private struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int
        let modified: [Int]
        let start: [UInt8]

        init(_ file: StoreFiles.OpenFile) {
            device = UInt64(file.status.st_dev)
            inode = UInt64(file.status.st_ino)
            size = file.size
            modified = file.modified
            var start = [UInt8](repeating: 0, count: min(file.size, 64))
            if pread(file.descriptor, &start, start.count, 0) != start.count { start = [] }
            self.start = start
        }
    }
}
