import Foundation
import Testing
@testable import TodoCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `todo` reads the lines a pipe or a file gives it, and writes its prompt, on real
/// descriptors. A read that never ends is stopped by an alarm in a process of its own.
@MainActor
@Suite("Reading lines from a pipe, and the prompt before them")
struct ConsoleTests {
    @Test("Each line is given as typed: a carriage return before the break is part of the break, and the last needs none")
    func lines() throws {
        let reader = try Self.reader(of: "\nadd Buy milk\r\nlist\nlast")

        #expect(try reader.readLine(prompt: "", completions: nil) == "")
        #expect(try reader.readLine(prompt: "", completions: nil) == "add Buy milk")
        #expect(try reader.readLine(prompt: "", completions: nil) == "list")
        #expect(try reader.readLine(prompt: "", completions: nil) == "last")
        #expect(try reader.readLine(prompt: "", completions: nil) == nil)
    }

    @Test("A line as long as may be is read, and one a byte longer is refused")
    func longestLine() throws {
        let longest = String(repeating: "x", count: LineRefusal.longestLine)
        let reader = try Self.reader(of: longest + "\n" + longest + "y\nlist\n")

        #expect(try reader.readLine(prompt: "", completions: nil) == longest)
        #expect(throws: LineRefusal.tooLong) { try reader.readLine(prompt: "", completions: nil) }
    }

    @Test("The prompt is on the output before the line is read")
    func promptFirst() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let reader = try Self.reader(of: "list\n", into: FileDescriptorOutput(descriptor: ends[1]))

        #expect(try reader.readLine(prompt: "todo> ", completions: nil) == "list")

        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        var written = [UInt8](repeating: 0, count: 64)
        let count = read(ends[0], &written, written.count)
        #expect(String(decoding: written[..<max(count, 0)], as: UTF8.self) == "todo> ")
    }

    @Test("Lines are read though errno holds the EINTR of an earlier call")
    func oldEINTR() async {
        await #expect(processExitsWith: .success) {
            alarm(10)
            try await MainActor.run {
                let reader = try ConsoleTests.reader(of: "list\n")
                errno = EINTR
                let first = try reader.readLine(prompt: "", completions: nil)
                errno = EINTR
                let second = try reader.readLine(prompt: "", completions: nil)
                #expect(first == "list")
                #expect(second == nil)
            }
        }
    }

    @Test("Input that cannot be read ends the lines")
    func unreadableInput() async {
        await #expect(processExitsWith: .success) {
            alarm(10)
            try await MainActor.run {
                let descriptor = open("/dev/null", O_RDONLY)
                close(descriptor)
                let reader = PlainLineReader(output: Collected(), descriptor: descriptor)

                let line = try reader.readLine(prompt: "", completions: nil)
                #expect(line == nil)
            }
        }
    }

    @Test("The line editor takes a line as long as may be, and refuses one a byte longer")
    func longestLineEdited() async {
        await #expect(processExitsWith: .success) {
            alarm(10)
            try await MainActor.run {
                let longest = String(repeating: "x", count: LineRefusal.longestLine)
                let input = try ConsoleTests.file(holding: longest + "\n" + longest + "y\nlist\n")
                try #require(dup2(input, STDIN_FILENO) == STDIN_FILENO)
                let reader = try #require(EditLineReader(output: Collected()))

                let first = try reader.readLine(prompt: "", completions: nil)
                #expect(first == longest)
                #expect(throws: LineRefusal.tooLong) { try reader.readLine(prompt: "", completions: nil) }
            }
        }
    }

    /// A reader of `input`, as a file given on standard input, writing its prompts to `output`.
    private static func reader(of input: String, into output: TextOutput = Collected()) throws -> PlainLineReader {
        PlainLineReader(output: output, descriptor: try file(holding: input))
    }

    /// A descriptor open on a file that holds `text`, and is gone from its folder.
    private static func file(holding text: String) throws -> Int32 {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("todo-input-\(UUID().uuidString)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        unlink(path)
        try #require(descriptor >= 0)
        return descriptor
    }
}

/// Output kept as text.
@MainActor
private final class Collected: TextOutput {
    var text = ""
    func write(_ string: String) { text += string }
    func flush() {}
}
