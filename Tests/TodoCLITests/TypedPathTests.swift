import Foundation
import LocalStore
import TestSupport
import Testing

/// Paths as a user types them, run as a user runs `todo`: the real binary, in a folder of its own.
@Suite("A path as typed means the file the system means")
struct TypedPathTests {
    private let todo: TodoFolder

    init() throws {
        todo = try TodoFolder()
    }

    /// `todo ARGUMENTS` run in the test's folder, as from a shell there.
    private func runHere(_ arguments: [String]) throws -> Run {
        let shell = RealBinary(url: URL(fileURLWithPath: "/bin/sh"))
        return try shell.run(["-c", "cd \"$1\" && shift && exec \"$0\" \"$@\"", todo.binary.url.path, todo.folder.url.path] + arguments)
    }

    @Test("SF-50 A path with .. after a folder that is a link means what the system means")
    func dotDotAfterALink() throws {
        let folder = todo.folder.url.resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: folder + "/real/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/lnk", withDestinationPath: folder + "/real/sub")

        #expect(try runHere(["--store", "lnk/../s.json", "add", "Buy milk"]) == Run(status: 0, output: "Added 1 “Buy milk”.\n", errors: ""))
        #expect(try runHere(["--store", folder + "/lnk/../s.json", "add", "Call Ann"]).status == 0)
        #expect(try FileStore(path: folder + "/real/s.json").loadTodos().all.map(\.title) == ["Call Ann", "Buy milk"])
        #expect(try runHere(["--store", "lnk/../s.json", "doctor"]).output.hasPrefix("Store: \(folder)/lnk/../s.json\n"))

        let exported = try runHere(["--store", "lnk/../s.json", "export", "--format", "todotxt", "--output", "lnk/../notes.txt"])
        #expect(exported.status == 0, "\(exported)")
        #expect(try String(contentsOfFile: folder + "/real/notes.txt", encoding: .utf8).contains("Buy milk"))
        #expect(try runHere(["--store", "lnk/../s.json", "export", "--format", "todotxt", "--output", "lnk/../s.json"])
                == Run(status: 1, output: "", errors: "error: lnk/../s.json is the store or one of its files; export to another file\n"))
        #expect(try todo.folder.contents() == ["lnk", "real"])
        #expect(try todo.folder.contents(of: "real") == ["notes.txt", "s.json", "s.json.journal", "s.json.lock", "sub"])
    }

    /// `A/B/../store.json` names nothing while `A/B` is missing; were todo to make `A/B`, it
    /// would name `A/store.json`, here a link to the real store: reads and changes would not
    /// name the same store, so every command refuses the path.
    @Test("SF-50 A path with .. after a folder that is a link means what the system means: .. after a folder that is not there")
    func dotDotAfterAMissingFolder() throws {
        let folder = todo.folder.url.resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: folder + "/A", withIntermediateDirectories: true)
        try #require(try runHere(["--store", "real/store.json", "add", "Buy milk"]).status == 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/A/store.json", withDestinationPath: "../real/store.json")
        let before = try FileStore(path: folder + "/real/store.json").loadTodos()

        for command in [["add", "Call Ann"], ["list"], ["doctor"], ["doctor", "--repair"], ["check", "1"]] {
            #expect(try runHere(["--store", "A/B/../store.json"] + command) == Run(status: 1, output: "", errors:
                "error: the store path \(folder)/A/B/../store.json goes up out of \(folder)/A/B, which does not exist; nothing was read or written\n"),
                    "\(command)")
        }
        #expect(try FileStore(path: folder + "/real/store.json").loadTodos() == before)
        #expect(try todo.folder.contents(of: "A") == ["store.json"])
    }

    @Test("IE-25 An export never writes over the store, however its path reaches it")
    func exportFromADeletedFolder() throws {
        let store = todo.store.path
        try #require(try todo.run(["add", "Buy milk"]).status == 0)
        try #require(try todo.run(["add", "Call Ann"]).status == 0)
        let before = try todo.folder.contents().map { name in (name, FileManager.default.contents(atPath: todo.folder.file(name).path)) }
        let shell = RealBinary(url: URL(fileURLWithPath: "/bin/sh"))

        for output in ["../store.json", "../store.json.journal", "../store.json.lock"] {
            let run = try shell.run(["-c", "mkdir \"$1/gone\" && cd \"$1/gone\" && rmdir \"$1/gone\" && exec \"$0\" --store \"$2\" "
                                     + "export --format todotxt --output \"$3\"", todo.binary.url.path, todo.folder.url.path, store, output])

            #expect(run == Run(status: 1, output: "", errors: "error: \(output) is the store or one of its files; export to another file\n"))
        }
        let after = try todo.folder.contents().map { name in (name, FileManager.default.contents(atPath: todo.folder.file(name).path)) }
        #expect(after.map(\.0) == before.map(\.0))
        #expect(after.map(\.1) == before.map(\.1))
        #expect(try todo.run(["list"]).status == 0)
    }
}
