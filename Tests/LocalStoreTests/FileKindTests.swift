import FastJSON
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

@Suite("A store that loses nothing: links, things that are not files, and read-only files")
struct FileKindTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
        try files.seed(todo: ["Buy milk"])
    }

    @Test("SF-5 A journal or a lock file that is a link is refused, and what it points to is untouched",
          arguments: ["journal", "lock file"])
    func linkBesideTheStore(file: String) throws {
        let notes = files.folder.file("notes.txt")
        try Data("my own notes\n".utf8).write(to: notes)
        let link = file == "journal" ? files.journalURL : files.folder.file("data/store.json.lock")
        try? FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: notes)

        #expect(throws: StoreError.isALink(path: link.path)) { _ = try files.store().add(id: id(2), title: "Call Ann") }
        #expect(throws: StoreError.isALink(path: link.path)) { _ = try files.store().apply(TodoChange.check([id(1)])) }
        if file == "journal" {
            #expect(throws: StoreError.isALink(path: link.path)) { try files.todos() }
        }

        #expect(try files.todo("add", "Pay rent").errors.contains("todo never follows a link"))
        #expect(try Data(contentsOf: notes) == Data("my own notes\n".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == notes.path)
    }

    @Test("A lock file that is a folder is refused, as a file todo cannot open to write, and the store is left as it was")
    func lockThatIsAFolder() throws {
        let lock = files.folder.file("data/store.json.lock")
        try? FileManager.default.removeItem(at: lock)
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
        let before = files.storeBytes

        #expect(throws: StoreError.cannotOpen(path: lock.path, errno: EISDIR)) { _ = try files.store().add(id: id(2), title: "Call Ann") }

        #expect(files.storeBytes == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: lock.path) == [])
    }

    @Test("SF-6 A store that is not a regular file is refused at once, and nothing is left beside it",
          .timeLimit(.minutes(1)), arguments: [(FileKind.fifo, "a FIFO", S_IFIFO), (.device, "a device", S_IFCHR), (.folder, "a folder", S_IFDIR)])
    func notARegularFile(thing: FileKind, words: String, type: mode_t) throws {
        let path: String
        switch thing {
        case .fifo:
            path = files.folder.file("fifo").path
            #expect(mkfifo(path, 0o600) == 0)
        case .device:
            path = "/dev/null"
        default:
            path = files.folder.file("folder").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        let store = FileStore(url: URL(fileURLWithPath: path))
        let refused = StoreError.notAFile(path: path, kind: thing)

        #expect(throws: refused) { _ = try store.loadTodos() }
        #expect(throws: refused) { _ = try store.add(id: id(2), title: "Call Ann") }
        #expect(throws: refused) { _ = try store.inspect() }

        for command in [["list"], ["add", "Call Ann"], ["doctor"]] {
            let run = try RealBinary().run(["--store", path] + command)
            #expect(run == Run(status: 1, output: "", errors: "error: \(path) is \(words), not a file; nothing was read or written\n"),
                    "todo \(command.joined(separator: " "))")
        }
        #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
        #expect(!FileManager.default.fileExists(atPath: path + ".journal"))
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == type, "it is still \(words)")
    }

    @Test("SF-24 A file that says it is longer than it is is read to its end, at once",
          .enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel/uevent_seqnum")))
    func fileShorterThanItsSize() throws {
        let madeUp = URL(fileURLWithPath: "/sys/kernel/uevent_seqnum")
        #expect((try FileManager.default.attributesOfItem(atPath: madeUp.path)[.size] as? NSNumber)?.intValue ?? 0
                > (try Data(contentsOf: madeUp)).count)

        #expect { _ = try FileStore(url: madeUp).loadTodos() } throws: { error in
            guard case .damaged(_, .notAStore) = error as? StoreError else { return false }
            return true
        }
    }

    @Test("SF-28 A file the system will not read, or that says it is empty and is not, is said as it is",
          .enabled(if: FileManager.default.fileExists(atPath: "/sys/class/net/lo/speed") && FileManager.default.fileExists(atPath: "/proc/self/status")))
    func fileTheSystemMakes() throws {
        let refused = "/sys/class/net/lo/speed"
        #expect(throws: StoreError.cannotRead(path: refused, .system(errno: EINVAL))) { _ = try FileStore(url: URL(fileURLWithPath: refused)).loadTodos() }
        #expect(try RealBinary().run(["--store", refused, "list"])
                == Run(status: 1, output: "", errors: "error: cannot read \(refused): \(String(cString: strerror(EINVAL)))\n"))

        let status = "/proc/self/status"
        #expect(try FileManager.default.attributesOfItem(atPath: status)[.size] as? NSNumber == 0)
        #expect(throws: StoreError.damaged(path: status, .notAStore(FormatFailure(offset: 0, expected: "an object")))) {
            _ = try FileStore(url: URL(fileURLWithPath: status)).loadTodos()
        }
    }

    @Test("SF-25 A command that changes nothing where there is no store leaves nothing behind")
    func nothingLeftBehind() throws {
        let missing = files.folder.file("new/lists/store.json")
        let store = FileStore(url: missing)

        #expect(throws: TodoError.nothingToUndo) { _ = try store.undone() }
        #expect(throws: TodoError.noSuchItem) { _ = try store.apply(TodoChange.check([id(1)])) }
        #expect(try store.repair() == nil)

        #expect(!FileManager.default.fileExists(atPath: files.folder.file("new").path))
        _ = try store.add(id: id(1), title: "Buy milk")
        #expect(try FileManager.default.contentsOfDirectory(atPath: missing.deletingLastPathComponent().path).sorted()
                == ["store.json", "store.json.lock"])
    }

    @Test("SF-7 A store path that is a link looping back to itself is called a loop")
    func linkLoop() throws {
        let loop = files.folder.file("loop.json")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)

        #expect(throws: StoreError.linkLoop(path: loop.path)) { _ = try FileStore(url: loop).loadTodos() }
        #expect(throws: StoreError.linkLoop(path: loop.path)) { _ = try FileStore(url: loop).add(id: id(1), title: "Buy milk") }
        #expect(try RealBinary().run(["--store", loop.path, "list"]).errors.contains("leads back to itself"))
    }

    /// A loop of three links, and a chain of 41 that never comes back, which the system does not
    /// follow to its end either: each is called what it is.
    @Test("SF-7 A store path that is a link looping back to itself is called a loop: three links, and more than the system follows",
          arguments: [3, 41])
    func linksTheSystemDoesNotFollow(links: Int) throws {
        let first = files.folder.file("link-1")
        for link in 1...links {
            let next = link == links ? (links == 3 ? first : files.folder.file("store.json")) : files.folder.file("link-\(link + 1)")
            try FileManager.default.createSymbolicLink(atPath: files.folder.file("link-\(link)").path, withDestinationPath: next.path)
        }
        try Data().write(to: files.folder.file("store.json"))
        let refused = links == 3 ? StoreError.linkLoop(path: first.path) : StoreError.tooManyLinks(path: first.path)

        #expect(throws: refused) { _ = try FileStore(url: first).loadTodos() }
        #expect(throws: refused) { _ = try FileStore(url: first).add(id: id(1), title: "Buy milk") }
        let said = links == 3 ? "is a link that leads back to itself" : "leads on through more links than the system follows"
        #expect(try RealBinary().run(["--store", first.path, "list"]).errors.contains(said))
    }

    @Test("SF-13 A read-only journal is never appended to, even by the superuser")
    func readOnlyJournal() throws {
        _ = try files.store().add(id: id(2), title: "Call Ann")
        let journal = files.journalBytes
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: files.journalURL.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: files.journalURL.path) }
        let refused = StoreError.cannotWrite(path: files.journalURL.path, .readOnlyJournal)

        #expect(throws: refused) { _ = try files.store().add(id: id(3), title: "Pay rent") }
        #expect(throws: refused) { _ = try files.store().apply(TodoChange.check([id(1)])) }
        #expect(files.journalBytes == journal)
        #expect(try files.todos() == list(todo: [todo(2, "Call Ann"), todo(1, "Buy milk")], next: 3))

        // Adding a person goes to the journal (TP-28); deleting every to-do starts their numbers
        // again, which only a store written anew can say.
        let store = files.storeBytes
        let ann = NewPerson(id: id(1), details: PersonDetails(firstName: "Ann", lastName: "Lee", birthDate: nil),
                            addedAt: Date(timeIntervalSinceReferenceDate: 0))
        #expect(throws: refused) { _ = try files.store().apply(PeopleChange.add(ann, again: false)) }
        #expect(throws: refused) { try files.store().apply(TodoChange.delete([id(1), id(2)])) }
        #expect(files.journalBytes == journal)
        #expect(files.storeBytes == store)

        // Once the journal may be written, that change writes the store anew and takes the journal in.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: files.journalURL.path)
        try files.store().apply(TodoChange.delete([id(1), id(2)]))
        #expect(try files.contents() == ["store.json", "store.json.lock"])
        #expect(try files.store().read().todos == Todos())
    }

    @Test("SF-13 A read-only journal is never appended to, even by the superuser (a plain user, the real binary)",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func readOnlyJournalForAPlainUser() throws {
        // Run as root, the tests drop to the user nobody in a child, for whom the file's mode
        // alone forbids the write, and check that todo says why in its own words.
        let todo = try TodoFolder()
        let journal = URL(fileURLWithPath: todo.store.path + ".journal")
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: todo.folder.url.path)
        let asNobody = { (arguments: [String]) in
            try RealBinary(url: URL(fileURLWithPath: "/usr/bin/setpriv"))
                .run(["--reuid=65534", "--regid=65534", "--clear-groups", todo.binary.url.path, "--store", todo.store.path] + arguments)
        }
        for title in ["Call Ann", "Pay rent"] {
            let added = try asNobody(["add", title])
            try #require(added.status == 0, "\(added)")
        }
        let before = try Data(contentsOf: journal)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: journal.path)

        let refused = try asNobody(["add", "Buy bread"])

        #expect(refused.status == 1)
        #expect(refused.errors == "error: cannot save to \(journal.path): the journal is read-only; the store was left as it was\n")
        #expect(try Data(contentsOf: journal) == before)
        #expect(try asNobody(["list"]).output.contains("Pay rent"))
    }

    @Test("SF-21 A journal with a second name is never written through")
    func hardLinkedJournal() throws {
        _ = try files.store().add(id: id(2), title: "Call Ann")
        let otherName = files.folder.file("journal-copy")
        #expect(link(files.journalURL.path, otherName.path) == 0)
        let before = try Data(contentsOf: otherName)

        _ = try files.store().add(id: id(3), title: "Pay rent")

        #expect(try files.todos() == list(todo: [todo(3, "Pay rent"), todo(2, "Call Ann"), todo(1, "Buy milk")], next: 4))
        #expect(try Data(contentsOf: otherName) == before)
    }

    /// As a backup made with hard links leaves it: the backup keeps the list as it was when made.
    @Test("SF-21 A journal with a second name is never written through: the store file with a second name")
    func hardLinkedStore() throws {
        let otherName = files.folder.file("backup.json")
        #expect(link(files.storeURL.path, otherName.path) == 0)
        let before = try Data(contentsOf: otherName)

        _ = try files.store().add(id: id(2), title: "Call Ann")
        try files.store().update { $0.people = makePeople([person(1, "Ann", "Lee")]) }
        _ = try files.store().add(id: id(3), title: "Pay rent")

        #expect(try files.todos() == list(todo: [todo(3, "Pay rent"), todo(2, "Call Ann"), todo(1, "Buy milk")], next: 4))
        #expect(try files.store().read().people.everyone.map(\.fullName) == ["Ann Lee"])
        #expect(try Data(contentsOf: otherName) == before)
    }

    /// 0o600 is also what a file is made with; the others show the owner's choice kept.
    @Test("SF-22 A store written anew keeps the permissions its owner gave it", arguments: [0o600, 0o640, 0o604])
    func permissionsKept(permissions: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: files.storeURL.path)

        try files.store().apply(PeopleChange.sort(.ascending))
        _ = try files.store().add(id: id(2), title: "Call Ann")
        try files.store().update { $0.people = makePeople([person(1, "Ann", "Lee")]) }

        let attributes = try FileManager.default.attributesOfItem(atPath: files.storeURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == permissions)
    }

    @Test("SF-22 A store written anew keeps the permissions its owner gave it: the superuser's change keeps its owner",
          .enabled(if: geteuid() == 0, "only the superuser can give a file to another owner"))
    func ownerKept() throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: files.storeURL.path)
        #expect(chown(files.storeURL.path, 1234, 5678) == 0)

        try files.store().update { $0.people = makePeople([person(1, "Ann", "Lee")]) }

        var status = stat()
        #expect(stat(files.storeURL.path, &status) == 0)
        #expect(status.st_uid == 1234 && status.st_gid == 5678)
        #expect(status.st_mode & 0o777 == 0o600)
    }

    @Test("SF-22 A store written anew keeps the permissions its owner gave it: what the superuser's change makes beside it is the owner's too",
          .enabled(if: geteuid() == 0, "only the superuser can give a file to another owner"),
          arguments: [(uid_t(1234), gid_t(5678)), (0, 5678), (1234, 0)])
    func journalAndLockKeepTheOwner(owner: uid_t, group: gid_t) throws {
        try? FileManager.default.removeItem(at: files.folder.file("data/store.json.lock"))
        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path))
        #expect(chown(files.storeURL.path, owner, group) == 0)

        _ = try files.store().add(id: id(2), title: "Call Ann")

        for path in [files.journalURL.path, files.folder.file("data/store.json.lock").path] {
            var status = stat()
            #expect(stat(path, &status) == 0)
            #expect(status.st_uid == owner && status.st_gid == group, "\(path)")
        }
    }

    /// A write that wrote nothing, with no reason or one that would have it tried again: EINTR
    /// beside nothing written is still no progress, and trying again would never end.
    @Test("SF-19 A write that fails is told with its reason, never \"Success\" (none given)", arguments: [0, EINTR])
    func failureWithoutAReason(_ code: Int32) throws {
        let silent = Disk { _, _, _ in
            errno = code
            return 0
        }

        #expect(throws: StoreError.cannotWrite(path: files.storeURL.path, .system(errno: ENOSPC))) {
            _ = try files.store(disk: silent).add(id: id(2), title: "Call Ann")
        }
        #expect(try files.todos() == makeTodos(todo: ["Buy milk"]))
    }

    @Test("SF-19 A write that fails is told with its reason, never \"Success\" (a reason given)", arguments: [EIO, EDQUOT, EFBIG])
    func failureWithAReason(_ code: Int32) throws {
        let failing = Disk { _, _, _ in
            errno = code
            return -1
        }

        #expect(throws: StoreError.cannotWrite(path: files.storeURL.path, .system(errno: code))) {
            _ = try files.store(disk: failing).add(id: id(2), title: "Call Ann")
        }
        #expect(try files.todos() == makeTodos(todo: ["Buy milk"]))
    }
}
