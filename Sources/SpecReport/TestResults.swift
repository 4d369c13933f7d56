import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The outcome of one test as a JUnit XML file reports it (`swift test --xunit-output`).
public struct TestOutcome: Equatable, Sendable {
    public enum Status: Equatable, Sendable {
        case passed, failed, skipped
    }

    /// `Module.Type`, as the results name the suite.
    public let suite: String
    /// `name(label:)`, as the results name the test function.
    public let name: String
    public internal(set) var status: Status
    /// What the failures said, as the results give it: the first lines of each expectation that failed.
    public internal(set) var failures: [String] = []
}

/// Reads JUnit XML. A parameterised test is one test case that failed when any of its cases did.
public enum TestResults {
    public struct Unreadable: Error, CustomStringConvertible {
        public let file: String
        public let reason: String
        public var description: String { "\(file): \(reason)" }
    }

    public static func read(_ data: Data, file: String) throws(Unreadable) -> [TestOutcome] {
        let delegate = Collector()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse(), delegate.sawTestSuites else {
            throw Unreadable(file: file, reason: parser.parserError.map { "not JUnit XML (\($0.localizedDescription))" }
                             ?? "not JUnit XML: no <testsuites> or <testsuite> element")
        }
        return delegate.outcomes
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var outcomes: [TestOutcome] = []
        var sawTestSuites = false
        private var open: TestOutcome?

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            switch element {
            case "testsuites", "testsuite":
                sawTestSuites = true
            case "testcase":
                open = TestOutcome(suite: attributes["classname"] ?? "", name: attributes["name"] ?? "", status: .passed)
            case "failure", "error":
                open?.status = .failed
                if let message = attributes["message"], !message.isEmpty { open?.failures.append(message) }
            case "skipped":
                if open?.status == .passed { open?.status = .skipped }
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            guard element == "testcase", let test = open else { return }
            if let index = outcomes.firstIndex(where: { $0.suite == test.suite && $0.name == test.name }) {
                if test.status == .failed {
                    outcomes[index].status = .failed
                    outcomes[index].failures += test.failures
                }
            } else {
                outcomes.append(test)
            }
            open = nil
        }
    }
}
