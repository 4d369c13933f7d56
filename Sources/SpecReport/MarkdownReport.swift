/// The report as Markdown: readable in a terminal, rendered on GitHub, with the page's order
/// and counts: the totals and the run, the contents, what needs eyes, the features, the
/// slowest, the strength, and the history.
public enum MarkdownReport {
    /// The report of a run, as Markdown; `spec-report` prints it unless told otherwise.
    public static func render(_ report: Report) -> String {
        var text = "# Specs report\n\n\(report.summary)\n"
        if !report.facts.isEmpty {
            text += "\n" + report.facts.map { "\($0.label): \($0.value)" }.joined(separator: " · ") + "\n"
        }
        text += contents(report) + attention(report)
        for section in report.sections {
            text += feature(section, in: report)
        }
        return text + slowest(report) + strength(report) + history(report)
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    private static func counts(_ count: (Report.Status) -> Int) -> [String] {
        Report.counts(count).map { "\($0.count)" }
    }

    private static func contents(_ report: Report) -> String {
        "\n## Contents\n\n| Feature | Passed | Failed | Skipped | Not run here | No test |\n|---|---:|---:|---:|---:|---:|\n"
            + report.sections.map { section in
                "| \(cell(section.feature.title)) | " + counts(section.count).joined(separator: " | ") + " |\n"
            }.joined()
    }

    private static func attention(_ report: Report) -> String {
        let entries = report.needingEyes
        let outside = report.coverage.outsideScenarios
        guard !entries.isEmpty || !outside.isEmpty else { return "" }
        var text = "\n## Needs eyes first\n"
        for entry in entries {
            text += "\n### \(entry.status.mark) \(entry.scenario.id) \(entry.scenario.title)\n\n"
            text += entry.reasons.map { "- \($0)\n" }.joined()
            for check in entry.checks {
                for issue in check.outcome.issues {
                    text += "\n    \(issue.message)\n" + issue.comments.map { "    \($0)\n" }.joined() + "    at \(issue.place)\n"
                }
            }
            if entry.status == .noTest {
                text += "\nThe test to start from (the red step):\n\n```swift\n\(report.snippet(for: entry.scenario))```\n"
            }
        }
        if !outside.isEmpty {
            text += "\n### Outside the scenarios\n\n" + outside.map { "- \($0)\n" }.joined()
        }
        return text
    }

    private static func feature(_ section: Report.Section, in report: Report) -> String {
        let story = section.feature.preamble.components(separatedBy: "\n\n").filter { paragraph in
            paragraph == section.feature.preamble.components(separatedBy: "\n\n").first || paragraph.hasPrefix("Source:")
        }
        var text = "\n## \(section.feature.title)\n\n`\(section.feature.file)` · "
            + zip(counts(section.count), Report.counts(section.count)).map { "\($0) \($1.label)" }.joined(separator: " · ") + "\n"
        if !story.isEmpty { text += "\n" + story.joined(separator: "\n\n") + "\n" }
        text += "\n| Status | ID | Scenario | Tests |\n|---|---|---|---|\n"
        for entry in section.entries {
            let places = entry.checks.map { "`\($0.test.place)`" }.joined(separator: " ")
            let change = report.change(of: entry).map { " (was \($0))" } ?? ""
            text += "| \(entry.status.mark) \(entry.status.rawValue)\(change) | \(entry.scenario.id) | \(cell(entry.scenario.title)) "
                + "| \(places) |\n"
        }
        return text
    }

    private static func slowest(_ report: Report) -> String {
        let entries = report.slowest
        guard !entries.isEmpty else { return "" }
        return "\n## The slowest scenarios\n\n" + entries.enumerated().map { index, entry in
            "\(index + 1). \(entry.scenario.id) \(entry.scenario.title): \(Report.seconds(report.duration(of: entry) ?? 0))\n"
        }.joined()
    }

    private static func strength(_ report: Report) -> String {
        let rows = Report.strengthRows(report)
        guard !rows.isEmpty else { return "" }
        return "\n## How much the green means\n\n| Module | Lines | Line coverage | Mutation score | Mutants planted on |\n"
            + "|---|---:|---:|---:|---|\n"
            + rows.map { "| \($0.module) | \($0.lines) | \($0.coverage) | \($0.mutation) | \($0.date) |\n" }.joined()
    }

    private static func history(_ report: Report) -> String {
        guard !report.history.isEmpty else { return "" }
        let changed = report.entries.compactMap { entry in
            report.change(of: entry).map { "- \(entry.scenario.id): \($0), now \(entry.status.rawValue)\n" }
        }
        let runs = (report.history + [report.historyRecord]).suffix(10).reversed()
        return "\n## Since the last run\n\n" + (changed.isEmpty ? "No scenario changed.\n" : changed.joined())
            + "\n| Run | Commit | " + Report.Status.allCases.map(\.rawValue).joined(separator: " | ") + " |\n|---|---|"
            + String(repeating: "---:|", count: Report.Status.allCases.count) + "\n"
            + runs.map { run in
                let totals = Report.Status.allCases.map { "\(run.totals[$0.rawValue] ?? 0)" }
                return "| \(run.date) | \(run.commit ?? "") | " + totals.joined(separator: " | ") + " |\n"
            }.joined()
    }
}
