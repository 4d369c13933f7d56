import Foundation
import SpecReport
import Testing

/// A package under `Fixtures/`: its specs and test sources, and the run of its tests that
/// `Scripts/record-fixtures` keeps in its `events.jsonl`.
struct Fixture {
    let root: String
    let package: SpecsPackage
    /// What `spec-report` reads: the events of the run.
    let run: TestRun

    /// What `swift test list` says of the same build: the tests the compiler built, none run.
    var listing: TestRun { TestRun(tests: run.tests) }

    var events: String { root + "/events.jsonl" }

    private static func root(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)").path
    }

    /// The shop: honest tests, one of them failing, one bound to a platform, one scenario
    /// with no test, and every trick that once made a scenario look covered.
    static func shop() throws -> Fixture {
        let root = root("Shop")
        let events = root + "/events.jsonl"
        return Fixture(root: root, package: try SpecsPackage.read(at: root),
                       run: try TestRun.read(Data(contentsOf: URL(fileURLWithPath: events)), file: events, packageRoot: root))
    }

    /// A package whose test was written before the code it needs: it does not compile.
    static func unbuilt() throws -> Fixture {
        let root = root("Unbuilt")
        return Fixture(root: root, package: try SpecsPackage.read(at: root), run: TestRun(tests: []))
    }

    /// How the check goes: as `swift test` makes it, from the listing, or as `spec-report`
    /// makes it, from the run.
    enum Check: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case swiftTest = "swift test"
        case specReport = "spec-report"

        var testDescription: String { rawValue }
    }

    func coverage(_ check: Check = .specReport) -> Coverage {
        package.coverage(of: check == .swiftTest ? listing : run)
    }

    /// The report of the recorded run, as made from a commit with changes beside it.
    func report(only: Set<String>? = nil) -> Report {
        var report = Report(coverage: package.coverage(of: run, only: only), run: run)
        report.commit = Report.Commit(hash: "abc1234", hasChanges: true)
        report.compiler = "Swift version 6.3.1"
        return report
    }

    /// What `spec-report` prints and its exit status, on this fixture's recorded run, or
    /// running `swift` as given.
    func specReport(_ arguments: [String] = [], running swift: RecordedSwift? = nil) -> (status: Int32, output: String) {
        var output = ""
        let results = swift == nil ? ["--results", events] : []
        let status = SpecReportProgram.run(arguments: ["--package", root] + results + arguments, output: { output += $0 },
                                           swift: swift.map { swift in { try swift.run($0) } })
        return (status, output)
    }

    /// A `swift` that answers as this fixture's recorded build and run did.
    func recordedSwift() -> RecordedSwift {
        RecordedSwift(fixture: self)
    }
}

/// `swift`, as the fixture's recording says it went: a build that fails with the compiler's
/// recorded words, or a listing and a run whose events come from `events.jsonl`, filtered as
/// `--filter` asks. It keeps the arguments of each call.
final class RecordedSwift: @unchecked Sendable {
    private let fixture: Fixture
    private(set) var calls: [[String]] = []

    init(fixture: Fixture) {
        self.fixture = fixture
    }

    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        calls.append(arguments)
        if arguments.first == "build" {
            let said = try? String(contentsOfFile: fixture.root + "/build-output.txt", encoding: .utf8)
            // The compiler names files by their whole path.
            let whole = said?.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("Tests/") ? fixture.root + "/" + $0 : String($0) }.joined(separator: "\n")
            return whole.map { (1, $0) } ?? (0, "")
        }
        guard let flag = arguments.firstIndex(of: "--experimental-event-stream-output") else { return (0, "") }
        let lines = try String(contentsOfFile: fixture.events, encoding: .utf8).split(separator: "\n").map(String.init)
        let filters = arguments.indices.filter { arguments[$0] == "--filter" }.map { try? Regex(arguments[$0 + 1]) }
        let kept = lines.filter { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let payload = object["payload"] as? [String: Any] else { return false }
            if arguments.contains("list") { return object["kind"] as? String == "test" }
            guard let id = (payload["testID"] ?? payload["id"]) as? String, !filters.isEmpty else { return true }
            return filters.contains { filter in filter.map { id.contains($0) } ?? false }
        }
        try Data(kept.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: arguments[flag + 1]))
        return (0, "")
    }
}
