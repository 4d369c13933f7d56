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

    /// The shop: honest tests, one of them failing, one bound to a platform, one scenario
    /// with no test, and every trick that once made a scenario look covered.
    static func shop() throws -> Fixture {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Shop").path
        let events = root + "/events.jsonl"
        return Fixture(root: root, package: try SpecsPackage.read(at: root),
                       run: try TestRun.read(Data(contentsOf: URL(fileURLWithPath: events)), file: events, packageRoot: root))
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

    /// What `spec-report` prints and its exit status, on this fixture's run.
    func specReport(_ arguments: [String] = []) -> (status: Int32, output: String) {
        var output = ""
        let status = SpecReportProgram.run(arguments: ["--package", root, "--results", events] + arguments) { output += $0 }
        return (status, output)
    }
}
