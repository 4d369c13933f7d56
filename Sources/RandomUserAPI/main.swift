import Foundation
import UserList

// `todo-fetch PAGE COUNT SEED [BASE]`: loads one page of people from randomuser.me and prints
// what came of it as one JSON `FetchOutcome`. `todo` runs it for `user fetch`, so that the
// HTTP stack and its libraries are loaded only by the command that needs them.
let arguments = Array(CommandLine.arguments.dropFirst())
guard (3...4).contains(arguments.count), let page = Int(arguments[0]), let count = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: todo-fetch PAGE COUNT SEED [BASE]\n".utf8))
    exit(2)
}
let client = arguments.count == 4 && URL(string: arguments[3]) != nil
    ? RandomUserClient(base: URL(string: arguments[3])!) : RandomUserClient()
let outcome: FetchOutcome
do {
    outcome = .people(try await client.people(page: page, count: count, seed: arguments[2]))
} catch {
    outcome = .failed(error)
}
FileHandle.standardOutput.write(try JSONEncoder().encode(outcome))
