#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import UserList

/// Why a load from randomuser.me failed, in words, naming the server it was asked of:
/// randomuser.me, or the host (and port) of the API `--api` named.
enum FetchText {
    static func failure(_ error: FetchError, api: URL?) -> String {
        let host = api?.host ?? "randomuser.me"
        let server = server(api)
        return switch error {
        case .refused: "\(server) refused the connection"
        case .noSuchHost: "there is no host named \(host)"
        case .noNetwork: "there is no network to reach \(server)"
        case .timeout(let seconds): "\(server) timed out after \(seconds) s"
        case .http(429): "\(server) answered HTTP 429: too many requests, try again later"
        case .http(let status): "\(server) answered HTTP \(status)"
        // Its own full stop goes: the sentence it is put in goes on after it.
        case .api(let message): "\(server) answered with an error: \(withoutEndingStops(message))"
        case .notARandomUserResponse: "the answer was not a randomuser.me response"
        case .tooLarge(let limit): "the answer was larger than \(limit / 1_000_000) MB, more than any page of people"
        case .cannotLoad(let reason): "cannot load people: \(reason)"
        case .stopped: "stopped before the page came"
        }
    }

    /// What a fetch waits for, and for how long, and what has come (CLI-47):
    /// `Waiting for randomuser.me to answer: 3 s of at most 15 s`.
    static func waiting(_ wait: FetchProcess.Wait, api: URL?, deadline: Duration) -> String {
        let time = "\(wait.waited.components.seconds) s of at most \(deadline.components.seconds) s"
        guard wait.received > 0 else { return "Waiting for \(server(api)) to answer: \(time)" }
        return "Receiving from \(server(api)): \(amount(wait.received)) so far, \(time)"
    }

    /// randomuser.me, or the host (and port) of the API named.
    private static func server(_ api: URL?) -> String {
        let host = api?.host ?? "randomuser.me"
        return api?.port.map { "\(host):\($0)" } ?? host
    }

    /// `120 bytes`, `45 kB`, `3 MB`.
    private static func amount(_ bytes: Int) -> String {
        switch bytes {
        case ..<10_000: counted(bytes, "byte")
        case ..<10_000_000: "\(bytes / 1000) kB"
        default: "\(bytes / 1_000_000) MB"
        }
    }

    private static func withoutEndingStops(_ message: String) -> String {
        let stops: Set<Character> = [".", " "]
        return String(message.drop(while: stops.contains).reversed().drop(while: stops.contains).reversed())
    }
}
