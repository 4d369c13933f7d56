import Foundation
import TestSupport

/// Headless Chromium, where one is installed: a page as a browser leaves it once its script ran,
/// for what no reading of the HTML can show.
enum Browser {
    static let installed: URL? = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap { name in
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { URL(fileURLWithPath: "\($0)/\(name)") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }.first

    struct Missing: Error {}

    /// The page's elements after its script ran, opened from a file at `fragment` (`#SH-1`), as
    /// the browser writes them out again.
    static func dom(of html: String, fragment: String = "") throws -> String {
        guard let browser = installed else { throw Missing() }
        let folder = try TemporaryFolder()
        let page = folder.file("specs.html")
        try Data(html.utf8).write(to: page)
        return try open(browser, ["--user-data-dir=\(folder.file("profile").path)", page.absoluteString + fragment], in: folder)
    }

    struct Stopped: Error, CustomStringConvertible {
        let signal: Int32
        let busyTooLong: Bool
        var description: String {
            busyTooLong ? "the browser was still busy after a minute (a page that reloads itself, or a script that never ends)"
                : "the browser stopped on signal \(signal)"
        }
    }

    /// What the browser printed of the page it opened headless, once its timers have run. A page
    /// that keeps it busy (one that reloads itself forever) is stopped after a minute, an error.
    private static func open(_ browser: URL, _ arguments: [String], in folder: TemporaryFolder) throws -> String {
        let process = Process()
        process.executableURL = browser
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000", "--dump-dom"] + arguments
        let output = folder.file("dom.html")
        try Data().write(to: output)
        let file = try FileHandle(forWritingTo: output)
        defer { try? file.close() }
        process.standardOutput = file
        process.standardError = FileHandle.nullDevice
        let started = Date()
        try process.run()
        let deadline = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: deadline)
        process.waitUntilExit()
        deadline.cancel()
        guard process.terminationReason == .exit else {
            throw Stopped(signal: process.terminationStatus, busyTooLong: Date().timeIntervalSince(started) >= 60)
        }
        return try String(contentsOf: output, encoding: .utf8)
    }

    /// What a reader sees of the page at a moment: the address, the scenarios and features shown,
    /// what is unfolded, and the filters' values.
    struct Look: Decodable {
        /// The address after `specs.html`: `#status=failed`, or "" with no fragment.
        let address: String
        let shown: String
        let scenarios: [String]
        let features: [String]
        /// The rules that still show a scenario, by the feature and the rule's title.
        let rules: [String]
        /// What is unfolded: a scenario by its ID, a feature's list as `shop/scenarios`, the contents as `contents`.
        let open: [String]
        let checked: [String]
        let feature: String
        let tag: String
        let q: String
        let filtersShown: Bool
        /// The scenarios drawn at all (their style's `display` is not `none`), and whether the
        /// contents column and the filters are: what a printer would put on paper, once `asPrinted()` ran.
        let drawn: [String]
        let contentsDrawn: Bool
        let filtersDrawn: Bool
        /// Each segment of the totals' bar is painted, and each of the filters' boxes fits its row.
        let barPainted: Bool
        let filtersFit: Bool
    }

