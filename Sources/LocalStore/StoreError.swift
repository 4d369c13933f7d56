#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FastJSON
import ListEngine

/// Why the store could not be read or written. Every case names the file, and none of them
/// leaves a file changed: a refused read or write writes nothing. The values say what happened;
/// whoever shows them to a user puts them in words.
public enum StoreError: Error, Equatable, Sendable {
    /// The file is there but is not a store this program wrote, or not one it can read.
    case damaged(path: String, Damage)
    /// The file was written by a newer version, in a format this one does not know.
    case newerVersion(path: String, version: Int)
    /// Something other than a regular file stands where a file was expected.
    case notAFile(path: String, kind: FileKind)
    /// The journal, the lock or a temporary file is a link, which the store never follows.
    case isALink(path: String)
    /// A link stands where the store's links led when the command began: another program put it
    /// there since, and following it would read one store and journal beside the link.
    case madeALink(path: String)
    /// The store path is a link that leads back to itself.
    case linkLoop(path: String)
    /// The store path is a link that leads on through more links than the system follows.
    case tooManyLinks(path: String)
    /// A folder on the store's path is a link that leads back to itself.
    case linkLoopInFolders(path: String)
    /// The store's path goes up (`..`) out of a folder that is not there.
    case leavesAMissingFolder(path: String, folder: String)
    /// The store's name leaves no room, in the folder's names, for the files todo keeps beside
    /// it: `longest` is the longest a store's name may be there, in bytes.
    case nameTooLong(path: String, longest: Int)
    /// The store path is a link to a file that does not exist.
    case danglingLink(path: String, target: String)
    /// A journal lies beside the store that the store cannot account for: not its own, and not
    /// one it is known to have taken in. It may hold changes nowhere else, so it is kept.
    case journalNotAccounted(journal: String, JournalMismatch)
    /// The change would leave lists that break a rule every reader checks: it was not written.
    case wouldBeRefused(path: String, [Problem])
    case cannotRead(path: String, ReadFailure)
    case cannotWrite(path: String, WriteFailure)
    /// A file beside the store (a temporary file, a copy, the journal, the lock) could not be
    /// made, removed or renamed, for the reason the system gave. `path` is that file.
    case cannotCreate(path: String, errno: Int32)
    /// A file that is there could not be opened to be written.
    case cannotOpen(path: String, errno: Int32)
    case cannotRemove(path: String, errno: Int32)
    case cannotRename(path: String, to: String, errno: Int32)
    /// The lock file could not be locked, for a reason other than another program holding it.
    case cannotLock(path: String, errno: Int32)
    /// Another program held the store's lock for as long as this one would wait (`LockWait`):
    /// nothing was changed. `holder` is who, where the system says.
    case lockHeld(path: String, holder: LockHolder?, waited: Duration)
}

/// What is wrong with a store file, or with the journal that belongs to it.
public enum Damage: Sendable, Equatable {
    case empty
    /// The bytes are not a store of any format.
    case notAStore(FormatFailure)
    /// The file says it is in a format, and its contents do not fit it.
    case doesNotFit(format: Int, FormatFailure)
    /// The file says it is in a format no version of todo wrote.
    case noSuchFormat(Int)
    /// It reads, and holds lists that break the rules.
    case problems([Problem])
    /// A line of its journal, `journal` (the journal's file name), is not what todo wrote there.
    case journalLine(Int, journal: String, JournalLineDamage)
    /// A change in its journal does not apply to the lists.
    case journalChange(line: Int, journal: String, ReplayFailure.Reason)
    /// Its journal is larger than todo ever writes beside it.
    case journalTooLarge(journal: String, bytes: Int)
}

/// Where bytes stopped being a store file or a journal line: the byte, counted from 0, and what
/// the format has there.
public typealias FormatFailure = JSONReader.Error

/// Why a line of a journal is not one todo wrote.
public enum JournalLineDamage: Sendable, Equatable {
    /// The first line does not name the store the journal belongs to.
    case noOwner
    /// The first line names a store, not as todo writes it.
    case ownerNotAsWritten
    /// The line's sum does not match its bytes and the lines before it.
    case sumDoesNotMatch
    /// The line is summed right and is not a change this todo knows.
    case notAChange(FormatFailure)
}

/// Why a journal does not belong to the store beside it.
public enum JournalMismatch: Sendable, Equatable {
    case noStoreBesideIt
    /// It has the id of the journal the store took in, and not its lines: it was changed since,
    /// or comes from a copy of the store.
    case otherLinesThanTakenIn
    /// It names another store than this one (nil: a store that keeps no journal).
    case namesAnotherStore(UUID, store: UUID?)
    case damagedLine(Int, JournalLineDamage)
}

/// What stands where a regular file was expected.
public enum FileKind: Sendable, Equatable {
    case folder, fifo, device, socket, link, socketOrFIFO, other
}

public enum ReadFailure: Sendable, Equatable {
    /// What the system said, as its error number.
    case system(errno: Int32)
    /// Another program kept replacing the file while it was read.
    case keptBeingReplaced
}

public enum WriteFailure: Sendable, Equatable {
    /// What the system said, as its error number.
    case system(errno: Int32)
    /// The user made the file, or its journal, read-only: "do not change this".
    case readOnlyFile
    case readOnlyJournal
    case readOnlyFolder(String)
    case cannotMakeFolder(String)
    case cannotMakeLock(String)
    case cannotMakeJournal
    /// Every name for a copy beside the file is taken.
    case noNameForACopy
}
