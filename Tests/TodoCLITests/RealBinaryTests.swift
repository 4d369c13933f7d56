import Dates
import Foundation
import ListEngine
import LocalStore
import TestSupport
import Testing
import TodoList
import UserList

/// A few runs of the real `todo` executable in its own process, to show the pieces the
/// in-process tests stand in for (arguments, environment, pipes, exit status) are connected.
@Suite("The todo executable, run as a process")
struct RealBinaryTests {
    private let todo: TodoFolder

    init() throws {
        todo = try TodoFolder()
    }

    @Test("IE-35 import - reads the list from standard input, unless the commands come from there (the real binary)")
    func importFromStandardInput() throws {
        let imported = try todo.run(["import", "-"], input: "Call Ann\nx Fix bike\n")
        let piped = try todo.run([], input: "import -\nlist\n")

        #expect(imported == Run(status: 0, output: "Imported 2 to-dos (1 finished).\n", errors: ""))
        let todos = try FileStore(url: todo.store).loadTodos()
        #expect(todos.unfinished.map(\.title) == ["Call Ann"] && todos.finished.map(\.title) == ["Fix bike"])
        #expect(piped.status == 1, "\(piped)")
        #expect(piped.errors == "line 1: error: import - reads standard input, which holds the commands here; name the file instead\n")
        #expect(piped.output.contains("Call Ann"), "the next line runs: \(piped.output)")
        #expect(try FileStore(url: todo.store).loadTodos() == todos)
    }

    @Test("IE-35 import - reads the list from standard input, unless the commands come from there: a folder there is not read (the real binary)")
    func importFromAFolderAsStandardInput() throws {
        let shell = RealBinary(url: URL(fileURLWithPath: "/bin/sh"))

        let run = try shell.run(["-c", "exec \"$0\" --store \"$1\" import - < \"$2\"", todo.binary.url.path, todo.store.path,
                                 todo.folder.url.path])

        #expect(run == Run(status: 1, output: "", errors: "error: cannot read standard input: \(String(cString: strerror(EISDIR)))\n"))
        #expect(!FileManager.default.fileExists(atPath: todo.store.path))
    }

    @Test("PL-12 Each item keeps when it was added and last checked, and show tells everything it has: times day first, in two digits each (the real binary)")
    func timesInTwoDigits() throws {
        let added = try #require(Date(rfc3339: "2026-11-25T09:05:00Z")), checked = try #require(Date(rfc3339: "2026-11-25T10:10:00Z"))
        try FileStore(url: todo.store).update {
            $0 = Document(todos: list(finished: [TestSupport.finished(1, "Pay rent").added(added).checked(checked)], next: 2))
        }

        let shown = try todo.run(["show", "1"], environment: ["TZ": "UTC"])

        #expect(shown.status == 0)
        #expect(shown.output.contains("  Added:   25-11-2026 09:05\n  Checked: 25-11-2026 10:10\n"), "\(shown)")
    }

    @Test("PL-17 A time that this computer's clock would put outside the years 1 to 9999 is shown in UTC (the real binary)")
    func timeBeforeTheYearOneHere() throws {
        let first = try #require(Date(rfc3339: "0001-01-01T00:00:00Z"))
        try FileStore(url: todo.store).update { $0 = Document(todos: list(todo: [TestSupport.todo(1, "Buy milk").added(first)], next: 2)) }
        let west = ["TZ": "WEST5"]

        let shown = try todo.run(["show", "1"], environment: west)
        let json = try todo.run(["--json", "list"], environment: west)

        #expect(shown.status == 0 && shown.output.contains("01-01-0001 00:00 UTC"), "\(shown)")
        #expect(json.status == 0 && json.output.contains("\"added\":\"0001-01-01T00:00:00Z\""), "\(json)")
    }

