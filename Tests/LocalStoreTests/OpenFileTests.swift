import Foundation
import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program that keeps `todo`'s store in a long-running process (an app, the prompt) reads and
/// changes it thousands of times: each descriptor left open would be one fewer it can open.
@Suite("Keeping the list on this machine: nothing is left open")
struct OpenFileTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
    }

    /// The files under the test's folder this process has open now.
    private func openFiles() -> [String] {
        Self.openFiles(under: files)
    }

    /// The files under `files`' folder this process has open now.
    private static func openFiles(under files: StoreFolder) -> [String] {
        let folder = files.folder.url.resolvingSymlinksInPath().path
        var open: [String] = []
        #if os(Linux)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name),
               target.hasPrefix(folder) {
                open.append(target)
            }
        }
        #else
        for descriptor in 0..<getdtablesize() {
            var path = [CChar](repeating: 0, count: Int(MAXPATHLEN))
            if fcntl(descriptor, F_GETPATH, &path) == 0, String(cString: path).hasPrefix(folder) {
                open.append(String(cString: path))
            }
        }
        #endif
        return open
    }

    @Test("Reading, changing, undoing and inspecting a store leave none of its files open")
    func everyCommandCloses() throws {
        try files.seed(todo: ["Buy milk", "Call Ann"])
        let store = files.store()

        _ = try store.loadTodos()
        _ = try store.add(id: id(3), title: "Pay rent")
        try store.apply(TodoChange.check([id(1)]))
        _ = try store.undone()
        _ = try store.inspect()
        try store.update { $0.todos = makeTodos(todo: ["Buy milk"]) }

        #expect(openFiles() == [])
    }

    /// A program that keeps the store (an app) may close its standard input; the next file
    /// opened is then descriptor 0, a descriptor like any other. Here the change closes it while
    /// it holds the lock, so that the store's new copy and its folder are opened as 0. It runs in
    /// a process of its own: in this one, another test opening a file at that moment would take
    /// 0 first, and the change would never meet it.
    @Test("A change made while standard input is closed is saved, and leaves nothing open")
    func standardInputClosed() async {
        await #expect(processExitsWith: .success) {
            let files = try StoreFolder()
            try files.seed(todo: ["Buy milk"])

            try files.store().update {
                close(0)
                $0.todos = makeTodos(todo: ["Call Ann", "Buy milk"])
            }

            #expect(try files.todos() == makeTodos(todo: ["Call Ann", "Buy milk"]))
            #expect(OpenFileTests.openFiles(under: files) == [])
        }
    }

    @Test("A folder, a FIFO or a damaged file where the store should be is refused, and left closed", arguments: ["folder", "fifo", "damaged"])
    func refusalsClose(kind: String) throws {
        try FileManager.default.createDirectory(at: files.storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        switch kind {
        case "folder": try FileManager.default.createDirectory(at: files.storeURL, withIntermediateDirectories: false)
        case "fifo": #expect(mkfifo(files.storeURL.path, 0o600) == 0)
        default: try files.write(Data("{\"version\": 6".utf8))
        }

        #expect(throws: StoreError.self) { try files.todos() }
        #expect(throws: StoreError.self) { _ = try files.store().add(id: id(1), title: "Buy milk") }

        #expect(openFiles() == [])
    }

    @Test("A change whose folders cannot all be made leaves none of them behind")
    func noFoldersLeftBehind() throws {
        let made = files.folder.file("new")
        let store = made.appendingPathComponent(String(repeating: "n", count: 300)).appendingPathComponent("store.json")

        #expect(throws: StoreError.cannotWrite(path: store.path, .cannotMakeFolder(store.deletingLastPathComponent().path))) {
            _ = try FileStore(url: store).add(id: id(1), title: "Buy milk")
        }

        #expect(!FileManager.default.fileExists(atPath: made.path))
    }

    /// A path as long as the system takes (4,095 bytes) names the store; the lock beside it, five
    /// bytes longer, is one the system cannot make, after the folders on the way are made.
    @Test("A change whose lock cannot be made leaves none of the folders it made behind", .enabled(if: PATH_MAX == 4096))
    func noFoldersLeftBehindALock() throws {
        var there = files.folder.url.path
        while there.utf8.count + 201 < 4_000 {
            there += "/" + String(repeating: "d", count: 200)
        }
        try FileManager.default.createDirectory(atPath: there, withIntermediateDirectories: true)
        let missing = 4_084 - there.utf8.count - 2
        let store = there + "/" + String(repeating: "m", count: missing / 2) + "/" + String(repeating: "n", count: missing - missing / 2)
            + "/store.json"
        try #require(store.utf8.count == 4_095)

        #expect(throws: StoreError.self) { _ = try FileStore(path: store).add(id: id(1), title: "Buy milk") }

        #expect(try FileManager.default.contentsOfDirectory(atPath: there) == [])
    }
}
