#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What to ask randomuser.me for one page, and the limits on its answer. It needs no network
/// library: the exchange itself is `todo-fetch`'s, so that nothing that links this module
/// loads the HTTP stack.
public enum RandomUserRequest {
    /// Pinned to version 1.4, so the format cannot change under us.
    public static let defaultBase = URL(string: "https://randomuser.me/api/1.4/")!
    /// More than 5,000 people (the most the API sends at once) take, at about 1.3 kB each.
    public static let largestAnswer = 16_000_000
    /// How long the whole exchange may take, from asking to the last byte of the answer.
    public static let deadline: TimeInterval = 15

    /// `{base}?results=N&page=P&seed=S`.
    public static func url(base: URL = defaultBase, page: Int, count: Int, seed: String) -> URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: true) ?? URLComponents()
        components.queryItems = (components.queryItems ?? []) + [
            URLQueryItem(name: "results", value: String(count)),
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "seed", value: seed),
        ]
        return components.url ?? base
    }
}
