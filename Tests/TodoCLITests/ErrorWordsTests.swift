import Foundation
import LocalStore
import TestSupport
import Testing
import TodoList

/// What an error says, run as a user runs `todo`: the real binary.
@Suite("An error says what failed, on which file, and what was saved")
struct ErrorWordsTests {
    private let todo: TodoFolder

    init() throws {
        todo = try TodoFolder()
    }

    private func titles() throws -> [String] {
        try FileStore(url: todo.store).loadTodos().all.map(\.title)
    }

    @Test("SF-42 An error says what failed, and on which file, before anything is written: a store name that leaves no room")
    func nameTooLong() throws {
        let store = todo.folder.file(String(repeating: "n", count: 247)).path

        let run = try todo.binary.run(["--store", store, "add", "Buy milk"])

        #expect(run == Run(status: 1, output: "", errors: "error: the name of the store \(store) is 247 bytes long; the files todo keeps "
                           + "beside it need longer names still, and a store's name there may be at most 219 bytes. Nothing was written\n"))
        #expect(try todo.folder.contents() == [])
    }

    /// The longest a name may be: 36 bytes short of the folder's longest name (219 where that is 255).
    @Test("SF-42 An error says what failed, and on which file, before anything is written: a store name just short enough")
    func nameJustShortEnough() throws {
        let limit = pathconf(todo.folder.url.path, Int32(_PC_NAME_MAX))
        let store = todo.folder.file(String(repeating: "n", count: (limit > 0 ? limit : 255) - 36)).path

        #expect(try todo.binary.run(["--store", store, "add", "Buy milk"]) == Run(status: 0, output: "Added 1 “Buy milk”.\n", errors: ""))
        #expect(try todo.binary.run(["--store", store, "add", "Call Ann"]) == Run(status: 0, output: "Added 2 “Call Ann”.\n", errors: ""))
        #expect(try FileStore(path: store).loadTodos().all.map(\.title) == ["Call Ann", "Buy milk"])
    }

    @Test("SF-42 An error says what failed, and on which file, before anything is written: a folder on the way that loops")
    func loopInAFolder() throws {
        try FileManager.default.createSymbolicLink(atPath: todo.folder.file("loop").path, withDestinationPath: "loop")
        let store = todo.folder.file("loop/store.json").path

        let run = try todo.binary.run(["--store", store, "list"])

        #expect(run == Run(status: 1, output: "", errors: "error: a folder on the way to the store \(store) is a link that leads back "
                           + "to itself; nothing was read or written\n"))
        #expect(try todo.folder.contents() == ["loop"])
    }

    @Test("SF-42 An error says what failed, and on which file, before anything is written: HOME that is not an absolute path")
    func relativeHome() throws {
        let environment = ["HOME": "home", "XDG_DATA_HOME": ""]
        let shell = RealBinary(url: URL(fileURLWithPath: "/bin/sh"))

        let added = try shell.run(["-c", "cd \"$1\" && exec \"$0\" add Buy milk", todo.binary.url.path, todo.folder.url.path],
                                  environment: environment)
        let version = try todo.binary.run(["--version"], environment: environment)

        #expect(added == Run(status: 2, output: "", errors: "error: HOME is not an absolute path (“home”), so todo cannot tell where "
                             + "the store is: set HOME to one, or name the store with --store or TODO_STORE; see: todo --help\n"))
        #expect(version.status == 0)
        #expect(try todo.folder.contents() == [])
    }

    @Test("SF-42 An error says what failed, and on which file, before anything is written: XDG_DATA_HOME that is not an absolute path")
    func relativeDataHome() throws {
        let home = todo.folder.url.path
        let store = home + "/.local/share/todo-stories/store.json"

        let added = try todo.binary.run(["add", "Buy milk"], environment: ["HOME": home, "XDG_DATA_HOME": "data"])

        #expect(added == Run(status: 0, output: "Added 1 “Buy milk”.\n", errors: "note: XDG_DATA_HOME is not an absolute path (“data”), "
                             + "which the XDG rules say to ignore: the store is \(store)\n"))
        #expect(try FileStore(url: URL(fileURLWithPath: store)).loadTodos().all.map(\.title) == ["Buy milk"])
        // Where both go to one place the note comes first, as it was said.
        let together = try RealBinary(url: URL(fileURLWithPath: "/bin/sh"))
            .run(["-c", "exec \"$0\" add \"Call Ann\" 2>&1", todo.binary.url.path], environment: ["HOME": home, "XDG_DATA_HOME": "data"])
        #expect(together == Run(status: 0, output: "note: XDG_DATA_HOME is not an absolute path (“data”), which the XDG rules say to ignore: "
                                + "the store is \(store)\nAdded 2 “Call Ann”.\n", errors: ""))
    }

    @Test("SF-42 An error says what failed, and on which file, before anything is written: a cap on the memory todo may map",
          arguments: [["--version"], ["add", "Buy milk"], ["list"]])
    func smallAddressSpace(arguments: [String]) throws {
        let shell = RealBinary(url: URL(fileURLWithPath: "/bin/sh"))

        let run = try shell.run(["-c", "ulimit -v 81920 && exec \"$0\" --store \"$@\"", todo.binary.url.path, todo.store.path]
                                + arguments)

        #expect(run.status == 0, "\(run)")
        #expect(run.errors == "")
    }

    /// The first add writes the store whole; one to a store that has a to-do adds a line to its journal.
    @Test("SF-43 What failed is said as it failed: a write is not a read, and a change saved stays said: a full disk for the output",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")), arguments: [[], ["Call Ann"]])
    func outputFailsAfterTheChange(before: [String]) throws {
        for title in before {
            #expect(try todo.binary.run(["--store", todo.store.path, "add", title]).status == 0)
        }

        let run = try todo.binary.run(["--store", todo.store.path, "add", "Buy milk"],
                                      outputTo: FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full")))

        #expect(run == Run(status: 1, output: "", errors: "error: the output could not be written: \(String(cString: strerror(ENOSPC))); "
                           + "the change was saved all the same\n"))
        #expect(try titles() == ["Buy milk"] + before)
    }

    @Test("SF-43 What failed is said as it failed: a write is not a read, and a change saved stays said: a file under /proc",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func fileThatSaysItIsEmpty() throws {
        let run = try todo.binary.run(["--store", "/proc/self/status", "doctor"])

        #expect(run.status == 1)
        #expect(run.output.contains("Problem in /proc/self/status, byte 0: it does not read as a todo store"), "\(run)")
        #expect(!run.output.contains("empty"), "\(run)")
    }

    @Test("SF-43 What failed is said as it failed: a write is not a read, and a change saved stays said: an immutable journal",
          .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr")))
    func immutableJournal() throws {
        _ = try todo.run(["add", "Buy milk"])
        _ = try todo.run(["add", "Call Ann"])
        let journal = todo.store.path + ".journal"
        let chattr = RealBinary(url: URL(fileURLWithPath: "/usr/bin/chattr"))
        // A file system that does not keep the flag (tmpfs) refuses it: nothing to try there.
        try #require(try chattr.run(["+i", journal]).status == 0)
        defer { _ = try? chattr.run(["-i", journal]) }

        let run = try todo.run(["add", "Pay rent"])

        #expect(run == Run(status: 1, output: "", errors: "error: cannot open \(journal) to write it: Operation not permitted; "
                           + "the store was left as it was\n"))
        #expect(try titles() == ["Call Ann", "Buy milk"])
    }
}
