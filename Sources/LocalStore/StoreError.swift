#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why the store could not be read or written. Every case names the file, and none of them
/// leaves a file changed: a refused read or write writes nothing.
public enum StoreError: Error, Equatable, Sendable, LocalizedError {
    /// The file is there but is not a store this program wrote, or not one it can read.
    case damaged(path: String, reason: String)
    /// The file was written by a newer version, in a format this one does not know.
    case newerVersion(path: String, version: Int)
    /// Something other than a regular file stands where a file was expected: `kind` says what.
    case notAFile(path: String, kind: String)
    /// The journal, the lock or a temporary file is a link, which the store never follows.
    case isALink(path: String)
    /// The store path is a link that leads back to itself.
    case linkLoop(path: String)
    /// The store path is a link to a file that does not exist.
    case danglingLink(path: String, target: String)
    /// A journal lies beside the store that the store cannot account for: not its own, and not
    /// one it is known to have taken in. It may hold changes nowhere else, so it is kept.
    case journalNotAccounted(journal: String, reason: String)
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    /// What a user runs to learn more, or to rebuild the store from what is left.
    static let repairHint = "todo doctor says what it holds, and todo doctor --repair keeps a copy and rebuilds the store"

    public var errorDescription: String? {
        switch self {
        case let .damaged(path, reason):
            "the store \(path) is damaged (\(reason)); it was left as it is. \(Self.repairHint)"
        case let .newerVersion(path, version):
            "the store \(path) was written by a newer todo (format \(version); this one reads up to "
                + "\(StoreDocument.currentVersion)); update todo to open it. The file was left as it is"
        case let .notAFile(path, kind):
            "\(path) is \(kind), not a file; nothing was read or written"
        case let .isALink(path):
            "\(path) is a link; todo never follows a link beside its store, so nothing was read or written"
        case let .linkLoop(path):
            "the store \(path) is a link that leads back to itself; nothing was written"
        case let .danglingLink(path, target):
            "the store \(path) is a link to \(target), which does not exist; nothing was written"
        case let .journalNotAccounted(journal, reason):
            "the journal \(journal) does not belong to its store (\(reason)); both were left as they are. \(Self.repairHint)"
        case let .cannotRead(path, reason):
            "cannot read \(path): \(reason)"
        case let .cannotWrite(path, reason):
            "cannot save to \(path): \(reason); the store was left as it was"
        }
    }
}
