import Foundation
import RandomUserAPI
import UserList
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `todo-fetch [--deadline SECONDS] [--largest BYTES] [--progress] PAGE COUNT SEED [BASE]`: loads one
// page of people from randomuser.me and prints what came of it as one JSON `FetchOutcome`. `todo`
// runs it for `user fetch`, so that the HTTP stack and its libraries are loaded only by the
// command that needs them. With `--progress` it says on standard error, a line at a time
// (`received 1234`), how many bytes of the answer have come, for `todo` to show on a terminal.
// It ends with the program that started it: when `todo` is gone, nobody reads the answer.

var arguments = Array(CommandLine.arguments.dropFirst())
var deadline = RandomUserRequest.deadline
var largestAnswer = RandomUserRequest.largestAnswer
var tellsProgress = false
func usage() -> Never {
    FileHandle.standardError.write(Data("usage: todo-fetch [--deadline SECONDS] [--largest BYTES] [--progress] PAGE COUNT SEED [BASE]\n".utf8))
    exit(2)
}
while arguments.first == "--progress" || (arguments.count >= 2 && arguments[0].hasPrefix("--")) {
    if arguments[0] == "--progress" {
        tellsProgress = true
        arguments.removeFirst()
        continue
    }
    switch arguments[0] {
    case "--deadline":
        guard let seconds = TimeInterval(arguments[1]), (0.1...600).contains(seconds) else { usage() }
        deadline = seconds
    case "--largest":
        guard let bytes = Int(arguments[1]), (1...RandomUserRequest.largestAnswer).contains(bytes) else { usage() }
        largestAnswer = bytes
    default:
        usage()
    }
    arguments.removeFirst(2)
}
guard (3...4).contains(arguments.count), let page = Int(arguments[0]), (1...FetchProgress.lastPage).contains(page),
      let count = Int(arguments[1]), (1...5000).contains(count) else { usage() }
// The answer is written to a file on its way in: to a folder of this run's own, removed at the end.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-fetch-\(getpid())-\(UUID().uuidString.prefix(8))")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
setenv("TMPDIR", folder.path, 1)
@Sendable func end(_ status: Int32) -> Never {
    try? FileManager.default.removeItem(atPath: ProcessInfo.processInfo.environment["TMPDIR"] ?? "")
    exit(status)
}
// Whatever happens on the way (a name lookup that hangs, a library that waits), the answer
// is given by the deadline.
let answered = NSLock()
nonisolated(unsafe) var hasAnswered = false
@Sendable func answer(_ outcome: FetchOutcome) -> Never {
    answered.lock()
    if !hasAnswered {
        hasAnswered = true
        FileHandle.standardOutput.write((try? JSONEncoder().encode(outcome)) ?? Data())
    }
    end(0)
}
// Ctrl-C at todo's prompt, or a stop, reaches this program too: it ends as it would have,
// its folder removed, rather than leaving the folder behind.
let stops = [SIGINT, SIGTERM, SIGHUP].map { signalNumber in
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
    source.setEventHandler { end(128 + signalNumber) }
    source.resume()
    return source
}
let parent = getppid()
let lastMoment = Date().addingTimeInterval(deadline + 1)
let deadlineSeconds = Int(deadline.rounded(.up))
Thread.detachNewThread {
    while getppid() == parent {
        if Date() > lastMoment { answer(.failed(.timeout(seconds: deadlineSeconds))) }
        Thread.sleep(forTimeInterval: 0.2)
    }
    end(3)
}
let base = arguments.count == 4 ? URL(string: arguments[3]) ?? RandomUserRequest.defaultBase : RandomUserRequest.defaultBase
/// Says how many bytes of the answer have come, when `todo` asked to be told.
let received: @Sendable (Int) -> Void = { [tellsProgress] count in
    if tellsProgress { FileHandle.standardError.write(Data("received \(count)\n".utf8)) }
}
do {
    let url = RandomUserRequest.url(base: base, page: page, count: count, seed: arguments[2])
    // A server of one's own, or a test's, is asked over plain HTTP here, byte by byte;
    // randomuser.me over HTTPS, through URLSession.
    let received = url.scheme?.lowercased() == "http"
        ? try PlainHTTP.get(url, deadline: deadline, largestAnswer: largestAnswer, received: received)
        : try await Exchange.get(url, deadline: deadline, largestAnswer: largestAnswer, received: received)
    answer(.page(try RandomUserResponse.page(from: received.body, status: received.status, count: count)))
} catch {
    answer(.failed(error))
}