    @Test("PL-18 A time at an offset RFC 3339 cannot write is given in UTC by --json (the real binary)")
    func timeAtAnOffsetOfSeconds() throws {
        let old = try #require(Date(rfc3339: "1900-01-01T00:00:00Z"))
        try FileStore(url: todo.store).update { $0 = Document(todos: list(todo: [TestSupport.todo(1, "Wind the clock").added(old)], next: 2)) }

        let json = try todo.run(["--json", "list"], environment: ["TZ": "LMT-0:19:32"])

        #expect(json.status == 0 && json.output.contains("\"added\":\"1900-01-01T00:00:00Z\""), "\(json)")
    }

    @Test("CLI-17 TODO_STORE chooses the store file (the real binary)")
    func addAndListThroughTheEnvironment() throws {
        let environment = ["TODO_STORE": todo.store.path]

        let added = try todo.binary.run(["add", "Buy", "milk"], environment: environment)
        let listed = try todo.binary.run(["list"], environment: environment)

        #expect(added == Run(status: 0, output: "Added 1 “Buy milk”.\n", errors: ""))
        #expect(listed == Run(status: 0, output: "To do\n  1 [ ] Buy milk\n\n1 to do, 0 finished\n", errors: ""))
        #expect(try FileStore(url: todo.store).loadTodos().unfinished.map(\.title) == ["Buy milk"])
    }

    @Test("PL-15 Today is the day where the user is, as the computer's clock and TZ say (the real binary)")
    func todayWhereTheUserIs() throws {
        let ahead = try TodoFolder(), behind = try TodoFolder()
        let before = Date()

        // POSIX zones, which need no zone files: the sign counts hours west of UTC.
        try #require(try ahead.run(["add", "Call home due:today"], environment: ["TZ": "AHEAD-14"]).status == 0)
        try #require(try behind.run(["add", "Call home due:today"], environment: ["TZ": "BEHIND+11"]).status == 0)

        let after = Date()
        let dayAhead = try #require(try FileStore(url: ahead.store).loadTodos().unfinished.first?.plan.due)
        let dayBehind = try #require(try FileStore(url: behind.store).loadTodos().unfinished.first?.plan.due)
        let zoneAhead = LocalZone.fixed(secondsEast: 14 * 3600), zoneBehind = LocalZone.fixed(secondsEast: -11 * 3600)
        #expect([before, after].compactMap(zoneAhead.day(of:)).contains(dayAhead))
        #expect([before, after].compactMap(zoneBehind.day(of:)).contains(dayBehind))
        #expect([1, 2].contains(dayBehind.days(to: dayAhead)))
    }

