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

/// Why a page could not be loaded. Each is a value the list shows; none changes what is saved.
public enum FetchError: Error, Codable, Equatable, Sendable, LocalizedError {
    case noConnection
    case timeout
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

    public var errorDescription: String? { description(server: "randomuser.me") }

    /// What went wrong, naming the server the page was asked of: another API than randomuser.me's
    /// is named by its own host.
    public func description(server: String) -> String {
        switch self {
        case .noConnection: "no internet connection"
        case .timeout: "\(server) did not answer in time"
        case .http(429): "\(server) answered HTTP 429: too many requests, try again later"
        case .http(let status): "\(server) answered HTTP \(status)"
        // Its own full stop goes: the sentence it is put in goes on after it.
        case .api(let message): "\(server) answered with an error: \(Self.withoutEndingStops(message))"
        case .notARandomUserResponse: "the answer was not a randomuser.me response"
        case .tooLarge(let limit): "the answer was larger than \(limit / 1_000_000) MB, more than any page of people"
        case .cannotLoad(let reason): "cannot load people: \(reason)"
        case .stopped: "stopped before the page came"
        }
    }

    private static func withoutEndingStops(_ message: String) -> String {
        let stops: Set<Character> = [".", " "]
        return String(message.drop(while: stops.contains).reversed().drop(while: stops.contains).reversed())
    }
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
