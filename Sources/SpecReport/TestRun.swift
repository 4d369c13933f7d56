import Foundation

/// What Swift Testing said of a run, or of a listing, read from its event stream: the JSON Lines
/// file `swift test --experimental-event-stream-output FILE` writes (`swift test list` writes
/// the same records of the tests, and no events).
///
/// The tests in it are the ones the compiler built: a test in a file of no target, in a folder
/// the package excludes, under an `#if` that is false here, or written inside a string, is not
/// in it. That is why coverage is read from here and not from the test sources.
public struct TestRun: Sendable {
    /// A test function or a suite, as the compiler built it.
    public struct Test: Equatable, Sendable {
        /// `Module.Type/name()/File.swift:12:6` for a function, `Module.Type` for a suite.
        public let id: String
        /// `name(label:)`, or the suite's type name.
        public let name: String
        /// The name the test was given (`"TL-5 Checking …"`), else its function's name.
        public let displayName: String
        public let isSuite: Bool
        /// Where it is declared, relative to the package: `Tests/TodoListTests/ListTests.swift`.
        public let file: String
        public let line: Int

        public init(id: String, name: String, displayName: String, isSuite: Bool, file: String, line: Int) {
            self.id = id
            self.name = name
            self.displayName = displayName
            self.isSuite = isSuite
            self.file = file
            self.line = line
        }

        /// The scenario IDs its name starts with: `TL-5 …`, or `TL-5 TL-6 …` and `TL-5, TL-6 …`
        /// for a test of two scenarios.
        public var scenarioIDs: [String] {
            guard !isSuite else { return [] }
            var ids: [String] = []
            for word in displayName.split(whereSeparator: { $0 == " " || $0 == "," }) {
                guard GherkinParser.isScenarioID(String(word)) else { break }
                ids.append(String(word))
            }
            return ids
        }

        /// `Module.Type`: the suite the function is in.
        public var suite: String { String(id.prefix { $0 != "/" }) }

        /// `Tests/TodoListTests/ListTests.swift:42`.
        public var place: String { "\(file):\(line)" }
    }

    /// Something a test recorded: a failed expectation, with the values Swift Testing shows.
    public struct Issue: Equatable, Sendable {
        /// `Expectation failed: (count → 2) == 3`.
        public let message: String
        /// The comments given with it (`#expect(x, "the count")`).
        public let comments: [String]
        public let place: String
        /// Recorded inside `withKnownIssue`: Swift Testing does not fail the test for it.
        public let isKnown: Bool

        public init(message: String, comments: [String] = [], place: String, isKnown: Bool = false) {
            self.message = message
            self.comments = comments
            self.place = place
            self.isKnown = isKnown
        }
    }

    /// How one test went in the run.
    public enum Status: String, Sendable {
        case passed, failed, skipped
        /// Built but given no event: left out by a filter, or the run stopped before it.
        case notRun = "not run"
    }

    /// How one test went, what it recorded, and how long it took.
    public struct Outcome: Equatable, Sendable {
        public var status: Status
        public var issues: [Issue] = []
        /// Why it was skipped, as its trait said (`.disabled("flaky")`).
        public var skipReason: String?
        /// Seconds from its start to its end.
        public var duration: Double?

        public init(status: Status, issues: [Issue] = [], skipReason: String? = nil, duration: Double? = nil) {
            self.status = status
            self.issues = issues
            self.skipReason = skipReason
            self.duration = duration
        }
    }

    /// The functions and suites, in the order the stream gave them.
    public let tests: [Test]
    /// By `Test.id`; empty for a listing.
    public let outcomes: [String: Outcome]
    /// When the run started; nil for a listing.
    public let started: Date?
    /// Seconds from the run's start to its end.
    public let duration: Double?
    /// `Swift Testing 6.3.1`, as the run said.
    public let toolchain: String?
    /// `x86_64-unknown-linux-gnu`, as the run said.
    public let platform: String?
    /// Failures recorded on a suite, or on no test at all: no scenario's, and still a red run.
    public let issuesOutsideTests: [Issue]

    public init(tests: [Test], outcomes: [String: Outcome] = [:], started: Date? = nil, duration: Double? = nil,
                toolchain: String? = nil, platform: String? = nil, issuesOutsideTests: [Issue] = []) {
        self.tests = tests
        self.outcomes = outcomes
        self.started = started
        self.duration = duration
        self.toolchain = toolchain
        self.platform = platform
        self.issuesOutsideTests = issuesOutsideTests
    }

    /// A listing says which tests were built; a run, also how each went.
    public var isListing: Bool { started == nil }

    /// How a test went: a test of a listing, or one the run never reached, did not run.
    public func outcome(of test: Test) -> Outcome {
        outcomes[test.id] ?? Outcome(status: .notRun)
    }

    /// The explicit suites a test is inside, outermost first.
    public func suites(of test: Test) -> [Test] {
        tests.filter { $0.isSuite && (test.id.hasPrefix($0.id + "/") || test.id.hasPrefix($0.id + ".")) }
            .sorted { $0.id.count < $1.id.count }
    }

    /// A file that is not Swift Testing's event stream: which, and why.
    public struct Unreadable: Error, CustomStringConvertible {
        public let file: String
        public let reason: String
        public var description: String { "\(file): \(reason)" }
    }

