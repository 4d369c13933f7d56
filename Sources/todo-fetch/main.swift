import Foundation
import RandomUserAPI
import UserList
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `todo-fetch [--deadline SECONDS] [--largest BYTES] PAGE COUNT SEED [BASE]`: loads one page of
// people from randomuser.me and prints what came of it as one JSON `FetchOutcome`. `todo` runs
// it for `user fetch`, so that the HTTP stack and its libraries are loaded only by the command
// that needs them. It ends with the program that started it: when `todo` is gone, nobody reads
// the answer.

var arguments = Array(CommandLine.arguments.dropFirst())
var deadline = RandomUserRequest.deadline
var largestAnswer = RandomUserRequest.largestAnswer
func usage() -> Never {
    FileHandle.standardError.write(Data("usage: todo-fetch [--deadline SECONDS] [--largest BYTES] PAGE COUNT SEED [BASE]\n".utf8))
    exit(2)
}
while arguments.count >= 2, arguments[0].hasPrefix("--") {
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
let parent = getppid()
Thread.detachNewThread {
    while getppid() == parent {
        Thread.sleep(forTimeInterval: 0.2)
    }
    exit(3)
}
let base = arguments.count == 4 ? URL(string: arguments[3]) ?? RandomUserRequest.defaultBase : RandomUserRequest.defaultBase
let outcome: FetchOutcome
do {
    let url = RandomUserRequest.url(base: base, page: page, count: count, seed: arguments[2])
    let answer = try await Exchange.get(url, deadline: deadline, largestAnswer: largestAnswer)
    outcome = .page(try RandomUserResponse.page(from: answer.body, status: answer.status, count: count))
} catch {
    outcome = .failed(error)
}
FileHandle.standardOutput.write(try JSONEncoder().encode(outcome))
