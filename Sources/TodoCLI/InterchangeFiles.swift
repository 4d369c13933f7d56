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
import Interchange

/// A file to import, read whole, but never more than `limit` bytes of it: `/dev/zero` or a
/// file of gigabytes is refused once past the limit, not read into memory.
enum InputFile {
    static func bytes(path: String, limit: Int) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandError.refused("cannot read \(path): \(systemMessage())") }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw CommandError.refused("cannot import \(path): it is a folder")
        }
        return try bytes(descriptor: descriptor, name: path, limit: limit)
    }

    static func bytes(descriptor: Int32, name: String, limit: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw CommandError.refused("cannot read \(name): \(systemMessage())") }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            guard bytes.count <= limit else {
                throw CommandError.refused("cannot import \(name): "
                                           + "\(InterchangeText.failure(ImportFailure(.file, .tooLarge(limit: limit)))); nothing was imported")
            }
        }
    }
}

/// A file an export writes: under a temporary name beside it, flushed, then renamed over it,
/// so that it is whole or not there; never the store or one of its own files. Only a plain
/// file may be written: a device, a pipe or a folder is never replaced by one, a link is
/// written through to its file, and a file or folder whose mode says no is left alone, as the
/// store's are, even by the superuser, as is a file this user may not write, though its folder
/// lets them put another in its place. A file written over keeps its mode.
enum OutputFile {
    static func save(_ bytes: [UInt8], to path: String) throws {
        let refuse = { (reason: String) in CommandError.refused("cannot write \(path): \(reason); nothing was written") }
        guard !TypedPath.namesAFolder(path) else { throw CommandError.refused("cannot write \(path): it is a folder; name a file in it") }
        if isPlantedLink(path) { throw refuse("it is a link another user made in a folder anyone may write in, which todo does not follow") }
        let target = TypedPath.resolved(path)
        var status = stat()
        var mode: mode_t?
        var owner: (uid_t, gid_t)?
        if lstat(target, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw CommandError.refused("cannot write \(path): it is a folder; name a file in it")
            default: throw refuse("it is not a plain file (a device, a pipe or a socket)")
            }
            guard status.st_mode & 0o222 != 0 else { throw refuse("the file is read-only") }
            // The folder may let this user put a file in its place; the file's own mode says
            // whether they may write it.
            guard access(target, W_OK) == 0 else { throw refuse("you may not write the file") }
            // A new file in its place would leave another name of it as it was.
            guard status.st_nlink <= 1 else { throw refuse("the file has another name (a hard link), which would keep the old text") }
            mode = status.st_mode & 0o7777
            owner = (status.st_uid, status.st_gid)
        }
        let folder = TypedPath.split(target).folder ?? "."
        var folderStatus = stat()
        guard stat(folder, &folderStatus) == 0, folderStatus.st_mode & S_IFMT == S_IFDIR else {
            throw refuse("its folder \(folder) does not exist")
        }
        guard folderStatus.st_mode & 0o222 != 0 else { throw refuse("its folder \(folder) is read-only") }
        guard access(folder, W_OK) == 0 else { throw refuse("you may not write in its folder \(folder)") }
        // Not named after the file: a name of 255 bytes, the longest, leaves no room for more.
        let temporary = (folder == "/" ? "" : folder) + "/.todo-export.tmp-\(getpid())"
        // A new file gets the mode the user's umask gives; a file written over keeps its own.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode ?? 0o666)
        guard descriptor >= 0 else { throw refuse(systemMessage()) }
        var written = 0
        var failure: String?
        if let mode, fchmod(descriptor, mode) != 0 { failure = systemMessage() }
        // A file written over stays its owner's: the superuser's export of a user's file leaves
        // it theirs. One that cannot be given back is not written.
        var made = stat()
        if failure == nil, let (uid, gid) = owner, fstat(descriptor, &made) == 0, made.st_uid != uid || made.st_gid != gid,
           fchown(descriptor, uid, gid) != 0 {
            failure = "the file is another user's, and written it would be yours"
        }
        while written < bytes.count && failure == nil {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { failure = systemMessage(count < 0 ? errno : ENOSPC) } else { written += count }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = systemMessage() }
        close(descriptor)
        if failure == nil && rename(temporary, target) != 0 { failure = systemMessage() }
        if let failure {
            unlink(temporary)
            throw refuse(failure)
        }
    }

    /// Whether `path` is a link in a folder anyone may write in but only owners may rename in
    /// (as /tmp is), made by another user than this one and the folder's owner: the system's
    /// own rule for following links there (Linux's protected_symlinks), which a path resolved
    /// first, then written beside, would pass by.
    private static func isPlantedLink(_ path: String) -> Bool {
        var link = stat(), folder = stat()
        let whole = TypedPath.absolute(path)
        guard lstat(whole, &link) == 0, link.st_mode & S_IFMT == S_IFLNK,
              stat(TypedPath.split(whole).folder ?? ".", &folder) == 0 else { return false }
        return folder.st_mode & S_ISVTX != 0 && folder.st_mode & 0o002 != 0 && link.st_uid != geteuid() && link.st_uid != folder.st_uid
    }

    /// Whether `path` names the store at `store`, its journal or its lock, however it reaches it:
    /// asked of the system, by device and inode, not read from the paths' text, which misses a
    /// file reached from a deleted folder, through a mount, or by another spelling.
    static func isOneOf(_ path: String, theStore store: String) -> Bool {
        guard let output = Place(path) else { return false }
        let storeFile = TypedPath.resolved(store)
        return [storeFile, storeFile + ".journal", storeFile + ".lock"].contains { Place($0) == output }
    }

    /// Where a path leads: the file, where there is one (through links); else its folder, and
    /// the name it would have there.
    private struct Place: Equatable {
        let device: UInt64
        let inode: UInt64
        let name: String?

        init?(_ path: String) {
            var status = stat()
            if stat(path, &status) == 0 {
                (device, inode, name) = (UInt64(status.st_dev), UInt64(status.st_ino), nil)
                return
            }
            let (folder, name) = TypedPath.split(path)
            guard stat(folder ?? ".", &status) == 0 else { return nil }
            (device, inode, self.name) = (UInt64(status.st_dev), UInt64(status.st_ino), name)
        }
    }
}

/// What the system said of the last call that failed.
private func systemMessage(_ number: Int32 = errno) -> String {
    String(cString: strerror(number))
}
