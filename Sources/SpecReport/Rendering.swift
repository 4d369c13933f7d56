import Foundation

extension Report.Status {
    /// A plain glyph for the page: any font has it, unlike the emoji marks.
    var glyph: String {
        switch self {
        case .passed: "✓"
        case .failed: "✗"
        case .skipped: "↷"
        case .notRunHere: "–"
        case .noTest: "?"
        }
    }

    /// The mark GitHub shows in the Markdown report.
    var mark: String {
        switch self {
        case .passed: "✅"
        case .failed: "❌"
        case .skipped: "⏭️"
        case .notRunHere: "⏸️"
        case .noTest: "❔"
        }
    }

    /// The status as a word for a class name or a filter in the page's address: `not-run-here`.
    var slug: String { rawValue.replacingOccurrences(of: " ", with: "-") }

    /// Whether a reader must act on it: failed, skipped and untested scenarios come first.
    var needsEyes: Bool { self == .failed || self == .skipped || self == .noTest }
}

extension Report {
    /// The counts a feature is summed up by, in the order every part of the report gives them:
    /// skipped apart from not run here, as one needs eyes and the other is what the platform allows.
    static func counts(_ count: (Status) -> Int) -> [(label: String, count: Int, status: Status)] {
        [.passed, .failed, .skipped, .notRunHere, .noTest].map { ($0.rawValue, count($0), $0) }
    }

    /// `2026-01-01 09:30 UTC`.
    var date: String? {
        run.started.map { date in
            // ISO 8601 is in UTC and the Gregorian calendar whatever the machine's settings.
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
            return formatter.string(from: date).prefix(16) + " UTC"
        }
    }

    /// `5945f53, with changes not committed`.
    var commitText: String? {
        commit.map { $0.hash + ($0.hasChanges ? ", with changes not committed" : "") }
    }

    /// The toolchain and the testing library: `Swift version 6.3.1, Swift Testing 6.3.1`.
    var toolchainText: String? {
        let parts = [compiler, run.toolchain].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The facts of the run, each a label and its value, in the order both reports give them.
    var facts: [(label: String, value: String)] {
        [("Ran", date), ("Commit", commitText), ("Toolchain", toolchainText), ("Platform", run.platform),
         ("Took", run.duration.map(Self.seconds))].compactMap { fact in fact.1.map { (fact.0, $0) } }
    }

    /// `0.125 s`, `12.5 s`, `2 min 5 s`.
    static func seconds(_ value: Double) -> String {
        if value >= 120 { return "\(Int(value) / 60) min \(Int(value) % 60) s" }
        return value >= 10 ? String(format: "%.1f s", value) : String(format: "%.3f s", value)
    }

    /// The name of a test as the reader needs it: without the IDs it starts with, and nothing
    /// where it only repeats the scenario's title.
    static func name(of test: TestRun.Test, in scenario: Scenario) -> String? {
        var name = Substring(test.displayName)
        for id in test.scenarioIDs {
            name = name.drop { $0 == " " || $0 == "," }
            name = name.dropFirst(id.count)
        }
        let rest = name.drop { $0 == " " || $0 == "," }
        if rest == scenario.title { return nil }
        // The title, then what the test adds: not a longer word that starts like the title's last.
        let after = rest.dropFirst(scenario.title.count)
        guard rest.hasPrefix(scenario.title), !(after.first?.isLetter ?? false || after.first?.isNumber ?? false) else { return String(rest) }
        return String(after).trimmingLeadingPunctuation()
    }
}

extension String {
    /// `: with one item` → `with one item`.
    func trimmingLeadingPunctuation() -> String {
        String(drop { $0 == ":" || $0 == " " || $0 == "," || $0 == "(" }.reversed().drop { $0 == ")" }.reversed())
    }
}

/// Text of the specs as the page shows it: escaped, with Markdown's inline code and bold.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Escaped text with its `inline code` as code and its **bold** as strong, as Markdown shows them.
    static func inline(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count % 2 == 1 else { return bold(escape(text)) }
        return parts.enumerated().map { index, part in index % 2 == 1 ? "<code>\(escape(String(part)))</code>" : bold(escape(String(part))) }
            .joined()
    }

    private static func bold(_ text: String) -> String {
        let parts = text.components(separatedBy: "**")
        guard parts.count >= 3, parts.count % 2 == 1 else { return text }
        return parts.enumerated().map { $0 % 2 == 1 ? "<strong>\($1)</strong>" : $1 }.joined()
    }

    /// Markdown prose (a feature's story, a scenario's words) as HTML: paragraphs, lists and
    /// fenced blocks, the only Markdown the specs use outside their steps.
    static func blocks(_ text: String) -> String {
        var html = ""
        var paragraph: [String] = []
        var list: [String] = []
        var fence: [String]?
        func flush() {
            if !paragraph.isEmpty { html += "<p>\(inline(paragraph.joined(separator: " ")))</p>" }
            if !list.isEmpty { html += "<ul>" + list.map { "<li>\(inline($0))</li>" }.joined() + "</ul>" }
            paragraph = []
            list = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.trimmingLeadingSpaces().hasPrefix("```") {
                if let lines = fence {
                    html += "<pre>\(escape(lines.joined(separator: "\n")))</pre>"
                    fence = nil
                } else {
                    flush()
                    fence = []
                }
            } else if fence != nil {
                fence?.append(line)
            } else if line.trimmingLeadingSpaces().isEmpty {
                flush()
            } else if line.hasPrefix("- ") || line.hasPrefix("* ") {
                if !paragraph.isEmpty { flush() }
                list.append(String(line.dropFirst(2)))
            } else if !list.isEmpty && line.hasPrefix("  ") {
                list[list.count - 1] += " " + line.trimmingLeadingSpaces()
            } else {
                if !list.isEmpty { flush() }
                paragraph.append(line.trimmingLeadingSpaces())
            }
        }
        flush()
        return html
    }
}
