import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a program as a shell starts it, so that what a test sees of it is what a user sees:
/// every signal at its default and none blocked. Foundation's `Process`, and `posix_spawn` unasked,
/// pass on what the test runner's thread blocks (SIGINT among them) and what this process
/// ignores (SIGPIPE, SIGXFSZ). Nothing this process has open goes with it but the descriptors
/// `actions` names: a file another test is writing (a program it copies, then runs) would
/// stay open in this one, and be "busy".
enum CleanStart {
    /// Starts `executable` with `arguments` and `environment` (LLVM_PROFILE_FILE added when a
    /// coverage run sets it: without it, the lines the program runs would count for no test).
    /// `actions` sets up its descriptors 0, 1 and 2; `flags` are more posix_spawn flags.
    static func spawn(_ executable: String, arguments: [String], environment: [String: String], flags: Int32 = 0,
                      actions setUp: (inout posix_spawn_file_actions_t) -> Void) throws -> pid_t {
        // On Darwin both are pointers the init calls fill; elsewhere structs.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t = nil
        var attributes: posix_spawnattr_t = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        // A test writes to the program's input: one that ended early must fail that write, not stop the tests' process.
        signal(SIGPIPE, SIG_IGN)
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        setUp(&actions)
        #if canImport(Darwin)
        let closesTheRest = Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        // The C library has it; not every system's Swift overlay shows it.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        let closesTheRest: Int32 = 0
        if let closeFrom = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 3)
        }
        #endif
        var none = sigset_t()
        var every = sigset_t()
        sigemptyset(&none)
        sigfillset(&every)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &every)
        posix_spawnattr_setflags(&attributes, Int16(flags | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | closesTheRest))
        let arguments: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let profile = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"].map { ["LLVM_PROFILE_FILE": $0] } ?? [:]
        let variables: [UnsafeMutablePointer<CChar>?] = profile.merging(environment) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (arguments + variables).forEach { free($0) } }
        var pid: pid_t = 0
        let failure = posix_spawn(&pid, executable, &actions, &attributes, arguments, variables)
        guard failure == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
        return pid
    }
}

/// How a program ended, as a shell's `$?` says it: its exit status, or 128 and the signal.
public func exitCode(waited raw: Int32) -> Int32 {
    raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
}
