import Foundation
import SpecReport
import Testing

/// Keeps `Specs/` and the tests in step, on every `swift test`: each scenario has a test that
/// the compiler built, that asserts something that could fail, and that runs here unless the
/// scenario says it is bound to a platform; each ID a test names is a scenario. A test that
/// fails fails the run by itself, so together the run is red unless every scenario ran and
/// passed. The check is `spec-report`'s own (`Coverage`), given the list of tests that this
/// very test binary holds, as Swift Testing lists them.
@Suite("Traceability between Specs/ and the tests")
struct TraceabilityTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("Every scenario has a test that is built, asserts and runs here, and every ID a test names is a scenario")
    func everyScenarioIsCovered() throws {
        let package = try SpecsPackage.read(at: Self.packageRoot.path)
        let listing = try Self.testsOfThisBinary()

        #expect(listing.tests.count > 100, "the list of tests holds \(listing.tests.count): the check below would pass on too little")
        for problem in package.coverage(of: listing).problems {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test("The README's example report counts the features and scenarios Specs/ holds")
    func readmeCounts() throws {
        let package = try SpecsPackage.read(at: Self.packageRoot.path)
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let scenarios = package.features.map(\.scenarios.count).reduce(0, +)
        let list = try #require(package.features.first { $0.file.hasSuffix("todo-list.feature.md") })

        #expect(readme.contains("    \(package.features.count) features, \(scenarios) scenarios: \(scenarios) passed, 0 failed,"),
                "the README's report should say \(package.features.count) features, \(scenarios) scenarios")
        #expect(readme.contains("    | \(list.title) | \(list.scenarios.count) | 0 | 0 | 0 | 0 |"))
        #expect(readme.contains("    `Specs/todo-list.feature.md` · \(list.scenarios.count) passed · 0 failed"))
    }

    /// The tests built into the binary running this test, as `swift test list` would say:
    /// it runs itself again, listing its tests and running none.
    private static func testsOfThisBinary() throws -> TestRun {
        let stream = FileManager.default.temporaryDirectory.appendingPathComponent("tests-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: stream) }
        var arguments = ["--testing-library", "swift-testing", "--list-tests", "--experimental-event-stream-output", stream.path]
        // On macOS a helper program runs the tests, told where the test bundle is.
        let own = CommandLine.arguments
        if let flag = own.firstIndex(of: "--test-bundle-path"), flag + 1 < own.count {
            arguments = [own[flag], own[flag + 1]] + arguments
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: own[0])
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "listing the tests of \(own[0]) failed")
        return try TestRun.read(Data(contentsOf: stream), file: stream.path, packageRoot: packageRoot.path)
    }
}
