import Foundation
import LocalStore
import TestSupport
import Testing
import TodoList

/// What comes in, and what goes out to the disk, bounded: the real `todo`, as a shell runs it.
@Suite("Input and files past their bounds")
struct BoundedInputTests {
    private let todo: TodoFolder
    private static let tooLong = "the line is longer than 64 KiB (65536 bytes), the most todo takes as one command"

    init() throws {
        todo = try TodoFolder()
    }

    /// `todo --store STORE ARGUMENTS` run by `sh` after `ulimit -f BLOCKS` (512 bytes each), with
    /// SIGXFSZ at its default, as a shell in a terminal has it (though this process ignores it:
    /// todo run in it does).
    private func run(limitedTo blocks: Int, _ arguments: [String]) throws -> Run {
        let shell = RealBinary(url: URL(fileURLWithPath: "/bin/sh"))
        let script = "ulimit -f \(blocks) || exit; exec \"$@\""
        return try shell.run(["-c", script, "sh", todo.binary.url.path, "--store", todo.store.path] + arguments)
    }

    private func titles() throws -> [String] {
        try FileStore(url: todo.store).loadTodos().all.map(\.title)
    }

    private func files() throws -> [String: Data] {
        Dictionary(uniqueKeysWithValues: try todo.folder.contents().map { ($0, try Data(contentsOf: todo.folder.file($0))) })
    }

    /// A store of 3 KB, more than `ulimit -f 4` lets todo write.
    private func seedLarger() throws {
        try FileStore(url: todo.store).update { $0.todos = makeTodos(todo: (1...30).map { "Task \($0)" }) }
        #expect(try Data(contentsOf: todo.store).count > 2048)
    }

    @Test("SF-37 A file larger than the system lets todo write is refused with that reason, never a kill: an export")
    func exportPastTheSize() throws {
        try seedLarger()
        let before = try files()
        let output = todo.folder.file("list.txt").path

        let run = try run(limitedTo: 4, ["export", "--format", "taskwarrior", "--output", output])

        #expect(run == Run(status: 1, output: "", errors: "error: cannot write \(output): File too large; nothing was written\n"))
        #expect(try files() == before)
        #expect(try todo.run(["doctor"]).status == 0)
    }

    @Test("SF-37 A file larger than the system lets todo write is refused with that reason, never a kill: adds up to the size")
    func addsPastTheSize() throws {
        try seedLarger()
        var said: [String] = []
        var refused: Run?

        for number in 1...40 {
            let run = try run(limitedTo: 4, ["add", "Added \(number)"])
            guard run.status == 0 else {
                refused = run
                break
            }
            said.append("Added \(number)")
        }

        let run = try #require(refused)
        #expect(run.status == 1, "\(run)")
        #expect(run.output == "")
        #expect(run.errors.hasPrefix("error: cannot save to \(todo.store.path): File too large; "), "\(run)")
        #expect(run.errors.filter { $0 == "\n" }.count == 1)
        #expect(!said.isEmpty)
        #expect(try titles() == said.reversed() + (1...30).map { "Task \($0)" })
        #expect(try todo.run(["doctor"]).status == 0)
        #expect(try todo.folder.contents().allSatisfy { !$0.contains(".tmp-") })
    }

    @Test("SF-37 A file larger than the system lets todo write is refused with that reason, never a kill: a repair")
    func repairPastTheSize() throws {
        try seedLarger()
        let store = try Data(contentsOf: todo.store)
        try store.prefix(store.count - 10).write(to: todo.store)
        let before = try files()

        let run = try run(limitedTo: 4, ["doctor", "--repair"])

        #expect(run.status == 1, "\(run)")
        #expect(run.errors.hasPrefix("error: cannot save to \(todo.store.path).damaged-"), "\(run)")
        #expect(run.errors.hasSuffix(": File too large; the store was left as it was\n"), "\(run)")
        #expect(try files() == before)
    }

    @Test("SF-38 A line, or a command, longer than 64 KiB is refused at once, without reading the rest: a long line piped")
    func longLinePiped() throws {
        let input = Data("add Buy milk\n".utf8) + Data(repeating: UInt8(ascii: "a"), count: 100_000) + Data("\nadd Call Ann\n".utf8)

        let run = try todo.binary.run(["--store", todo.store.path], bytes: input)

        #expect(run == Run(status: 1, output: "Added 1 “Buy milk”.\n", errors: "line 2: error: \(Self.tooLong); todo stopped reading there\n"))
        #expect(try titles() == ["Buy milk"])
    }

    @Test("SF-38 A line, or a command, longer than 64 KiB is refused at once, without reading the rest: endless zero bytes")
    func endlessInput() throws {
        // A first line, then /dev/zero: the script is the shell's, the endless bytes the system's.
        let shell = RealBinary(url: URL(fileURLWithPath: "/bin/sh"))

        let run = try shell.run(["-c", "{ echo 'add Buy milk'; cat /dev/zero 2>/dev/null; } | \"$0\" --store \"$1\"; echo \" exit $?\"",
                                 todo.binary.url.path, todo.store.path])

        #expect(run.output == "Added 1 “Buy milk”.\n exit 1\n")
        #expect(run.errors == "line 2: error: \(Self.tooLong); todo stopped reading there\n")
        #expect(try titles() == ["Buy milk"])
    }

    @Test("SF-38 A line, or a command, longer than 64 KiB is refused at once, without reading the rest: a long title as an argument")
    func longArgument() throws {
        let run = try todo.run(["add", String(repeating: "a", count: 70_000)])

        #expect(run == Run(status: 1, output: "", errors: "error: the command is longer than 64 KiB (65536 bytes), the most todo "
                           + "takes as one; nothing was changed\n"))
        #expect(try todo.folder.contents() == [])
    }

    @Test("SF-39 Piped text that is not UTF-8 is refused line by line, as an argument is")
    func notUTF8Piped() throws {
        let input = Data("add Buy milk\nadd caf".utf8) + Data([0xE9]) + Data("\nadd Call Ann\n".utf8)

        let run = try todo.binary.run(["--store", todo.store.path], bytes: input)

        #expect(run == Run(status: 1, output: "Added 1 “Buy milk”.\nAdded 2 “Call Ann”.\n",
                           errors: "line 2: error: the line is not UTF-8 text, which todo reads; it was not run\n"))
        #expect(try titles() == ["Call Ann", "Buy milk"])
    }

    @Test("SF-40 A repair of a journal of a million unreadable lines says so in one short line")
    func repairOfAMillionLines() throws {
        _ = try todo.run(["add", "Buy milk"])
        _ = try todo.run(["add", "Call Ann"])
        let journal = todo.folder.file("store.json.journal")
        let lines = try Data(contentsOf: journal).count
        #expect(lines > 0)
        try (Data(contentsOf: journal) + Data(String(repeating: "x\n", count: 1_000_000).utf8)).write(to: journal)

        let run = try todo.run(["doctor", "--repair", "--yes"])

        #expect(run.status == 0, "\(run.errors)")
        let said = run.output.split(separator: "\n").last ?? ""
        #expect(said == "Rebuilt the store: 2 to-dos and 0 people; 1 change from the journal brought in, lines 3 to 1000002 left out "
                + "(they did not read or apply).")
        #expect(try titles() == ["Call Ann", "Buy milk"])
    }
}
