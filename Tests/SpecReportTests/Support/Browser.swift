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
        let run = try RealBinary(url: browser).run(["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder.file("profile").path)",
                                                    "--virtual-time-budget=5000", "--dump-dom", page.absoluteString + fragment])
        return run.output
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
