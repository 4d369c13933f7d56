import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import UserList

/// Loads people from the Random User Generator API (randomuser.me) over HTTP.
public struct RandomUserClient: PeopleSource {
    /// Pinned to version 1.4, so the format cannot change under us.
    public static let defaultBase = URL(string: "https://randomuser.me/api/1.4/")!

    public let base: URL
    private let session: URLSession

    /// `timeout` bounds how long a page may take to arrive before it counts as no answer.
    public init(base: URL = RandomUserClient.defaultBase, timeout: TimeInterval = 15) {
        self.base = base
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.session = URLSession(configuration: configuration)
    }

    /// `GET {base}?results=N&page=P&seed=S`.
    public func request(page: Int, count: Int, seed: String) -> URLRequest {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.queryItems = (components.queryItems ?? []) + [
            URLQueryItem(name: "results", value: String(count)),
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "seed", value: seed),
        ]
        var request = URLRequest(url: components.url!)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    public func people(page: Int, count: Int, seed: String) async throws(FetchError) -> [RemotePerson] {
        let (data, status) = try await load(request(page: page, count: count, seed: seed))
        return try RandomUserResponse.people(from: data, status: status)
    }

    /// The body and the HTTP status of the answer.
    private func load(_ request: URLRequest) async throws(FetchError) -> (Data, Int) {
        do {
            return try await withCheckedThrowingContinuation { continuation in
                session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: (data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0))
                    }
                }.resume()
            }
        } catch let error as URLError where error.code == .timedOut {
            throw .timeout
        } catch {
            throw .noConnection
        }
    }
}

/// Reads a randomuser.me answer as it really is, in versions 1.3 and 1.4.
public enum RandomUserResponse {
    /// The people in `data`. Anyone without a first name, a last name or a date of birth (a
    /// request that filters fields can leave them out) is skipped.
    public static func people(from data: Data, status: Int) throws(FetchError) -> [RemotePerson] {
        let decoder = JSONDecoder()
        if let failure = try? decoder.decode(ErrorBody.self, from: data) {
            throw .api(failure.error)
        }
        guard (200..<300).contains(status) else { throw .http(status) }
        guard let body = try? decoder.decode(Body.self, from: data) else { throw .notARandomUserResponse }
        return body.results.compactMap(\.person)
    }

    private struct ErrorBody: Decodable {
        let error: String
    }

    private struct Body: Decodable {
        let results: [User]
    }

    /// Only the fields we use are read, each optional: a filtered request leaves any of them out,
    /// and fields we ignore (`location.postcode` is a number or a string, `id.value` may be null)
    /// cannot break the decoding.
    private struct User: Decodable {
        struct Name: Decodable {
            let first: String?
            let last: String?
        }

        struct Login: Decodable {
            let uuid: String?
        }

        struct DateOfBirth: Decodable {
            let date: String?
        }

        let name: Name?
        let email: String?
        let login: Login?
        let dob: DateOfBirth?

        var person: RemotePerson? {
            guard let first = name?.first, let last = name?.last, let text = dob?.date,
                  let birthDate = RandomUserResponse.calendarDate(from: text) else { return nil }
            return RemotePerson(id: login?.uuid, firstName: first, lastName: last, email: email, birthDate: birthDate)
        }
    }

    /// The calendar day in UTC of an ISO 8601 instant such as `1977-11-24T10:11:34.559Z`.
    static func calendarDate(from text: String) -> CalendarDate? {
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let instant = withFraction.date(from: text) ?? ISO8601DateFormatter().date(from: text) else { return nil }
        return CalendarDate(instant, in: TimeZone(identifier: "UTC")!)
    }
}
