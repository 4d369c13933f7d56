import Foundation
import LocalStore
import TestSupport
import Testing
import TodoList
import UserList

/// A few runs of the real `todo` executable in its own process, to show the pieces the
/// in-process tests stand in for (arguments, environment, pipes, exit status) are connected.
@Suite("The todo executable, run as a process")
struct RealBinaryTests {
    private let folder: TemporaryFolder
    private let todo: RealBinary
    private var store: URL { folder.file("store.json") }

    init() throws {
        folder = try TemporaryFolder()
        todo = try RealBinary()
    }

    @Test("CLI-17 TODO_STORE chooses the store file (the real binary)")
    func addAndListThroughTheEnvironment() throws {
        let environment = ["TODO_STORE": store.path]

        let added = try todo.run(["add", "Buy", "milk"], environment: environment)
        let listed = try todo.run(["list"], environment: environment)

        #expect(added == Run(status: 0, output: "Added 1 “Buy milk”.\n", errors: ""))
        #expect(listed == Run(status: 0, output: "To do\n  1 [ ] Buy milk\n\n1 to do, 0 finished\n", errors: ""))
        #expect(try FileStore(url: store).loadTodos().todo.map(\.title) == ["Buy milk"])
    }

    @Test("CLI-11 Piped lines run one by one, carry on after a failure, and the exit status tells (the real binary)")
    func pipedLines() throws {
        let run = try todo.run(["--store", store.path], input: "add Buy milk\ncheck 9\nadd Call Ann\nlist\n")

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

    @Test("CLI-12 An unknown command is a usage error (the real binary)")
    func usageError() throws {
        let run = try todo.run(["--store", store.path, "frobnicate"])

        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors == "error: unknown command “frobnicate”; type todo help for the commands\n")
    }

