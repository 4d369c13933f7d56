import Foundation
import SpecReport
import TestSupport
import Testing

@Suite("The report, and spec-report's exit status")
struct ReportTests {
    private func report() throws -> Report {
        let shop = try Fixture.shop()
        return Report(coverage: shop.coverage(), run: shop.run)
    }

    /// A copy of the fixture's package in a folder of its own, to change without touching the fixture.
    private func copy(of fixture: Fixture) throws -> URL {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("spec-report-\(UUID().uuidString)")
        try FileManager.default.copyItem(atPath: fixture.root, toPath: work.path)
        return work
    }

    @Test("The Markdown report lists each scenario with its status, feature by feature")
    func markdown() throws {
        let text = MarkdownReport.render(try report())

        #expect(text.hasPrefix("# Specs report\n\n2 features, 19 scenarios: 6 passed, 1 failed, 4 skipped, 1 not run here, 7 with no test\n"))
        #expect(text.contains("""
            | Status | ID | Scenario | Tests |
            |---|---|---|---|
            | ✅ passed | SH-1 | An added item is in the basket | `Tests/ShopTests/BasketTests.swift:7` |
            | ❌ failed | SH-2 | The total is the sum of the prices | `Tests/ShopTests/BasketTests.swift:16` |
            """))
        #expect(text.contains("| ⏸️ not run here | SH-6 | A receipt is printed where a printer is attached | "
                              + "`Tests/ShopTests/BasketTests.swift:42` |"))
    }

    @Test("Features come in the order Specs/README.md lists them, the others after")
    func order() throws {
        let features = try ["b", "a", "c"].map { name in
            try GherkinParser.parse("# Feature: \(name)\n", file: "Specs/\(name).feature.md")
        }
        let readme = "| `c.feature.md` | C |\n| `b.feature.md` | B |\n"

        #expect(Feature.inOrder(features, listedIn: readme).map(\.title) == ["c", "b", "a"])
    }

    @Test("A red run with --coverage is still reported: swift test writes coverage only when every test passed")
    func coverageOfARedRun() throws {
        let shop = try Fixture.shop()
        let swift = shop.recordedSwift()

        var output = "", errors = ""

        let status = SpecReportProgram.run(arguments: ["--package", shop.root, "--coverage"], output: { output += $0 }, errors: { errors += $0 },
                                           swift: { try swift.run($0) })

        #expect(swift.calls.contains { $0.contains("--show-codecov-path") })
        #expect(status == 1)
        #expect(output.hasPrefix("# Specs report\n\n2 features, 19 scenarios:"))
        #expect(errors == "No line coverage: swift test writes it only when every test passed.\n")
    }

    @Test("Results that are not Swift Testing's event stream are refused")
    func unreadableResults() {
        #expect(throws: TestRun.Unreadable.self) { try TestRun.read(Data("not json".utf8), file: "r.jsonl", packageRoot: "/") }
        #expect(throws: TestRun.Unreadable.self) { try TestRun.read(Data("{\"kind\":\"other\"}".utf8), file: "r.jsonl", packageRoot: "/") }
    }

    @Test("spec-report exits 0 when every scenario is covered, 1 when one is not, 2 on bad usage or unreadable results")
    func exitStatus() throws {
        let shop = try Fixture.shop()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("spec-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: shop.root + "/Tests", toPath: work.appendingPathComponent("Tests").path)
        try Data("# Feature: The basket\n\n`@SH-1`\n## Scenario: An added item is in the basket\n* Then it is there\n".utf8)
            .write(to: work.appendingPathComponent("Specs/shop.feature.md"))
        // The run of SH-1's test alone.
        let events = try String(contentsOfFile: shop.events, encoding: .utf8).split(separator: "\n")
            .filter { !$0.contains("\"testID\"") && !$0.hasPrefix("{\"kind\": \"test\"") || $0.contains("addedItem()") }
        let results = work.appendingPathComponent("events.jsonl").path
        try Data(events.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: results))
        let ignore: (String) -> Void = { _ in }

        #expect(SpecReportProgram.run(arguments: ["--package", work.path, "--results", results], output: ignore) == 0)
        #expect(shop.specReport().status == 1)
        #expect(SpecReportProgram.run(arguments: ["--package", work.path, "--results", work.path + "/Specs/shop.feature.md"], output: ignore) == 2)
        #expect(SpecReportProgram.run(arguments: ["--format", "pdf"], output: ignore) == 2)
    }

    @Test("Given a feature's tests in two suites, when a scenario has none, then its test goes beside most of them, or beside the first of two as many",
          arguments: [(["Odd SH-1", "Basket SH-2", "Basket SH-3"], "Basket"), (["Basket SH-2", "Odd SH-1"], "Basket"),
                      (["Odd SH-1", "Basket SH-2"], "Odd"), (["Shop SHOP-1", "Shop SHOP-2", "Odd SH-1"], "Odd"), (["Till TL-1"], nil)])
    func neighbour(tests named: [String], suite: String?) throws {
        let feature = try GherkinParser.parse("# Feature: Shop\n\n`@SH-9`\n## Scenario: A receipt\n* Then it is printed\n", file: "Specs/shop.feature.md")
        let tests = named.map { name in
            let (type, id) = (name.split(separator: " ")[0], name.split(separator: " ")[1])
            return TestRun.Test(id: "ShopTests.\(type)Tests/t()/\(type)Tests.swift:1:1", name: "t()", displayName: "\(id) A test", isSuite: false,
                                file: "Tests/ShopTests/\(type)Tests.swift", line: 1)
        }
        let run = TestRun(tests: tests)
        let report = Report(coverage: SpecsPackage(root: "/", features: [feature], sources: TestSources(files: [:])).coverage(of: run), run: run)

        let beside = report.neighbour(of: try #require(feature.scenarios.first))

        #expect(beside.map { [$0.suite, $0.file] } == suite.map { ["\($0)Tests", "Tests/ShopTests/\($0)Tests.swift"] })
    }

    @Test("Given a history of two runs, when a scenario is compared, then it is compared with the latest of them")
    func changeSinceTheLatestRun() throws {
        var report = try report()
        let run = { (date: String, sh2: String) in
            HistoryRecord(date: date, commit: nil, totals: [:], statuses: ["SH-2": sh2])
        }
        report.history = [run("2025-12-30T09:00:00Z", "no test"), run("2025-12-31T09:00:00Z", "passed")]
        let sh2 = try #require(report.entries.first { $0.scenario.id == "SH-2" })
        let sh1 = try #require(report.entries.first { $0.scenario.id == "SH-1" })

        #expect(report.change(of: sh2) == "passed")
        #expect(report.change(of: sh1) == "new")
    }

    @Test("Given scenarios whose tests took as long, when the slowest are listed, then they keep the order of the specs")
    func slowestTies() throws {
        let report = try report()

        #expect(report.slowest.map(\.scenario.id) == ["SH-3", "SH-2", "SH-8", "SH-1", "SH-4", "SH-5", "TR-8", "TR-9", "TR-11"])
    }

    @Test("Given arguments spec-report cannot use, when it runs, then it says what is wrong, prints its usage and exits 2",
          arguments: [(["--results"], "error: --results needs a value"), (["--output"], "error: --output needs a value"),
                      (["--mutation"], "error: --mutation needs a value"), (["--next-id"], "error: --next-id needs a value"),
                      (["--only"], "error: --only needs one scenario ID or more"), (["--only", "--coverage"], "error: --only needs one scenario ID or more"),
                      (["--only", "SH-1", "--history", "h.jsonl"], "error: --history keeps whole runs; it does not go with --only"),
                      (["--format"], "error: --format needs a value"), (["--format", "pdf"], "error: --format takes markdown or html, not pdf"),
                      (["--bogus"], "error: unknown argument --bogus"),
                      (["--output", ""], "error: --output needs a value"), (["--only", ""], "error: --only needs one scenario ID or more"),
                      (["--only", "SH-1", ""], "error: --only needs one scenario ID or more"),
                      (["--next-id", "sh"], "error: --next-id takes the capitals an ID starts with, such as TL, not sh"),
                      (["--next-id", "SH-1"], "error: --next-id takes the capitals an ID starts with, such as TL, not SH-1"),
                      (["--next-id", ""], "error: --next-id needs a value"),
                      (["--results", "run.jsonl", "--output", "./run.jsonl"], "error: --output ./run.jsonl is run.jsonl, which spec-report reads"),
                      (["--history", "h.jsonl", "--output", "h.jsonl"], "error: --output h.jsonl is h.jsonl, which spec-report reads"),
                      (["--history", "-"], "error: --history needs a file to keep runs in; - is standard output, where the report goes"),
                      (["--results", "r.jsonl", "--mutation", "./r.jsonl", "--output", "r.jsonl"],
                       "error: --output r.jsonl is r.jsonl, which spec-report reads")])
    func usageErrors(arguments: [String], says: String) throws {
        let shop = try Fixture.shop()

        let run = try RealBinary("spec-report").run(["--package", shop.root] + arguments)

        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors == says + "\n" + SpecReportProgram.usage)
    }

    @Test("Given IDs no scenario has, when spec-report is asked for them, then it names the first and runs nothing")
    func unknownIDs() throws {
        let shop = try Fixture.shop()
        let swift = shop.recordedSwift()
        var said = ""

        let status = SpecReportProgram.run(arguments: ["--package", shop.root, "--only", "SH-97", "SH-1", "SH-98"], output: { said += $0 }, swift: { try swift.run($0) })

        #expect(status == 2)
        #expect(said.isEmpty && swift.calls.isEmpty)
        let run = try RealBinary("spec-report").run(["--package", shop.root, "--only", "SH-97", "SH-1", "SH-98"])
        #expect(run.status == 2 && run.errors == "error: no scenario in Specs/ has the ID SH-97\n")
    }

    enum FileFault: String, CaseIterable {
        case missingResults, folderAsMutation, historyNotUTF8, outputInMissingFolder
    }

    @Test("SR-35 A file spec-report cannot read or write is named, with the reason", arguments: FileFault.allCases)
    func fileFaults(fault: FileFault) throws {
        let shop = try Fixture.shop()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("spec-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let notUTF8 = Data([0x7B, 0xFF, 0xFE, 0x0A])
        try notUTF8.write(to: work.appendingPathComponent("history.jsonl"))
        let (arguments, file, says): ([String], String, String) = switch fault {
        case .missingResults: (["--results"], work.path + "/events.jsonl", "cannot read \(work.path)/events.jsonl: No such file or directory")
        case .folderAsMutation: (["--results", shop.events, "--mutation"], work.path, "cannot read \(work.path): Is a directory")
        case .historyNotUTF8: (["--results", shop.events, "--history"], work.path + "/history.jsonl",
                               "cannot read \(work.path)/history.jsonl: it is not UTF-8 text")
        case .outputInMissingFolder: (["--results", shop.events, "--output"], work.path + "/gone/specs.md",
                                      "cannot write \(work.path)/gone/specs.md: No such file or directory")
        }

        let run = try RealBinary("spec-report").run(["--package", shop.root] + arguments + [file])

        #expect(run.errors == "error: \(says)\n")
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["history.jsonl"])
        #expect(try Data(contentsOf: work.appendingPathComponent("history.jsonl")) == notUTF8)
    }

    @Test("Given --help or -h, when spec-report runs, then it prints its usage and exits 0", arguments: [["--help"], ["-h"], ["--only", "SH-1", "-h"]])
    func help(arguments: [String]) throws {
        let run = try RealBinary("spec-report").run(arguments)

        #expect(run.status == 0)
        #expect(run.output == SpecReportProgram.usage)
        #expect(run.errors.isEmpty)
    }

    @Test("Given a package in git, when spec-report runs its tests, then the report names the commit, whether the tree had changes (so unless git can say it had none), and the toolchain")
    func commitAndToolchain() throws {
        let shop = try Fixture.shop()
        let work = try copy(of: shop)
        defer { try? FileManager.default.removeItem(at: work) }
        let git = { (arguments: [String]) throws -> String in
            let run = try RealBinary(url: URL(fileURLWithPath: "/usr/bin/env"))
                .run(["git", "-C", work.path, "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments)
            try #require(run.status == 0, "git \(arguments): \(run.errors)")
            return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        try Data(".build/\n".utf8).write(to: work.appendingPathComponent(".gitignore"))
        _ = try git(["init", "-q"])
        _ = try git(["add", "."])
        _ = try git(["commit", "-q", "-m", "Shop"])
        let hash = try git(["rev-parse", "--short", "HEAD"])
        let recorded = shop.recordedSwift()
        let swift: SpecReportProgram.Swift = { arguments in
            arguments == ["--version"] ? (0, "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n") : try recorded.run(arguments)
        }
        let facts = { () -> Substring? in
            var output = ""
            _ = SpecReportProgram.run(arguments: ["--package", work.path], output: { output += $0 }, errors: { _ in }, swift: swift)
            return output.split(separator: "\n").first { $0.hasPrefix("Ran: ") }
        }

        let clean = facts()
        try Data("changed".utf8).write(to: work.appendingPathComponent("Specs/notes.md"))
        let changed = facts()
        _ = try git(["add", "."])
        _ = try git(["commit", "-q", "-m", "Notes"])
        try Data("damaged".utf8).write(to: work.appendingPathComponent(".git/index"))
        let unknown = facts()

        #expect(clean?.contains(" \u{B7} Commit: \(hash) \u{B7} Toolchain: Swift version 6.3.1, Swift Testing ") == true, "\(clean ?? "")")
        #expect(changed?.contains(" \u{B7} Commit: \(hash), with changes not committed \u{B7} ") == true, "\(changed ?? "")")
        #expect(unknown?.contains(", with changes not committed \u{B7} ") == true, "a tree git cannot read is not called clean: \(unknown ?? "")")
    }

    @Test("Given no recorded run, when spec-report runs the package's tests, then it says each swift command as it starts it, and runs it in the package's folder")
    func runsSwiftInThePackage() throws {
        let shop = try Fixture.shop()
        let work = try copy(of: shop)
        defer { try? FileManager.default.removeItem(at: work) }
        let bin = work.appendingPathComponent("bin"), log = work.appendingPathComponent("swift.log").path
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // A `swift` that notes the folder it ran in and its arguments, and gives the shop's recorded run.
        try Data("""
            #!/bin/sh
            echo "$(pwd -P): $*" >> "$SWIFT_LOG"
            [ "$1" = --version ] && echo 'Swift version 6.3.1 (swift-6.3.1-RELEASE)'
            for last; do :; done
            case "$*" in *--experimental-event-stream-output*) cp "$EVENTS" "$last";; esac
            exit 0

