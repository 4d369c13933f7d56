import Foundation

/// Why the store could not be read or written. Every case names the file, and none of them
/// leaves the file changed: a refused read or write writes nothing.
public enum StoreError: Error, Equatable, Sendable, LocalizedError {
    /// The file is there but is not a store this program wrote.
    case damaged(path: String, reason: String)
    /// The file was written by a newer version, in a format this one does not know.
    case newerVersion(path: String, version: Int)
    case notAFile(path: String)
    /// The store path is a link to a file that does not exist.
    case danglingLink(path: String, target: String)
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case let .damaged(path, reason):
            "the store \(path) is damaged (\(reason)); it was left as it is"
        case let .newerVersion(path, version):
            "the store \(path) was written by a newer todo (format \(version); this one reads up to "
                + "\(StoreDocument.currentVersion)); update todo to open it. The file was left as it is"
        case let .notAFile(path):
            "the store \(path) is not a file"
        case let .danglingLink(path, target):
            "the store \(path) is a link to \(target), which does not exist; nothing was written"
        case let .cannotRead(path, reason):
            "cannot read the store \(path): \(reason)"
        case let .cannotWrite(path, reason):
            "cannot save to \(path): \(reason); the store was left as it was"
        }
    }
}
