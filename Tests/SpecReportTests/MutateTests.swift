import Foundation
import TestSupport
import Testing

/// Whether a program of that name is on the PATH.
private func installed(_ name: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
}

/// `Scripts/mutate` run on a small package of its own: a copy of the script beside the shop
/// fixture's code, in a git repository, so that a change to one line is the only change. The
/// script is Python and reads git: where either is missing, these tests cannot run.
@Suite("Testing the tests: the bugs Scripts/mutate plants", .enabled(if: installed("python3") && installed("git")))
struct MutateTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A package holding the script and the basket's code, committed; `change` edits it after.
    private func package(changing change: (URL) throws -> Void = { _ in }) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mutate-\(UUID().uuidString)")
        for folder in ["Scripts", "Sources/Shop"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("Scripts/mutate"), to: root.appendingPathComponent("Scripts/mutate"))
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("Tests/SpecReportTests/Fixtures/Shop/Sources/Shop/Basket.swift"),
                                         to: root.appendingPathComponent("Sources/Shop/Basket.swift"))
        for arguments in [["init", "-q"], ["add", "."], ["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "Basket"]] {
            #expect(try run(["/usr/bin/env", "git", "-C", root.path] + arguments).status == 0)
        }
        try change(root)
        return root
    }

    /// Python that loads the script named by its first argument as the module `m`, to call one of its functions.
    private static let loadingTheScript =
        "import importlib.machinery, sys; m = importlib.machinery.SourceFileLoader('mutate', sys.argv[1]).load_module(); "

    /// Runs a command (`git` through `env`, or the script) and gives its status and all it printed.
    private func run(_ command: [String]) throws -> (status: Int32, output: String) {
        let run = try RealBinary(url: URL(fileURLWithPath: command[0])).run(Array(command.dropFirst()))
        return (run.status, run.output + run.errors)
    }

    /// A PATH on which `swift` is the shell script `body`, in the package's `bin/`: a stand-in
    /// for the toolchain, so that a whole run takes a second and its outcome is chosen.
    private func pathWithSwift(_ body: String, in root: URL) throws -> String {
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try Data(("#!/bin/sh\necho 'Building for debugging...'\n" + body).utf8).write(to: bin.appendingPathComponent("swift"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("swift").path)
        return bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    }

    @Test("SR-29 A recorded mutation run keeps the latest run of every other module")
    func recordKeepsOtherModules() throws {
        let root = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        let record = root.appendingPathComponent("results.txt")
        let earlier = """
            Scripts/mutate --module Shop --module Till --record results.txt
            started 2026-11-20 10:00 UTC, commit 1111111, 2 cores
              survived: Sources/Shop/Basket.swift:14: < to <=:
                  old line
               => mutated line
            Shop: 10 mutants, 8 killed (0 by the time limit), 1 survived, 0 equivalent, 1 stillborn: 88.9 % killed (60 s)
              survived: Sources/Till/Till.swift:3: == to !=:
                  a
               => b
            Till: 5 mutants, 4 killed (0 by the time limit), 1 survived, 0 equivalent, 0 stillborn: 80.0 % killed (30 s)
            Scores: Shop 88.9 %, Till 80.0 %; target 90 % each; below it: Shop, Till

            """
        try Data(earlier.utf8).write(to: record)
        let script = root.appendingPathComponent("Scripts/mutate").path
        let new = ["Scripts/mutate --module Shop --record results.txt", "started 2026-11-26 10:00 UTC, commit 2222222, 2 cores",
                   "Shop: 10 mutants, 9 killed (0 by the time limit), 0 survived, 0 equivalent, 1 stillborn: 100.0 % killed (61 s)",
                   "Scores: Shop 100.0 %; target 90 % each"]
        let code = Self.loadingTheScript + "m.write_record(sys.argv[2], sys.argv[3:], {'Shop'})"

        let (status, output) = try run(["/usr/bin/env", "python3", "-c", code, script, record.path] + new)

        #expect(status == 0, "\(output)")
        #expect(try String(contentsOf: record, encoding: .utf8) == new.joined(separator: "\n") + """


            Scripts/mutate --module Shop --module Till --record results.txt
            started 2026-11-20 10:00 UTC, commit 1111111, 2 cores
              survived: Sources/Till/Till.swift:3: == to !=:
                  a
               => b
            Till: 5 mutants, 4 killed (0 by the time limit), 1 survived, 0 equivalent, 0 stillborn: 80.0 % killed (30 s)

            """)
    }

    @Test("SR-29 A recorded mutation run keeps the latest run of every other module (a run that built the package)")
    func recordLeavesOutWhatWasPrinted() throws {
        let root = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        // A `swift` whose build and tests pass, saying what the real one says: every mutant survives.
        let path = try pathWithSwift("""
            echo '[3/3] Compiling Shop Basket.swift'
            [ "$1" = build ] && exit 0
            printf '%s\\n' 'Test run started.' '\u{2714} Test "A basket of two costs the dearer" passed after 0.001 seconds.'

            """, in: root)
        let record = root.appendingPathComponent("results.txt")

        let ran = try RealBinary(url: root.appendingPathComponent("Scripts/mutate"))
            .run(["--module", "Shop", "--at", "Sources/Shop/Basket.swift:14", "--record", record.path], environment: ["PATH": path])

        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(ran.status == 1, "\(ran.output)\(ran.errors)")
        #expect(lines.first == "Scripts/mutate --module Shop --at Sources/Shop/Basket.swift:14 --record \(record.path)")
        #expect(lines.dropFirst(2).first == "  Shop: 45 s for its own tests")
        #expect(lines.contains { $0.hasPrefix("  survived: Sources/Shop/Basket.swift:14: ") })
        #expect(lines.contains { $0.hasPrefix("Shop: ") && $0.contains(" mutants, 0 killed ") })
        #expect(lines.last(where: { !$0.isEmpty })?.hasPrefix("Scores: Shop 0.0 %") == true)
        #expect(!lines.contains { $0.contains("Building") || $0.contains("Compiling") || $0.contains("Test") }, "\(lines)")
    }

    @Test("SR-30 A mutant's test run stops at the first test that fails",
          arguments: [("\u{2718} Test \"A\" recorded an issue at A.swift:3:5: Expectation failed", 0, "1", false),
                      ("\u{1B}[91m\u{2718}\u{1B}[0m Suite \"B\" failed after 0.1 seconds with 1 issue.", 0, "1", false),
                      ("\u{2714} Test \"A\" passed after 0.1 seconds.", 0, "0", true),
                      ("Test \u{2718} Test \"A\" quoted by a test, not told by Swift Testing", 0, "0", true),
                      ("Fatal error: Index out of range", 132, "132", true)])
    func stopsAtFirstFailure(said: String, exitStatus: Int, counted: String, ranToItsEnd: Bool) throws {
        let end = FileManager.default.temporaryDirectory.appendingPathComponent("ran to its end \(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: end) }
        let script = Self.repository.appendingPathComponent("Scripts/mutate").path
        let tests = "printf '%s\\n' \"$1\"; sleep \"$2\"; touch \"$3\"; exit \"$4\""
        let code = Self.loadingTheScript
            + "print(m.run(['/bin/sh', '-c', sys.argv[2], 'tests'] + sys.argv[3:], '.', 60, until_failure=True))"

        let (status, output) = try run(["/usr/bin/env", "python3", "-c", code, script, tests, said,
                                        ranToItsEnd ? "0" : "30", end.path, String(exitStatus)])

        #expect(status == 0)
        #expect(output == counted + "\n")
        #expect(FileManager.default.fileExists(atPath: end.path) == ranToItsEnd)
    }

    @Test("SR-38 A mutant's test run that falls silent is stopped as hung, long before its time limit",
          arguments: [("printf 'started\\n'; sleep 30", "hung", false),
                      ("for second in 1 2 3 4 5 6; do printf 'started\\n'; sleep 1; done", "0", true)])
    func stopsWhenSilent(tests: String, counted: String, ranToItsEnd: Bool) throws {
        let end = FileManager.default.temporaryDirectory.appendingPathComponent("ran to its end \(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: end) }
        let script = Self.repository.appendingPathComponent("Scripts/mutate").path
        let code = Self.loadingTheScript
            + "print(m.run(['/bin/sh', '-c', sys.argv[2] + '; touch \"$1\"', 'tests', sys.argv[3]], '.', 60, until_failure=True, silence=3))"

        let (status, output) = try run(["/usr/bin/env", "python3", "-c", code, script, tests, end.path])

        #expect(status == 0)
        #expect(output == counted + "\n")
        #expect(FileManager.default.fileExists(atPath: end.path) == ranToItsEnd)
    }

    @Test("SR-33 A mutation run stopped part way goes on later, for the same code")
    func runInParts() throws {
        let root = try package { root in
            try Data("func change(paid: Int, price: Int) -> Int? {\n    guard paid >= price else { return nil }\n    return paid - price\n}\n".utf8)
                .write(to: root.appendingPathComponent("Sources/Shop/Till.swift"))
        }
        defer { try? FileManager.default.removeItem(at: root) }
        let script = root.appendingPathComponent("Scripts/mutate").path
        let progress = root.appendingPathComponent("progress.jsonl"), record = root.appendingPathComponent("results.txt")
        let basket = "items.count < 2 ? items.values.reduce(0, +) : items.values.sorted().dropFirst().reduce(0, +)"
        let guardLine = "guard paid >= price else { return nil }"
        let otherModule = #"{"module": "Till", "code": "0", "commit": "1111111", "path": "Sources/Till/Till.swift", "line": 3, "written": "a", "#
            + #""mutated": "b", "outcome": "killed", "seconds": 2.0}"#
        let judgedEarlier = { (code: String, basketCameTo: String) in
            [(1111111, "Sources/Shop/Basket.swift", 14, basket, basket.replacingOccurrences(of: "< 2", with: "<= 2"), basketCameTo, 4.0),
             (2222222, "Sources/Shop/Till.swift", 2, guardLine, guardLine.replacingOccurrences(of: ">=", with: ">"), "killed", 5.0),
             (2222222, "Sources/Shop/Till.swift", 2, guardLine, "return nil; " + guardLine, "stillborn", 3.0)]
                .map { commit, path, line, written, mutated, outcome, seconds in
                    #"{"module": "Shop", "code": "\#(code)", "commit": "\#(commit)", "path": "\#(path)", "line": \#(line), "#
                        + #""written": "\#(written)", "mutated": "\#(mutated)", "outcome": "\#(outcome)", "seconds": \#(seconds)}"#
                }
                .joined(separator: "\n") + "\n" + otherModule + "\n"
        }
        let code = try run(["/usr/bin/env", "python3", "-c", Self.loadingTheScript + "print(m.code_of('Shop'))", script])
            .output.trimmingCharacters(in: .whitespacesAndNewlines)
        try Data(judgedEarlier(code, "killed").utf8).write(to: progress)

        let (status, output) = try run([script, "--module", "Shop", "--progress", progress.path, "--record", record.path])

        #expect(output.split(separator: "\n").first == "Shop: 3 of 3 mutants judged already, by earlier parts of this run at 1111111, 2222222")
        #expect(!output.contains("Building"), "\(output)")
        #expect(status == 0)
        #expect(try String(contentsOf: record, encoding: .utf8).split(separator: "\n").dropFirst(2) == [
            "Shop: 3 mutants, 2 killed (0 by the time limit), 0 survived, 0 equivalent, 1 stillborn: 100.0 % killed (12 s); "
                + "run in parts, judged at 1111111 (1), 2222222 (2)",
            "Scores: Shop 100.0 %; target 90 % each"])
        #expect(try String(contentsOf: progress, encoding: .utf8) == otherModule + "\n")

        for cameTo in ["survived", "hung"] {
            try Data(judgedEarlier(code, cameTo).utf8).write(to: progress)

            let again = try run([script, "--module", "Shop", "--progress", progress.path])

            #expect(again.output.split(separator: "\n").first == "Shop: 2 of 3 mutants judged already, by earlier parts of this run at 2222222")
            #expect(again.output.contains("Building a copy of the package"), "\(again.output)")
        }

        let stoppedTwice = judgedEarlier(code, "hung").split(separator: "\n").first.map { String($0) + "\n" } ?? ""
        try Data((stoppedTwice + judgedEarlier(code, "hung")).utf8).write(to: progress)

        let looping = try run([script, "--module", "Shop", "--progress", progress.path, "--record", record.path])

        #expect(looping.output.split(separator: "\n").first == "Shop: 3 of 3 mutants judged already, by earlier parts of this run at 1111111, 2222222")
        #expect(!looping.output.contains("Building"), "\(looping.output)")
        #expect(try String(contentsOf: record, encoding: .utf8).split(separator: "\n").dropFirst(2).prefix(2) == [
            "  killed by the time limit: Sources/Shop/Basket.swift:14: < to <=",
            "Shop: 3 mutants, 2 killed (1 by the time limit), 0 survived, 0 equivalent, 1 stillborn: 100.0 % killed (12 s); "
                + "run in parts, judged at 1111111 (1), 2222222 (2)"])

        try Data(judgedEarlier(code, "killed").utf8).write(to: progress)
        let till = root.appendingPathComponent("Sources/Shop/Till.swift")
        try Data((try String(contentsOf: till, encoding: .utf8).replacingOccurrences(of: "paid - price", with: "paid - price + 0")).utf8)
            .write(to: till)

        let changed = try run([script, "--module", "Shop", "--progress", progress.path])

        #expect(changed.output.split(separator: "\n").first == "Shop: 0 of 3 mutants judged already")
        #expect(changed.output.contains("Building a copy of the package"), "\(changed.output)")
        let kept = try String(contentsOf: progress, encoding: .utf8).split(separator: "\n")
        #expect(kept.first == otherModule[...], "another module's outcomes stay")
        #expect(!kept.contains { $0.contains(#""code": "\#(code)""#) }, "outcomes judged on the old code leave")

        for damaged in ["{\"module\": \"Shop\"", #"{"module": "Shop", "outcome": "killed"}"#, otherModule.replacingOccurrences(of: "killed", with: "won")] {
            try Data((otherModule + "\n" + damaged + "\n").utf8).write(to: progress)

            let refused = try run([script, "--module", "Shop", "--progress", progress.path])

            #expect(refused.status == 1)
            #expect(refused.output == "error: \(progress.path), line 2: not an outcome Scripts/mutate wrote; mend or remove the line\n")
        }
    }

    @Test("SR-34 A mutation run on code that fails as it is says what failed")
    func baselineFailureIsShown() throws {
        let root = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        // A `swift` whose build fails when BUILD_SAYS holds an error, and whose tests fail saying TESTS_SAY.
        let path = try pathWithSwift("""
            if [ "$1" = build ]; then echo "$BUILD_SAYS"; [ -z "$BUILD_SAYS" ]; exit; fi
            printf '%s\\n' 'Test run started.' "$TESTS_SAY"; exit 1

            """, in: root)
        let script = root.appendingPathComponent("Scripts/mutate").path
        let failedTest = "\u{2718} Test \"A basket of two costs the dearer\" recorded an issue at BasketTests.swift:9:5: Expectation failed: 5 == 6"
        let compilerError = "/p/Sources/Shop/Basket.swift:14:9: error: cannot find 'itmes' in scope"

        let failing = try RealBinary(url: URL(fileURLWithPath: script))
            .run(["--module", "Shop"], environment: ["PATH": path, "BUILD_SAYS": "", "TESTS_SAY": failedTest])
        let unbuilt = try RealBinary(url: URL(fileURLWithPath: script))
            .run(["--module", "Shop"], environment: ["PATH": path, "BUILD_SAYS": compilerError, "TESTS_SAY": failedTest])

        #expect(failing.status == 1)
        #expect(failing.errors == "error: the package does not build, or its tests do not pass, as it is\n\(failedTest)\n")
        #expect(unbuilt.status == 1)
        #expect(unbuilt.errors == "error: the package does not build, or its tests do not pass, as it is\n\(compilerError)\n")
    }

    @Test("SR-37 A mutant is judged by the test suites that run its line")
    func judgedByTheSuitesThatRunItsLine() throws {
        let root = try package { root in
            try Data(("func change(paid: Int, price: Int) -> Int? {\n    guard paid >= price else { return nil }\n    return paid == price ? 0 : paid - price\n}\n"
                      + "let rule = \"\"\"\n    paid == price\n    \"\"\"\nlet note = \"\"\"\n    paid >= price\n    \"\"\"\n").utf8)
                .write(to: root.appendingPathComponent("Sources/Shop/Till.swift"))
        }
        defer { try? FileManager.default.removeItem(at: root) }
        // A toolchain whose coverage run has Basket run line 14 of the basket and Till line 2 of
        // the till (its counts unreadable when TILL_SAYS is "unreadable"), and whose test runs
        // are written to RUNS, Basket's failing.
        let path = try pathWithSwift(#"""
            [ "$1" = build ] && exit 0
            case "$*" in "test list"*) printf '%s\n' 'ShopTests.BasketTests/dearer()' 'ShopTests.TillTests/change()'; exit 0;; esac
            case "$*" in *--filter*) ;; *) exit 0;; esac
            case "$*" in
              *--build-path*)
                counts=$(printf '%s' "$LLVM_PROFILE_FILE" | sed "s/%p/$$/")
                case "$*" in
                  # Run as the superuser, Basket's tests run the basket in a program started as the user nobody.
                  *BasketTests*) counted=$(printf 'SF:%s\nDA:14,3\nDA:15,0' "$PWD/Sources/Shop/Basket.swift")
                    if [ "$(id -u)" = 0 ] && [ -x /usr/bin/setpriv ]; then
                      setpriv --reuid=65534 --regid=65534 --clear-groups sh -c 'printf "%s\n" "$1" > "$2"' sh "$counted" "$counts"
                    else
                      printf '%s\n' "$counted" > "$counts"
                    fi;;
                  *) printf '%sSF:%s\nDA:2,1\nDA:3,0\nDA:5,1\n' "$TILL_SAYS" "$PWD/Sources/Shop/Till.swift" > "$counts";;
                esac
                exit 0;;
            esac
            echo "$*" >> "$RUNS"
            case "$*" in *BasketTests*) printf '\342\234\230 Test "dearer" recorded an issue\n'; exit 1;; esac
            """#, in: root)
        let tools = ["llvm-profdata": #"""
            #!/bin/sh
            out=; files=
            while [ $# -gt 0 ]; do case "$1" in -o) out=$2; shift;; merge|-sparse|--failure-mode=all) ;; *) files="$files $1";; esac; shift; done
            cat $files > "$out"; ! grep -q unreadable "$out"
            """#, "llvm-cov": #"""
            #!/bin/sh
            while [ "$1" != -instr-profile ]; do shift; done
            cat "$2"
            """#]
        for (name, body) in tools {
            let tool = root.appendingPathComponent("bin/\(name)")
            try Data((body + "\n").utf8).write(to: tool)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        }
        let script = root.appendingPathComponent("Scripts/mutate").path
        let lines = ["Basket.swift:14", "Till.swift:2", "Till.swift:3", "Till.swift:6", "Till.swift:9"].flatMap { ["--at", "Sources/Shop/\($0)"] }
        let listed = try run([script, "--module", "Shop", "--list"] + lines).output.split(separator: "\n")
        let onLine = { (place: String) in listed.filter { $0.contains(place + ":") }.count }
        let basket = #"^(ShopTests\.BasketTests)(/|$)"#
        let till = #"^(ShopTests\.TillTests)(/|$)"#
        let both = #"^(ShopTests\.BasketTests|ShopTests\.TillTests)(/|$)"#
        try #require(onLine("Basket.swift:14") > 0 && onLine("Till.swift:2") > 0 && onLine("Till.swift:3") == 1 && onLine("Till.swift:6") > 0
                     && onLine("Till.swift:9") > 0)

        for tillSays in ["", "unreadable"] {
            let runs = root.appendingPathComponent("runs \(tillSays).txt")
            try Data().write(to: runs)

            let ran = try RealBinary(url: URL(fileURLWithPath: script))
                .run(["--module", "Shop", "--by-coverage"] + lines, environment: ["PATH": path, "RUNS": runs.path, "TILL_SAYS": tillSays])

            let filters = try String(contentsOf: runs, encoding: .utf8).split(separator: "\n").map { $0.components(separatedBy: "--filter ").last ?? "" }
            let survivors = ran.output.split(separator: "\n").filter { $0.hasPrefix("  survived: ") }
            #expect(ran.output.contains("  2 test suites, each mutant judged by those that run its line"), "\(ran.output)\(ran.errors)")
            if tillSays.isEmpty {
                // Line 6 is text in a string that opens on line 5, which Till runs; line 9's string
                // opens on a line the counts do not know.
                #expect(filters == Array(repeating: basket, count: onLine("Basket.swift:14")) + Array(repeating: till, count: onLine("Till.swift:2"))
                        + Array(repeating: till, count: onLine("Till.swift:6")) + Array(repeating: both, count: onLine("Till.swift:9")))
                #expect(survivors.count == onLine("Till.swift:2") + 1 + onLine("Till.swift:6"))
                #expect(survivors.filter { $0.contains("(no test runs its line)") } == ["  survived: Sources/Shop/Till.swift:3: == to != (no test runs its line):"])
                #expect(ran.output.contains("(no test runs its line):\n      return paid == price ? 0 : paid - price\n   => return paid != price ? 0 : paid - price\n"),
                        "\(ran.output)")
            } else {
                #expect(ran.output.contains("  ShopTests.TillTests: the lines it runs could not be read; it judges every mutant"))
                // Till's lines are no longer known: every suite judges them.
                #expect(filters == Array(repeating: both, count: onLine("Basket.swift:14") + onLine("Till.swift:2") + 1 + onLine("Till.swift:6")
                                         + onLine("Till.swift:9")))
                #expect(survivors.isEmpty)
            }
        }
    }

    @Test("SR-25 Scripts/mutate --at says when a line has no bugs to plant")
    func noMutants() throws {
        let root = try package()
        defer { try? FileManager.default.removeItem(at: root) }

        let (status, output) = try run([root.appendingPathComponent("Scripts/mutate").path, "--at", "Sources/Shop/Basket.swift:1"])

        #expect(status == 0)
        #expect(output == "Sources/Shop/Basket.swift:1: no mutants: none of the changes Scripts/mutate makes (a comparison flipped, "
                + "a line dropped…) applies to this line; a comment, a declaration or a string has none\n")
    }

    @Test("SR-26 Scripts/mutate --scenario plants the bugs of the lines a change touched, and runs that scenario's tests")
    func scenario() throws {
        let root = try package { root in
            let file = root.appendingPathComponent("Sources/Shop/Basket.swift")
            let text = try String(contentsOf: file, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "items.count < 2 ?", with: "items.count <= 1 ?").utf8).write(to: file)
        }
        defer { try? FileManager.default.removeItem(at: root) }

        let (status, output) = try run([root.appendingPathComponent("Scripts/mutate").path, "--scenario", "SH-2", "--list"])

        let lines = output.split(separator: "\n")
        #expect(status == 0)
        #expect(lines.first == "The lines changed since HEAD, each mutant judged by SH-2's tests alone (spec-report --only SH-2):")
        #expect(lines.dropFirst() == ["Shop: Sources/Shop/Basket.swift:14: <= to <: "
                                      + "items.count <= 1 ? items.values.reduce(0, +) : items.values.sorted().dropFirst().reduce(0, +)  =>  "
                                      + "items.count < 1 ? items.values.reduce(0, +) : items.values.sorted().dropFirst().reduce(0, +)"])
    }
    @Test("SR-27 An equivalent mutant is listed by its place, and one the code no longer has fails the run",
          arguments: [(14, 1, 0), (15, 1, 1), (14, 2, 1)])
    func equivalentsByPlace(line: Int, times: Int, status expected: Int32) throws {
        let written = "items.count < 2 ? items.values.reduce(0, +) : items.values.sorted().dropFirst().reduce(0, +)"
        let entry = "Sources/Shop/Basket.swift:\(line) | \(written) | \(written.replacingOccurrences(of: "< 2", with: "<= 2"))"
            + " | the reason\n"
        let root = try package { root in
            try Data(String(repeating: entry, count: times).utf8).write(to: root.appendingPathComponent("Scripts/mutate-equivalent.txt"))
        }
        defer { try? FileManager.default.removeItem(at: root) }

        let (status, output) = try run([root.appendingPathComponent("Scripts/mutate").path, "--list", "--module", "Shop"])

        #expect(status == expected)
        switch (line, times) {
        case (15, _):
            #expect(output.hasPrefix("error: Scripts/mutate-equivalent.txt: Sources/Shop/Basket.swift:15: no mutant “\(written)” => "))
        case (_, 2):
            #expect(output == "error: Scripts/mutate-equivalent.txt: line 2 lists Sources/Shop/Basket.swift:14 again\n")
        default:
            #expect(output.contains("Shop: Sources/Shop/Basket.swift:14: < to <=: "))
        }
    }
    @Test("SR-27 An equivalent mutant is listed by its place, and one the code no longer has fails the run (a moved line)")
    func equivalentMoved() throws {
        let written = "items.count < 2 ? items.values.reduce(0, +) : items.values.sorted().dropFirst().reduce(0, +)"
        let entry = { (line: Int) in
            "Sources/Shop/Basket.swift:\(line) | \(written) | \(written.replacingOccurrences(of: "< 2", with: "<= 2")) | the reason\n"
        }
        let root = try package { root in
            try Data(entry(15).utf8).write(to: root.appendingPathComponent("Scripts/mutate-equivalent.txt"))
        }
        defer { try? FileManager.default.removeItem(at: root) }

        let (status, output) = try run([root.appendingPathComponent("Scripts/mutate").path, "--move-equivalents"])

        #expect(status == 0)
        #expect(output == "Sources/Shop/Basket.swift:15 moved to line 14\n")
        #expect(try String(contentsOf: root.appendingPathComponent("Scripts/mutate-equivalent.txt"), encoding: .utf8) == entry(14))
        #expect(try run([root.appendingPathComponent("Scripts/mutate").path, "--list", "--module", "Shop"]).status == 0)
    }
    @Test("SR-27 An equivalent mutant is listed by its place, and one the code no longer has fails the run (this package's list)")
    func thisPackagesEquivalents() throws {
        let (status, output) = try run([Self.repository.appendingPathComponent("Scripts/mutate").path, "--list", "--module", "Forms"])

        let errors = output.split(separator: "\n").filter { $0.hasPrefix("error:") }.joined(separator: "\n")
        #expect(status == 0, "Scripts/mutate-equivalent.txt no longer fits the code; --move-equivalents moves an entry whose line only moved:\n\(errors)")
    }
}



