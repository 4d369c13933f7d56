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

    var mark: String {
        switch self {
        case .passed: "✅"
        case .failed: "❌"
        case .skipped: "⏭️"
        case .notRunHere: "⏸️"
        case .noTest: "❔"
        }
    }
}

/// The report as Markdown: readable in a terminal, rendered on GitHub.
public enum MarkdownReport {
    public static func render(_ report: Report) -> String {
        var text = "# Specs report\n\n\(report.summary)\n"
        let attention = report.entries.filter { $0.status != .passed && $0.status != .notRunHere }
        if !attention.isEmpty {
            text += "\n## Needs eyes first\n"
            for entry in attention {
                text += "\n### \(entry.status.mark) \(entry.scenario.id) \(entry.scenario.title)\n\n"
                text += entry.problems.map { "- \($0)\n" }.joined()
                for check in entry.checks {
                    for issue in check.outcome.issues {
                        text += "\n    \(issue.message)\n" + issue.comments.map { "    \($0)\n" }.joined() + "    at \(issue.place)\n"
                    }
                }
                if entry.status == .noTest {
                    text += "\nThe test to start from (the red step):\n\n```swift\n\(report.snippet(for: entry.scenario))```\n"
                }
            }
        }
        for section in report.sections {
            text += "\n## \(section.feature.title)\n\n`\(section.feature.file)`\n\n| Status | ID | Scenario | Tests |\n|---|---|---|---|\n"
            for entry in section.entries {
                let places = entry.checks.map { "`\($0.test.place)`" }.joined(separator: " ")
                text += "| \(entry.status.mark) \(entry.status.rawValue) | \(entry.scenario.id) | \(cell(entry.scenario.title)) | \(places) |\n"
            }
        }
        if !report.lineCoverage.isEmpty {
            text += "\n## Line coverage\n\n| Module | Lines | Covered |\n|---|---:|---:|\n"
            for module in report.lineCoverage {
                text += "| \(module.module) | \(module.lines) | \(String(format: "%.1f", module.percent)) % |\n"
            }
        }
        return text
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}

/// The report as one self-contained HTML page: no scripts, fonts or images from elsewhere.
public enum HTMLReport {
    public static func render(_ report: Report) -> String {
        let total = max(report.entries.count, 1)
        var bar = ""
        for status in Report.Status.allCases where report.count(status) > 0 {
            let width = Double(report.count(status)) * 100 / Double(total)
            bar += "<div class=\"\(css(status))\" style=\"width: \(String(format: "%.3f", width))%\" "
                + "title=\"\(report.count(status)) \(status.rawValue)\"></div>"
        }
        var body = """
            <h1>Specs report</h1>
            <p class="summary">\(escape(report.summary))</p>
            <div class="bar">\(bar)</div>

            """
        for section in report.sections {
            body += "<section><h2>\(escape(section.feature.title))</h2><p class=\"file\">\(escape(section.feature.file))</p>\n"
            var rule: String?
            for entry in section.entries {
                if let next = entry.scenario.rule, next != rule {
                    body += "<h3>\(escape(next))</h3>\n"
                    rule = next
                }
                body += scenario(entry, in: report)
            }
            body += "</section>\n"
        }
        if !report.lineCoverage.isEmpty {
            body += "<section><h2>Line coverage</h2><table><tr><th>Module</th><th>Lines</th><th>Covered</th></tr>"
            for module in report.lineCoverage {
                body += "<tr><td>\(escape(module.module))</td><td>\(module.lines)</td>"
                    + "<td>\(String(format: "%.1f", module.percent)) %</td></tr>"
            }
            body += "</table></section>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Specs report</title>
            <style>
            body { font: 15px/1.45 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
            h2 { margin-top: 2.2rem; border-bottom: 1px solid #ddd; } h3 { color: #555; margin: 1.2rem 0 .4rem; }
            .file { color: #777; font-family: ui-monospace, monospace; font-size: 13px; margin-top: -.6rem; }
            .bar { display: flex; height: 14px; border-radius: 7px; overflow: hidden; background: #eee; }
            .bar > .passed { background: #2e9d4f; } .bar > .failed { background: #d33a2c; }
            .bar > .skipped { background: #c9a227; } .bar > .notest { background: #8a8a8a; }
            details { border-left: 5px solid #ccc; padding: .25rem .6rem; margin: .35rem 0; background: #fafafa; }
            details.passed { border-color: #2e9d4f; } details.failed { border-color: #d33a2c; background: #fff3f2; }
            details.skipped { border-color: #c9a227; } details.notest { border-color: #8a8a8a; }
            summary { cursor: pointer; } .id { font-family: ui-monospace, monospace; font-weight: 600; }
            .status { float: right; font-size: 13px; font-weight: 600; }
            .passed .status { color: #2e7d43; } .failed .status { color: #c0392b; } .skipped .status { color: #9a7b12; }
            .notest .status { color: #666; }
            ol { list-style: none; padding-left: 1rem; margin: .3rem 0; } .keyword { font-weight: 600; color: #345; }
            table { border-collapse: collapse; margin: .3rem 0 .3rem 1rem; } td, th { border: 1px solid #ccc; padding: 2px 8px; }
            .tests { color: #666; font-size: 13px; } code { font-family: ui-monospace, monospace; font-size: 13px; }
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// The page for a build that failed: what the compiler said, and no test.
    public static func render(_ failure: BuildFailure) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Specs report</title>\n</head>\n<body>\n<main>\n"
            + "<h1>Specs report</h1>\n<p>The code does not compile yet, so no test ran. The compiler's first errors:</p>\n"
            + "<pre>\(escape(failure.errors.joined(separator: "\n")))</pre>\n</main>\n</body>\n</html>\n"
    }

    private static func scenario(_ entry: Report.Entry, in report: Report) -> String {
        let open = entry.status == .failed ? " open" : ""
        var html = "<details class=\"\(css(entry.status))\"\(open)><summary><span class=\"id\">\(escape(entry.scenario.id))</span> "
            + "\(inline(entry.scenario.title))<span class=\"status\">\(entry.status.glyph) \(entry.status.rawValue)</span></summary>\n<ol>"
        for step in entry.scenario.steps {
            html += "<li><span class=\"keyword\">\(step.keyword)</span> \(inline(step.text))"
            if !step.table.isEmpty { html += table(step.table) }
            if let doc = step.docString { html += "<pre>\(escape(doc))</pre>" }
            html += "</li>"
        }
        html += "</ol>"
        if !entry.scenario.examples.isEmpty { html += "<p>Examples:</p>" + table(entry.scenario.examples) }
        if !entry.checks.isEmpty {
            html += "<p class=\"tests\">Tests: " + entry.checks.map { escape($0.test.displayName) }.joined(separator: "; ") + "</p>"
        }
        for check in entry.checks {
            for issue in check.outcome.issues {
                html += "<pre class=\"failure\">\(escape(([issue.message] + issue.comments + ["at \(issue.place)"]).joined(separator: "\n")))</pre>"
            }
        }
        if entry.status == .noTest {
            html += "<p class=\"tests\">The test to start from:</p><pre>\(escape(report.snippet(for: entry.scenario)))</pre>"
        }
        return html + "</details>\n"
    }

    private static func table(_ rows: [[String]]) -> String {
        "<table>" + rows.enumerated().map { index, row in
            let cell = index == 0 ? "th" : "td"
            return "<tr>" + row.map { "<\(cell)>\(escape($0))</\(cell)>" }.joined() + "</tr>"
        }.joined() + "</table>"
    }

    private static func css(_ status: Report.Status) -> String {
        status.rawValue.replacingOccurrences(of: " ", with: "")
    }

    /// Escaped text with its `inline code` shown as code, as Markdown shows it.
    static func inline(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.count % 2 == 1 else { return escape(text) }
        return parts.enumerated().map { index, part in index % 2 == 1 ? "<code>\(escape(String(part)))</code>" : escape(String(part)) }
            .joined()
    }

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
}
