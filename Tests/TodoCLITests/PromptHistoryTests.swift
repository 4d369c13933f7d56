import Foundation
import TestSupport
import Testing
import TodoList

/// The commands typed at the prompt, kept between runs in the user's state folder, and what
/// todo does when that file is damaged, linked or cannot be written.
@MainActor
@Suite("The prompt's history")
final class PromptHistoryTests {
    private let cli: CLIHarness
    private var state: URL { cli.folder.file("state") }
    private var history: URL { state.appendingPathComponent("todo-stories/history") }
    private var environment: [String: String] { ["XDG_STATE_HOME": state.path] }

    init() throws {
        cli = try CLIHarness()
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    }

    @Test("CLI-48 The prompt's history is kept from one run to the next, without what was typed into a form")
    func keptBetweenRuns() async throws {
        let first = await cli.run([], input: ["add Buy milk", "list", "add", "Secret plan"], terminal: true, environment: environment)

        #expect(first.errors == "")
        #expect(cli.recalled == [])
        #expect(try String(contentsOf: history, encoding: .utf8) == "add Buy milk\nlist\nadd\n")
        #expect(try permissions(history) == 0o600)
        #expect(try permissions(history.deletingLastPathComponent()) == 0o700)

        let second = await cli.run([], input: ["  ", "list"], terminal: true, environment: environment)

        #expect(second.errors == "")
        #expect(cli.recalled == ["add Buy milk", "list", "add"])
        #expect(try String(contentsOf: history, encoding: .utf8) == "add Buy milk\nlist\nadd\nlist\n")
        #expect(try cli.saved().unfinished.map(\.title) == ["Secret plan", "Buy milk"])
    }

    @Test("CLI-48 The prompt's history is kept from one run to the next: the last 1,000 commands")
    func lastThousand() async throws {
        try FileManager.default.createDirectory(at: history.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (1...1000).map { "show \($0)\n" }.joined().write(to: history, atomically: false, encoding: .utf8)

        let run = await cli.run([], input: ["list"], terminal: true, environment: environment)

        #expect(run.errors == "")
        #expect(cli.recalled.count == 1000)
        #expect(cli.recalled.first == "show 1")
        #expect(try String(contentsOf: history, encoding: .utf8) == (2...1000).map { "show \($0)\n" }.joined() + "list\n")
    }

    @Test("CLI-48 The prompt's history is kept from one run to the next: a file in the way of its shorter copy leaves it whole")
    func cutCopyInTheWay() async throws {
        try FileManager.default.createDirectory(at: history.deletingLastPathComponent(), withIntermediateDirectories: true)
        let thousand = (1...1000).map { "show \($0)\n" }.joined()
        try thousand.write(to: history, atomically: false, encoding: .utf8)
        // The name todo gives the copy it writes before putting it in the history's place.
        let inTheWay = URL(fileURLWithPath: history.path + ".tmp-\(getpid())")
        try Data("another program's\n".utf8).write(to: inTheWay)

        let run = await cli.run([], input: ["list"], terminal: true, environment: environment)

        #expect(run.errors == "")
        #expect(try String(contentsOf: history, encoding: .utf8) == thousand + "list\n")
        #expect(try Data(contentsOf: inTheWay) == Data("another program's\n".utf8))
    }

    @Test("CLI-48 The prompt's history is kept from one run to the next: a history others may read is made mine alone again")
    func madePrivateAgain() async throws {
        try FileManager.default.createDirectory(at: history.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("list\n".utf8).write(to: history)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: history.path)

        let run = await cli.run([], input: ["add Buy milk"], terminal: true, environment: environment)

        #expect(run.errors == "")
        #expect(try String(contentsOf: history, encoding: .utf8) == "list\nadd Buy milk\n")
        #expect(try permissions(history) == 0o600)
    }

    @Test("CLI-48 The prompt's history is kept from one run to the next: not piped lines, and in ~/.local/state without XDG_STATE_HOME")
    func whereItIsKept() async throws {
        let home = cli.folder.file("home")

        let piped = await cli.run([], input: ["add Pay rent"], environment: environment)
        let relative = await cli.run([], input: ["list"], terminal: true, environment: ["XDG_STATE_HOME": "state", "HOME": home.path])
        let nowhere = await cli.run([], input: ["list"], terminal: true, environment: [:])

        #expect(piped.status == 0)
        #expect(!FileManager.default.fileExists(atPath: history.path))
        #expect(relative.errors == "")
        #expect(try String(contentsOf: home.appendingPathComponent(".local/state/todo-stories/history"), encoding: .utf8) == "list\n")
        #expect(nowhere.errors == "")
        #expect(nowhere.output.contains("1 to do, 0 finished"))
    }

    @Test("CLI-49 A history that is damaged, unreadable, linked or read-only never stops todo: damaged lines are left out")
    func damagedLines() async throws {
        try FileManager.default.createDirectory(at: history.deletingLastPathComponent(), withIntermediateDirectories: true)
        let damaged = Data("list\n".utf8) + Data([0xFF, 0xFE, 0x0A]) + Data("show \u{1B}[31m1\nadd a\u{0}b\n\nadd Buy milk\n".utf8)
        try damaged.write(to: history)

        let run = await cli.run([], input: ["add Call Ann"], terminal: true, environment: environment)

        #expect(run.errors == "")
        #expect(cli.recalled == ["list", "add Buy milk"])
        #expect(try Data(contentsOf: history) == damaged + Data("add Call Ann\n".utf8))
        #expect(try cli.saved().unfinished.map(\.title) == ["Call Ann"])
    }

    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case link = "a symbolic link"
        case folder = "a folder"
        case unreadable = "a file that may not be read"
        case readOnlyFile = "a read-only file"
        case readOnlyFolder = "no file, in a read-only folder"

        var testDescription: String { rawValue }
    }