    /// Reads an event stream; `packageRoot` is taken off the start of the paths in it, so that a
    /// test's place reads `Tests/…` wherever the package was.
    public static func read(_ data: Data, file: String, packageRoot: String) throws(Unreadable) -> TestRun {
        var reader = Reader(root: packageRoot.hasSuffix("/") ? packageRoot : packageRoot + "/")
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
            where line.contains(where: { !" \t\r".utf8.contains($0) }) {
            do {
                // A kind of record a later Swift Testing adds is passed over; one of a known kind must read.
                guard Record.kinds.contains(try JSONDecoder().decode(Kind.self, from: line).kind) else { continue }
                try reader.read(JSONDecoder().decode(Record.self, from: line))
            } catch {
                throw Unreadable(file: file, reason: "line \(index + 1) is not an event of Swift Testing's event stream")
            }
        }
        guard !reader.tests.isEmpty || reader.started != nil else {
            throw Unreadable(file: file, reason: "no tests in it: not an event stream, or a run of nothing")
        }
        reader.failUnfinished()
        return TestRun(tests: reader.tests, outcomes: reader.outcomes, started: reader.started.map { Date(timeIntervalSince1970: $0.since1970) },
                       duration: reader.ended.flatMap { end in reader.started.map { end.absolute - $0.absolute } },
                       toolchain: reader.toolchain, platform: reader.platform, issuesOutsideTests: reader.issuesOutsideTests)
    }

    private struct Kind: Decodable {
        let kind: String
    }

    private struct Record: Decodable {
        static let kinds: Set = ["test", "event"]

        struct Location: Decodable {
            let filePath: String?
            let _filePath: String?
            let fileID: String
            let line: Int
            var path: String { filePath ?? _filePath ?? fileID }
        }
        struct Message: Decodable {
            let symbol: String
            let text: String
        }
        struct Instant: Decodable {
            let absolute: Double
            let since1970: Double
        }
        struct IssueRecord: Decodable {
            let isFailure: Bool?
            let isKnown: Bool
            let sourceLocation: Location?
        }
        struct Payload: Decodable {
            let kind: String
            let id: String?
            let name: String?
            let displayName: String?
            let sourceLocation: Location?
            let testID: String?
            let instant: Instant?
            let messages: [Message]?
            let issue: IssueRecord?
        }
        let kind: String
        let payload: Payload
    }

    private struct IncompleteRecord: Error {}

    private struct Reader {
        let root: String
        var tests: [Test] = []
        var outcomes: [String: Outcome] = [:]
        var startedAt: [String: Double] = [:]
        /// The tests started and not ended yet: at the end of the stream, those the run never finished.
        var running: Set<String> = []
        var issuesOutsideTests: [Issue] = []
        var started: Record.Instant?
        var ended: Record.Instant?
        var toolchain: String?
        var platform: String?

        func relative(_ path: String) -> String {
            path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
        }

        mutating func read(_ record: Record) throws {
            let payload = record.payload
            if record.kind == "test" {
                guard let id = payload.id, let name = payload.name, let location = payload.sourceLocation else { throw IncompleteRecord() }
                tests.append(Test(id: id, name: name, displayName: payload.displayName ?? name, isSuite: payload.kind == "suite",
                                  file: relative(location.path), line: location.line))
                return
            }
            let messages = payload.messages ?? []
            switch payload.kind {
            case "runStarted":
                started = payload.instant
                func value(_ label: String) -> String? {
                    messages.first { $0.text.hasPrefix(label) }.map { String($0.text.dropFirst(label.count)) }
                }
                toolchain = value("Testing Library Version: ").map { "Swift Testing " + $0.prefix { $0 != " " } }
                platform = value("Target Platform: ")
            case "runEnded":
                ended = payload.instant
            case "testStarted":
                guard let id = payload.testID else { return }
                startedAt[id] = payload.instant?.absolute
                running.insert(id)
                outcomes[id] = outcomes[id] ?? Outcome(status: .passed)
            case "testSkipped", "testCancelled":
                guard let id = payload.testID else { return }
                outcomes[id] = Outcome(status: .skipped, skipReason: messages.first.flatMap { Self.reason(in: $0.text) })
            case "issueRecorded":
                guard let issue = payload.issue, issue.isFailure != false else { return }
                let text = messages.filter { $0.symbol != "details" }.map(\.text).first ?? "Issue recorded"
                let place = issue.sourceLocation.map { "\(relative($0.path)):\($0.line)" } ?? ""
                let recorded = Issue(message: text, comments: messages.filter { $0.symbol == "details" }.map(\.text), place: place, isKnown: issue.isKnown)
                guard let id = payload.testID, tests.first(where: { $0.id == id })?.isSuite != true else {
                    if !issue.isKnown { issuesOutsideTests.append(recorded) }
                    return
                }
                var outcome = outcomes[id] ?? Outcome(status: .passed)
                outcome.issues.append(recorded)
                if !issue.isKnown { outcome.status = .failed }
                outcomes[id] = outcome
            case "testEnded":
                guard let id = payload.testID else { return }
                running.remove(id)
                guard let end = payload.instant?.absolute, let start = startedAt[id] else { return }
                outcomes[id]?.duration = end - start
            default:
                return
            }
        }

        /// A test that started and never ended did not pass, whatever it said before it stopped.
        mutating func failUnfinished() {
            for id in running {
                let place = tests.first { $0.id == id }?.place ?? ""
                outcomes[id]?.status = .failed
                outcomes[id]?.issues.append(Issue(message: "it started and never ended: the tests stopped while it ran, as when a test crashes",
                                                  place: place))
            }
        }

        /// `Test "x" skipped: "why"`: why; nil when no reason was given.
        static func reason(in text: String) -> String? {
            guard let range = text.range(of: " skipped: \"", options: .backwards), text.hasSuffix("\"") else { return nil }
            return String(text[range.upperBound...].dropLast())
        }
    }
}
