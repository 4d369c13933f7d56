import Foundation

/// A person as randomuser.me describes them, before they are in the list.
public struct RemotePerson: Codable, Equatable, Sendable {
    /// `login.uuid`; nil when the response leaves it out.
    public let id: String?
    public let firstName: String
    public let lastName: String
    public let email: String?
    public let birthDate: CalendarDate

    public init(id: String?, firstName: String, lastName: String, email: String?, birthDate: CalendarDate) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.birthDate = birthDate
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
    /// Loading could not even start: the program that does it is missing or broke.
    case cannotLoad(String)

    public var errorDescription: String? {
        switch self {
        case .noConnection: "no internet connection"
        case .timeout: "randomuser.me did not answer in time"
        case .http(429): "randomuser.me answered HTTP 429: too many requests, try again later"
        case .http(let status): "randomuser.me answered HTTP \(status)"
        case .api(let message): "randomuser.me answered with an error: \(message)"
        case .notARandomUserResponse: "the answer was not a randomuser.me response"
        case .cannotLoad(let reason): "cannot load people: \(reason)"
        }
    }
}

/// What one page request came to, as one process tells another: the people, or why there are none.
public enum FetchOutcome: Codable, Equatable, Sendable {
    case people([RemotePerson])
    case failed(FetchError)
}

/// Where people are loaded from, a page at a time. The same seed and page give the same people.
public protocol PeopleSource: Sendable {
    func people(page: Int, count: Int, seed: String) async throws(FetchError) -> [RemotePerson]
}
