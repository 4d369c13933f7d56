import Foundation

/// The report as one self-contained page a team reads: what needs eyes first, a contents column,
/// every feature with its story, every scenario with its steps, tests and failures, filters kept
/// in the address, and the run it shows. It is well-formed XML too, so that its structure can
/// be checked as axe-core would check it; with scripts off it still reads whole.
public enum HTMLReport {
    /// The page of a run: one file with its style and script inside, to open from the disk.
    public static func render(_ report: Report) -> String {
        page(header: header(report), nav: contents(report), main: main(report))
    }

    /// The page for a build that failed: what the compiler said, and no test.
    public static func render(_ failure: BuildFailure) -> String {
        page(header: "<h1>Specs report</h1>\n<p class=\"summary\">The code does not compile yet, so no test ran.</p>\n",
             nav: nil, main: "<h2>The compiler's first errors</h2>\n<pre>\(escape(failure.errors.joined(separator: "\n")))</pre>\n")
    }

    private static func escape(_ text: String) -> String { HTMLText.escape(text) }
    private static func inline(_ text: String) -> String { HTMLText.inline(text) }

    private static func page(header: String, nav: String?, main: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Specs report</title>
        <style>/*<![CDATA[*/
        \(HTMLAssets.style)
        /*]]>*/</style>
        </head>
        <body>
        <a class="skip" href="#main">Skip to the scenarios</a>
        <header>
        \(header)</header>
        \(nav.map { "<nav aria-label=\"Features\">\n\($0)</nav>\n" } ?? "")<main id="main">
        \(main)</main>
        <script>//<![CDATA[
        \(HTMLAssets.script)
        //]]></script>
        </body>
        </html>

        """
    }

    private static func header(_ report: Report) -> String {
        let total = max(report.entries.count, 1)
        let bar = Report.Status.allCases.filter { report.count($0) > 0 }.map { status in
            let width = String(format: "%.3f", Double(report.count(status)) * 100 / Double(total))
            return "<span class=\"status-\(status.slug)\" style=\"width: \(width)%\"></span>"
        }.joined()
        let facts = report.facts.map { "<div><dt>\(escape($0.label))</dt><dd>\(escape($0.value))</dd></div>" }.joined()
        return "<h1>Specs report</h1>\n<p class=\"summary\">\(escape(report.summary))</p>\n"
            + "<div class=\"bar\" role=\"img\" aria-label=\"\(escape(report.summary))\">\(bar)</div>\n"
            + (facts.isEmpty ? "" : "<dl class=\"run\">\(facts)</dl>\n")
    }

    /// The feature's file name, up to its first dot, escaped: a file may be named anything.
    private static func anchor(_ feature: Feature) -> String {
        escape(String((feature.file as NSString).lastPathComponent.prefix { $0 != "." }))
    }

    private static func counts(_ count: (Report.Status) -> Int) -> String {
        Report.counts(count).map { item in
            "<span class=\"\(item.count > 0 && item.status.needsEyes ? "count-\(item.status.slug)" : "")\">\(item.count) \(item.label)</span>"
        }.joined(separator: " · ")
    }

    private static func contents(_ report: Report) -> String {
        let items = report.sections.map { section in
            "<li><a href=\"#\(anchor(section.feature))\">\(inline(section.feature.title))</a>"
                + "<span class=\"counts\">\(counts(section.count))</span></li>"
        }.joined(separator: "\n")
        return "<details class=\"contents\"><summary>Contents: \(report.sections.count) feature\(report.sections.count == 1 ? "" : "s")</summary>\n<ol>\n\(items)\n</ol>\n</details>\n"
    }

    private static func main(_ report: Report) -> String {
        var html = filters(report) + attention(report)
        for section in report.sections {
            html += feature(section, in: report)
        }
        html += slowest(report) + strength(report) + history(report)
        return html
    }

    private static func filters(_ report: Report) -> String {
        let statuses = Report.Status.allCases.map { status in
            "<label class=\"choice\"><input type=\"checkbox\" name=\"status\" value=\"\(status.slug)\" /> \(status.rawValue)</label>"
        }.joined()
        // An option holds text only: its inline code loses its backticks rather than show them.
        let features = report.sections.map { section in
            "<option value=\"\(anchor(section.feature))\">\(escape(section.feature.title.replacingOccurrences(of: "`", with: "")))</option>"
        }.joined()
        let tags = Set(report.entries.flatMap { $0.scenario.tags.filter { !GherkinParser.isScenarioID($0) } }).sorted()
            .map { "<option value=\"\(escape($0))\">@\(escape($0))</option>" }.joined()
        return """
            <form id="filters" class="filters" role="search" aria-label="Filter the scenarios" hidden="">
            <fieldset><legend>Status</legend>\(statuses)</fieldset>
            <div><label for="feature">Feature</label><br />
            <select id="feature" name="feature"><option value="">Every feature</option>\(features)</select></div>
            <div><label for="tag">Tag</label><br /><select id="tag" name="tag"><option value="">Any tag</option>\(tags)</select></div>
            <div><label for="q">Words of a title or a step</label><br /><input type="search" id="q" name="q" /></div>
            <div><button type="reset">Show all</button></div>
            </form>
            <p id="shown" class="shown" aria-live="polite"></p>

            """
    }

    private static func attention(_ report: Report) -> String {
        let entries = report.needingEyes
        guard !entries.isEmpty || !report.coverage.outsideScenarios.isEmpty else { return "" }
        let items = (entries.map { entry in
            "<li><span class=\"status status-\(entry.status.slug)\">\(entry.status.glyph) \(entry.status.rawValue)</span> "
                + "<a href=\"#\(entry.scenario.id)\"><span class=\"id\">\(entry.scenario.id)</span> \(inline(entry.scenario.title))</a>"
                + entry.reasons.map { "<br />" + escape($0) }.joined() + "</li>"
        } + report.coverage.outsideScenarios.map { "<li>\(escape($0))</li>" }).joined(separator: "\n")
        return "<section class=\"attention\" aria-labelledby=\"attention-title\">\n<h2 id=\"attention-title\">Needs eyes first</h2>\n"
            + "<ul>\n\(items)\n</ul>\n</section>\n"
    }

    /// A feature's story: its first paragraph and where it comes from, shown; the rest folded.
    private static func story(_ feature: Feature) -> String {
        let paragraphs = feature.preamble.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        guard let first = paragraphs.first else { return "" }
        let source = paragraphs.dropFirst().filter { $0.hasPrefix("Source:") }
        let rest = paragraphs.dropFirst().filter { !$0.hasPrefix("Source:") }
        return "<div class=\"story\">" + HTMLText.blocks(first)
            + source.map { "<div class=\"source\">\(HTMLText.blocks($0))</div>" }.joined()
            + (rest.isEmpty ? "" : "<details class=\"more\"><summary>What the scenarios rest on</summary>"
                + HTMLText.blocks(rest.joined(separator: "\n\n")) + "</details>")
            + "</div>\n"
    }

    private static func feature(_ section: Report.Section, in report: Report) -> String {
        let id = anchor(section.feature)
        let allPassed = section.entries.allSatisfy { $0.status == .passed || $0.status == .notRunHere }
        var html = "<section class=\"feature\" id=\"\(id)\" aria-labelledby=\"\(id)-title\">\n"
            + "<h2 id=\"\(id)-title\">\(inline(section.feature.title))</h2>\n"
            + "<p class=\"file\">\(escape(section.feature.file)) · \(counts(section.count))</p>\n" + story(section.feature)
            + "<details class=\"scenarios\"\(allPassed ? "" : " open=\"\"")><summary>\(section.entries.count) scenarios</summary>\n"
        var rule: String?? = .none
        for entry in section.entries {
            if rule != .some(entry.scenario.rule) {
                if rule != nil { html += "</div>\n" }
                rule = .some(entry.scenario.rule)
                html += "<div class=\"rule\">" + (entry.scenario.rule.map { "<h3>\(inline($0))</h3>" } ?? "") + "\n"
            }
            html += scenario(entry, in: report)
        }
        if rule != nil { html += "</div>\n" }
        return html + "</details>\n</section>\n"
    }

    private static func scenario(_ entry: Report.Entry, in report: Report) -> String {
        let scenario = entry.scenario
        let words = ([scenario.id, scenario.title] + scenario.steps.map { $0.keyword + " " + $0.text }).joined(separator: " ")
            .lowercased().replacingOccurrences(of: "`", with: "")
        let tags = scenario.tags.filter { !GherkinParser.isScenarioID($0) }
        var html = "<details class=\"scenario status-\(entry.status.slug)\" id=\"\(scenario.id)\" data-status=\"\(entry.status.slug)\" "
            + "data-feature=\"\(anchor(entry.feature))\" data-tags=\"\(escape(tags.joined(separator: " ")))\" data-text=\"\(escape(words))\""
            + (entry.status == .failed ? " open=\"\"" : "") + ">"
            + "<summary><span class=\"id\">\(scenario.id)</span> \(inline(scenario.title)) "
            + "<span class=\"status\">\(entry.status.glyph) \(entry.status.rawValue)</span>"
            + (report.duration(of: entry).map { " <span class=\"took\">\(Report.seconds($0))</span>" } ?? "")
            + (report.change(of: entry).map { " <span class=\"changed\">changed: was \(escape($0))</span>" } ?? "")
            + "</summary>\n"
        if !tags.isEmpty { html += "<p class=\"place\">" + tags.map { "@" + escape($0) }.joined(separator: " ") + "</p>" }
        if !scenario.description.isEmpty { html += HTMLText.blocks(scenario.description) }
        html += "<ol class=\"steps\">" + scenario.steps.map(step).joined() + "</ol>"
        if !scenario.examples.isEmpty { html += "<p>Examples:</p>" + table(scenario.examples) }
        if !entry.checks.isEmpty { html += "<ul class=\"tests\">" + entry.checks.map { test($0, of: scenario) }.joined() + "</ul>" }
        if !entry.reasons.isEmpty {
            html += "<ul class=\"problems\">" + entry.reasons.map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
        }
        if entry.status == .noTest {
            html += "<p>The test to start from (the red step):</p><pre>\(escape(report.snippet(for: scenario)))</pre>"
        }
        return html + "</details>\n"
    }

    private static func step(_ step: Step) -> String {
        "<li><span class=\"keyword\">\(step.keyword)</span> \(inline(step.text))"
            + (step.table.isEmpty ? "" : table(step.table)) + (step.docString.map { "<pre>\(escape($0))</pre>" } ?? "") + "</li>"
    }

    private static func test(_ check: Coverage.Check, of scenario: Scenario) -> String {
        let outcome = check.outcome
        var html = "<li><code>\(escape(check.test.place))</code>"
            + (Report.name(of: check.test, in: scenario).map { " " + inline($0) } ?? "")
            + " <span class=\"status status-\(outcome.status == .passed ? "passed" : outcome.status == .failed ? "failed" : "skipped")\">"
            + "\(outcome.status.rawValue)</span>"
            + (outcome.duration.map { " <span class=\"took\">\(Report.seconds($0))</span>" } ?? "")
        if !check.conditions.isEmpty { html += "<br />Runs only under <code>\(escape(check.conditions.joined(separator: " and ")))</code>" }
        if let reason = outcome.skipReason { html += "<br />Skipped: \(escape(reason))" }
        for issue in outcome.issues {
            html += "<pre class=\"failure\">\(escape(([issue.message] + issue.comments + ["at \(issue.place)"]).joined(separator: "\n")))</pre>"
        }
        return html + "</li>"
    }

    private static func table(_ rows: [[String]]) -> String {
        "<table>" + rows.enumerated().map { index, row in
            let cell = index == 0 ? "th" : "td"
            return "<tr>" + row.map { "<\(cell)>\(inline($0))</\(cell)>" }.joined() + "</tr>"
        }.joined() + "</table>"
    }

    private static func slowest(_ report: Report) -> String {
        let entries = report.slowest
        guard !entries.isEmpty else { return "" }
        let items = entries.map { entry in
            "<li><a href=\"#\(entry.scenario.id)\"><span class=\"id\">\(entry.scenario.id)</span> \(inline(entry.scenario.title))</a> "
                + "<span class=\"took\">\(Report.seconds(report.duration(of: entry) ?? 0))</span></li>"
        }.joined(separator: "\n")
        return "<section aria-labelledby=\"slowest-title\">\n<h2 id=\"slowest-title\">The slowest scenarios</h2>\n"
            + "<ol>\n\(items)\n</ol>\n</section>\n"
    }

    private static func strength(_ report: Report) -> String {
        let rows = Report.strengthRows(report)
        guard !rows.isEmpty else { return "" }
        let body = rows.map { row in
            "<tr><th scope=\"row\">\(escape(row.module))</th><td class=\"number\">\(row.lines)</td>"
                + "<td class=\"number\">\(row.coverage)</td><td class=\"number\">\(row.mutation)</td><td>\(row.date)</td></tr>"
        }.joined(separator: "\n")
        return "<section aria-labelledby=\"strength-title\">\n<h2 id=\"strength-title\">How much the green means</h2>\n"
            + "<p>Line coverage says which lines the tests ran; the mutation score, how many of the bugs <code>Scripts/mutate</code> "
            + "planted they caught.</p>\n<table>\n<tr><th scope=\"col\">Module</th><th scope=\"col\">Lines</th>"
            + "<th scope=\"col\">Line coverage</th><th scope=\"col\">Mutation score</th><th scope=\"col\">Mutants planted on</th></tr>\n"
            + body + "\n</table>\n</section>\n"
    }

    private static func history(_ report: Report) -> String {
        guard !report.history.isEmpty else { return "" }
        let runs = Array((report.history + [report.historyRecord]).suffix(20))
        let passed = runs.map { $0.totals[Report.Status.passed.rawValue] ?? 0 }
        let totals = runs.map { $0.totals.values.reduce(0, +) }
        let high = max(totals.max() ?? 1, 1)
        let bars = zip(passed, totals).enumerated().map { index, run in
            let height = Double(run.0) * 40 / Double(high)
            return "<rect x=\"\(index * 12)\" y=\"\(String(format: "%.1f", 40 - height))\" width=\"9\" "
                + "height=\"\(String(format: "%.1f", height))\" />"
        }.joined()
        let label = "Scenarios passed in the last \(runs.count) runs, oldest first: "
            + zip(passed, totals).map { "\($0) of \($1)" }.joined(separator: ", ")
        let changed = report.entries.compactMap { entry in
            report.change(of: entry).map { before in
                "<li><a href=\"#\(entry.scenario.id)\">\(entry.scenario.id)</a>: \(escape(before)), now \(entry.status.rawValue)</li>"
            }
        }
        let rows = runs.reversed().prefix(10).map { run in
            "<tr><td>\(escape(run.date))</td><td>\(escape(run.commit ?? ""))</td>"
                + Report.Status.allCases.map { "<td class=\"number\">\(run.totals[$0.rawValue] ?? 0)</td>" }.joined() + "</tr>"
        }.joined(separator: "\n")
        return "<section aria-labelledby=\"history-title\">\n<h2 id=\"history-title\">Since the last run</h2>\n"
            + (changed.isEmpty ? "<p>No scenario changed.</p>\n" : "<ul>\n" + changed.joined(separator: "\n") + "\n</ul>\n")
            + "<svg class=\"trend\" role=\"img\" aria-label=\"\(escape(label))\" width=\"\(runs.count * 12)\" height=\"40\" "
            + "viewBox=\"0 0 \(runs.count * 12) 40\">\(bars)</svg>\n"
            + "<table>\n<tr><th scope=\"col\">Run</th><th scope=\"col\">Commit</th>"
            + Report.Status.allCases.map { "<th scope=\"col\">\($0.rawValue)</th>" }.joined() + "</tr>\n\(rows)\n</table>\n</section>\n"
    }
}

extension Report {
    /// Each module with its line coverage and mutation score, as both reports show them.
    static func strengthRows(_ report: Report) -> [(module: String, lines: String, coverage: String, mutation: String, date: String)] {
        let modules = (report.lineCoverage.map(\.module) + report.mutation.map(\.module)).reduce(into: [String]()) { list, module in
            if !list.contains(module) { list.append(module) }
        }
        return modules.sorted().map { module in
            let lines = report.lineCoverage.first { $0.module == module }
            let mutation = report.mutation.first { $0.module == module }
            return (module, lines.map { "\($0.lines)" } ?? "", lines.map { String(format: "%.1f %%", $0.percent) } ?? "",
                    // With every mutant stillborn or equivalent, no score: 100 % would read as a target met.
                    mutation.map { ($0.counted == 0 ? "none judged" : String(format: "%.1f %%", $0.percent)) + " (\($0.killed) of \($0.counted))" } ?? "",
                    mutation?.date ?? "")
        }
    }
}
