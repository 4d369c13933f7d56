import Foundation
import LocalStore
import RandomUserAPI
import TestSupport
import Testing
@testable import TodoCLI
import UserList

/// `user fetch` and `user search` against a real HTTP server on 127.0.0.1 replaying recorded
/// randomuser.me responses: page 1 (10 people), page 2 (repeats, a shared email, non-Latin names).
@MainActor
@Suite("The todo command: people from randomuser.me")
final class FetchCommandTests {
    private let cli: CLIHarness
    private let server: LocalHTTPServer
    private var api: [String] { ["--api", server.baseURL.absoluteString] }

    init() throws {
        cli = try CLIHarness()
        let pages = [1: try Self.fixture("page-1.3-10-users.json"), 2: try Self.fixture("page-2-1.4-repeats.json")]
        server = try LocalHTTPServer { target in
            let page = target.split(separator: "&").first { $0.hasPrefix("page=") }.flatMap { Int($0.dropFirst(5)) } ?? 0
            return pages[page].map { .json($0) } ?? .json("{\"results\": []}")
        }
    }

    @Test("RU-1 Loading people puts them in the store with their email, and they stay there offline (the CLI)")
    func fetchFillsTheStore() async throws {
        let run = await cli.run(api + ["user", "fetch", "--count", "10"])

        #expect(run == Run(status: 0, output: "Loaded page 1: 10 new people, 0 here already or deleted.\n", errors: ""))
        let people = try FileStore(url: cli.storeURL).loadPeople().everyone
        #expect(people.count == 10)
        #expect(people.first?.email == "adam.kim@example.com")
        let offline = await cli.run(["--api", "http://127.0.0.1:1/", "user", "list"])
        #expect(offline.output.contains("24-11-1977  Adam Kim"))
    }

    @Test("RU-3 A person repeated within a page or across pages is added once (the CLI)")
    func morePagesSayHowManyWereNew() async throws {
        await cli.run(api + ["user", "fetch", "--count", "10"])

        let second = await cli.run(api + ["user", "fetch", "--count=10"])

        #expect(second == Run(status: 0, output: "Loaded page 2: 8 new people, 2 here already or deleted.\n", errors: ""))
        #expect(server.requests.map { $0.contains("page=2") } == [false, true])
        #expect(Set(server.requests.map { $0.split(separator: "&").last! }).count == 1)
        let list = await cli.run("users")
        #expect(list.output.components(separatedBy: "Ryan Moore").count - 1 == 2)
        #expect(list.output.components(separatedBy: "Tamar Levi").count - 1 == 1)
        #expect(list.output.contains("Олена Коваленко"))
    }

