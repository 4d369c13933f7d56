import Foundation
import RandomUserAPI
import TestSupport
import Testing
import UserList

/// The client against a real HTTP server on 127.0.0.1, serving recorded responses and failures.
@Suite("The randomuser.me client, over real HTTP")
struct ClientEndToEndTests {
    @Test("RU-11 The client asks the server for results, page and seed, under the base path")
    func requestsPagesWithSeed() async throws {
        let page1 = try Fixture.text(Fixture.page1)
        let server = try LocalHTTPServer { _ in .json(page1) }
        let client = RandomUserClient(base: server.baseURL.appendingPathComponent("api/1.4/"), timeout: 5)

        let people = try await client.people(page: 3, count: 10, seed: "ef5fc85e6db293cf")

        #expect(people.count == 10)
        #expect(server.requests == ["/api/1.4/?results=10&page=3&seed=ef5fc85e6db293cf"])
    }

    @Test("RU-11 Without --api the client is pinned to randomuser.me API version 1.4")
    func pinnedVersion() {
        let url = RandomUserClient().request(page: 1, count: 20, seed: "abc").url

        #expect(url?.absoluteString == "https://randomuser.me/api/1.4/?results=20&page=1&seed=abc")
    }

    @Test("RU-10 The API failing over HTTP is a value, told apart by what went wrong",
          arguments: [
            (LocalHTTPServer.Reply.json("<html>oops</html>", status: 500), FetchError.http(500)),
            (.json("<html>slow down</html>", status: 429), .http(429)),
            (.json("{\"error\": \"Uh oh\"}"), .api("Uh oh")),
            (.json("this is not json"), .notARandomUserResponse),
          ])
    func failures(reply: LocalHTTPServer.Reply, error: FetchError) async throws {
        let server = try LocalHTTPServer { _ in reply }
        let client = RandomUserClient(base: server.baseURL, timeout: 30)

        await #expect(throws: error) { try await client.people(page: 1, count: 10, seed: "abc") }
        #expect(server.requests.count == 1)
    }

    /// Only this case waits for the timeout, so only it gets a short one: an answer that is
    /// merely slow on a busy machine must not be mistaken for no answer.
    @Test("RU-10 A server that accepts the request and never answers is a timeout")
    func stalled() async throws {
        let server = try LocalHTTPServer { _ in .stall }
        let client = RandomUserClient(base: server.baseURL, timeout: 1)

        await #expect(throws: FetchError.timeout) { try await client.people(page: 1, count: 10, seed: "abc") }
        #expect(server.requests.count == 1)
    }

    @Test("RU-8 Nothing listening is no connection")
    func nothingListening() async throws {
        let server = try LocalHTTPServer { _ in .stall }
        let base = server.baseURL
        server.stop()
        let client = RandomUserClient(base: base, timeout: 2)

        await #expect(throws: FetchError.noConnection) { try await client.people(page: 1, count: 10, seed: "abc") }
    }
}
