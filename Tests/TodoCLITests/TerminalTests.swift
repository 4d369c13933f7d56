import Foundation
import LocalStore
import TestSupport
import Testing
import TodoList

/// The real `todo` on a pseudo-terminal, typed at as a person types: the keys a line editor
/// gives meaning to (Ctrl-C, Ctrl-D, Tab), which no pipe can show.
@Suite("The todo executable at a terminal")
struct TerminalTests {
    private let todo: TodoFolder

    init() throws {
        todo = try TodoFolder()
    }

    @Test("CLI-31 Ctrl-C drops what is being typed and gives a fresh prompt; Ctrl-D leaves")
    func controlC() async throws {
        let terminal = try todo.onATerminal()

        #expect(await terminal.waitForPrompt("todo> "))
        terminal.type("add half typed")
        #expect(await terminal.waitFor("half typed"))
        terminal.type("\u{3}")
        #expect(await terminal.waitForPrompt("todo> ", times: 2))

        terminal.type("add\n")
        #expect(await terminal.waitForPrompt("Title: "))
        terminal.type("Ti")
        #expect(await terminal.waitFor("Title: Ti"))
        terminal.type("\u{3}")
        #expect(await terminal.waitFor("Cancelled: nothing was added."))
        #expect(await terminal.waitForPrompt("todo> ", times: 3))

        terminal.type("add Buy milk\n")
        #expect(await terminal.waitFor("Added 1 “Buy milk”."))
        #expect(await terminal.waitForPrompt("todo> ", times: 4))
        terminal.type("add Fix")
        #expect(await terminal.waitFor("add Fix"))
        // What the terminal sends for Ctrl-\; the key itself would also drop what is typed
        // right after it, before the terminal took the key in.
        terminal.send(SIGQUIT)
        #expect(await terminal.waitForPrompt("todo> ", times: 5), "\(terminal.output)")
        terminal.type("add Fix bike\n")
        #expect(await terminal.waitFor("Added 2 “Fix bike”."), "\(terminal.output)")
        #expect(await terminal.waitForPrompt("todo> ", times: 6))
        terminal.type("\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
        #expect(!terminal.output.contains("crashed"), "\(terminal.output)")
        #expect(try FileStore(url: todo.store).loadTodos().unfinished.map(\.title) == ["Fix bike", "Buy milk"])
    }

    @Test("CLI-31 Ctrl-C drops what is being typed and gives a fresh prompt; Ctrl-D leaves: Ctrl-C and Enter at once")
    func controlCAndEnterAtOnce() async throws {
        let terminal = try todo.onATerminal()

        #expect(await terminal.waitForPrompt("todo> "))
        terminal.type("add foo")
        #expect(await terminal.waitFor("add foo"))
        terminal.type("\u{3}\n")
        #expect(await terminal.waitForPrompt("todo> ", times: 2), "\(terminal.output)")
        terminal.type("\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
        #expect(!terminal.output.contains("Added"), "\(terminal.output)")
        #expect(!FileManager.default.fileExists(atPath: todo.store.path))
    }

    @Test("CLI-31 Ctrl-C drops what is being typed and gives a fresh prompt; Ctrl-D leaves: a line that wraps")
    func controlCOnAWrappedLine() async throws {
        let terminal = try todo.onATerminal(columns: 30)

        #expect(await terminal.waitForPrompt("todo> "))
        terminal.type("add Write the report and send it to Ann before Friday")
        #expect(await terminal.waitForScreen("before Friday"))
        let drawn = terminal.output.count
        terminal.type("\u{1}")
        let deadline = Date().addingTimeInterval(30)
        while terminal.output.count == drawn && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(terminal.output.count > drawn, "the cursor moves to the start of the line")
        terminal.type("\u{3}")
        #expect(await terminal.waitForPrompt("todo> ", times: 2))
        terminal.type("list")

        #expect(await terminal.waitForScreen("todo> list"), "\(terminal.screen)")
        #expect(terminal.screen.last { $0.hasPrefix("todo> ") } == "todo> list", "\(terminal.screen)")
        terminal.type("\u{15}\u{4}")
        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
        #expect(!FileManager.default.fileExists(atPath: todo.store.path))
    }

    @Test("CLI-51 Ctrl-U deletes what is before the cursor, and Ctrl-D leaves without a mark (the real binary, on a terminal)")
    func controlUAndControlD() async throws {
        let terminal = try todo.onATerminal()
        let left = "\u{1B}[D"

        #expect(await terminal.waitForPrompt("todo> "))
        terminal.type("add Buy oat milk" + String(repeating: left, count: 4) + "\u{15}")
        #expect(await terminal.waitForScreen("todo> milk"))
        terminal.type("add Buy \n")
        #expect(await terminal.waitFor("Added 1 “Buy milk”."), "\(terminal.output)")
        #expect(await terminal.waitForPrompt("todo> ", times: 2))

        terminal.type("add Buy tea" + String(repeating: left, count: 3) + "\u{4}")
        #expect(await terminal.waitForScreen("todo> add Buy ea"))
        terminal.type("T\n")
        #expect(await terminal.waitFor("Added 2 “Buy Tea”."), "\(terminal.output)")
        #expect(await terminal.waitForPrompt("todo> ", times: 3))
        terminal.type("\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
        #expect(terminal.screen.last(where: { $0.hasPrefix("todo>") }) == "todo> ", "\(terminal.screen)")
        #expect(try FileStore(url: todo.store).loadTodos().unfinished.map(\.title) == ["Buy Tea", "Buy milk"])
    }

    @Test("CLI-60 At the prompt a letter is one character, whatever the terminal's locale (the real binary, on a terminal)")
    func lettersOfManyBytes() async throws {
        let terminal = try todo.onATerminal(environment: ["LC_ALL": "C"])
        let left = "\u{1B}[D"

        #expect(await terminal.waitForPrompt("todo> "))
        terminal.type("add Café 李李\u{7F}\n")
        #expect(await terminal.waitFor("Added 1 “Café 李”."), "\(terminal.output)")
        #expect(await terminal.waitForPrompt("todo> ", times: 2))
        terminal.type("add Tea" + String(repeating: left, count: 2) + "é\n")
        #expect(await terminal.waitFor("Added 2 “Téea”."), "\(terminal.output)")
        #expect(await terminal.waitForPrompt("todo> ", times: 3))
        terminal.type("\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
        #expect(try FileStore(url: todo.store).loadTodos().unfinished.map(\.title) == ["Téea", "Café 李"])
    }

    /// A library that is not libedit, to stand on the library path as a `libedit.so` built for
    /// something else, or left by a half-finished install: the math library this process uses.
    private static let libraryOfAnotherKind: String? = {
        // Read to its end: a file of /proc says its size is 0.
        guard dlopen("libm.so.6", RTLD_NOW) != nil, let maps = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        return String(decoding: maps.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").lazy.compactMap { $0.split(separator: " ").last }
            .first { $0.hasSuffix("/libm.so.6") }.map(String.init)
    }()

    @Test("The system's libedit is taken before a library of another kind named libedit.so on the library path (the real binary, on a terminal)",
          .enabled(if: libraryOfAnotherKind != nil))
    func systemLineEditorFirst() async throws {
        let library = try #require(Self.libraryOfAnotherKind)
        let path = todo.folder.file("lib")
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: library, toPath: path.appendingPathComponent("libedit.so").path)
        let terminal = try todo.onATerminal(environment: ["LD_LIBRARY_PATH": path.path])

        #expect(await terminal.waitForPrompt("todo> "))
        terminal.type("li\t!")
        #expect(await terminal.waitForScreen("todo> list !"), "Tab completes, as the line editor does: \(terminal.screen)")
        terminal.type("\u{15}\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
    }

    @Test("CLI-52 After the window is resized, what todo prints fits the width it has now (the real binary, on a terminal)")
    func resized() async throws {
        let terminal = try todo.onATerminal(columns: 80)
        #expect(await terminal.waitForPrompt("todo> "))

        terminal.type("add Read the whole manual of the new washing machine before Friday\n")
        #expect(await terminal.waitFor("Added 1 “Read the whole manual of the new washing machine before Friday”.\r\n"),
                "\(terminal.output)")
        #expect(await terminal.waitForPrompt("todo> ", times: 2))
        terminal.resize(columns: 30)
        terminal.type("add Read the whole manual of the new dryer before Saturday\n")
        #expect(await terminal.waitForPrompt("todo> ", times: 3))
        terminal.type("list\n")
        #expect(await terminal.waitForPrompt("todo> ", times: 4))
        terminal.type("\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
        let lines = terminal.output.components(separatedBy: "\r\n")
        let added = try #require(lines.first { $0.hasPrefix("Added 2 ") }, "\(terminal.output)")
        #expect(added.hasSuffix("”.") && added.contains("…") && added.count <= 30, "\(added)")
        let listed = lines.drop { !$0.hasSuffix("list") }.dropFirst().prefix { !$0.contains("todo>") }
        #expect(listed.contains("  1 [ ] Read the whole manual"), "\(listed)")
        #expect(listed.allSatisfy { $0.count <= 30 }, "\(listed)")

        let narrow = try todo.onATerminal(columns: 20)
        #expect(await narrow.waitForPrompt("todo> "))
        narrow.type("\u{4}")
        #expect(await narrow.exitStatus() == 0)
        let welcome = narrow.output.components(separatedBy: "\r\n").prefix { !$0.contains("todo>") }
        #expect(!welcome.isEmpty && welcome.allSatisfy { $0.count <= 20 }, "\(welcome)")
    }

    @Test("CLI-31 Ctrl-C stops a fetch at the prompt, whatever options todo was started with (the real binary)")
    func controlCStopsAFetch() async throws {
        let server = try LocalHTTPServer { _ in .stall }
        let temporary = todo.folder.file("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let terminal = try todo.onATerminal(["--store", todo.store.path, "--api", server.baseURL.absoluteString],
                                            environment: ["TMPDIR": temporary.path])

        #expect(await terminal.waitForPrompt("todo> "))
        terminal.type("user fetch\n")
        for _ in 0..<200 where server.requests.isEmpty {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(server.requests.count == 1)
        #expect(!runningFetchers(against: server.port).isEmpty, "the program loading the page is running")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).count == 1, "with a folder of its own")
        terminal.type("\u{3}")
        #expect(await terminal.waitFor("error: stopped with Ctrl-C; nothing was loaded"), "\(terminal.output)")
        #expect(runningFetchers(against: server.port).isEmpty, "the program loading the page has ended")
        #expect(await terminal.waitForPrompt("todo> ", times: 2))
        terminal.type("\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
        #expect(!FileManager.default.fileExists(atPath: todo.store.path))
        // The loader stopped too, and took its folder with it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    /// A server that answers a page of ten people after a second and a half: a fetch on a
    /// terminal says what it waits for meanwhile.
    private static func slowServer() throws -> LocalHTTPServer {
        let page = try FetchCommandTests.fixture("page-1.3-10-users.json")
        return try LocalHTTPServer { _ in
            Thread.sleep(forTimeInterval: 1.5)
            return .json(page)
        }
    }

    @Test("CLI-47 On a terminal, a fetch that takes a while says what it waits for (the real binary)")
    func fetchSaysWhatItWaitsFor() async throws {
        let slow = try Self.slowServer()
        let dripping = try LocalHTTPServer { _ in .drip(body: Data(repeating: 0x20, count: 100), interval: 0.02) }
        let terminal = try todo.onATerminal()

        #expect(await terminal.waitForPrompt("todo> "))
        terminal.type("user fetch --count 10 --api \(slow.baseURL.absoluteString)\n")
        #expect(await terminal.waitFor("\r\u{1B}[KWaiting for 127.0.0.1:\(slow.port) to answer: 1 s of at most 15 s"), "\(terminal.output)")
        #expect(await terminal.waitFor("Loaded page 1: 10 new people"), "\(terminal.output)")
        #expect(await terminal.waitForPrompt("todo> ", times: 2))
        let said = try #require(terminal.output.range(of: "Waiting for")), loaded = try #require(terminal.output.range(of: "Loaded page 1"))
        #expect(said.lowerBound < loaded.lowerBound, "said while it waits, not once it is over")
        let waiting = terminal.output.components(separatedBy: "to answer: 1 s of at most 15 s").count - 1
        #expect(waiting == 1, "written once each second, not each time todo looks: \(terminal.output)")
        #expect(!terminal.screen.contains { $0.contains("Waiting for") }, "the line is gone once the fetch is over: \(terminal.screen)")

        terminal.type("user fetch --api \(dripping.baseURL.absoluteString)\n")
        #expect(await terminal.waitFor("\r\u{1B}[KReceiving from 127.0.0.1:\(dripping.port): "), "\(terminal.output)")
        #expect(await terminal.waitFor(" bytes so far, 1 s of at most 15 s"), "\(terminal.output)")
        #expect(await terminal.waitFor("error: the answer was not a randomuser.me response"), "\(terminal.output)")
        let counts = Set(terminal.output.components(separatedBy: "Receiving from 127.0.0.1:\(dripping.port): ").dropFirst()
            .map { $0.prefix { $0 != " " } })
        #expect(counts.count > 1, "what has come is counted as it comes: \(counts)")
        #expect(await terminal.waitForPrompt("todo> ", times: 3))
        #expect(!terminal.screen.contains { $0.contains("Receiving from") }, "\(terminal.screen)")
        terminal.type("\u{4}")
        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")

        // Not a terminal: the outcome alone.
        let piped = try todo.run(["--api", slow.baseURL.absoluteString, "user", "fetch", "--count", "10"])
        #expect(piped.status == 0)
        #expect(piped.errors == "", "\(piped)")
    }

    @Test("CLI-47 On a terminal, a fetch that takes a while says what it waits for: cut to the terminal, never wrapped (the real binary)")
    func fetchWaitOnANarrowTerminal() async throws {
        let slow = try Self.slowServer()
        let terminal = try todo.onATerminal(columns: 30)

        #expect(await terminal.waitForPrompt("todo> "))
        terminal.type("user fetch --count 10 --api \(slow.baseURL.absoluteString)\n")
        #expect(await terminal.waitFor("Loaded page 1: 10 new people"), "\(terminal.output)")
        let shown = terminal.output.components(separatedBy: "\r\u{1B}[K").dropFirst().map { $0.prefix { $0 != "\r" && $0 != "\n" } }
        let waiting = try #require(shown.first { $0.hasPrefix("Waiting for") }, "\(terminal.output)")
        // One column short of the width: a line that filled it would leave the cursor on the next row.
        #expect(waiting.count <= 29 && waiting.hasSuffix("…"), "\(waiting)")
        terminal.type("\u{4}")
        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
    }

    @Test("CLI-48 The prompt's history is kept from one run to the next, without what was typed into a form (the real binary, on a terminal)")
    func historyOnATerminal() async throws {
        let state = todo.folder.file("state")
        let first = try todo.onATerminal(environment: ["XDG_STATE_HOME": state.path])
        #expect(await first.waitForPrompt("todo> "))
        first.type("add Buy milk\nlist\n")
        #expect(await first.waitForPrompt("todo> ", times: 3))
        // A mark typed after Up tells the line brought back from the same command typed earlier.
        first.type("\u{1B}[A!")
        #expect(await first.waitForScreen("todo> list!"), "\(first.screen)")
        first.type("\u{15}add\n")
        #expect(await first.waitForPrompt("Title: "))
        first.type("Secret plan\n")
        #expect(await first.waitFor("Added 2 “Secret plan”."), "\(first.output)")
        #expect(await first.waitForPrompt("todo> ", times: 4))
        first.type("\u{4}")
        #expect(await first.exitStatus() == 0, "\(first.output)")

        let second = try todo.onATerminal(environment: ["XDG_STATE_HOME": state.path])
        #expect(await second.waitForPrompt("todo> "))
        second.type("\u{1B}[A!")
        #expect(await second.waitForScreen("todo> add!"), "\(second.screen)")
        second.type("\u{7F}\u{1B}[A!")
        #expect(await second.waitForScreen("todo> list!"), "\(second.screen)")
        second.type("\u{15}add\n")
        #expect(await second.waitForPrompt("Title: "))
        second.type("\u{1B}[A")
        second.type("Fresh\n")
        #expect(await second.waitFor("Added 3 “Fresh”."), "\(second.screen)")
        #expect(await second.waitForPrompt("todo> ", times: 2))
        second.type("\u{1B}[A!")
        #expect(await second.waitForScreen("todo> add!"), "the commands are back after the form: \(second.screen)")
        second.type("\u{7F}\u{1B}[A\u{1B}[A!")
        #expect(await second.waitForScreen("todo> list!"), "the earlier run's commands are back too: \(second.screen)")
        second.type("\u{15}\u{4}")
        #expect(await second.exitStatus() == 0, "\(second.output)")

        let history = state.appendingPathComponent("todo-stories/history")
        #expect(try String(contentsOf: history, encoding: .utf8) == "add Buy milk\nlist\nadd\nadd\n")

        // 1,000 commands kept: the one typed now stays, and the oldest goes.
        try Data((Array(repeating: "list\n", count: 999) + ["show 1\n"]).joined().utf8).write(to: history)
        let third = try todo.onATerminal(environment: ["XDG_STATE_HOME": state.path])
        #expect(await third.waitForPrompt("todo> "))
        third.type("add\n")
        #expect(await third.waitForPrompt("Title: "))
        third.type("cancel\n")
        #expect(await third.waitForPrompt("todo> ", times: 2))
        third.type("\u{1B}[A!")
        #expect(await third.waitForScreen("todo> add!"), "\(third.screen)")
        third.type("\u{15}\u{4}")
        #expect(await third.exitStatus() == 0, "\(third.output)")
    }

    @Test("CLI-33 Tab completes commands, subcommands, options and their values (the real binary, on a terminal)")
    func tabAtThePrompt() async throws {
        let terminal = try todo.onATerminal()

        #expect(await terminal.waitForPrompt("todo> "))
        terminal.type("li\t!")
        #expect(await terminal.waitForScreen("todo> list !"), "a space follows a word completed whole: \(terminal.screen)")
        terminal.type("\u{15}user f\t")
        #expect(await terminal.waitForScreen("todo> user fetch"), "\(terminal.screen)")
        terminal.type("\u{15}user list --sort d\t")
        #expect(await terminal.waitForScreen("user list --sort desc"), "\(terminal.screen)")
        terminal.type("\u{15}un\t\t")
        #expect(await terminal.waitForScreen("undone"), "\(terminal.screen)")
        #expect(terminal.screen.contains { $0.contains("uncheck") && $0.contains("undo ") })
        terminal.type("\u{15}help us\t\t")
        #expect(await terminal.waitForScreen("todo> help user"), "\(terminal.screen)")
        #expect(await terminal.waitForScreen("users"), "\(terminal.screen)")
        #expect(terminal.screen.contains { $0.contains("user ") && $0.contains("users") })
        for (typed, completed) in [("list f", "list finished"), ("user list --s", "user list --sort"),
                                   ("user list --sort=d", "user list --sort=desc"), ("--js", "todo> --json"), ("add --j", "add --json"),
                                   ("edit 2 recur:w", "edit 2 recur:weekly")] {
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
        #expect(await terminal.waitForPrompt("todo> ", times: 2))
        terminal.type("add\n")
        #expect(await terminal.waitForPrompt("Title: "))
        terminal.type("li\t\n")
        #expect(await terminal.waitFor("Added 2 “li”."), "\(terminal.screen)")
        #expect(await terminal.waitForPrompt("todo> ", times: 3))
        terminal.type("\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
        #expect(try FileStore(url: todo.store).loadTodos().unfinished.map(\.title) == ["li", "Buy m"])
    }

    @Test("CLI-33 Tab completes commands, subcommands, options and their values: after import and --output, a file's name, and none in a title (the real binary, on a terminal)")
    func tabCompletesFileNames() async throws {
        try Data("x Buy milk\n".utf8).write(to: todo.folder.file("export-for-tab.txt"))
        try FileManager.default.createDirectory(at: todo.folder.file("folder-for-tab"), withIntermediateDirectories: false)
        try Data("x Buy milk\n".utf8).write(to: todo.folder.file("folder-for-tab/inside.txt"))
        let typed = todo.folder.file("export-for-t").path
        let terminal = try todo.onATerminal(columns: 200)

        #expect(await terminal.waitForPrompt("todo> "))
        terminal.type("import \(typed)\t")
        #expect(await terminal.waitForScreen("todo> import \(typed)ab.txt"), "\(terminal.screen)")
        terminal.type("\u{15}import \(todo.folder.file("folder-for-t").path)\t\t!")
        #expect(await terminal.waitForScreen("todo> import \(todo.folder.file("folder-for-tab/inside.txt").path) !"), "\(terminal.screen)")
        terminal.type("\u{15}export --format todotxt --output \(typed)\t")
        #expect(await terminal.waitForScreen("todo> export --format todotxt --output \(typed)ab.txt"), "\(terminal.screen)")
        // A title is the user's own words: Tab in its field completes no file's name either.
        terminal.type("\u{15}add\n")
        #expect(await terminal.waitForPrompt("Title: "))
        terminal.type("Read \(typed)\t\n")
        #expect(await terminal.waitFor("Added 1 “Read \(typed)”."), "\(terminal.screen)")
        #expect(await terminal.waitForPrompt("todo> ", times: 2))
        terminal.type("\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
        #expect(try FileStore(url: todo.store).loadTodos().unfinished.map(\.title) == ["Read \(typed)"])
    }

    @Test("CLI-55 In the add form, a title whose planning words are refused is asked for again, and Up brings it back (the real binary, on a terminal)")
    func addFormUpBringsTheTitleBack() async throws {
        let terminal = try todo.onATerminal()

        #expect(await terminal.waitForPrompt("todo> "))
        terminal.type("add\n")
        #expect(await terminal.waitForPrompt("Title: "))
        terminal.type("Pay rent pri:X\n")
        #expect(await terminal.waitFor("Up brings the title back to mend, or type cancel"), "\(terminal.screen)")
        #expect(await terminal.waitForPrompt("Title: ", times: 2))
        terminal.type("\u{1B}[A")
        #expect(await terminal.waitForScreen("Title: Pay rent pri:X"), "\(terminal.screen)")
        terminal.type("\u{7F}H\n")
        #expect(await terminal.waitFor("Added 1 “Pay rent” (H)."), "\(terminal.screen)")
        #expect(await terminal.waitForPrompt("todo> ", times: 2))
        // Up at the prompt brings back the command, add, and Up again nothing older; add opens the form again.
        terminal.type("\u{1B}[A\u{1B}[A!")
        #expect(await terminal.waitForScreen("todo> add!"), "\(terminal.screen)")
        terminal.type("\u{7F}\n")
        #expect(await terminal.waitForPrompt("Title: ", times: 3), "\(terminal.screen)")
        terminal.type("\u{1B}[Acancel")
        #expect(await terminal.waitForScreen("Title: cancel"), "\(terminal.screen)")
        terminal.type("\n\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
        #expect(try FileStore(url: todo.store).loadTodos().unfinished.map(\.plan.priority) == [.high])
    }

    @Test("CLI-54 At the prompt, Tab completes the tags the list already has (the real binary, on a terminal)")
    func tabCompletesTagsAtThePrompt() async throws {
        try FileStore(url: todo.store).update {
            $0.todos = Todos(unfinished: [TodoItem(id: id(1), number: 1, title: "Pay rent", plan: TodoPlan(tags: ["home", "bills"]))],
                             finished: [TodoItem(id: id(2), number: 2, title: "Fix bike", isFinished: true,
                                                 plan: TodoPlan(tags: ["home", "workshop"]))],
                             nextNumber: 3)
        }
        let terminal = try todo.onATerminal()

        #expect(await terminal.waitForPrompt("todo> "))
        terminal.type("add Water plants +h\t")
        #expect(await terminal.waitForScreen("todo> add Water plants +home"), "\(terminal.screen)")
        terminal.type("\u{15}list +\t\t")
        #expect(await terminal.waitForScreen("+workshop"), "\(terminal.screen)")
        #expect(terminal.screen.contains { ["+bills", "+home", "+workshop"].allSatisfy($0.contains) })
        terminal.type("\u{15}\u{4}")

        #expect(await terminal.exitStatus() == 0, "\(terminal.output)")
    }

    @Test("CLI-43 Long titles wrap under the title's start, measured as a terminal measures them (the real binary, on a terminal)")
    func longTitlesOnATerminal() async throws {
        try FileStore(url: todo.store).update {
            $0.todos = makeTodos(todo: CommandTests.wideTitles)
        }

        let list = try todo.onATerminal(["list"], columns: 30)
        #expect(await list.exitStatus() == 0, "\(list.output)")
        let show = try todo.onATerminal(["show", "1"], columns: 30)
        #expect(await show.exitStatus() == 0, "\(show.output)")

        #expect(list.screen == ["To do", "  1 [ ] Read the whole manual", "        of the new washing", "        machine before Friday",
                                "  2 [ ] 🏋️ gym and 👩‍👩‍👧 swim at", "        9", "  3 [ ] Tea and cafe\u{301} with cake",
                                "  4 [ ] 李 Wei and 한 Kim at", "        10", "", "4 to do, 0 finished", ""])
        #expect(show.screen == ["1 Read the whole manual of the", "  new washing machine before", "  Friday", "  State:  to do",
                                "  Action: Check (check 1)", ""])
    }

    @Test("CLI-34 todo --completion bash completes in a real bash, and leaves --store to file names")
    func bashCompletion() async throws {
        let folder = todo.binary.url.deletingLastPathComponent().path
        // In the home folder, so that the line stays short of the terminal's width.
        try Data().write(to: todo.folder.file("store-for-tab.json"))
        try Data().write(to: todo.folder.file("other-store.json"))
        let bash = try PseudoTerminal(URL(fileURLWithPath: "/bin/bash"), arguments: ["--norc", "--noprofile", "-i"],
                                      environment: ["PATH": "\(folder):/usr/bin:/bin", "TERM": "xterm", "PS1": "$ ",
                                                    "HOME": todo.folder.url.path, "INPUTRC": "/dev/null"])

        bash.type("source <(todo --completion bash)\n")
        bash.type("todo user f\t")
        #expect(await bash.waitForScreen("todo user fetch "), "\(bash.screen)")
        bash.type("\u{15}cd\n")
        bash.type("todo --store store-for-t\t")
        #expect(await bash.waitForScreen("todo --store store-for-tab.json"), "\(bash.screen)")
        bash.type("\u{15}todo --store=store-for-t\t")
        #expect(await bash.waitForScreen("todo --store=store-for-tab.json"), "\(bash.screen)")
        // Whatever choices another completion left behind are not offered for a file's name.
        bash.type("\u{15}COMPREPLY=(left-behind)\n")
        bash.type("todo --store other-s\t")
        #expect(await bash.waitForScreen("todo --store other-store.json"), "\(bash.screen)")
        bash.type("\u{15}todo --api http://127.0.0.1:9/ us\t")
        #expect(await bash.waitForScreen("todo --api http://127.0.0.1:9/ user"), "\(bash.screen)")
        bash.type("\u{15}todo edit 2 recur:w\t")
        #expect(await bash.waitForScreen("todo edit 2 recur:weekly "), "\(bash.screen)")
        bash.type("\u{15}todo add Rent PRI:h\t")
        #expect(await bash.waitForScreen("todo add Rent PRI:H "), "\(bash.screen)")
        bash.type("\u{15}todo import store-for-t\t")
        #expect(await bash.waitForScreen("todo import store-for-tab.json"), "\(bash.screen)")
        bash.type("\u{15}todo export --output store-for-t\t")
        #expect(await bash.waitForScreen("todo export --output store-for-tab.json"), "\(bash.screen)")
        bash.type("\u{15}todo export --output=store-for-t\t")
        #expect(await bash.waitForScreen("todo export --output=store-for-tab.json"), "\(bash.screen)")
        // After any other word's "=" no file is offered: the letter typed after Tab stands next to the word as typed.
        bash.type("\u{15}todo add rent=store-for-t\tX")
        #expect(await bash.waitForScreen("todo add rent=store-for-tX"), "\(bash.screen)")
        // Where a user took the colon out of the words bash splits at, the choice is the whole word.
        bash.type("\u{15}COMP_WORDBREAKS=${COMP_WORDBREAKS//:}\n")
        bash.type("todo edit 2 recur:w\t")
        #expect(await bash.waitForScreen("todo edit 2 recur:weekly "), "\(bash.screen)")
        bash.type("\u{15}exit\n")

        #expect(await bash.exitStatus() == 0, "\(bash.output)")
    }

    @Test("CLI-61 The zsh completion script completes in a real zsh",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") || FileManager.default.isExecutableFile(atPath: "/bin/zsh")))
    func zshCompletion() async throws {
        let folder = todo.binary.url.deletingLastPathComponent().path
        try Data().write(to: todo.folder.file("store-for-tab.json"))
        let zsh = try PseudoTerminal(URL(fileURLWithPath: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") ? "/usr/bin/zsh" : "/bin/zsh"),
                                     arguments: ["-f", "-i"],
                                     environment: ["PATH": "\(folder):/usr/bin:/bin", "TERM": "xterm", "PS1": "$ ", "HOME": todo.folder.url.path])

        zsh.type("cd && autoload -Uz compinit && compinit -u -D && source <(todo --completion zsh) && echo load''ed\n")
        #expect(await zsh.waitForScreen("loaded"), "\(zsh.screen)")
        let tabs = [("todo user f", "todo user fetch"), ("todo --store store-for-t", "todo --store store-for-tab.json"),
                    ("todo export --output store-for-t", "todo export --output store-for-tab.json"),
                    ("todo import store-for-t", "todo import store-for-tab.json"), ("todo add Rent PRI:h", "todo add Rent pri:H")]
        for (typed, completed) in tabs {
            zsh.type("\u{15}\(typed)\t")
            #expect(await zsh.waitForScreen("$ \(completed)"), "\(typed): \(zsh.screen)")
        }
        // After `help import` no file is offered: the letter typed after Tab stands next to the word as typed.
        zsh.type("\u{15}todo help import store-for-t\tX")
        #expect(await zsh.waitForScreen("$ todo help import store-for-tX"), "\(zsh.screen)")
        zsh.type("\u{15}exit\n")

        #expect(await zsh.exitStatus() == 0, "\(zsh.output)")
    }
}
