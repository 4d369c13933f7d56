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
import ListEngine
import TodoList

/// The latest lists a store holds: its file read (or remembered), its journal replayed onto it.
struct Latest {
    /// The lists with the journal's changes in, and the store file's journal ids.
    var file: FileDocument
    /// The store file's size in bytes.
    var bytes: Int
    /// The store file carries a checksum that holds: `todo` wrote it as it is. One that does
    /// not (changed by hand) is checked by every reader, until the next change writes it whole.
    var isProven: Bool
    var journal: JournalState
    /// How many of the journal's changes walk the list to be replayed.
    var walking: Int
}

extension FoldedJournal {
    /// The id a repair records of a journal whose first line names no store.
    static let noOwner = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// What a repair records of the journal it rebuilt the store from, whatever that journal
    /// held: the id its first line names (`noOwner` where none reads) and the checksum of every
    /// byte of it.
    static func rebuiltFrom(_ contents: Journal.Contents) -> FoldedJournal {
        FoldedJournal(id: contents.owner ?? noOwner, checksum: contents.everyByte)
    }

    /// Whether `contents` are the journal the store took in: its id, and either every line
    /// whole and summed with the sum of them all (a fold), or every byte as it was (a repair).
    /// One with a line changed or added after is not, whatever its id; bytes a crash cut off at
    /// its end are no line.
    func isTakenIn(_ contents: Journal.Contents) -> Bool {
        (contents.owner ?? Self.noOwner) == id
            && (contents.damage == nil && contents.checksum == checksum || contents.everyByte == checksum)
    }
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
                throw StoreError.damaged(path: files.path, .journalLine(damage.line, journal: PathText.lastComponent(files.journal),
                                                                        damage.what))
            }
            return .own(contents)
        }
        if let folded, folded.isTakenIn(contents) {
            return .folded
        }
        if let owner = contents.owner, owner == folded?.id {
            throw StoreError.journalNotAccounted(journal: files.journal, .otherLinesThanTakenIn)
        }
        if let damage = contents.damage {
            throw StoreError.journalNotAccounted(journal: files.journal, .damagedLine(damage.line, damage.what))
        }
        guard let owner = contents.owner else { return .none }
        throw StoreError.journalNotAccounted(journal: files.journal, .namesAnotherStore(owner, store: own))
    }
}

extension FileStore {
    /// The store and its journal as they are now, read without the lock. A store replaced while
    /// it was being read is read again, so a reader never fails because a writer finished in between.
    func latest(_ files: StoreFiles) throws -> Latest {
        for _ in 0..<100 {
            guard let store = try files.openStore() else {
                if let journal = try StoreFiles.open(files.journal), journal.size > 0 {
                    let contents = try journal.contents().withUnsafeBytes { Journal.read($0, parsing: false) }
                    if contents.owner != nil || contents.damage != nil {
                        throw StoreError.journalNotAccounted(journal: files.journal, .noStoreBesideIt)
                    }
                }
                if FileManager.default.fileExists(atPath: files.path) { continue }
                return Latest(file: FileDocument(document: Document()), bytes: 0, isProven: false, journal: .none, walking: 0)
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
                // Larger than todo writes beside a store: only a repair cut off before removing it
                // leaves one, which the store names; any other is not read.
                let whole = try journalFile.contents().withUnsafeBytes { Journal.read($0, parsing: false) }
                guard read.file.folded?.isTakenIn(whole) == true else {
                    throw StoreError.damaged(path: files.path, .journalTooLarge(journal: PathText.lastComponent(files.journal),
                                                                                bytes: journalFile.size))
                }
            }
            let contents = journal.withUnsafeBytes { Journal.read($0, legacy: read.isLegacy) }
            let state: JournalState
            do {
                state = journalFits ? try JournalState.of(contents, own: read.file.journal, folded: read.file.folded, files: files) : .folded
            } catch {
                // Another program may have written the store since it was read, and moved the journal on.
                if !store.isStill(at: files.path) { continue }
                throw error
            }
            let (isLegacy, isProven) = (read.isLegacy, read.isProven)
            // The lists are replayed in place, not copied: nothing else holds them.
            var file = (consume read).file
            var walking = 0
            if case .own(let contents) = state {
                let log = contents.entries.map(\.logged)
                do {
                    try file.document.replay(log)
                } catch {
                    throw StoreError.damaged(path: files.path, .journalChange(line: contents.entries[error.index].line,
                                                                              journal: PathText.lastComponent(files.journal),
                                                                              error.reason))
                }
                walking = Document.walking(log)
            } else if !store.isStill(at: files.path) {
                continue
            }
            if isLegacy {
                file.document = file.document.numberedAsShown()
            }
            let latest = Latest(file: file, bytes: store.size, isProven: isProven, journal: state, walking: walking)
            if isProven {
                lastRead.remember(latest, for: store, journal: journal)
            }
            return latest
        }
        throw StoreError.cannotRead(path: files.path, .keptBeingReplaced)
    }

    /// The store file's own document, checked, whatever its checksum says (a checksum proves a
    /// file against accidents, not against someone who recomputes it).
    private func decode(_ file: StoreFiles.OpenFile, files: StoreFiles) throws -> ReadDocument {
        let data = try file.contents()
        do {
            return try FileDocument.checked(data)
        } catch {
            let damage: Damage
            switch error {
            case .newer(let version): throw StoreError.newerVersion(path: files.path, version: version)
            case .empty: damage = .empty
            case .notAStore(let failure): damage = .notAStore(failure)
            case let .doesNotFit(format, failure): damage = .doesNotFit(format: format, failure)
            case .noSuchFormat(let format): damage = .noSuchFormat(format)
            case .problems(let problems): damage = .problems(problems)
            }
            throw StoreError.damaged(path: files.path, damage)
        }
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
