import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RandomUserAPI
import TestSupport
import Testing
import UserList

/// `todo-fetch`, the program that loads a page, run as `todo` runs it against a real HTTP server
/// on 127.0.0.1 serving recorded responses, failures and answers meant to harm.
@Suite("The randomuser.me client, over real HTTP")
struct FetchProgramTests {
    private let program: RealBinary

    init() throws {
        program = try RealBinary("todo-fetch")
    }

    /// What `todo-fetch` answered for page 1 of `count` people, with the given limits.
    private func outcome(from server: LocalHTTPServer, base: URL? = nil, count: Int = 10, limits: [String] = [],
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> FetchOutcome {
        let run = try program.run(limits + ["1", String(count), "abc", (base ?? server.baseURL).absoluteString])
        #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(FetchOutcome.self, from: Data(run.output.utf8))
    }

    @Test("RU-11 The client asks the server for results, page and seed, under the base path")
    func requestsPagesWithSeed() throws {
        let page1 = try Fixture.text(Fixture.page1)
        let server = try LocalHTTPServer { _ in .json(page1) }

        let run = try program.run(["3", "10", "ef5fc85e6db293cf", server.baseURL.appendingPathComponent("api/1.4/").absoluteString])

        let outcome = try JSONDecoder().decode(FetchOutcome.self, from: Data(run.output.utf8))
        #expect(outcome == .page(try RandomUserResponse.page(from: Fixture.data(Fixture.page1), status: 200, count: 10)))
        #expect(server.requests == ["/api/1.4/?results=10&page=3&seed=ef5fc85e6db293cf"])
    }

    @Test("RU-11 Without --api the client is pinned to randomuser.me API version 1.4")
    func pinnedVersion() {
        let url = RandomUserRequest.url(page: 1, count: 20, seed: "abc")

        #expect(url.absoluteString == "https://randomuser.me/api/1.4/?results=20&page=1&seed=abc")
    }

    @Test("A base address given relative to another is asked where it points, host and all")
    func relativeBase() throws {
        let base = try #require(URL(string: "api/1.4/", relativeTo: URL(string: "http://127.0.0.1:8080/people/")))

        let url = RandomUserRequest.url(base: base, page: 2, count: 10, seed: "abc")

        #expect(url.absoluteString == "http://127.0.0.1:8080/people/api/1.4/?results=10&page=2&seed=abc")
    }

    @Test("RU-10 The API failing over HTTP is a value, told apart by what went wrong",
          arguments: [
            (LocalHTTPServer.Reply.json("<html>oops</html>", status: 500), FetchError.http(500)),
            (.json("<html>slow down</html>", status: 429), .http(429)),
            (.json("{\"error\": \"Uh oh\"}"), .api("Uh oh")),
            (.json("this is not json"), .notARandomUserResponse),
          ])
    func failures(reply: LocalHTTPServer.Reply, error: FetchError) throws {
        let server = try LocalHTTPServer { _ in reply }

        #expect(try outcome(from: server) == .failed(error))
        #expect(server.requests.count == 1)
    }

    /// Only the cases that wait for the deadline get a short one: an answer that is merely
    /// slow on a busy machine must not be mistaken for no answer.
    @Test("RU-10 A server that accepts the request and never answers is a timeout")
    func stalled() throws {
        let server = try LocalHTTPServer { _ in .stall }

        #expect(try outcome(from: server, limits: ["--deadline", "1"]) == .failed(.timeout(seconds: 1)))
        #expect(server.requests.count == 1)
    }

    @Test("RU-21 A server that drips its answer is cut off at the deadline of the whole exchange")
    func dripping() throws {
        let server = try LocalHTTPServer { _ in .drip(body: Data(repeating: 0x20, count: 100), interval: 0.3) }
        let started = Date()

        #expect(try outcome(from: server, limits: ["--deadline", "1"]) == .failed(.timeout(seconds: 1)))

        #expect((1..<5).contains(Date().timeIntervalSince(started)), "cut off once the deadline has passed, not before")
    }

    @Test("RU-22 An answer larger than a page can be is refused, and a packed one is not unpacked")
    func tooLarge() throws {
        let huge = try LocalHTTPServer { _ in .answer(status: 200, body: Data(repeating: 0x20, count: 4_000_000)) }
        let packed = try LocalHTTPServer { _ in
            .answer(status: 200, body: gzippedZeros(count: 4_000_000), headers: ["Content-Encoding": "gzip"])
        }

        let tooLarge = try outcome(from: huge, limits: ["--largest", "1000000", "--deadline", "60"])
        let unpacked = try outcome(from: packed, limits: ["--largest", "1000000", "--deadline", "60"])

        #expect(tooLarge == .failed(.tooLarge(limit: 1_000_000)))
        #expect(unpacked == .failed(.notARandomUserResponse))
    }

    @Test("RU-27 Nothing listening is a refusal, and a deadline the system gave up on a timeout")
    func nothingListening() throws {
        let server = try LocalHTTPServer { _ in .stall }
        let base = server.baseURL
        server.stop()

        #expect(try outcome(from: server, base: base, limits: ["--deadline", "2"]) == .failed(.refused))
        #expect(try outcome(from: server, base: base, limits: ["--deadline", "0.5"]) == .failed(.refused))
    }

    @Test("RU-27 What the system says of a name lookup is told apart: no such host, or no network to ask",
          arguments: [(EAI_NONAME, FetchError.noSuchHost), (EAI_AGAIN, .noNetwork), (EAI_FAIL, .noNetwork)])
    func lookupFailures(code: Int32, meant: FetchError) {
        #expect(ConnectionFailure.resolving(code) == meant)
    }

    @Test("RU-27 What the system says of a connection is told apart: refused, timed out, or no network to reach it",
          arguments: [(ECONNREFUSED, FetchError.refused), (ETIMEDOUT, .timeout(seconds: 15)), (ENETUNREACH, .noNetwork),
                      (EHOSTUNREACH, .noNetwork), (ENETDOWN, .noNetwork)])
    func connectionFailures(code: Int32, meant: FetchError) {
        #expect(ConnectionFailure.connecting(code, deadline: 15) == meant)
    }

    @Test("A page, a count or a limit out of range is refused, and nothing is asked", arguments: [
        ["0", "10", "abc"], ["1", "5001", "abc"], ["1", "x", "abc"], ["1000001", "10", "abc"], ["--deadline", "0", "1", "10", "abc"],
        ["--largest", "99999999999", "1", "10", "abc"], ["1", "10"],
    ])
    func badArguments(arguments: [String]) throws {
        let run = try program.run(arguments)

        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("usage: todo-fetch"))
    }
}
