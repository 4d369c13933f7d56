import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList
import UserList

@Suite("Keeping the list on this machine: a store that cannot be read or written")
struct DamagedStoreTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
    }

    static let damagedContents: [Data] = [
        Data("{\"version\": 1, \"todos\": {\"todo\": [".utf8),
        Data([0xFF, 0x00, 0x13, 0x37, 0xC3]),
        Data("[1, 2, 3]".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": 5}}".utf8),
        Data("{\"version\": \"one\"}".utf8),
        Data("{\"version\": 1e400, \"todos\": {\"todo\": [], \"finished\": [], \"undoSteps\": []}}".utf8),
        Data("{\"version\": 1.5, \"todos\": {\"todo\": [], \"finished\": [], \"undoSteps\": []}}".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": [], \"finished\": [], \"undoSteps\": []}} and more".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": [], \"finished\": [], \"undoSteps\": [],}}".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": [{\"id\": \"00000000-0000-0000-0000-00000000000X\", \"title\": \"Buy milk\", \"isFinished\": false}], \"finished\": [], \"undoSteps\": []}}".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": [{\"id\": \"00000000-0000-0000-0000-000000000001\", \"title\": \"Buy\tmilk\", \"isFinished\": false}], \"finished\": [], \"undoSteps\": []}}".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": [{\"id\": \"00000000-0000-0000-0000-000000000001\", \"title\": \"Buy milk\"}], \"finished\": [], \"undoSteps\": []}}".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": [{\"id\": \"00000000-0000-0000-0000-000000000001\", \"title\": \"".utf8) + Data([0xC3, 0x28])
            + Data("\", \"isFinished\": false}], \"finished\": [], \"undoSteps\": []}}".utf8),
        Data("{\"version\": 4, \"todos\": {\"todo\": [], \"finished\": [], \"undoSteps\": []}, \"people\": {\"everyone\": [], \"sortOrder\": \"added\"}}".utf8),
        Data("{\"version\": 6, \"todos\": {\"todo\": [], \"finished\": []}}".utf8),
        Data("{\"version\": 0, \"todos\": {\"todo\": [], \"finished\": [], \"undoSteps\": []}}".utf8),
    ]

    @Test("TP-6 A damaged store is refused with an error naming the file, and left as it was", arguments: damagedContents)
    func damagedStoreIsRefusedUntouched(contents: Data) throws {
        try files.write(contents)
        let store = files.store()

        let refusal = try #require(throws: StoreError.self) { try store.loadTodos() }
        guard case .damaged(files.storeURL.path, _) = refusal else { Issue.record("not refused as damage: \(refusal)"); return }
        #expect(throws: refusal) { _ = try store.add(id: id(1), title: "Buy milk") }
        #expect(try files.todo("list").errors.contains("the store \(files.storeURL.path) is damaged"))
        #expect { _ = try store.apply(PeopleChange.sort(.descending)) } throws: { ($0 as? StoreError)?.isDamaged == true }

        #expect(try !store.inspect().isSound, "doctor calls sound only what every command opens")
        #expect(files.storeBytes == contents)
        #expect(try files.contents() == ["store.json", "store.json.lock"])
    }

    @Test("TP-6 A damaged store is refused with an error naming the file, and left as it was: a format no version wrote",
          arguments: [0, -7, Int.min])
    func formatNoVersionWrote(version: Int) throws {
        try files.seed(todo: ["Buy milk"])
        let saved = String(decoding: files.storeBytes, as: UTF8.self)
        try #require(saved.hasSuffix(",\"version\":\(StoreFormat.current)}"))
        let contents = Data((saved.dropLast("\(StoreFormat.current)}".count) + "\(version)}").utf8)
        try files.write(contents)

        #expect(throws: StoreError.damaged(path: files.storeURL.path, .noSuchFormat(version))) { try files.todos() }
        #expect(try files.todo("list").errors.contains("no version wrote format \(version)"))
        let doctor = try files.todo("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.output.contains("it says it is in format \(version), which no version of todo wrote"), "\(doctor.output)")
        #expect(files.storeBytes == contents)
    }

    @Test("TP-7 A store written by a newer version is refused and left as it was",
          arguments: ["{\"version\": 999, \"todos\": {\"todo\": [], \"finished\": []}, \"future\": true}", "{\"version\":999}"])
    func newerStoreIsRefusedUntouched(text: String) throws {
        let contents = Data(text.utf8)
        try files.write(contents)
        let store = files.store()

        #expect(throws: StoreError.newerVersion(path: files.storeURL.path, version: 999)) {
            _ = try store.add(id: id(1), title: "Buy milk")
        }
        #expect(throws: StoreError.newerVersion(path: files.storeURL.path, version: 999)) { try store.loadTodos() }
        #expect(try files.todo("list").errors.contains("update todo"))
        #expect(try store.inspect().findings.map(\.what) == [.newerVersion(999)])
        #expect(files.storeBytes == contents)
    }

    @Test("TP-10 A store that cannot be written is refused before anything is written", arguments: ["file", "folder"])
    func readOnlyStore(what: String) throws {
        try files.seed(todo: ["Call Ann"])
        let before = files.storeBytes
        let readOnly = what == "file" ? files.storeURL : files.storeURL.deletingLastPathComponent()
        try FileManager.default.setAttributes([.posixPermissions: what == "file" ? 0o444 : 0o555], ofItemAtPath: readOnly.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly.path) }
        let contentsBefore = try files.contents()

        for change in [{ _ = try files.store().add(id: id(2), title: "Buy milk") },
                       { _ = try files.store().apply(TodoChange.check([id(1)])) }] as [() throws -> Void] {
            #expect { try change() } throws: { error in
                (error as? StoreError)?.isReadOnly(files.storeURL.path) == true
            }
        }

        #expect(files.storeBytes == before)
        #expect(try files.contents() == contentsBefore)
    }

    @Test("TP-10 A store that cannot be written is refused before anything is written: a read-only folder above missing ones")
    func readOnlyFolderAbove() throws {
        let readOnly = files.folder.file("locked")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly.path) }
        // Two folders missing: the one to be made first is the one beside the read-only folder.
        let store = FileStore(url: readOnly.appendingPathComponent("lists/2026/store.json"))

        #expect(throws: StoreError.cannotWrite(path: readOnly.appendingPathComponent("lists/2026/store.json").path,
                                               .readOnlyFolder(readOnly.path))) {
            _ = try store.add(id: id(1), title: "Buy milk")
        }

        #expect(try FileManager.default.contentsOfDirectory(atPath: readOnly.path) == [])
    }

    /// One link, and a chain of links longer than Foundation follows (20) though the system
    /// follows it (up to 40).
    @Test("TP-11 A store reached through a link is read and saved where the link points", arguments: [1, 25])
    func storeThroughALink(links: Int) throws {
        let target = files.folder.file("elsewhere/real.json")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: files.storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try FileStore(url: target).add(id: id(1), title: "Call Ann")
        var next = target
        for link in 1..<links {
            let url = files.folder.file("elsewhere/link-\(link)")
            try FileManager.default.createSymbolicLink(at: url, withDestinationURL: next)
            next = url
        }
        try FileManager.default.createSymbolicLink(at: files.storeURL, withDestinationURL: next)

        _ = try files.store().add(id: id(2), title: "Buy milk")
        try files.store().apply(TodoChange.check([id(1)]))

        #expect(try FileStore(url: target).loadTodos() == list(todo: [todo(2, "Buy milk")], finished: [finished(1, "Call Ann")], next: 3))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: files.storeURL.path) == next.path)
        #expect(try files.contents() == ["store.json"])
        let report = try files.store().inspect()
        #expect(report.isSound)
        let stored = try Data(contentsOf: target)
        #expect(report.exists && report.bytes == stored.count)
        #expect(report.document?.todos == list(todo: [todo(2, "Buy milk")], finished: [finished(1, "Call Ann")], next: 3))
    }

    /// One link, and the first of a chain whose last link points to nothing: the path that is
    /// not there is named, not the link after the first.
    @Test("TP-11 A link that points to nothing is refused, and nothing is written", arguments: [1, 30])
    func danglingLink(links: Int) throws {
        let target = files.folder.file("nowhere/real.json")
        try FileManager.default.createDirectory(at: files.storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        // The chain's links point to the next by a name relative to their folder, as `ln -s` makes them.
        var next = target.path
        for link in 1..<links {
            try FileManager.default.createSymbolicLink(atPath: files.folder.file("link-\(link)").path,
                                                       withDestinationPath: link == 1 ? next : "link-\(link - 1)")
            next = files.folder.file("link-\(link)").path
        }
        try FileManager.default.createSymbolicLink(atPath: files.storeURL.path, withDestinationPath: next)

        #expect(throws: StoreError.danglingLink(path: files.storeURL.path, target: target.path)) {
            _ = try files.store().add(id: id(1), title: "Buy milk")
        }
        #expect(throws: StoreError.danglingLink(path: files.storeURL.path, target: target.path)) { try files.todos() }
        #expect(!FileManager.default.fileExists(atPath: target.deletingLastPathComponent().path))
        #expect(try files.contents() == ["store.json"])
    }

    @Test("TP-12 A write that fails part-way leaves the old store as it was")
    func diskFullPartWay() throws {
        // A store in an older format is written anew by the next change, an add included.
        let older = """
            {"version": 3, "todos": {"todo": [{"id": "\(id(1).uuidString)", "title": "Call Ann", "isFinished": false}],
             "finished": [], "undoSteps": []}, "people": {"everyone": [], "sortOrder": "added"}}
            """
        try files.write(Data(older.utf8))
        let fillsUp = Disk { descriptor, bytes, count in
            let written = Disk.system.write(descriptor, bytes, min(count, 100))
            if count > 100 && written == 100 { errno = ENOSPC; return -1 }
            return written
        }

        #expect(throws: StoreError.cannotWrite(path: files.storeURL.path, .system(errno: ENOSPC))) {
            _ = try files.store(disk: fillsUp).add(id: id(2), title: "Buy milk")
        }

        #expect(files.storeBytes == Data(older.utf8))
        #expect(try files.todos() == list(todo: [todo(1, "Call Ann")], next: 2))
        #expect(try files.contents() == ["store.json", "store.json.lock"])
    }

    @Test("TP-12 A write that fails part-way leaves the old store as it was: one that makes no progress is a full disk, whatever errno says",
          arguments: [0, -1])
    func writeWithoutProgress(returning result: Int) throws {
        try files.seed(todo: ["Call Ann"])
        let store = files.storeBytes
        // errno is left as it was: EACCES from before, which says nothing of this write.
        let stalls = Disk { _, _, _ in result }
        errno = EACCES

        #expect(throws: StoreError.cannotWrite(path: files.storeURL.path, .system(errno: ENOSPC))) {
            try files.store(disk: stalls).apply(TodoChange.check([id(1)]))
        }

        #expect(files.storeBytes == store)
        #expect(try files.todos() == makeTodos(todo: ["Call Ann"]))
    }

    @Test("TP-12 A change whose journal line fails part-way leaves the store and its journal as they were")
    func diskFullPartWayThroughTheJournal() throws {
        try files.seed(todo: ["Call Ann"])
        _ = try files.store().add(id: id(2), title: "Buy milk")
        let store = files.storeBytes
        let journal = files.journalBytes
        let fillsUp = Disk { descriptor, bytes, count in
            let written = Disk.system.write(descriptor, bytes, min(count, 10))
            if written == 10 && count > 10 { errno = ENOSPC; return -1 }
            return written
        }

        for change in [{ _ = try files.store(disk: fillsUp).add(id: id(3), title: "Pay rent") },
                       { _ = try files.store(disk: fillsUp).apply(TodoChange.check([id(1)])) }] as [() throws -> Void] {
            #expect(throws: StoreError.cannotWrite(path: files.storeURL.path, .system(errno: ENOSPC))) { try change() }
        }

        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
    }

    @Test("TP-13 doctor checks the store and says what it found, without changing it")
    func inspect() throws {
        try files.seed(todo: ["Call Ann", "Buy milk"], people: [person(1, "Ann", "Lee")])
        try files.store().apply(TodoChange.check([id(1)]))
        let before = files.storeBytes
        let journal = files.journalBytes

        let report = try files.store().inspect()

        #expect(report.exists)
        #expect(report.bytes == before.count)
        #expect(report.journalBytes == journal.count)
        #expect(report.journalChanges == 1)
        #expect(report.journalNotes == [])
        #expect(report.leftOvers == [])
        #expect(report.document?.todos == list(todo: [todo(2, "Buy milk")], finished: [finished(1, "Call Ann")], next: 3))
        #expect(report.document?.people.everyone == [person(1, "Ann", "Lee")])
        #expect(report.document?.people.everyone == [person(1, "Ann", "Lee")])
        #expect(report.findings.isEmpty)
        #expect(report.isSound)
        #expect(files.storeBytes == before)
        #expect(files.journalBytes == journal)
    }

    @Test("TP-13 doctor names an id used twice and an item in the wrong section")
    func inspectFindsProblems() throws {
        let repeated = """
            {"version": 3, "todos": {"todo": [{"id": "\(id(1).uuidString)", "title": "A", "isFinished": true},
              {"id": "\(id(1).uuidString)", "title": "B", "isFinished": false}], "finished": [], "undoSteps": []},
             "people": {"everyone": [], "sortOrder": "added"}}
            """
        try files.write(Data(repeated.utf8))

        let report = try files.store().inspect()

        #expect(report.findings.map(\.what) == [.problems([.finishedInToDo, .repeatedID(.todo, id(1)), .repeatedNumber(.todo, 1)])])
        #expect(report.findings.map(\.file) == [files.storeURL.path])
        #expect(!report.isSound)
        #expect(try Data(contentsOf: files.storeURL) == Data(repeated.utf8))
    }

    @Test("TP-14 A store with nothing in it is called empty, not damaged beyond words")
    func emptyStore() throws {
        try files.write(Data())

        #expect(throws: StoreError.damaged(path: files.storeURL.path, .empty)) { try files.todos() }
        #expect(try files.todo("list").errors
                .hasPrefix("error: the store \(files.storeURL.path) is damaged (it is empty); it was left as it is."))
        #expect(files.storeBytes == Data())
        #expect(try files.contents() == ["store.json"])
    }
}