    @Test("RU-18 A page that brings nobody new is followed by the next, up to three more (the CLI)")
    func pagesOfRepeats() async throws {
        let page = try Self.fixture("page-1.3-10-users.json")
        let repeating = try LocalHTTPServer { _ in .json(page) }
        let api = ["--api", repeating.baseURL.absoluteString]
        await cli.run(api + ["user", "fetch", "--count", "10"])

        let again = await cli.run(api + ["user", "fetch", "--count", "10"])

        #expect(again == Run(status: 0, output: "Nothing new came from pages 2 to 5: 0 new people, 40 here already or deleted. "
                             + "Try again later with: todo --store \(cli.storeURL.path) --api \(repeating.baseURL.absoluteString) "
                             + "user fetch --count 10\n", errors: ""))
        #expect(repeating.requests.count == 5)
        #expect(try FileStore(url: cli.storeURL).loadPeople().everyone.count == 10)
        #expect(await cli.run("undo").output == "Undid: loaded page 1 (10 people).\n")
        #expect(try FileStore(url: cli.storeURL).loadPeople().everyone.isEmpty)
    }

    @Test("RU-19 A person from the server passes the checks a typed one does, or is left out and counted (the CLI)")
    func leftOutCountedApart() async throws {
        let people = [("R2D2", "Kim"), ("Lena", "Hoffmann"), ("Extra", "One"), ("Extra", "Two")].map { first, last in
            #"{"name": {"first": "\#(first)", "last": "\#(last)"}, "email": "\#(first)@example.com"}"#
        }
        let server = try LocalHTTPServer { _ in .json(#"{"results": ["# + people.joined(separator: ",") + "]}") }

        let run = await cli.run(["--api", server.baseURL.absoluteString, "user", "fetch", "--count", "2"])

        #expect(run == Run(status: 0, output: "Loaded page 1: 1 new person, 0 here already or deleted, 1 invalid, "
                           + "2 beyond the 2 asked for.\n", errors: ""))
        #expect(try FileStore(url: cli.storeURL).loadPeople().everyone.map(\.fullName) == ["Lena Hoffmann"])
    }

    @Test("RU-6 A deleted person is never shown again and never loaded again (the CLI)")
    func deleteThenFetchAgain() async throws {
        await cli.run(api + ["user", "fetch", "--count", "10"])

        #expect(await cli.run("user", "delete", "1").output == "Deleted 1 “Adam Kim”; todo undo brings them back.\n")
        await cli.run(api + ["user", "fetch", "--count", "10"])

        #expect(!(await cli.run("users")).output.contains("Adam Kim"))
    }

    /// The store and the server as given, and the hint's words for them (FOLDER for the test's
    /// folder): quoted where a shell would split or expand them.
    nonisolated static let retryWords: [(store: String, api: String, quotedStore: String, quotedAPI: String)] = [
        ("store.json", "http://127.0.0.1:1/", "FOLDER/store.json", "http://127.0.0.1:1/"),
        ("my lists/Ann's.json", "http://127.0.0.1:1/?a=1&b=2", "'FOLDER/my lists/Ann'\\''s.json'", "'http://127.0.0.1:1/?a=1&b=2'"),
        ("new\nline.json", "http://127.0.0.1:1/", "$'FOLDER/new\\nline.json'", "http://127.0.0.1:1/"),
        ("zero\u{200B}width.json", "http://127.0.0.1:1/", "$'FOLDER/zero\\u200bwidth.json'", "http://127.0.0.1:1/"),
    ]

    @Test("RU-8 No connection and nobody saved: a message says what to do to try again (the CLI)", arguments: retryWords)
    func offlineWithNothingSaved(store: String, api: String, quotedStore: String, quotedAPI: String) async throws {
        let path = cli.folder.file(store).path

        let run = await cli.run(["--store", path, "--api", api, "user", "fetch", "--count", "5"], withStore: false)

        let quotedPath = quotedStore.replacing("FOLDER", with: cli.folder.url.path)
        #expect(run == Run(status: 1, output: "", errors: "error: 127.0.0.1:1 refused the connection, and nobody is saved on this "
                           + "computer yet; try again with: todo --store \(quotedPath) --api \(quotedAPI) user fetch --count 5\n"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("RU-8 No connection and nobody saved: the retry spells out a store and a server from the environment (the CLI)")
    func offlineFromTheEnvironment() async throws {
        let environment = ["TODO_STORE": cli.storeURL.path, "RANDOMUSER_API": "http://127.0.0.1:1/"]

        let run = await cli.run(["user", "fetch"], environment: environment, withStore: false)

        #expect(run.errors == "error: 127.0.0.1:1 refused the connection, and nobody is saved on this computer yet; "
                + "try again with: todo --store \(cli.storeURL.path) --api http://127.0.0.1:1/ user fetch\n")
    }

    @Test("RU-8 No connection and nobody saved: at the prompt, the retry is the command alone (the CLI)")
    func offlineAtThePrompt() async throws {
        let run = await cli.run(["--api", "http://127.0.0.1:1/"], input: ["user fetch --count 5"])

        #expect(run.errors == "line 1: error: 127.0.0.1:1 refused the connection, and nobody is saved on this computer yet; "
                + "try again with: user fetch --count 5\n")
    }

    @Test("RU-9 No connection with people saved: the saved list on a terminal, and a notice (the CLI)")
    func offlineWithPeopleSaved() async throws {
        await cli.run(api + ["user", "fetch", "--count", "10"])
        let before = try cli.storeBytes()

        let atATerminal = await cli.run(["--api", "http://127.0.0.1:1/", "user", "fetch", "--count", "5"], terminal: true,
                                        environment: ["NO_COLOR": "1"])
        let inAScript = await cli.run(["--api", "http://127.0.0.1:1/", "user", "fetch", "--count", "5"])

        #expect(atATerminal.status == 1 && inAScript.status == 1)
        #expect(atATerminal.output == (await cli.run(["users"], terminal: true, environment: ["NO_COLOR": "1"])).output)
        #expect(atATerminal.output.split(separator: "\n").count == 11)
        let retry = "Try again with: todo --store \(cli.storeURL.path) --api http://127.0.0.1:1/ user fetch --count 5\n"
        #expect(atATerminal.errors == "error: 127.0.0.1:1 refused the connection; showing the 10 people saved on this computer. " + retry)
        #expect(inAScript.output == "")
        #expect(inAScript.errors == "error: 127.0.0.1:1 refused the connection; 10 people are saved on this computer "
                + "(todo user list shows them). " + retry)
        #expect(try cli.storeBytes() == before)
    }

    @Test("CLI-36 With --json every command prints one JSON document (a user fetch that fails)")
    func failedFetchAsJSON() async throws {
        await cli.run(api + ["user", "fetch", "--count", "10"])

        let run = await cli.run(["--api", "http://127.0.0.1:1/", "--json", "user", "fetch"])

        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(run.errors.hasPrefix("error: 127.0.0.1:1 refused the connection; 10 people are saved on this computer"))
    }

    @Test("RU-10 The API failing is named, with or without people saved, and changes nothing (the CLI)", arguments: [
        (0, LocalHTTPServer.Reply.json("<html>oops</html>", status: 500), "SERVER answered HTTP 500"),
        (10, .json("<html>slow down</html>", status: 429), "SERVER answered HTTP 429: too many requests, try again later"),
        (10, .json("{\"error\": \"Uh oh\"}"), "SERVER answered with an error: Uh oh"),
        (0, .json("this is not json"), "the answer was not a randomuser.me response"),
        (10, .stall, "SERVER timed out after 1 s"),
    ])
    func apiFailing(saved: Int, reply: LocalHTTPServer.Reply, message: String) async throws {
        if saved > 0 { await cli.run(api + ["user", "fetch", "--count", "10"]) }
        let before = FileManager.default.fileExists(atPath: cli.storeURL.path) ? try cli.storeBytes() : nil
        let failing = try LocalHTTPServer { _ in reply }
        // Only the server that never answers waits for the deadline, so only it gets a short one:
        // an answer that is merely slow on a busy machine must not be taken for none.
        let deadline: Duration? = if case .stall = reply { .seconds(1) } else { nil }

        let run = await cli.run(["--api", failing.baseURL.absoluteString, "user", "fetch"], fetchDeadline: deadline)

        let retry = "todo --store \(cli.storeURL.path) --api \(failing.baseURL.absoluteString) user fetch"
        let message = message.replacing("SERVER", with: "127.0.0.1:\(failing.baseURL.port ?? 0)")
        let expected = saved == 0
            ? "error: \(message), and nobody is saved on this computer yet; try again with: \(retry)\n"
            : "error: \(message); 10 people are saved on this computer (todo user list shows them). Try again with: \(retry)\n"
        #expect(run.errors == expected)
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(failing.requests.count == 1)
        #expect((FileManager.default.fileExists(atPath: cli.storeURL.path) ? try cli.storeBytes() : nil) == before)
    }

    @Test("RU-11 --api and RANDOMUSER_API point the loads at another server (the CLI)")
    func apiFromTheEnvironment() async throws {
        let run = await cli.run(["user", "fetch", "--count", "10"], environment: ["RANDOMUSER_API": server.baseURL.absoluteString])

        #expect(run.status == 0)
        #expect(server.requests.count == 1)
        #expect(await cli.run("--api", "ftp://example.com/", "user", "fetch").status == 2)
        // Without either (or with RANDOMUSER_API empty), todo-fetch is given no server, and so
        // asks randomuser.me API 1.4, its own default.
        for environment in [[:], ["RANDOMUSER_API": ""]] {
            let (_, settings) = try OptionParser.parse(arguments: ["user", "fetch"], environment: environment)
            #expect(try settings.apiURL() == nil)
            #expect(FetchProcess(server: { nil }, deadline: nil).arguments(page: 2, count: 10, seed: "abc", base: try settings.apiURL())
                    == ["2", "10", "abc"])
        }
        #expect(FetchProcess(server: { nil }, deadline: nil).arguments(page: 2, count: 10, seed: "abc", base: server.baseURL)
                == ["2", "10", "abc", server.baseURL.absoluteString])
        let failing = try LocalHTTPServer { _ in .json("<html>oops</html>", status: 500) }
        let failed = await cli.run(["user", "fetch"], environment: ["RANDOMUSER_API": failing.baseURL.absoluteString])
        #expect(failed.errors == "error: 127.0.0.1:\(failing.baseURL.port ?? 0) answered HTTP 500; 10 people are saved "
                + "on this computer (todo user list shows them). Try again with: todo --store \(cli.storeURL.path) --api \(failing.baseURL.absoluteString) user fetch\n")
    }

    @Test("RU-21 A server that drips its answer is cut off at the deadline of the whole exchange (the CLI)")
    func drippingServer() async throws {
        await cli.run(api + ["user", "fetch", "--count", "10"])
        let before = try cli.storeBytes()
        let dripping = try LocalHTTPServer { _ in .drip(body: Data(repeating: 0x20, count: 200), interval: 0.2) }
        let started = Date()

        let run = await cli.run(["--api", dripping.baseURL.absoluteString, "user", "fetch"], fetchDeadline: .seconds(1))

        // todo-fetch's own deadline is the same code, shortened here so that the test waits a second.
        #expect((1..<RandomUserRequest.deadline).contains(Date().timeIntervalSince(started)), "cut off once the deadline has passed, not before")
        #expect(run.errors == "error: 127.0.0.1:\(dripping.baseURL.port ?? 0) timed out after 1 s; 10 people are saved on this computer "
                + "(todo user list shows them). Try again with: todo --store \(cli.storeURL.path) --api \(dripping.baseURL.absoluteString) user fetch\n")
        #expect(try cli.storeBytes() == before)
    }

    @Test("RU-21 A server that drips its answer is cut off at the deadline of the whole exchange: a loader that hangs past its own is stopped (the CLI)")
    func hangingLoader() async throws {
        // Stopped as its request comes, the loader cannot keep its own deadline: it hangs, as one
        // stuck in the system would. Its command line holds the seed the request asks for.
        let dripping = try LocalHTTPServer { target in
            let seed = target.split(separator: "&").first { $0.hasPrefix("seed=") }.map { String($0.dropFirst(5)) }
            for pid in (seed.map(runningFetchers(holding:)) ?? []).compactMap({ pid_t($0) }) {
                kill(pid, SIGSTOP)
            }
            return .drip(body: Data(repeating: 0x20, count: 200), interval: 0.2)
        }
        let started = Date()

        let run = await cli.run(["--api", dripping.baseURL.absoluteString, "user", "fetch"], fetchDeadline: .seconds(1))

        #expect(Date().timeIntervalSince(started) >= 6, "stopped 5 s after its own deadline, not at it")
        #expect(run.errors.hasPrefix("error: 127.0.0.1:\(dripping.port) timed out after 6 s"), "\(run)")
        #expect(dripping.requests.count == 1)
        #expect(runningFetchers(against: dripping.port).isEmpty, "nothing of it is left, not even to be waited for")
        #expect(!FileManager.default.fileExists(atPath: cli.storeURL.path))
    }

    /// A descriptor limit lowered below what todo has open (`prlimit --nofile=0` on a running
    /// todo) makes the system refuse every wait on the loader's output: todo gives up reading at
    /// once, rather than asking again and again until the deadline.
    @Test("A loader todo may no longer wait on is given up at once, not asked after until the deadline",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func waitRefused() async {
        await #expect(processExitsWith: .success) {
            alarm(30)
            var opened = rlimit()
            try #require(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &opened) == 0)
            let server = try LocalHTTPServer { [opened] _ in
                var none = opened
                none.rlim_cur = 0
                setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &none)
                // Long enough for todo to ask again, and be refused, before the answer comes.
                usleep(500_000)
                return .json("{\"results\": []}")
            }
            let loader = FetchProcess(server: { server.baseURL }, deadline: .seconds(1))

            var failure: FetchError?
            do throws(FetchError) {
                _ = try await loader.page(1, count: 1, seed: "abc")
            } catch {
                failure = error
            }

            var restored = opened
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &restored)
            #expect(failure == .cannotLoad("\(FetchProcess.besideThisProgram.path) gave no answer"), "not a timeout: \(String(describing: failure))")
        }
    }

    @Test("RU-22 An answer larger than a page can be is refused without being kept (the CLI)", arguments: [
        (false, "the answer was larger than 16 MB, more than any page of people"),
        (true, "the answer was not a randomuser.me response"),
    ])
    func answerTooLarge(packed: Bool, message: String) async throws {
        await cli.run(api + ["user", "fetch", "--count", "10"])
        let before = try cli.storeBytes()
        let size = RandomUserRequest.largestAnswer + 1_000_000
        // Made before the server starts: made in the handler, on a busy machine, it took longer
        // than todo-fetch waits for an answer, and the test saw a timeout instead.
        let body = packed ? gzippedZeros(count: size) : Data(repeating: 0x20, count: size)
        let huge = try LocalHTTPServer { _ in
            .answer(status: 200, body: body, headers: packed ? ["Content-Encoding": "gzip"] : [:])
        }

        let run = await cli.run(["--api", huge.baseURL.absoluteString, "user", "fetch"])

        #expect(run.status == 1)
        #expect(run.errors == "error: \(message); 10 people are saved on this computer (todo user list shows them). "
                + "Try again with: todo --store \(cli.storeURL.path) --api \(huge.baseURL.absoluteString) user fetch\n")
        #expect(try cli.storeBytes() == before)
    }

    @Test("CLI-46 On a line at the prompt, --api, --today and --json hold for that line alone")
    func optionsOfALine() async throws {
        let run = await cli.run(["--api", "http://127.0.0.1:1/", "--today", "2026-01-01"], input: [
            "user fetch --api \(server.baseURL.absoluteString) --count 2", "user fetch", "--today 2026-11-22 birthdays", "birthdays",
            "add --today 2026-11-22 Pay rent due:tomorrow", "user fetch --api http://127.0.0.1:9/", "list --store other.json",
        ])

        #expect(server.requests.count == 1)
        #expect(try FileStore(url: cli.storeURL).loadPeople().everyone.map(\.fullName) == ["Adam Kim", "Diana Ellis"])
        let lateNovember = await cli.run("--today", "2026-11-22", "birthdays").output
        let newYear = await cli.run("--today", "2026-01-01", "birthdays").output
        #expect(lateNovember != newYear)
        #expect(run.output.contains(lateNovember + newYear), "\(run.output)")
        #expect(try cli.saved().unfinished.map(\.plan.due?.iso) == ["2026-11-23"])
        let errors = run.errors.split(separator: "\n")
        #expect(errors.count == 3, "\(run.errors)")
        #expect(errors.first?.hasPrefix("line 2: error: ") == true && errors.first?.hasSuffix("Try again with: user fetch") == true)
        #expect(errors.dropFirst().first?.hasPrefix("line 6: error: ") == true
                && errors.dropFirst().first?.hasSuffix("Try again with: user fetch --api http://127.0.0.1:9/") == true)
        #expect(errors.last == "line 7: error: --store is given when todo starts (todo --store …), not on a line")
        #expect(run.status == 1)
    }

    @Test("RU-26 A server speaking API 1.0 is read as it is: dates as Unix times, names in lower case (the CLI)")
    func version1() async throws {
        let page = try Self.fixture("page-1.0-lowercase.json")
        let old = try LocalHTTPServer { _ in .json(page) }

        let fetched = await cli.run(["--api", old.baseURL.absoluteString, "user", "fetch", "--count", "3"])

        #expect(fetched == Run(status: 0, output: "Loaded page 1: 3 new people, 0 here already or deleted.\n", errors: ""))
        #expect(await cli.run("users").output == """
            People (in the order added)
              1 12-12-1987  Levi Stone
              2 27-07-2015  Émilie Lefèvre
              3 01-01-1970  Jean-Luc O'Connor

            """)
        #expect(await cli.run("--today", "2026-11-22", "user", "show", "1").output == """
            1 Levi Stone (LS)
              Born:       12-12-1987
              Age:        38 YEARS OLD
              Email:      levi.stone@example.com
              Phone:      (712)-482-3311
              Cell:       (268)-517-9080
              Address:    4523 w dallas st, mesquite, new hampshire
              Registered: 07-11-2005
              Picture:    https://randomuser.me/api/portraits/men/41.jpg

            """)
        #expect(await cli.run("home").output.hasPrefix("Latest added\n  First name:    Jean-Luc\n  Last name:     O'Connor\n"))
        #expect(await cli.run("user", "delete", "2").output == "Deleted 2 “Émilie Lefèvre”; todo undo brings them back.\n")
        let kept = try FileStore(url: cli.storeURL).loadPeople().everyone
        #expect(kept.map(\.firstName) == ["levi", "jean-luc"] && kept.map(\.lastName) == ["stone", "o'connor"])
        #expect(await cli.run("--json", "user", "list").output.contains(#""firstName":"levi","lastName":"stone""#))
    }

    @Test("RU-27 A server that cannot be reached is said to refuse, not to exist, to be silent, or to be out of reach (the CLI)")
    func unreachable() async throws {
        let stalling = try LocalHTTPServer { _ in .stall }
        let closed = try LocalHTTPServer { _ in .stall }
        let closedPort = closed.baseURL.port ?? 0
        closed.stop()

        let refused = await cli.run(["--api", "http://127.0.0.1:\(closedPort)/", "user", "fetch"])
        let silent = await cli.run(["--api", stalling.baseURL.absoluteString, "user", "fetch"], fetchDeadline: .seconds(1))

        #expect(refused.errors.hasPrefix("error: 127.0.0.1:\(closedPort) refused the connection, and nobody is saved on this computer yet;"))
        #expect(silent.errors.hasPrefix("error: 127.0.0.1:\(stalling.baseURL.port ?? 0) timed out after 1 s, and nobody is saved"))
        #expect(!FileManager.default.fileExists(atPath: cli.storeURL.path))
        let api = URL(string: "http://nosuch.invalid:8080/")
        #expect(FetchText.failure(.noSuchHost, api: api) == "there is no host named nosuch.invalid")
        #expect(FetchText.failure(.noNetwork, api: api) == "there is no network to reach nosuch.invalid:8080")
        #expect(FetchText.failure(.refused, api: nil) == "randomuser.me refused the connection")
    }

    @Test("RU-14 A search that finds nothing is remembered, and a later search containing it answers at once (the CLI)")
    func searchWithMemory() async throws {
        await cli.run(api + ["user", "fetch", "--count", "10"])

        #expect(await cli.run("user", "search", "herrero").output == "People (in the order added)\n  4 09-06-1993  Dolores Herrero\n")
        #expect(await cli.run("user", "search", "zzq").output == "Nobody matches “zzq”. Load more people with: todo user fetch\n")
        #expect(await cli.run("user", "search", "zzqx").output
                == "Nobody matches “zzqx” (answered from memory: a search for “zzq” found nobody). "
                + "Load more people with: todo user fetch\n")
        #expect(server.requests.count == 1)
        let json = await cli.run("--json", "user", "search", "gil@")
        #expect(json.output.hasPrefix("{\"users\":[{\"number\":9,"))
        #expect(json.output.contains("\"email\":\"miriam.gil@example.com\""))
    }

    @Test("RU-16 A search that shows nothing offers to load more, and never loads by itself (the CLI)")
    func searchOffersToLoadMore() async throws {
        await cli.run(api + ["user", "fetch", "--count", "10"])

        let run = await cli.run(api + ["user", "search", "Zelda"])

        #expect(run == Run(status: 0, output: "Nobody matches “Zelda”. Load more people with: todo user fetch\n", errors: ""))
        #expect(server.requests.count == 1)
    }

    @Test("BD-8 A person without a date of birth shows n/a, and is left out of the birthdays, which say so (the CLI)")
    func withoutBirthDate() async throws {
        let page = #"{"results": [{"name": {"first": "Ann", "last": "Ay"}, "email": "ann@example.com", "login": {"uuid": "a1"}}]}"#
        let server = try LocalHTTPServer { _ in .json(page) }
        await cli.run(["--api", server.baseURL.absoluteString, "user", "fetch"])
        await cli.run("user", "add", "Bo", "Bee", "1985-11-23")

        #expect(await cli.run("--today", "2026-11-22", "user", "show", "1").output == """
            1 Ann Ay (AA)
              Born:       n/a
              Age:        n/a
              Email:      ann@example.com

            """)
        #expect(await cli.run("--today", "2026-11-22", "birthdays").output == """
            Upcoming birthdays
              tomorrow  23-11-2026  Bo Bee turns 41
            Left out, with no date of birth to count from: Ann Ay

            """)
        #expect(await cli.run("users").output.contains("  1 n/a         Ann Ay\n"))
        #expect(await cli.run("--today", "1980-01-01", "birthdays").output == """
            Left out, with no date of birth to count from: Ann Ay
            Left out, born after the day counted from: Bo Bee

            """)
    }

    @Test("CLI-47 On a terminal, a fetch that takes a while says what it waits for: what has come, in bytes, kB or MB", arguments: [
        (0, "Waiting for 127.0.0.1:8080 to answer: 3 s of at most 15 s"),
        (1, "Receiving from 127.0.0.1:8080: 1 byte so far, 3 s of at most 15 s"),
        (9_999, "Receiving from 127.0.0.1:8080: 9999 bytes so far, 3 s of at most 15 s"),
        (10_000, "Receiving from 127.0.0.1:8080: 10 kB so far, 3 s of at most 15 s"),
        (9_999_999, "Receiving from 127.0.0.1:8080: 9999 kB so far, 3 s of at most 15 s"),
        (10_000_000, "Receiving from 127.0.0.1:8080: 10 MB so far, 3 s of at most 15 s"),
    ])
    func waitingLine(received: Int, line: String) throws {
        let wait = FetchProcess.Wait(waited: .seconds(3), received: received)

        #expect(FetchText.waiting(wait, api: URL(string: "http://127.0.0.1:8080/"), deadline: .seconds(15)) == line)
        #expect(FetchText.waiting(FetchProcess.Wait(waited: .seconds(1), received: 0), api: nil, deadline: .seconds(15))
                == "Waiting for randomuser.me to answer: 1 s of at most 15 s")
    }

    nonisolated static func fixture(_ name: String) throws -> String {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RandomUserAPITests/Fixtures")
        return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
}
