import Foundation

/// One run, as `--history FILE` keeps it: one line of JSON a run, oldest first, so that the
/// report can say what changed since the last run and show a trend of the totals.
public struct HistoryRecord: Codable, Equatable, Sendable {
    /// When the run started, as ISO 8601 in UTC.
    public let date: String
    public let commit: String?
    /// How many scenarios had each status, by the status's name (`passed`, `no test`…).
    public let totals: [String: Int]
    /// Each scenario's status, by its ID.
    public let statuses: [String: String]

    public init(date: String, commit: String?, totals: [String: Int], statuses: [String: String]) {
        self.date = date
        self.commit = commit
        self.totals = totals
        self.statuses = statuses
    }

    /// A history file that is not one: which line, and that it is not a run.
    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads a history file: JSON Lines, one record a line; blank lines are passed over. A line
    /// whose statuses are not a scenario's (`passed`, `no test`…), or whose totals are below
    /// zero, is no run spec-report kept.
    public static func read(_ text: String, file: String) throws(Unreadable) -> [HistoryRecord] {
        var records: [HistoryRecord] = []
        let statuses = Set(Coverage.Status.allCases.map(\.rawValue))
        for (index, line) in text.lines.enumerated() where !line.isEmpty {
            guard let record = try? JSONDecoder().decode(HistoryRecord.self, from: Data(line.utf8)),
                  record.statuses.values.allSatisfy(statuses.contains), record.totals.keys.allSatisfy(statuses.contains),
                  record.totals.values.allSatisfy({ $0 >= 0 }) else {
                throw Unreadable(description: "\(file):\(index + 1): not a run of spec-report's history")
            }
            records.append(record)
        }
        return records
    }

    /// Whether both are one run, reported twice: the same start, to the second, on the same commit.
    public func isSameRun(as other: HistoryRecord) -> Bool {
        date == other.date && commit == other.commit
    }

    /// The record as one line of JSON, keys sorted, ending in a line break.
    public var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }
}