    @Test("CLI-49 A history that is damaged, unreadable, linked or read-only never stops todo", arguments: Fault.allCases)
    func faultyHistory(fault: Fault) async throws {
        let folder = history.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let elsewhere = cli.folder.file("elsewhere")
        try Data("user list\n".utf8).write(to: elsewhere)
        let earlier = Data("list\nshow 1\n".utf8)
        switch fault {
        case .link: try FileManager.default.createSymbolicLink(at: history, withDestinationURL: elsewhere)
        case .folder: try FileManager.default.createDirectory(at: history, withIntermediateDirectories: false)
        case .unreadable, .readOnlyFile: try earlier.write(to: history)
        case .readOnlyFolder: break
        }
        let locked = fault == .readOnlyFolder ? folder : history
        let mode = [Fault.unreadable: 0o200, .readOnlyFile: 0o400, .readOnlyFolder: 0o500][fault]
        if let mode { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: locked.path) }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path) }

        let run = await cli.run([], input: ["add Buy milk", "list"], terminal: true, environment: environment)

        let why = switch fault {
        case .link: "\(history.path) is a symbolic link, which todo does not follow"
        case .folder: "\(history.path) is not a file"
        case .unreadable: "\(history.path) may not be read"
        case .readOnlyFile: "\(history.path) is read-only"
        case .readOnlyFolder: "the folder \(folder.path) is read-only"
        }
        #expect(run.status == 0)
        #expect(run.errors == "note: the prompt's history is not kept: \(why)\n")
        #expect(cli.recalled == (fault == .readOnlyFile ? ["list", "show 1"] : []))
        #expect(try cli.saved().unfinished.map(\.title) == ["Buy milk"])
        #expect(try Data(contentsOf: elsewhere) == Data("user list\n".utf8))
        switch fault {
        case .link: #expect(try FileManager.default.destinationOfSymbolicLink(atPath: history.path) == elsewhere.path)
        case .folder: #expect(try FileManager.default.contentsOfDirectory(atPath: history.path) == [])
        case .unreadable, .readOnlyFile:
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: history.path)
            #expect(try Data(contentsOf: history) == earlier)
        case .readOnlyFolder: #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
        }
    }

    enum Swap: String, CaseIterable, CustomTestStringConvertible {
        case link = "a symbolic link"
        case folder = "a folder"
        case fileForItsFolder = "a path through a file"

        var testDescription: String { rawValue }
    }

    @Test("CLI-49 A history that is damaged, unreadable, linked or read-only never stops todo: one that becomes so while todo runs",
          arguments: Swap.allCases)
    func swappedWhileRunning(swap: Swap) async throws {
        let folder = history.deletingLastPathComponent()
        let elsewhere = cli.folder.file("elsewhere")
        try Data("user list\n".utf8).write(to: elsewhere)

        let run = await cli.run([], input: ["add Buy milk", "list", "add Call Ann"], terminal: true, environment: environment,
                                beforeLine: { [history] line in
            guard line == 1 else { return }
            let files = FileManager.default
            switch swap {
            case .link:
                try? files.removeItem(at: history)
                try? files.createSymbolicLink(at: history, withDestinationURL: elsewhere)
            case .folder:
                try? files.removeItem(at: history)
                try? files.createDirectory(at: history, withIntermediateDirectories: false)
            case .fileForItsFolder:
                try? files.removeItem(at: folder)
                try? Data("a file\n".utf8).write(to: folder)
            }
        })

        let why = switch swap {
        case .link: "\(history.path) is a symbolic link, which todo does not follow"
        case .folder: "\(history.path) is not a file"
        case .fileForItsFolder: "\(history.path) cannot be written (\(String(cString: strerror(ENOTDIR))))"
        }
        #expect(run.status == 0)
        #expect(run.errors == "note: the prompt's history is not kept: \(why)\n")
        #expect(try cli.saved().unfinished.map(\.title) == ["Call Ann", "Buy milk"])
        #expect(try Data(contentsOf: elsewhere) == Data("user list\n".utf8))
        switch swap {
        case .link: #expect(try FileManager.default.destinationOfSymbolicLink(atPath: history.path) == elsewhere.path)
        case .folder: #expect(try FileManager.default.contentsOfDirectory(atPath: history.path) == [])
        case .fileForItsFolder: #expect(try Data(contentsOf: folder) == Data("a file\n".utf8))
        }
    }

    @Test("CLI-49 A history that cannot be written is said once, and the commands run")
    func cannotWriteOnce() async throws {
        try FileManager.default.createDirectory(at: history.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("list\n".utf8).write(to: history)

        let run = await cli.run([], input: ["add Buy milk", "add Call Ann", "list"], terminal: true, environment: environment,
                                beforeLine: { [history] line in
            // Made read-only while todo runs: another program, or the user, did it.
            if line == 1 { try? FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: history.path) }
        })

        #expect(run.errors == "note: the prompt's history is not kept: \(history.path) is read-only\n")
        #expect(try cli.saved().unfinished.map(\.title) == ["Call Ann", "Buy milk"])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: history.path)
        #expect(try String(contentsOf: history, encoding: .utf8) == "list\nadd Buy milk\n")
    }

    private func permissions(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) & 0o777
    }
}
