#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One page as a source sent it: the people it could read, how many it could not (no first or
/// last name, a day not in the calendar), and how many came beyond the count asked for; the
/// two are told apart, so that a load can say which happened.
public struct FetchedPage: Codable, Equatable, Sendable {
    public var people: [PersonDetails]
    public var unreadable: Int
    public var beyondCount: Int

    public init(people: [PersonDetails], unreadable: Int = 0, beyondCount: Int = 0) {
        self.people = people
        self.unreadable = unreadable
        self.beyondCount = beyondCount
    }
}

/// Why a page could not be loaded. Each is a value a view puts in words; none changes what is
/// saved. The ways a server can fail to be reached are told apart (RU-27): the user looks for
/// the fault where it is.
public enum FetchError: Error, Codable, Equatable, Sendable {
    /// Nothing listened where the server should be: it refused the connection.
    case refused
    /// The server's name names no host.
    case noSuchHost
    /// No network leads to the server: this computer is offline, or has no route there.
    case noNetwork
    /// The whole exchange took longer than its deadline, this many seconds.
    case timeout(seconds: Int)
    /// The server answered with this HTTP status.
    case http(Int)
    /// The API's own `{"error": "..."}` answer.
    case api(String)
    /// An answer that is not a randomuser.me response at all.
    case notARandomUserResponse
    /// An answer larger than a page of people can be.
    case tooLarge(limit: Int)
    /// Loading could not even start: the program that does it is missing or broke.
    case cannotLoad(String)
    /// The user stopped the load (Ctrl-C) before the page came.
    case stopped
}

/// What one page request came to, as one process tells another: the page, or why there is none.
public enum FetchOutcome: Codable, Equatable, Sendable {
    case page(FetchedPage)
    case failed(FetchError)
}

/// Where people are loaded from, a page at a time. The same seed and page give the same people.
public protocol PeopleSource: Sendable {
    func page(_ page: Int, count: Int, seed: String) async throws(FetchError) -> FetchedPage
}