    @Test("CLI-11 Piped lines run one by one, carry on after a failure, and the exit status tells (the real binary)")
    func pipedLines() throws {
        let run = try todo.run([], input: "add Buy milk\ncheck 9\nadd Call Ann\nlist\n")

        #expect(run.status == 1)
        #expect(run.output == """
            Added 1 “Buy milk”.
            Added 2 “Call Ann”.
            To do
              2 [ ] Call Ann
              1 [ ] Buy milk

            2 to do, 0 finished

            """)
        #expect(run.errors == "line 2: error: no item 9 (the one item is numbered 1)\n")
    }

    /// bash makes the byte FF that no Swift string holds: `$(printf '\377')`.
    @Test("CLI-39 An argument or a variable that is not UTF-8 is refused, not read as another name (the real binary)",
          .enabled(if: FileManager.default.fileExists(atPath: "/bin/bash")),
          arguments: [("exec \"$0\" --store \"$1$(printf '\\377').json\" add Buy milk", "argument 2"),
                      ("TODO_STORE=\"$1$(printf '\\377').json\" exec \"$0\" add Buy milk", "TODO_STORE")])
    func notUTF8(script: String, named: String) throws {
        let bash = RealBinary(url: URL(fileURLWithPath: "/bin/bash"))

        let run = try bash.run(["-c", script, todo.binary.url.path, todo.folder.file("x").path])

        #expect(run == Run(status: 2, output: "",
                           errors: "error: \(named) is not UTF-8 text, which todo reads as another name; nothing was read or written\n"))
        #expect(try todo.folder.contents() == [])
    }

    /// A service or a script may start todo with no standard input at all: the first file it
    /// opens, the store, then takes the number standard input had, 0.
    @Test("CLI-53 A command run with its standard input closed works as any other (the real binary)")
    func standardInputClosed() throws {
        let shell = RealBinary(url: URL(fileURLWithPath: "/bin/sh"))
        let run = { (command: [String]) in
            try shell.run(["-c", "store=\"$1\"; shift; exec \"$0\" --store \"$store\" \"$@\" <&-", todo.binary.url.path, todo.store.path] + command)
        }

        #expect(try run(["add", "Buy milk"]) == Run(status: 0, output: "Added 1 “Buy milk”.\n", errors: ""))
        #expect(try run(["add", "Call Ann"]) == Run(status: 0, output: "Added 2 “Call Ann”.\n", errors: ""))
        #expect(try run(["list"]) == Run(status: 0, output: """
            To do
              2 [ ] Call Ann
              1 [ ] Buy milk

            2 to do, 0 finished

            """, errors: ""))
        let imported = todo.folder.file("imported.txt"), exported = todo.folder.file("exported.txt")
        try Data("Pay rent\n".utf8).write(to: imported)
        #expect(try run(["import", imported.path]) == Run(status: 0, output: "Imported 1 to-do.\n", errors: ""))
        #expect(try run(["export", "--format", "todotxt", "--output", exported.path])
                == Run(status: 0, output: "Exported 3 to-dos to \(exported.path).\n", errors: ""))
        #expect(try String(contentsOf: exported, encoding: .utf8).hasSuffix("Pay rent\n"))
    }

    @Test("CLI-12 An unknown command is a usage error (the real binary)")
    func usageError() throws {
        let run = try todo.run(["frobnicate"])

        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors == "error: unknown command “frobnicate”; type todo help for the commands\n")
    }

    @Test("CLI-21 A damaged store is one error line and stays as it was (the real binary)")
    func damagedStore() throws {
        let damaged = Data("{\"version\": 1, \"todos\": ".utf8)
        try damaged.write(to: todo.store)

        let run = try todo.run(["add", "Buy milk"])

        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("error: the store \(todo.store.path) is damaged"))
        #expect(try Data(contentsOf: todo.store) == damaged)
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and says what it rebuilt and what it left out (the real binary)")
    func repairThroughTheBinary() throws {
        let environment = ["TODO_STORE": todo.store.path]
        for title in ["Buy milk", "Call Ann"] { _ = try todo.binary.run(["add", title], environment: environment) }
        _ = try todo.binary.run(["check", "2"], environment: environment)
        // The journal's line adding Call Ann taken out by hand: the check after it no longer reads.
        let journal = URL(fileURLWithPath: todo.store.path + ".journal")
        let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
        try (lines.filter { !$0.contains("Call Ann") }.joined(separator: "\n") + "\n").write(to: journal, atomically: false, encoding: .utf8)

        let before = Self.utcStamp(Date())
        // A zone fourteen hours from UTC: a copy named for the local time would show it.
        let run = try todo.binary.run(["doctor", "--repair"], environment: environment.merging(["TZ": "Pacific/Kiritimati"]) { $1 })
        let after = Self.utcStamp(Date())

        let stamp = try #require(run.output.firstMatch(of: /store\.json\.damaged-(\d{8}-\d{6})\./)?.1).description
        #expect(before <= stamp && stamp <= after, "named \(stamp), the repair ran between \(before) and \(after) UTC")
        #expect(run == Run(status: 0, output: """
            Kept a copy as \(todo.store.path).damaged-\(stamp).
            Kept a copy as \(todo.store.path).journal.damaged-\(stamp).
            Rebuilt the store: 1 to-do and 0 people; 0 changes from the journal brought in, line 2 left out (it did not read or apply).

            """, errors: ""))
        #expect(try FileStore(url: todo.store).loadTodos().all.map(\.title) == ["Buy milk"])
        #expect(try todo.binary.run(["doctor"], environment: environment).output.hasSuffix("The store is sound.\n"))
    }

    private static func utcStamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .gmt
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }

    @Test("RU-11 --api points the loads at another server (the real binary)")
    func fetchFromALocalServer() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RandomUserAPITests/Fixtures/page-1.3-10-users.json")
        let page = try String(contentsOf: fixture, encoding: .utf8)
        let server = try LocalHTTPServer { _ in .json(page) }

        let run = try todo.run(["--api", server.baseURL.absoluteString, "user", "fetch"])

        #expect(run == Run(status: 0, output: "Loaded page 1: 10 new people, 0 here already or deleted.\n", errors: ""))
        #expect(try FileStore(url: todo.store).loadPeople().everyone.count == 10)
        #expect(server.requests.first?.hasPrefix("/?results=20&page=1&seed=") == true)
    }

    @Test("RU-17 Without its loader beside it, user fetch says what is missing and changes nothing (the real binary)")
    func fetchWithoutTheLoader() throws {
        let alone = try todoAlone(in: todo.folder.file("bin"))

        let run = try RealBinary(url: alone).run(["--store", todo.store.path, "user", "fetch"])

        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("error: cannot load people: \(todo.folder.file("bin/todo-fetch").path) is missing; "
                                     + "install todo-fetch beside todo"))
        #expect(run.errors.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: todo.store.path))
    }
}

extension RealBinaryTests {
    @Test("RU-24 A loader that is there but cannot be run is named with what is wrong (the real binary)")
    func fetchWithALoaderThatCannotRun() throws {
        let alone = try todoAlone(in: todo.folder.file("bin"))
        let loader = alone.deletingLastPathComponent().appendingPathComponent("todo-fetch")
        try Data("#!/bin/sh\n".utf8).write(to: loader)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: loader.path)

        let run = try RealBinary(url: alone).run(["--store", todo.store.path, "user", "fetch"])

        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("error: cannot load people: \(loader.path) may not be run (it is not executable); "
                                     + "install todo-fetch beside todo"))
        #expect(run.errors.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: todo.store.path))
    }

    /// `todo` in the folder `bin`, with a loader of another make beside it: `script`, run by sh,
    /// with `answer.json` in its folder holding a page of one person padded with spaces to `size` bytes.
    private func todoWithLoader(in bin: String, _ script: String, answering size: Int) throws -> URL {
        let alone = try todoAlone(in: todo.folder.file(bin))
        let folder = alone.deletingLastPathComponent()
        let page = FetchOutcome.page(FetchedPage(people: [PersonDetails(firstName: "Ann", lastName: "Lee", birthDate: nil, remoteID: "a1")]))
        let answer = try JSONEncoder().encode(page)
        try #require(answer.count < size)
        try (answer + Data(repeating: UInt8(ascii: " "), count: size - answer.count)).write(to: folder.appendingPathComponent("answer.json"))
        let loader = folder.appendingPathComponent("todo-fetch")
        try Data("#!/bin/sh\ncd \"$(dirname \"$0\")\" || exit 1\n\(script)\n".utf8).write(to: loader)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: loader.path)
        return alone
    }

    @Test("A loader's answer as large as todo reads is taken: one byte more, and the loader is stopped, nothing of it left running")
    func largestAnswer() throws {
        let most = 32_000_000
        let taken = try RealBinary(url: todoWithLoader(in: "taken", "exec cat answer.json", answering: most))
            .run(["--store", todo.store.path, "user", "fetch"])
        #expect(taken == Run(status: 0, output: "Loaded page 1: 1 new person, 0 here already or deleted.\n", errors: ""))

        // The loader says its number, prints its answer, and waits half a minute unless stopped.
        let refused = try RealBinary(url: todoWithLoader(in: "refused", "echo $$ > loader.pid; cat answer.json; exec sleep 30",
                                                                  answering: most + 1))
            .run(["--store", todo.store.path, "user", "fetch"])
        let pid = try #require(pid_t(String(decoding: try Data(contentsOf: todo.folder.file("refused/loader.pid")), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        let running = kill(pid, 0) == 0
        if running { kill(pid, SIGKILL) }

        #expect(refused.status == 1)
        #expect(refused.errors.hasPrefix("error: the answer was larger than 32 MB, more than any page of people; "), "\(refused)")
        #expect(!running, "the loader is stopped")
        #expect(try FileStore(url: todo.store).loadPeople().everyone.map(\.fullName) == ["Ann Lee"])
    }

    /// `todo` in a folder of its own, without the todo-fetch beside it. A hard link where the
    /// file system allows one: a copy is a file open for writing, which a process started
    /// meanwhile by another test may hold, and an executable being written cannot be run
    /// ("text file busy").
    private func todoAlone(in bin: URL) throws -> URL {
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let alone = bin.appendingPathComponent("todo")
        do {
            try FileManager.default.linkItem(at: todo.binary.url, to: alone)
        } catch {
            try FileManager.default.copyItem(at: todo.binary.url, to: alone)
        }
        return alone
    }

    @Test("RU-23 When todo is stopped, the program loading the page stops too (the real binary)")
    func fetchEndsWithTodo() throws {
        // Waits block their thread: a fetch has a deadline of its own, and a sleep that waits its
        // turn on a machine busy with the other tests could outlast it.
        let server = try LocalHTTPServer { _ in .stall }
        let process = Process()
        process.executableURL = todo.binary.url
        process.arguments = ["--store", todo.store.path, "--api", server.baseURL.absoluteString, "user", "fetch"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 where server.requests.isEmpty {
            usleep(50_000)
        }
        #expect(server.requests.count == 1)
        for _ in 0..<40 where runningFetchers(against: server.port).isEmpty {
            usleep(50_000)
        }
        #expect(!runningFetchers(against: server.port).isEmpty)

        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let killed = Date()
        while !runningFetchers(against: server.port).isEmpty, Date().timeIntervalSince(killed) < 5 {
            usleep(20_000)
        }

        #expect(runningFetchers(against: server.port).isEmpty)
        #expect(Date().timeIntervalSince(killed) < 1, "todo-fetch ends within a second")
        #expect(!FileManager.default.fileExists(atPath: todo.store.path))
    }

    @Test("CLI-31 Ctrl-C drops what is being typed and gives a fresh prompt; Ctrl-D leaves: piped commands end at once (the real binary)")
    func interruptedWhilePiped() throws {
        let output = todo.folder.file("output.txt")
        let running = try todo.binary.start(["--store", todo.store.path], outputTo: output)
        defer { running.stop() }
        // The pipe stays open: todo waits for the next line when Ctrl-C comes.
        try running.input.write(contentsOf: Data("add Buy milk\n".utf8))
        let typed = Date()
        while (try? String(contentsOf: output, encoding: .utf8))?.isEmpty != false, Date().timeIntervalSince(typed) < 30 {
            usleep(20_000)
        }

        kill(running.pid, SIGINT)

        #expect(running.exitCode(within: 10) == 128 + SIGINT)
        #expect(try String(contentsOf: output, encoding: .utf8) == "Added 1 “Buy milk”.\n")
        #expect(try FileStore(url: todo.store).loadTodos().unfinished.map(\.title) == ["Buy milk"])
    }

    @Test("CLI-37 Output that cannot be written is an error, not a success", .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")),
          arguments: [["list"], ["--json", "list"]])
    func outputToAFullDisk(arguments: [String]) throws {
        try FileStore(url: todo.store).update { $0.todos = makeTodos(todo: ["Buy milk"]) }
        let run = try todo.binary.run(["--store", todo.store.path] + arguments,
                                      outputTo: FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full")))

        #expect(run == Run(status: 1, output: "", errors: "error: the output could not be written: \(String(cString: strerror(ENOSPC)))\n"))
    }
}
