#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import UserList

/// What the system's answer to a name lookup or a connection means for a load (RU-27): a server
/// that refused, a name no host has, a server that did not answer, or no network to reach it,
/// told apart so that the user looks for the fault where it is.
public enum ConnectionFailure {
    /// A name lookup that failed with `code`, as `getaddrinfo` says (`EAI_…`): a name the name
    /// servers know no host by, else a lookup that reached no name server.
    public static func resolving(_ code: Int32) -> FetchError {
        switch code {
        case EAI_NONAME: .noSuchHost
        #if canImport(Glibc)
        // EAI_NODATA, "no address associated with the name", a GNU code the Glibc module leaves out.
        case -5: .noSuchHost
        #endif
        default: .noNetwork
        }
    }

    /// A connection that failed with `code`, as `errno` says; `deadline` is the seconds the
    /// exchange was given, for a connection the system gave up on.
    public static func connecting(_ code: Int32, deadline seconds: Int) -> FetchError {
        switch code {
        case ECONNREFUSED: .refused
        case ETIMEDOUT: .timeout(seconds: seconds)
        default: .noNetwork
        }
    }
}