    /// The page opened at `fragment` in a window `width` pixels wide, with `steps` run after its
    /// own script: JavaScript that acts as a reader would (ticks a box, types, prints) and calls
    /// `look("name")` wherever the test wants to see the page; `form` is the filters' form, and
    /// `asPrinted()` applies the page's print style to the screen, as a headless browser cannot print. The page is looked at once more,
    /// as `end`, when its timers have run.
    static func looks(at html: String, fragment: String = "", width: Int = 1280, steps: String = "") throws -> [String: Look] {
        guard let browser = installed else { throw Missing() }
        let observer = """
            <script>
            (() => {
              const form = document.getElementById("filters");
              const visible = (selector) => [...document.querySelectorAll(selector)].filter((element) => !element.hidden);
              const looks = {};
              const look = (name) => {
                looks[name] = {
                  address: location.href.slice(location.href.indexOf("specs.html") + "specs.html".length),
                  shown: document.getElementById("shown").textContent,
                  scenarios: visible("details.scenario").map((scenario) => scenario.id),
                  features: visible("section.feature").map((feature) => feature.id),
                  rules: visible("main .rule").map((rule) => rule.closest("section").id + "/" + (rule.querySelector("h3")?.textContent ?? "")),
                  open: [...document.querySelectorAll("details[open]")].map((details) =>
                    details.classList.contains("scenario") ? details.id
                      : details.classList.contains("contents") ? "contents" : details.closest("section").id + "/scenarios"),
                  checked: [...form.querySelectorAll("input[name=status]:checked")].map((box) => box.value),
                  feature: form.elements.feature.value,
                  tag: form.elements.tag.value,
                  q: form.elements.q.value,
                  filtersShown: !form.hidden,
                  drawn: [...document.querySelectorAll("details.scenario")]
                    .filter((scenario) => getComputedStyle(scenario).display !== "none").map((scenario) => scenario.id),
                  contentsDrawn: getComputedStyle(document.querySelector("nav")).display !== "none",
                  filtersDrawn: getComputedStyle(form).display !== "none",
                  barPainted: [...document.querySelectorAll(".bar span")]
                    .every((span) => getComputedStyle(span).backgroundColor !== "rgba(0, 0, 0, 0)"),
                  filtersFit: [...form.children].filter((child) => child.tagName === "DIV")
                    .every((div) => getComputedStyle(div).maxWidth === "100%"),
                };
              };
              const asPrinted = () => {
                const style = document.createElement("style");
                style.textContent = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
                  .filter((rule) => rule.media?.mediaText === "print")
                  .flatMap((rule) => [...rule.cssRules].map((inner) => inner.cssText)).join("\\n");
                document.head.append(style);
              };
              // A page that reloads itself (a form sent rather than kept) takes no steps again: they would reload it forever.
              if (sessionStorage.getItem("stepped") === null) {
                sessionStorage.setItem("stepped", "yes");
                \(steps)
              }
              setTimeout(() => {
                look("end");
                const out = document.createElement("pre");
                out.id = "looks";
                out.textContent = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(looks))));
                document.body.append(out);
              }, 1000);
            })();
            </script>
            """
        let folder = try TemporaryFolder()
        let page = folder.file("specs.html")
        try Data(html.replacingOccurrences(of: "</body>", with: observer + "</body>").utf8).write(to: page)
        let dom = try open(browser, ["--user-data-dir=\(folder.file("profile").path)", "--window-size=\(width),900", page.absoluteString + fragment],
                           in: folder)
        guard let start = dom.range(of: "<pre id=\"looks\">"), let end = dom[start.upperBound...].range(of: "</pre>"),
              let json = Data(base64Encoded: String(dom[start.upperBound..<end.lowerBound])) else {
            throw Unread(output: dom)
        }
        return try JSONDecoder().decode([String: Look].self, from: json)
    }

    struct Unread: Error, CustomStringConvertible {
        let output: String
        var description: String { "the page was not looked at; the browser wrote out:\n\(output.suffix(3000))" }
    }

    /// The opening tag of the element with `id` in a page the browser wrote out, or of the first
    /// element of `class` after it.
    static func tag(_ dom: String, id: String, thenClass name: String? = nil) -> String? {
        guard let start = dom.range(of: " id=\"\(id)\"") else { return nil }
        var from = start.lowerBound
        if let name {
            guard let next = dom[from...].range(of: "class=\"\(name)\"") else { return nil }
            from = next.lowerBound
        }
        guard let open = dom[..<from].lastIndex(of: "<"), let close = dom[from...].firstIndex(of: ">") else { return nil }
        return String(dom[open...close])
    }
}