    @Test("CLI-21 A damaged store is one error line and stays as it was (the real binary)")
    func damagedStore() throws {
        let damaged = Data("{\"version\": 1, \"todos\": ".utf8)
        try damaged.write(to: store)

        let run = try todo.run(["--store", store.path, "add", "Buy milk"])

        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("error: the store \(store.path) is damaged"))
        #expect(try Data(contentsOf: store) == damaged)
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and says what it rebuilt and what it left out (the real binary)")
    func repairThroughTheBinary() throws {
        let environment = ["TODO_STORE": store.path]
        for title in ["Buy milk", "Call Ann"] { _ = try todo.run(["add", title], environment: environment) }
        _ = try todo.run(["check", "2"], environment: environment)
        // The journal's line adding Call Ann taken out by hand: the check after it no longer reads.
        let journal = URL(fileURLWithPath: store.path + ".journal")
        let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
        try (lines.filter { !$0.contains("Call Ann") }.joined(separator: "\n") + "\n").write(to: journal, atomically: false, encoding: .utf8)

        let before = Self.utcStamp(Date())
        // A zone fourteen hours from UTC: a copy named for the local time would show it.
        let run = try todo.run(["doctor", "--repair"], environment: environment.merging(["TZ": "Pacific/Kiritimati"]) { $1 })
        let after = Self.utcStamp(Date())

        let stamp = try #require(run.output.firstMatch(of: /store\.json\.damaged-(\d{8}-\d{6})\./)?.1).description
        #expect(before <= stamp && stamp <= after, "named \(stamp), the repair ran between \(before) and \(after) UTC")
        #expect(run == Run(status: 0, output: """
            Kept a copy as \(store.path).damaged-\(stamp).
            Kept a copy as \(store.path).journal.damaged-\(stamp).
            Rebuilt the store: 1 to-do and 0 people; 0 changes from the journal brought in, line 2 left out (it did not read or apply).

            """, errors: ""))
        #expect(try FileStore(url: store).loadTodos().all.map(\.title) == ["Buy milk"])
        #expect(try todo.run(["doctor"], environment: environment).output.hasSuffix("The store is sound.\n"))
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

        let run = try todo.run(["--store", store.path, "--api", server.baseURL.absoluteString, "user", "fetch"])

        #expect(run == Run(status: 0, output: "Loaded page 1: 10 new people, 0 here already or deleted, 0 skipped (invalid, or beyond the count asked for).\n", errors: ""))
        #expect(try FileStore(url: store).loadPeople().everyone.count == 10)
        #expect(server.requests.first?.hasPrefix("/?results=20&page=1&seed=") == true)
    }

    @Test("RU-17 Without its loader beside it, user fetch says what is missing and changes nothing (the real binary)")
    func fetchWithoutTheLoader() throws {
        let alone = folder.file("bin/todo")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A hard link where the file system allows one: a copy is a file open for writing, which
        // a process started meanwhile by another test may hold, and an executable being written
        // cannot be run ("text file busy").
        do {
            try FileManager.default.linkItem(at: todo.url, to: alone)
        } catch {
            try FileManager.default.copyItem(at: todo.url, to: alone)
        }

        let run = try RealBinary(url: alone).run(["--store", store.path, "user", "fetch"])

        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("error: cannot load people: \(folder.file("bin/todo-fetch").path) is missing; "
                                     + "install todo-fetch beside todo"))
        #expect(run.errors.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }
}

extension RealBinaryTests {
    @Test("RU-23 When todo is stopped, the program loading the page stops too (the real binary)")
    func fetchEndsWithTodo() throws {
        // Waits block their thread: a fetch has a deadline of its own, and a sleep that waits its
        // turn on a machine busy with the other tests could outlast it.
        let server = try LocalHTTPServer { _ in .stall }
        let process = Process()
        process.executableURL = todo.url
        process.arguments = ["--store", store.path, "--api", server.baseURL.absoluteString, "user", "fetch"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 where server.requests.isEmpty {
            usleep(50_000)
        }
        #expect(server.requests.count == 1)
        for _ in 0..<40 where Self.fetchers(for: server.port).isEmpty {
            usleep(50_000)
        }
        #expect(!Self.fetchers(for: server.port).isEmpty)

        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let killed = Date()
        while !Self.fetchers(for: server.port).isEmpty, Date().timeIntervalSince(killed) < 5 {
            usleep(20_000)
        }

        #expect(Self.fetchers(for: server.port).isEmpty)
        #expect(Date().timeIntervalSince(killed) < 1, "todo-fetch ends within a second")
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    /// The `todo-fetch` processes running against the server on `port`, read from /proc.
    private static func fetchers(for port: UInt16) -> [String] {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.filter { Int($0) != nil }.compactMap { pid in
            guard let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let text = String(decoding: command, as: UTF8.self)
            return text.contains("todo-fetch") && text.contains("127.0.0.1:\(port)") ? pid : nil
        }
    }

    @Test("CLI-31 Ctrl-C drops what is being typed and gives a fresh prompt; Ctrl-D leaves")
    func controlC() async throws {
        let terminal = try PseudoTerminal(todo.url, environment: ["TODO_STORE": store.path, "NO_COLOR": "1", "TERM": "xterm"])

        #expect(await terminal.waitFor("todo> "))
        terminal.type("add half typed")
        #expect(await terminal.waitFor("half typed"))
        terminal.type("\u{3}")
        #expect(await terminal.waitFor("todo> ", times: 2))

        terminal.type("add\n")
        #expect(await terminal.waitFor("Title: "))
        terminal.type("Ti")
        #expect(await terminal.waitFor("Title: Ti"))
        terminal.type("\u{3}")
        #expect(await terminal.waitFor("Cancelled: nothing was added."))
        #expect(await terminal.waitFor("todo> ", times: 3))

        terminal.type("add Buy milk\n")
        #expect(await terminal.waitFor("Added 1 “Buy milk”."))
        #expect(await terminal.waitFor("todo> ", times: 4))
        terminal.type("\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
        #expect(try FileStore(url: store).loadTodos().todo.map(\.title) == ["Buy milk"])
    }

    @Test("CLI-31 Ctrl-C stops a fetch at the prompt, whatever options todo was started with (the real binary)")
    func controlCStopsAFetch() async throws {
        let server = try LocalHTTPServer { _ in .stall }
        let temporary = folder.file("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let terminal = try PseudoTerminal(todo.url, arguments: ["--store", store.path, "--api", server.baseURL.absoluteString],
                                          environment: ["NO_COLOR": "1", "TERM": "xterm", "TMPDIR": temporary.path])

        #expect(await terminal.waitFor("todo> "))
        terminal.type("user fetch\n")
        for _ in 0..<200 where server.requests.isEmpty {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(server.requests.count == 1)
        #expect(!Self.fetchers(for: server.port).isEmpty, "the program loading the page is running")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).count == 1, "with a folder of its own")
        terminal.type("\u{3}")
        #expect(await terminal.waitFor("error: stopped with Ctrl-C; nothing was loaded"), "\(terminal.output)")
        #expect(Self.fetchers(for: server.port).isEmpty, "the program loading the page has ended")
        #expect(await terminal.waitFor("todo> ", times: 2))
        terminal.type("\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
        #expect(!FileManager.default.fileExists(atPath: store.path))
        // The loader stopped too, and took its folder with it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test("CLI-33 Tab completes commands, subcommands, options and their values (the real binary, on a terminal)")
    func tabAtThePrompt() async throws {
        let terminal = try PseudoTerminal(todo.url, environment: ["TODO_STORE": store.path, "NO_COLOR": "1", "TERM": "xterm"])

        #expect(await terminal.waitFor("todo> "))
        terminal.type("li\t")
        #expect(await terminal.waitForScreen("todo> list"), "\(terminal.screen)")
        terminal.type("\u{15}user f\t")
        #expect(await terminal.waitForScreen("todo> user fetch"), "\(terminal.screen)")
        terminal.type("\u{15}user list --sort d\t")
        #expect(await terminal.waitForScreen("user list --sort desc"), "\(terminal.screen)")
        terminal.type("\u{15}un\t\t")
        #expect(await terminal.waitForScreen("undone"), "\(terminal.screen)")
        #expect(terminal.screen.contains { $0.contains("uncheck") && $0.contains("undo ") })
        terminal.type("\u{15}help us\t\t")
        #expect(await terminal.waitForScreen("todo> help user"), "\(terminal.screen)")
        #expect(terminal.screen.contains { $0.contains("user") && $0.contains("users") })
        for (typed, completed) in [("list f", "list finished"), ("user list --s", "user list --sort"),
                                   ("user list --sort=d", "user list --sort=desc"), ("--js", "todo> --json"), ("add --", "add --json")] {
            terminal.type("\u{15}\(typed)\t")
            #expect(await terminal.waitForScreen(completed), "\(typed): \(terminal.screen)")
        }
        terminal.type("\u{15}user \t\t")
        #expect(await terminal.waitForScreen("search"), "\(terminal.screen)")
        #expect(terminal.screen.contains { ["add", "delete", "fetch", "list", "search", "show"].allSatisfy($0.contains) })
        // A number is the user's to type: Tab adds nothing, and what is typed next follows the space.
        terminal.type("\u{15}check \t\tX")
        #expect(await terminal.waitForScreen("todo> check X"), "\(terminal.screen)")
        terminal.type("\u{15}add Buy m\t\t\n")
        #expect(await terminal.waitFor("Added 1 “Buy m”."))
        terminal.type("add\n")
        #expect(await terminal.waitFor("Title: "))
        terminal.type("li\t\n")
        #expect(await terminal.waitFor("Added 2 “li”."), "\(terminal.screen)")
        terminal.type("\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
        #expect(try FileStore(url: store).loadTodos().todo.map(\.title) == ["li", "Buy m"])
    }

    @Test("CLI-34 todo --completion bash completes in a real bash, and leaves --store to file names")
    func bashCompletion() async throws {
        let folder = todo.url.deletingLastPathComponent().path
        // In the home folder, so that the line stays short of the terminal's width.
        try Data().write(to: self.folder.file("store-for-tab.json"))
        let bash = try PseudoTerminal(URL(fileURLWithPath: "/bin/bash"), arguments: ["--norc", "--noprofile", "-i"],
                                      environment: ["PATH": "\(folder):/usr/bin:/bin", "TERM": "xterm", "PS1": "$ ",
                                                    "HOME": self.folder.url.path, "INPUTRC": "/dev/null"])

        bash.type("source <(todo --completion bash)\n")
        bash.type("todo user f\t")
        #expect(await bash.waitForScreen("todo user fetch "), "\(bash.screen)")
        bash.type("\u{15}cd\n")
        bash.type("todo --store store-for-t\t")
        #expect(await bash.waitForScreen("todo --store store-for-tab.json"), "\(bash.screen)")
        bash.type("\u{15}todo --store=store-for-t\t")
        #expect(await bash.waitForScreen("todo --store=store-for-tab.json"), "\(bash.screen)")
        bash.type("\u{15}todo --api http://127.0.0.1:9/ us\t")
        #expect(await bash.waitForScreen("todo --api http://127.0.0.1:9/ user"), "\(bash.screen)")
        bash.type("\u{15}exit\n")

        #expect(await bash.exitStatus() == 0, "\(bash.output)")
    }
}
