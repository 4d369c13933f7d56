import Foundation

/// The share of a module's lines the tests ran.
public struct ModuleCoverage: Equatable, Sendable {
    public let module: String
    public let lines: Int
    public let covered: Int

    public init(module: String, lines: Int, covered: Int) {
        self.module = module
        self.lines = lines
        self.covered = covered
    }

    public var percent: Double { lines == 0 ? 0 : Double(covered) * 100 / Double(lines) }

    /// Reads the JSON `llvm-cov export` writes (SwiftPM's `--enable-code-coverage` leaves it at
    /// `swift test --show-codecov-path`), summing the files under `Sources/<Module>/`.
    public static func read(_ data: Data) throws -> [ModuleCoverage] {
        struct Export: Decodable {
            struct Entry: Decodable {
                struct File: Decodable {
                    struct Summary: Decodable {
                        struct Lines: Decodable { let count: Int; let covered: Int }
                        let lines: Lines
                    }
                    let filename: String
                    let summary: Summary
                }
                let files: [File]
            }
            let data: [Entry]
        }
        var totals: [String: (lines: Int, covered: Int)] = [:]
        for file in try JSONDecoder().decode(Export.self, from: data).data.flatMap(\.files) {
            guard let range = file.filename.range(of: "/Sources/") else { continue }
            let module = String(file.filename[range.upperBound...].prefix { $0 != "/" })
            let sum = totals[module] ?? (0, 0)
            totals[module] = (sum.lines + file.summary.lines.count, sum.covered + file.summary.lines.covered)
        }
        return totals.keys.sorted().map { ModuleCoverage(module: $0, lines: totals[$0]!.lines, covered: totals[$0]!.covered) }
    }
}

/// How many of the bugs `Scripts/mutate` planted in a module the tests caught: beside line
/// coverage, it says how much a green run means.
public struct MutationScore: Equatable, Sendable {
    public let module: String
    public let killed: Int
    /// The mutants that count: neither stillborn nor equivalent.
    public let counted: Int
    /// The day of the run the score comes from: `2026-11-25`.
    public let date: String

    public init(module: String, killed: Int, counted: Int, date: String) {
        self.module = module
        self.killed = killed
        self.counted = counted
        self.date = date
    }

    public var percent: Double { counted == 0 ? 100 : Double(killed) * 100 / Double(counted) }

    /// A module's line whose figures no run of `Scripts/mutate` gives: a count that is not a
    /// number of mutants, or more killed and survived than were planted.
    public struct Unreadable: Error {
        public let line: Int
        public let module: String
    }

    /// Reads what `Scripts/mutate` printed, kept in a file: its line for each module,
    /// `UserList: 25 mutants, 21 killed, 4 survived, 0 equivalent, 0 stillborn: 84.0 % killed`,
    /// each with the last date written above it (`started 2026-11-25 …`), else `fileDate`.
    /// The file keeps runs of different days; of a module run more than once, the latest counts,
    /// by the day and time it started, and of two at the same minute the first, as `Scripts/mutate`
    /// writes its newest run first. A line with no date above it is older than every dated one:
    /// the file's date is only a guess.
    public static func read(_ text: String, fileDate: String) throws(Unreadable) -> [MutationScore] {
        // The day of the run a line is under, and its day and time (`2026-11-25 06:30`) to tell
        // two runs of one day apart.
        var date: (day: String, stamp: String)?
        var scores: [String: (score: MutationScore, stamp: String?)] = [:]
        var order: [String] = []
        // A byte order mark an editor put at the start is no part of the first line.
        for (index, line) in String(text.drop { $0 == "\u{FEFF}" }).lines.enumerated() where !line.isEmpty {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, !parts[0].contains(" "), parts[1].contains(" mutants, ") else {
                if let written = line.split(whereSeparator: { !$0.isNumber && $0 != "-" })
                    .first(where: { $0.count == 10 && $0.filter { $0 == "-" }.count == 2 }) {
                    // A day no calendar has dates nothing: the runs under it are undated.
                    let time = line[written.endIndex...].prefix(6)
                    let clock = time.count == 6 && time.first == " " && time.dropFirst().enumerated().allSatisfy { $0 == 2 ? $1 == ":" : $1.isNumber }
                    date = isDay(written) ? (String(written), String(written) + (clock ? String(time) : "")) : nil
                }
                continue
            }
            let module = String(parts[0])
            /// The count said before `word`; nil when the line does not say one, and the line
            /// unreadable when what it says is not a number of mutants: never below zero, nor
            /// past what a run plants.
            func count(_ word: String) throws(Unreadable) -> Int? {
                let said = parts[1].split(separator: ",").map { $0.split(separator: " ") }.first { $0.count >= 2 && $0[1].hasPrefix(word) }
                guard let said else { return nil }
                guard let number = UInt32(said[0]) else { throw Unreadable(line: index + 1, module: module) }
                return Int(number)
            }
            let (equivalent, stillborn) = (try count("equivalent"), try count("stillborn"))
            guard let planted = try count("mutants"), let killed = try count("killed"), let survived = try count("survived") else {
                throw Unreadable(line: index + 1, module: module)
            }
            // Every mutant planted is killed, survives, is equivalent or is stillborn; older lines
            // leave out the last two.
            let accounted = killed + survived + (equivalent ?? 0) + (stillborn ?? 0)
            guard equivalent != nil && stillborn != nil ? accounted == planted : accounted <= planted else {
                throw Unreadable(line: index + 1, module: module)
            }
            if scores[module] == nil { order.append(module) }
            // Newer: the first line of the module, or a dated one later than what came before it.
            let isNewer = scores[module].map { kept in
                guard let date else { return false }
                return kept.stamp.map { $0 < date.stamp } ?? true
            } ?? true
            guard isNewer else { continue }
            scores[module] = (MutationScore(module: module, killed: killed, counted: killed + survived, date: date?.day ?? fileDate), date?.stamp)
        }
        return order.compactMap { scores[$0]?.score }
    }

    /// Whether `text`, `2026-11-25`, is a day of the calendar.
    private static func isDay(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]) else { return false }
        let leap = parts[0] % 4 == 0 && (parts[0] % 100 != 0 || parts[0] % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][parts[1] - 1]
        return (1...days).contains(parts[2])
    }
}