            """.utf8).write(to: bin.appendingPathComponent("swift"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("swift").path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")

        let run = try RealBinary("spec-report").run(["--package", work.path], environment: ["PATH": path, "SWIFT_LOG": log, "EVENTS": shop.events])

        let events = work.path + "/.build/spec-report/events.jsonl"
        let commands = ["build --build-tests --package-path \(work.path)",
                        "test --skip-build --package-path \(work.path) --no-parallel --experimental-event-stream-output \(events)", "--version"]
        #expect(run.status == 1)
        #expect(run.output.hasPrefix("# Specs report\n\n2 features, 19 scenarios: 6 passed, 1 failed"))
        #expect(run.errors == commands.map { "Running swift \($0)\n" }.joined())
        let folder = try #require(realpath(work.path, nil))
        defer { free(folder) }
        #expect(try String(contentsOfFile: log, encoding: .utf8) == commands.map { "\(String(cString: folder)): \($0)\n" }.joined())
    }

    @Test("Given a spec or a test source that is not UTF-8, when spec-report reads the package, then it names that file", arguments: [
        "Specs/latin.feature.md", "Tests/ShopTests/Latin.swift",
    ])
    func sourceNotUTF8(file: String) throws {
        let shop = try Fixture.shop()
        let work = try copy(of: shop)
        defer { try? FileManager.default.removeItem(at: work) }
        try Data("caf\u{E9}".utf8.dropLast(2) + [0xE9]).write(to: work.appendingPathComponent(file))

        let run = try RealBinary("spec-report").run(["--package", work.path, "--results", shop.events])

        #expect(run.status == 2)
        #expect(run.errors == "error: cannot read \(work.path)/\(file): it is not UTF-8 text\n")
    }

    @Test("Given a title with quotes, a backslash or a leading number, when the test to start from is made, then it compiles as it is pasted")
    func snippetOfAnOddTitle() throws {
        let feature = try GherkinParser.parse(#"# Feature: F\#n`@SH-9`\#n## Scenario: 2 "Tea" items cost \(price)\#n* Then it is so\#n"#,
                                              file: "Specs/f.feature.md")
        let run = TestRun(tests: [])
        let report = Report(coverage: SpecsPackage(root: "/", features: [feature], sources: TestSources(files: [:])).coverage(of: run), run: run)

        let snippet = report.snippet(for: try #require(feature.scenarios.first))

        #expect(snippet.hasPrefix(#"""
                @Test("SH-9 2 \"Tea\" items cost \\(price)")
                func scenario2TeaItemsCostPrice() throws {
            """#))
    }

    @Test("Given a title that is a reserved word, or names a test its suite has, when the test to start from is made, then its function's name compiles there",
          arguments: [("Default", "`default`"), ("Init", "`init`"), ("Added item", "addedItemSH9"), ("Tea", "tea")])
    func snippetNameThatCompiles(title: String, function: String) throws {
        let shop = try Fixture.shop()
        let feature = try GherkinParser.parse("# Feature: F\n`@SH-9`\n## Scenario: \(title)\n* Then it is so\n", file: "Specs/f.feature.md")
        let report = Report(coverage: SpecsPackage(root: "/", features: [feature], sources: TestSources(files: [:])).coverage(of: shop.run), run: shop.run)

        let snippet = report.snippet(for: try #require(feature.scenarios.first))

        #expect(snippet.contains("\n    func \(function)() throws {\n"), "\(snippet)")
    }

    @Test("Given one feature of one scenario, when the totals are said, then they are said in the singular")
    func singular() throws {
        let feature = try GherkinParser.parse("# Feature: F\n`@SH-1`\n## Scenario: x\n* Then y\n", file: "Specs/f.feature.md")
        let run = TestRun(tests: [])
        let report = Report(coverage: SpecsPackage(root: "/", features: [feature], sources: TestSources(files: [:])).coverage(of: run), run: run)

        #expect(report.summary == "1 feature, 1 scenario: 0 passed, 0 failed, 0 skipped, 0 not run here, 1 with no test")
    }

    @Test("Given a package path that is no folder, when spec-report reads it, then it says so", arguments: [
        ("/nonexistent/shop", "No such file or directory"), ("/dev/null", "Not a directory"),
    ])
    func packageNotAFolder(path: String, why: String) throws {
        let run = try RealBinary("spec-report").run(["--package", path, "--next-id", "SH"])

        #expect(run.status == 2)
        #expect(run.errors == "error: cannot read \(path): \(why)\n")
    }

    @Test("Given a folder with no Specs/, or whose Specs/ is a link to nothing, when spec-report is asked for the next ID, then it says so, and gives none")
    func nextIDWithoutSpecs() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("no-specs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        let none = try RealBinary("spec-report").run(["--package", work.path, "--next-id", "SH"])
        try FileManager.default.createSymbolicLink(atPath: work.path + "/Specs", withDestinationPath: work.path + "/gone")
        let dangling = try RealBinary("spec-report").run(["--package", work.path, "--next-id", "SH"])

        #expect(none.status == 2 && none.output.isEmpty)
        #expect(none.errors == "error: no Specs folder in \(work.path): name a package with specs with --package\n")
        #expect(dangling.status == 2 && dangling.output.isEmpty)
        #expect(dangling.errors == "error: cannot read \(work.path)/Specs: a link to \(work.path)/gone, which is not there\n")
    }

    @Test("Given a feature file whose name ends in .Feature.md, when spec-report reads the package, then it refuses it, naming it, rather than pass it over")
    func featureFileNameInOtherLetters() throws {
        let shop = try Fixture.shop()
        let work = try copy(of: shop)
        defer { try? FileManager.default.removeItem(at: work) }
        try Data("# Feature: G\n`@SH-99`\n## Scenario: x\n* Then y\n".utf8).write(to: work.appendingPathComponent("Specs/Login.Feature.md"))

        let run = try RealBinary("spec-report").run(["--package", work.path, "--results", shop.events])

        #expect(run.status == 2)
        #expect(run.errors == "error: \(work.path)/Specs/Login.Feature.md: a name that ends in .feature.md in other letters; spec-report reads *.feature.md alone\n")
    }

    @Test("Given a package reached by a link, when spec-report reads it, then it reports on the folder the link leads to")
    func packageThroughALink() throws {
        let shop = try Fixture.shop()
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("shop-\(UUID().uuidString)")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: shop.root)
        defer { try? FileManager.default.removeItem(at: link) }

        let run = try RealBinary("spec-report").run(["--package", link.path, "--next-id", "SH"])

        #expect(run == Run(status: 0, output: "SH-9\n", errors: ""))
    }

    @Test("Given the events on a pipe rather than in a file, when spec-report reads them, then it reports the run")
    func resultsFromAPipe() throws {
        let shop = try Fixture.shop()

        let run = try RealBinary("spec-report").run(["--package", shop.root, "--results", "/dev/stdin"],
                                                    input: try String(contentsOfFile: shop.events, encoding: .utf8))

        #expect(run.errors.isEmpty)
        #expect(run.status == 1)
        #expect(run.output.hasPrefix("# Specs report\n\n2 features, 19 scenarios: 6 passed, 1 failed"))
    }

    @Test("Given a mutation file that holds no module's score, or figures no run gives, when spec-report reads it, then it says so and exits 2", arguments: [
        ("", "holds no mutation score, no line such as \"Shop: 6 mutants, 4 killed, 1 survived\""),
        ("# Specs report\n", "holds no mutation score, no line such as \"Shop: 6 mutants, 4 killed, 1 survived\""),
        ("Shop: 5 mutants, 5 killed, 0 survived\nBad: 5 mutants, -3 killed, 8 survived, 0 equivalent, 0 stillborn\n",
         ":2: the figures of Bad are not a mutation run's: a count that is no number of mutants, or more killed and survived than planted"),
    ])
    func unreadableMutationScores(text: String, says: String) throws {
        let shop = try Fixture.shop()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mutation-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(text.utf8).write(to: file)

        let run = try RealBinary("spec-report").run(["--package", shop.root, "--results", shop.events, "--mutation", file.path])

        #expect(run.status == 2)
        #expect(run.errors == "error: \(file.path)\(says.hasPrefix(":") ? "" : " ")\(says)\n")
    }

    @Test("Given an event stream with a kind of record a later Swift Testing may add, or blank lines, when it is read, then those are passed over")
    func unknownRecordKind() throws {
        let shop = try Fixture.shop()
        let events = try String(contentsOfFile: shop.events, encoding: .utf8)
        let added = #"{"kind": "attachment", "payload": {"path": "/tmp/a.png"}}"# + "\n" + events

        let run = try TestRun.read(Data(added.utf8), file: "events.jsonl", packageRoot: shop.root)

        #expect(run.tests == shop.run.tests && run.outcomes == shop.run.outcomes)
        let spaced = try TestRun.read(Data(("\n \t\r\n" + events.replacingOccurrences(of: "\n", with: "\r\n\n")).utf8), file: "e", packageRoot: shop.root)
        #expect(spaced.tests == shop.run.tests && spaced.outcomes == shop.run.outcomes, "blank lines, and Windows line endings, are passed over")
        let error = #expect(throws: TestRun.Unreadable.self) { try TestRun.read(Data(("\n\n{\n" + events).utf8), file: "e", packageRoot: "/") }
        #expect(error.map { "\($0)" } == "e: line 3 is not an event of Swift Testing's event stream", "a line's number counts the blank lines before it")
        #expect(throws: TestRun.Unreadable.self) { try TestRun.read(Data((#"{"kind": "event", "payload": {}}"# + "\n" + events).utf8), file: "e", packageRoot: "/") }
    }

    @Test("Given an output file among those the package's report is made from, when spec-report runs, then it refuses and writes nothing",
          arguments: ["Specs/shop.feature.md", "Tests/ShopTests/BasketTests.swift", "Sources/Shop/Basket.swift", "Package.swift"])
    func outputOverThePackage(file: String) throws {
        let shop = try Fixture.shop()
        let work = try copy(of: shop)
        defer { try? FileManager.default.removeItem(at: work) }
        let before = try Data(contentsOf: work.appendingPathComponent(file))

        let run = try RealBinary("spec-report").run(["--package", work.path, "--results", shop.events, "--output", work.path + "/" + file])

        #expect(run.status == 2)
        #expect(run.errors == "error: --output \(work.path)/\(file) is in the package spec-report reads\n")
        #expect(try Data(contentsOf: work.appendingPathComponent(file)) == before)
    }

    @Test("Given Specs/ and Sources/ reached through links, and a spec that is a link, when --output or --history names a file where they lead, then it refuses and writes nothing")
    func outputOverThePackageThroughLinks() throws {
        let shop = try Fixture.shop()
        let work = try copy(of: shop)
        defer { try? FileManager.default.removeItem(at: work) }
        let elsewhere = work.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        for folder in ["Specs", "Sources"] {
            try FileManager.default.moveItem(at: work.appendingPathComponent(folder), to: elsewhere.appendingPathComponent(folder))
            try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent(folder).path, withDestinationPath: "elsewhere/" + folder)
        }
        let linkedSpec = elsewhere.appendingPathComponent("more.feature.md")
        try Data("# Feature: More\n`@SH-40`\n## Scenario: s\n* Then t\n".utf8).write(to: linkedSpec)
        try FileManager.default.createSymbolicLink(atPath: elsewhere.appendingPathComponent("Specs/more.feature.md").path, withDestinationPath: linkedSpec.path)

        for file in ["elsewhere/Specs/shop.feature.md", "elsewhere/Sources/Shop/Basket.swift", "elsewhere/more.feature.md"] {
            let before = try Data(contentsOf: work.appendingPathComponent(file))

            let run = try RealBinary("spec-report").run(["--package", work.path, "--results", shop.events, "--output", work.path + "/" + file])

            #expect(run.status == 2, "\(file)")
            #expect(run.errors == "error: --output \(work.path)/\(file) is in the package spec-report reads\n")
            #expect(try Data(contentsOf: work.appendingPathComponent(file)) == before, "\(file)")
        }
        let history = try RealBinary("spec-report").run(["--package", work.path, "--results", shop.events, "--history", work.path + "/Specs/runs.feature.md"])
        #expect(history.status == 2)
        #expect(history.errors == "error: --history \(work.path)/Specs/runs.feature.md is in the package spec-report reads\n")
        #expect(!FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("Specs/runs.feature.md").path))
    }

    @Test("Given --results -, when spec-report runs, then it reads the run's events from standard input, and - as --output is standard output")
    func resultsFromStandardInput() throws {
        let shop = try Fixture.shop()
        let events = try String(contentsOfFile: shop.events, encoding: .utf8)

        let piped = try RealBinary("spec-report").run(["--package", shop.root, "--results", "-", "--output", "-"], input: events)
        let named = try RealBinary("spec-report").run(["--package", shop.root, "--results", shop.events])

        #expect(piped == named)
        #expect(piped.output.hasPrefix("# Specs report\n"))
        let closed = try RealBinary(url: URL(fileURLWithPath: "/bin/sh"))
            .run(["-c", #"exec "$0" "$@" <&-"#, try RealBinary("spec-report").url.path, "--package", shop.root, "--results", "-"])
        #expect(closed.status == 2)
        #expect(closed.errors == "error: cannot read standard input: Bad file descriptor\n", "standard input closed, as <&- leaves it")
    }

    @Test("Given an output that is a device, when spec-report writes the report there, then the device takes it and stays the device it was")
    func outputToADevice() throws {
        let shop = try Fixture.shop()

        let run = try RealBinary("spec-report").run(["--package", shop.root, "--results", shop.events, "--output", "/dev/null"])

        #expect(run.status == 1)
        #expect(run.output.hasPrefix("2 features, 19 scenarios: "))
        let null = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(null[.type] as? FileAttributeType == .typeCharacterSpecial)
    }

    @Test("Given an output that is a FIFO, when spec-report has written the report there, then the reader has all of it and its end, while the program that ran spec-report goes on")
    func outputToAFIFO() throws {
        let shop = try Fixture.shop()
        let work = try copy(of: shop)
        defer { try? FileManager.default.removeItem(at: work) }
        let fifo = work.appendingPathComponent("report.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opened first: spec-report's open waits for a reader.
        let read = try #require(FIFOReader(path: fifo))

        let status = SpecReportProgram.run(arguments: ["--package", work.path, "--results", shop.events, "--output", fifo], output: { _ in })

        #expect(status == 1)
        // A writer left open until the process ends would leave the reader waiting for the end.
        #expect(read.waitForEnd(seconds: 30), "the report's end never came")
        #expect(read.text.hasPrefix("# Specs report\n") && read.text.hasSuffix("\n"), "\(read.text.prefix(80))")
    }

    @Test("A package whose Specs hold no scenario is refused where its scenarios are checked, and read where they need not be")
    func packageWithoutScenarios() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.file("Specs"), withIntermediateDirectories: true)
        try Data("# Feature: Nothing yet\nAs a user I want it.\n".utf8).write(to: folder.file("Specs/new.feature.md"))

        let refusal = #expect(throws: SpecsPackage.Unreadable.self) { try SpecsPackage.read(at: folder.url.path) }
        #expect(refusal?.description == "no scenarios in \(folder.url.path)/Specs/*.feature.md")
        #expect(try SpecsPackage.read(at: folder.url.path, needingScenarios: false).features.map(\.title) == ["Nothing yet"])
    }

    @Test("The next ID of a prefix is one past its highest, up to the last number an ID may have", arguments: [(999_998, "X-999999"), (999_999, nil)])
    func nextIDUpToTheLast(highest: Int, next: String?) throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.file("Specs"), withIntermediateDirectories: true)
        try Data("# Feature: F\nAs a user I want it.\n\n`@X-\(highest)`\n## Scenario: S\n* Then it holds\n".utf8)
            .write(to: folder.file("Specs/f.feature.md"))

        #expect(try SpecsPackage.read(at: folder.url.path).nextID(prefix: "X") == next)
    }

    @Test("Given --output -, when spec-report runs, then the report goes to standard output, as without --output, and no file is written")
    func outputToStandardOutput() throws {
        let shop = try Fixture.shop()
        let work = try copy(of: shop)
        defer { try? FileManager.default.removeItem(at: work) }

        let dash = try RealBinary("spec-report").run(["--package", work.path, "--results", shop.events, "--output", "-"])
        let none = try RealBinary("spec-report").run(["--package", work.path, "--results", shop.events])

        #expect(dash == none)
        #expect(dash.output.hasPrefix("# Specs report\n"))
        #expect(!FileManager.default.fileExists(atPath: work.path + "/-"))
    }

    @Test("Given a standard output that takes nothing, when spec-report writes the report there, then it says so and exits 2",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func standardOutputFull() throws {
        let shop = try Fixture.shop()
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? full.close() }

        let run = try RealBinary("spec-report").run(["--package", shop.root, "--results", shop.events], outputTo: full)

        #expect(run.status == 2)
        #expect(run.errors == "error: cannot write standard output: No space left on device\n")
    }

    @Test("Given --output /dev/stdout sent to a log with >>, standard input closed or not, or a closed standard error, when spec-report runs, then the log keeps what it held, and nothing crashes")
    func outputToTheShellsStreams() throws {
        let shop = try Fixture.shop()
        let work = try copy(of: shop)
        defer { try? FileManager.default.removeItem(at: work) }
        let specReport = try RealBinary("spec-report").url.path
        let shell = RealBinary(url: URL(fileURLWithPath: "/bin/sh"))

        let logged = try shell.run(["-c", "cd \"$1\" && printf 'earlier log\\n' > log && \"$0\" --package . --results \"$2\" --output /dev/stdout >> log",
                                    specReport, work.path, shop.events])
        let closed = try shell.run(["-c", "\"$0\" --bogus 2>&-; echo \"exit $?\"", specReport])
        // With standard input closed, the stream opened is given its number, 0.
        let noInput = try shell.run(["-c", "cd \"$1\" && printf 'earlier log\\n' > log2 && \"$0\" --package . --results \"$2\" --output /dev/stdout >> log2 <&-",
                                     specReport, work.path, shop.events])

        #expect(logged.status == 1)
        #expect(noInput.status == 1)
        for name in ["log", "log2"] {
            let log = try String(contentsOfFile: work.path + "/" + name, encoding: .utf8)
            #expect(log.hasPrefix("earlier log\n# Specs report\n"), "\(name)")
            #expect(log.contains("\n2 features, 19 scenarios: 6 passed, 1 failed, 4 skipped, 1 not run here, 7 with no test\n"), "\(name)")
            #expect(log.hasSuffix("\nWritten to /dev/stdout\n"), "\(name)")
        }
        #expect(closed.output == "exit 2\n")
    }

    @Test("Given a report open in a reader, when spec-report writes a new one over it, then the reader goes on reading the old one whole")
    func outputReplacedWhole() throws {
        let shop = try Fixture.shop()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: output) }
        try Data("the old report\n".utf8).write(to: output)
        let reader = try FileHandle(forReadingFrom: output)
        defer { try? reader.close() }

        let run = try RealBinary("spec-report").run(["--package", shop.root, "--results", shop.events, "--output", output.path])

        #expect(run.status == 1)
        #expect(try reader.readToEnd() == Data("the old report\n".utf8))
        #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("# Specs report\n"))
    }

    @Test("Given a history path that is not a regular file, when spec-report would keep the run there, then it refuses, and hangs on nothing")
    func historyNotAFile() throws {
        let shop = try Fixture.shop()

        let run = try RealBinary("spec-report").run(["--package", shop.root, "--results", shop.events, "--history", "/dev/zero"])

        #expect(run.status == 2)
        #expect(run.errors == "error: cannot read /dev/zero: not a regular file\n")
    }

    @Test("Given a spec or a test source that is a link to a device, to a FIFO no one writes to, or to nothing, when spec-report reads the package, then it refuses it, naming it and why, and hangs on nothing",
          .timeLimit(.minutes(1)), arguments: [("Specs/zero.feature.md", "/dev/zero", "not a regular file"), ("Tests/ShopTests/Fifo.swift", "fifo", "not a regular file"),
                                               ("Specs/gone.feature.md", "/nonexistent/gone.md", "No such file or directory")])
    func sourceNotAFile(file: String, leadsTo: String, why: String) throws {
        let shop = try Fixture.shop()
        let work = try copy(of: shop)
        defer { try? FileManager.default.removeItem(at: work) }
        // A target that is no absolute path is a FIFO made in the package's folder.
        let target = leadsTo.hasPrefix("/") ? leadsTo : work.path + "/" + leadsTo
        if !leadsTo.hasPrefix("/") { #expect(mkfifo(target, 0o600) == 0) }
        try FileManager.default.createSymbolicLink(atPath: work.path + "/" + file, withDestinationPath: target)

        let run = try RealBinary("spec-report").run(["--package", work.path, "--results", shop.events])

        #expect(run.status == 2)
        #expect(run.errors == "error: cannot read \(work.path)/\(file): \(why)\n")
    }
}

/// Reads a FIFO, from before a writer opens it until the writer has closed it (or a minute has
/// passed): opened without waiting, an empty read before anything came means no writer yet,
/// not the end. The reading thread alone closes the FIFO, so no other file takes its number
/// while it reads.
private final class FIFOReader: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var ended = false

    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        Thread { [self] in
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 {
                    lock.withLock { bytes += buffer[..<count] }
                } else if count == 0 && !lock.withLock({ bytes.isEmpty }) {
                    lock.withLock { ended = true }
                    return
                } else {
                    Thread.sleep(forTimeInterval: 0.01)
                }
            }
        }.start()
    }

    func waitForEnd(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if lock.withLock({ ended }) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    var text: String {
        lock.withLock { String(decoding: bytes, as: UTF8.self) }
    }
}
