import Foundation
import TodoList
import UserList
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The list kept in one JSON file on this machine, written so that nothing a user typed is lost.
///
/// - A save writes a new file beside the old one, flushes it to disk and renames it over the
///   old one: a crash at any moment leaves either the old list or the new one, never half.
/// - A change reads, changes and writes under an exclusive lock on `<store>.lock`, so two
///   programs changing the list at once each see the other's work.
/// - A file it cannot read (damaged, or from a newer version) is refused and never written.
public final class FileStore: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
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
        guard let data = try contents() else { return StoreDocument() }
        return try decode(data)
    }

    /// Reads the latest document under the lock, lets `body` change it, and saves it if it
    /// changed. When `body` throws, nothing is written and the error is passed on.
    public func update<Result>(_ body: (inout StoreDocument) throws -> Result) throws -> Result {
        try withLock {
            let original = try read()
            var document = original
            let result = try body(&document)
            if document != original {
                try write(document)
            }
            return result
        }
    }

    // MARK: - Reading

    private var path: String { url.path }
    private var folder: URL { url.deletingLastPathComponent() }

    private func contents() throws -> Data? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw StoreError.cannotRead(path: path, reason: Self.systemMessage())
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw StoreError.notAFile(path: path) }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw StoreError.cannotRead(path: path, reason: Self.systemMessage())
        }
    }

    private func decode(_ data: Data) throws -> StoreDocument {
        struct Header: Decodable { let version: Int }
        let decoder = JSONDecoder()
        guard let header = try? decoder.decode(Header.self, from: data) else {
            throw StoreError.damaged(path: path, reason: "it is not a todo store")
        }
        guard header.version <= StoreDocument.currentVersion else {
            throw StoreError.newerVersion(path: path, version: header.version)
        }
        guard header.version >= 1, let document = try? decoder.decode(StoreDocument.self, from: data) else {
            throw StoreError.damaged(path: path, reason: "its contents do not fit format \(header.version)")
        }
        return document
    }

    // MARK: - Writing

    /// Always in the current format: a file from an older version is upgraded on its first change.
    private func write(_ document: StoreDocument) throws {
        var document = document
        document.version = StoreDocument.currentVersion
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(document)
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).tmp-\(getpid())-\(UUID().uuidString.prefix(8))")
        do {
            try writeDurably(data, to: temporary.path)
            guard rename(temporary.path, path) == 0 else { throw StoreError.cannotWrite(path: path, reason: Self.systemMessage()) }
        } catch {
            unlink(temporary.path)
            throw error
        }
        syncFolder()
    }

    private func writeDurably(_ data: Data, to temporary: String) throws {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
        guard descriptor >= 0 else { throw StoreError.cannotWrite(path: path, reason: Self.systemMessage()) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw StoreError.cannotWrite(path: path, reason: Self.systemMessage())
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw StoreError.cannotWrite(path: path, reason: Self.systemMessage()) }
    }

    /// Makes the rename itself durable: without it a power cut could bring back the old name.
    private func syncFolder() {
        let descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    // MARK: - Locking

    private func withLock<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotWrite(path: path, reason: "cannot create the folder \(folder.path)")
        }
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, mode_t(0o600))
        guard descriptor >= 0 else { throw StoreError.cannotWrite(path: path, reason: Self.systemMessage()) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StoreError.cannotWrite(path: path, reason: Self.systemMessage()) }
        }
        defer { flock(descriptor, LOCK_UN) }
        removeLeftOverTemporaryFiles()
        return try body()
    }

    /// Under the lock no save is under way, so any temporary file beside the store was left
    /// by a save that crashed before its rename; the store itself still holds the last list.
    private func removeLeftOverTemporaryFiles() {
        let prefix = ".\(url.lastPathComponent).tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno))
    }
}

/// The system's `write(2)`, named apart from `FileStore.write(_:)`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}

extension FileStore: TodoStore {
    public func loadTodos() throws -> Todos {
        try read().todos
    }

    @discardableResult
    public func apply(_ change: TodoChange) throws -> Todos {
        try update { document in
            try document.todos.apply(change)
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
