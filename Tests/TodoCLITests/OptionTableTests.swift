import Foundation
import TestSupport
import Testing
@testable import TodoCLI

/// The one table of options: what the parser takes is what help, the manual page and Tab
/// completion (in the shells and at the prompt) list, no more and no less, and a command's own
/// options are listed with it.
@MainActor
@Suite("The table of options")
struct OptionTableTests {
    private let cli: CLIHarness

    init() throws {
        cli = try CLIHarness()
    }

    /// Every spelling of the options help lists: `-h`, `--help`, `--store`…
    private static var listedSpellings: [String] {
        GlobalOption.listed.flatMap(\.option.spellings)
    }

    /// The options section of `todo --help`: each row's usage, as `--store PATH`.
    private func helpOptions() async -> [String] {
        let help = await cli.run(["--help"], environment: ["COLUMNS": "100"], withStore: false).output
        let section = help.components(separatedBy: "Options, anywhere on the line")[1].components(separatedBy: "\n\n")[0]
        return section.split(separator: "\n").filter { $0.hasPrefix("  -") }.map { row in
            String(row.dropFirst(2).components(separatedBy: "  ")[0])
        }
    }

    @Test("Help and the manual page list every option the parser takes, and no other")
    func helpAndManualListTheTable() async {
        let usages = GlobalOption.listed.map(\.option.usage)

        let help = await helpOptions()
        let manual = await cli.run(["--man"], withStore: false).output

        #expect(help == usages)
        #expect(usages == ["--store PATH", "--wait SECONDS", "--json", "--today DATE", "--api URL", "--completion SHELL", "--man", "-h, --help", "--version"])
        let manualOptions = manual.components(separatedBy: ".SH OPTIONS\n")[1].components(separatedBy: "\n.SH ")[0]
            .components(separatedBy: ".TP\n.B ").dropFirst().map { String($0.prefix { $0 != "\n" }) }
        #expect(manualOptions == usages.map { $0.replacingOccurrences(of: "-", with: "\\-") })
    }

    @Test("In the shell, Tab offers every option help lists before a command, and the values the table names")
    func shellCompletionOffersTheTable() async {
        let offered = await cli.run(["--complete-line", "todo -"], withStore: false).output.split(separator: "\n").map(String.init)
        let shells = await cli.run(["--complete-line", "todo --completion "], withStore: false).output

        #expect(offered == Self.listedSpellings.sorted())
        #expect(shells == Shell.allCases.map { $0.rawValue + "\n" }.sorted().joined())
    }

    @Test("The parser takes every spelling the table has, and refuses a word that is not one", arguments: GlobalOption.allCases)
    func parserTakesTheTable(option: GlobalOption) throws {
        // A value each option takes: a choice where it lists them, seconds, or a date (a URL and a path take one too).
        let value = option.option.value.map { [$0.choices.first ?? (option == .wait ? "2.5" : "2026-01-01")] } ?? []

        for spelling in option.option.spellings {
            let (request, _) = try OptionParser.parse(arguments: [spelling] + value + (option.isRequest ? [] : ["list"]),
                                                      environment: [:])
            #expect(option.isRequest ? request != .run(["list"]) : request == .run(["list"]), "\(spelling)")
        }
        #expect(throws: OptionError("unknown option “--\(option)s”", meant: option.summary == nil ? nil : option.option.name)) {
            try OptionParser.parse(arguments: ["--\(option)s", "list"], environment: [:])
        }
    }

    @Test("At the prompt, Tab offers the options a line may set, and a line refuses the others")
    func promptTakesTheOptionsOfALine() async {
        let lineOptions = GlobalOption.settingsOfALine.flatMap(\.option.spellings)
        let startOnly = GlobalOption.allCases.filter { $0.place == .start }.map(\.option.name)

        let run = await cli.run([], input: startOnly.map { "list \($0)" }, environment: ["NO_COLOR": "1"])

        #expect(Completion.candidates(forLine: "-") == lineOptions.sorted())
        #expect(Completion.candidates(forLine: "check -") == lineOptions.sorted())
        #expect(lineOptions == ["--json", "--today", "--api"])
        #expect(run.errors == startOnly.enumerated().map { index, name in
            "line \(index + 1): error: \(name) is given when todo starts (todo \(name) …), not on a line\n"
        }.joined())
        #expect(run.status == 1)
    }

    @Test("A command's own options are in its usage, its help and its completion", arguments: [
        ("user list", "--sort", ["added", "asc", "desc"]), ("user fetch", "--count", []), ("user add", "--again", []),
        ("doctor", "--repair", []), ("doctor", "--yes", []),
    ])
    func commandOptions(command name: String, option: String, values: [String]) async throws {
        let command = try #require(CommandTable.all.first { $0.name == name })
        let declared = try #require(command.options.first { $0.name == option })

        let help = await cli.run(["help"] + name.split(separator: " ").map(String.init), withStore: false).output

        #expect(help.hasPrefix("Usage: \(command.usage)\n"))
        #expect(command.usage.contains(" [\(declared.usage)]"))
        #expect(Completion.candidates(forLine: "\(name) --") == (command.options.map(\.name) + ["--api", "--json", "--today"]).sorted())
        #expect(command.options.map(\.name).contains(option))
        #expect(Completion.candidates(forLine: "\(name) \(option) ") == (declared.value == nil ? [] : values))
    }
}

extension OptionTableTests {
    /// Each line, typed as a shell passes it in words: a piped line runs as the command line does.
    nonisolated static let sameWords: [(line: String, arguments: [String])] = [
        ("add --json Buy milk", ["add", "--json", "Buy", "milk"]),
        ("--json add --json Call Ann", ["--json", "add", "--json", "Call", "Ann"]),
        ("add Read about --json output", ["add", "Read", "about", "--json", "output"]),
        ("add -- --json", ["add", "--", "--json"]),
        ("edit --json 1 Buy oat milk", ["edit", "--json", "1", "Buy", "oat", "milk"]),
        ("list --json todo", ["list", "--json", "todo"]),
        ("check 1 --help", ["check", "1", "--help"]),
        ("search -- --json", ["search", "--", "--json"]),
    ]

    @Test("A line at the prompt or in a pipe takes its options by the rules of the command line", arguments: sameWords)
    func linesFollowTheCommandLine(_ example: (line: String, arguments: [String])) async throws {
        try cli.seed(todo: ["Buy milk"])
        let commandLine = await cli.run(example.arguments)
        try cli.seed(todo: ["Buy milk"])

        let piped = await cli.run([], input: [example.line])

        // An added item's id is new each time, and its time may be a second on.
        let withoutIDs = { (output: String) in output.replacing(/"id":"[0-9A-F-]+"/, with: "").replacing(/"added":"[^"]+"/, with: "") }
        #expect(withoutIDs(piped.output) == withoutIDs(commandLine.output))
        #expect(piped.errors == commandLine.errors.replacingOccurrences(of: "error: ", with: "line 1: error: "))
    }
}
