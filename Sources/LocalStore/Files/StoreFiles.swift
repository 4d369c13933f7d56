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

/// The files of one store, and the only ways the store opens them. Every file is opened
/// without blocking (a FIFO or a device in its place is refused at once, never waited on)
/// and checked to be a regular file before a byte is read or written; the journal, the lock
/// and temporary files are never followed through a link.
struct StoreFiles {
    /// Where the store file is: the store path itself, or where the link at that path points.
    let path: String

    var journal: String { Journal.path(ofStore: path) }
    var lock: String { path + ".lock" }
    var folder: String {
        let folder = PathText.folder(of: path)
        return folder.isEmpty ? "." : folder
    }
    var name: String { PathText.lastComponent(path) }

    /// The store at `path`, its link followed when it is one.
    static func at(_ path: String) throws -> StoreFiles {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            // A folder on the way is a link that leads back to itself: not the store's own loop.
            if errno == ELOOP { throw StoreError.linkLoopInFolders(path: path) }
            if let missing = missingFolderLeft(by: path) { throw StoreError.leavesAMissingFolder(path: path, folder: missing) }
            return StoreFiles(path: path)
        }
        guard (status.st_mode & S_IFMT) == S_IFLNK else { return StoreFiles(path: path) }
        // Followed as the system follows it, however many links lead on: Foundation gives up
        // after 20 and leaves the path a link, and the journal would lie beside the link, where
        // a reader of the store's own path never looks.
        guard let resolved = systemPath(of: path) else {
            let failure = errno
            let (end, loops) = endOfLinks(from: path)
            switch failure {
            case ELOOP: throw loops ? StoreError.linkLoop(path: path) : StoreError.tooManyLinks(path: path)
            case ENOENT, ENOTDIR: throw StoreError.danglingLink(path: path, target: end)
            default: throw StoreError.cannotRead(path: path, .system(errno: failure))
            }
        }
        return StoreFiles(path: resolved)
    }

    /// The path the system reaches by `path`, every link and `..` on the way followed; nil, with
    /// `errno` saying why, where it reaches nothing.
    private static func systemPath(of path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The first folder `path` goes up out of (`..`) that is not there. The system finds nothing
    /// by such a path; once todo made the folder, it would find another file, or a link to one:
    /// reads and changes would not name the same store.
    private static func missingFolderLeft(by path: String) -> String? {
        var walked = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            if component == "..", !walked.isEmpty, access(walked, F_OK) != 0 { return walked }
            walked += (walked.isEmpty || walked.hasSuffix("/") ? "" : "/") + component
        }
        return nil
    }

    /// Where the links from `path` lead, one by one as the system reads them: the first path on
    /// the way that is no link (it may not exist), and whether the way comes back to a link it
    /// passed. Each link's target is read from its real folder, so the way names each link in
    /// one way only, and ends.
    private static func endOfLinks(from path: String) -> (end: String, loops: Bool) {
        var passed = Set<String>()
        var current = path
        while let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) {
            guard passed.insert(current).inserted else { return (current, true) }
            current = target.hasPrefix("/") ? target : URL(fileURLWithPath: realFolder(of: current)).appendingPathComponent(target).path
        }
        return (current, false)
    }

    /// The folder `path` is in, its links followed.
    private static func realFolder(of path: String) -> String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return systemPath(of: folder) ?? folder
    }

    // MARK: - Opening

    /// An open regular file, closed when it goes.
    final class OpenFile {
        let descriptor: Int32
        let status: stat
        /// The path it was opened by, for what an error says.
        let path: String

        fileprivate init(descriptor: Int32, status: stat, path: String) {
            self.descriptor = descriptor
            self.status = status
            self.path = path
        }

        deinit {
            close(descriptor)
        }

        var size: Int { Int(status.st_size) }
        /// No one may write it: the user said "do not change this", which the system lets the
        /// superuser ignore, so the mode is asked, not `open`.
        var isReadOnly: Bool { status.st_mode & 0o222 == 0 }

        /// When the file was last written, and when it last changed at all (its status change
        /// time, which a program can set back only by setting back the clock): seconds and
        /// nanoseconds of each. An edit that keeps the size and sets the written time back
        /// (`touch -r`) still changes the second.
        var modified: [Int] { Self.modified(status) }

        /// Says whether the file at `path` is still this one.
        func isStill(at path: String) -> Bool {
            var now = stat()
            return stat(path, &now) == 0 && now.st_ino == status.st_ino && now.st_dev == status.st_dev
                && now.st_size == status.st_size && Self.modified(now) == modified
        }

        /// Every byte, mapped where the file system allows, else read. A file that says it is
        /// empty is read all the same, to its end: files the system makes as they are read (under
        /// /proc) say so whatever they hold. A read the system refuses is said with its reason.
        func contents() throws -> Data {
            if size > 0, let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED {
                let count = size
                return Data(bytesNoCopy: mapped, count: count, deallocator: .custom { pointer, _ in munmap(pointer, count) })
            }
            var data = Data(count: max(size, 4096))
            var offset = 0
            while true {
                if offset == data.count {
                    guard size == 0 else { break }
                    data.count *= 2
                }
                let count = data.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + offset, $0.count - offset, off_t(offset)) }
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { throw StoreError.cannotRead(path: path, .system(errno: errno)) }
                guard count > 0 else { break }
                offset += count
            }
            return data.prefix(offset)
        }

        private static func modified(_ status: stat) -> [Int] {
            #if canImport(Darwin)
            [Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec),
             Int(status.st_ctimespec.tv_sec), Int(status.st_ctimespec.tv_nsec)]
            #else
            [Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec), Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec)]
            #endif
        }
    }

    /// Opens a regular file; nil when there is none. A link is never followed: the store's own
    /// links are followed once, when the files are named (`at`).
    static func open(_ path: String, writing: Bool = false, creating: Bool = false) throws -> OpenFile? {
        var flags = O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW | (writing ? O_RDWR : O_RDONLY)
        if creating { flags |= O_CREAT }
        let descriptor = systemOpen(path, flags, 0o600)
        guard descriptor >= 0 else {
            let failure = errno
            var status = stat()
            switch failure {
            case ENOENT: return nil
            case ELOOP: throw StoreError.isALink(path: path)
            case ENXIO: throw StoreError.notAFile(path: path, kind: .socketOrFIFO)
            // What failed is said as it was: a read, a file made, or a file opened to be written.
            case _ where !writing: throw StoreError.cannotRead(path: path, .system(errno: failure))
            case _ where creating && lstat(path, &status) != 0: throw StoreError.cannotCreate(path: path, errno: failure)
            default: throw StoreError.cannotOpen(path: path, errno: failure)
            }
        }
        var status = stat()
        let failure = fstat(descriptor, &status) == 0 ? nil : errno
        guard failure == nil, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            if let failure { throw StoreError.cannotRead(path: path, .system(errno: failure)) }
            throw StoreError.notAFile(path: path, kind: kind(of: status))
        }
        return OpenFile(descriptor: descriptor, status: status, path: path)
    }

    /// What kind of thing stands where a file was expected.
    static func kind(of status: stat) -> FileKind {
        switch status.st_mode & S_IFMT {
        case S_IFDIR: .folder
        case S_IFIFO: .fifo
        case S_IFCHR, S_IFBLK: .device
        case S_IFSOCK: .socket
        case S_IFLNK: .link
        default: .other
        }
    }

    /// The store file, by the path its links led to when the files were named. A link found
    /// there now was put there since: it is refused, not followed, lest a change read the store
    /// it leads to and write its journal beside the link, where no reader of that store looks.
    func openStore() throws -> OpenFile? {
        do {
            return try Self.open(path)
        } catch StoreError.isALink {
            throw StoreError.madeALink(path: path)
        }
    }

    /// Refuses, before anything is made beside it, a store path that is not a regular file.
    func refuseWhatIsNotAFile() throws {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw StoreError.notAFile(path: path, kind: Self.kind(of: status))
        }
    }

    /// The longest name beside the store is a copy of its journal a repair keeps, 36 bytes
    /// longer than the store's (`.journal.damaged-20261123-101500-100`); a temporary file is 25.
    static let longestSuffix = 36

    /// Refuses, before anything is written, a store whose name leaves no room in the folder's
    /// names for the files beside it: each change would fail part-way, at the first fold.
    func refuseANameTooLong() throws {
        let folderLimit = pathconf(folder, Int32(_PC_NAME_MAX))
        let longest = (folderLimit > 0 ? folderLimit : 255) - Self.longestSuffix
        guard name.utf8.count <= longest else { throw StoreError.nameTooLong(path: path, longest: longest) }
    }

    // MARK: - Writing

    /// A file the superuser makes beside someone's store (its journal, its lock) is given to the
    /// store's owner, as a store written anew is: one left to the superuser, readable by it
    /// alone, would keep the owner out of their own store.
    func giveToStoreOwner(_ file: OpenFile) {
        var store = stat()
        guard geteuid() == 0, stat(path, &store) == 0,
              file.status.st_uid != store.st_uid || file.status.st_gid != store.st_gid else { return }
        _ = fchown(file.descriptor, store.st_uid, store.st_gid)
    }

    /// Writes `data` to a new file beside the store, flushes it, renames it over the store and
    /// flushes the folder: a crash at any moment leaves the old file or the new one.
    func replaceStore(with data: Data, disk: Disk) throws {
        try writeWhole(data, to: path, heirOf: path, disk: disk)
        syncFolder()
    }

    /// Writes `data` under a temporary name beside the store, flushes it and renames it to
    /// `target`: `target` is never seen cut short, and a crash leaves at most a temporary file,
    /// which the next change removes (`leftOverTemporaryFiles`). The new file takes the
    /// permissions of `heirOf`, and when the superuser writes it, its owner, so that its owner
    /// can still read it. Each failure names the file it failed on.
    func writeWhole(_ data: Data, to target: String, heirOf: String?, disk: Disk) throws {
        let temporary = folder + "/." + name + ".tmp-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
        // O_EXCL: never opens what is there already, a link included.
        let descriptor = systemOpen(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StoreError.cannotCreate(path: temporary, errno: errno) }
        do {
            defer { close(descriptor) }
            var old = stat()
            if let heirOf, stat(heirOf, &old) == 0 {
                fchmod(descriptor, old.st_mode & 0o7777)
                if geteuid() == 0 { _ = fchown(descriptor, old.st_uid, old.st_gid) }
            }
            try disk.writeAll(data, to: descriptor, path: target)
            guard fsync(descriptor) == 0 else { throw StoreError.cannotWrite(path: target, .system(errno: errno)) }
            guard rename(temporary, target) == 0 else { throw StoreError.cannotRename(path: temporary, to: target, errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Makes a rename or a new file durable: without it a power cut could bring back the old name.
    func syncFolder() {
        let descriptor = systemOpen(folder, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Removes the journal, when it is a regular file: the store holds its changes now. Returns
    /// the system's reason when it would not go (an immutable file), nil when it is gone.
    func removeJournal(disk: Disk) -> Int32? {
        var status = stat()
        guard lstat(journal, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let failure = disk.remove(journal)
        return failure == 0 || failure == ENOENT ? nil : failure
    }

    /// Temporary files beside the store: regular files named as `replaceStore` names them
    /// (`.store.json.tmp-<pid>-<8 hex digits>`), nothing else. Under the lock no save is under
    /// way, so any there was left by a save that crashed before its rename; the store itself
    /// still holds the last lists.
    func leftOverTemporaryFiles() -> [String] {
        let prefix = "." + name + ".tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            guard name.hasPrefix(prefix) else { return false }
            let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isASCII), parts[0].allSatisfy(\.isNumber),
                  parts[1].count == 8, parts[1].allSatisfy({ "0123456789abcdef".contains($0) }) else { return false }
            var status = stat()
            return lstat(folder + "/" + name, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        }.sorted()
    }

    // MARK: - Locking

    /// Runs `body` holding the store's lock, the folder made first if need be. Refuses a
    /// store that is not a regular file and a read-only folder (or the nearest folder above a
    /// missing one) before anything is made, and a lock file that is a link or not a regular
    /// file. When `body` leaves no store, what was made for it goes again: a change that
    /// changed nothing leaves nothing behind.
    func withLock<Result>(waiting wait: LockWait, _ body: () throws -> Result) throws -> Result {
        try refuseWhatIsNotAFile()
        try refuseANameTooLong()
        let made = missingFolders()
        let nearest = made.last.map { PathText.folder(of: $0) } ?? folder
        var status = stat()
        if stat(nearest.isEmpty ? "." : nearest, &status) == 0, status.st_mode & 0o222 == 0 {
            throw StoreError.cannotWrite(path: path, .readOnlyFolder(nearest))
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            removeFolders(made)
            throw StoreError.cannotWrite(path: path, .cannotMakeFolder(folder))
        }
        let lockFile: OpenFile
        do {
            lockFile = try lockedFile(waiting: wait)
        } catch {
            removeFolders(made)
            throw error
        }
        defer {
            if lstat(path, &status) != 0 && lstat(journal, &status) != 0 {
                // Unlinked while locked: a writer waiting on it finds it gone and makes a new one.
                unlink(lock)
                removeFolders(made)
            }
            flock(lockFile.descriptor, LOCK_UN)
        }
        for name in leftOverTemporaryFiles() {
            unlink(folder + "/" + name)
        }
        return try body()
    }

    /// The lock file, open and locked; made when there is none. A lock file removed while
    /// this waited for it is made again, so two writers never hold locks on two files. While
    /// another program holds it, `wait` is told who, and after its timeout this gives up.
    private func lockedFile(waiting wait: LockWait) throws -> OpenFile {
        let start = ContinuousClock.now
        var told = false
        while true {
            guard let lockFile = try Self.open(lock, writing: true, creating: true) else {
                throw StoreError.cannotWrite(path: path, .cannotMakeLock(lock))
            }
            giveToStoreOwner(lockFile)
            while flock(lockFile.descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR else { throw StoreError.cannotLock(path: lock, errno: errno) }
                let waited = ContinuousClock.now - start
                guard waited < wait.timeout else {
                    throw StoreError.lockHeld(path: path, holder: LockHolder.of(lockFile), waited: wait.timeout)
                }
                if !told && waited >= wait.noticeAfter {
                    told = true
                    wait.waiting(LockHolder.of(lockFile))
                }
                // Often enough that a writer waiting behind another's change hardly waits longer.
                usleep(5_000)
            }
            var now = stat()
            if lstat(lock, &now) == 0, now.st_ino == lockFile.status.st_ino, now.st_dev == lockFile.status.st_dev {
                return lockFile
            }
        }
    }

    /// The folders of the store's path that do not exist yet, deepest first.
    private func missingFolders() -> [String] {
        var missing: [String] = []
        var current = folder
        var status = stat()
        while !current.isEmpty, current != "/", current != ".", stat(current, &status) != 0 {
            missing.append(current)
            current = PathText.folder(of: current)
        }
        return missing
    }

    /// Takes away the folders a refused change made, when they are still empty.
    private func removeFolders(_ folders: [String]) {
        folders.forEach { rmdir($0) }
    }
}
