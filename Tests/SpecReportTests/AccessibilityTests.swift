import Foundation
import SpecReport
import Testing

/// The colours a page's style gives its custom properties, in light or in dark, and the
/// contrast of two of them as WCAG 2 reckons it.
enum Contrast {
    static func palette(of style: String, dark: Bool) -> [String: String] {
        let marker = dark ? "@media (prefers-color-scheme: dark) { :root {" : ":root {"
        guard let start = style.range(of: marker) else { return [:] }
        return colours(in: String(style[start.upperBound...].prefix { $0 != "}" }))
    }

    /// `--text: #1f2328;` → ["text": "#1f2328"].
    static func colours(in text: String) -> [String: String] {
        var found: [String: String] = [:]
        for declaration in text.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0].hasPrefix("--"), parts[1].hasPrefix("#") { found[String(parts[0].dropFirst(2))] = parts[1] }
        }
        return found
    }

    static func ratio(_ first: String, _ second: String) -> Double {
        func luminance(_ hex: String) -> Double {
            let value = Int(hex.dropFirst(), radix: 16) ?? 0
            let bytes: [Int] = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF]
            let channels: [Double] = bytes.map { byte in
                let share = Double(byte) / 255
                return share <= 0.03928 ? share / 12.92 : pow((share + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        }
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

/// The rules of axe-core that a page made of text and native controls can break, written as
/// tests of the page: contrast, landmarks, labels, headings, IDs, and the keyboard.
@Suite("The page passes an accessibility check")
struct AccessibilityTests {
    private func page() throws -> Element {
        var report = try Fixture.shop().report()
        report.lineCoverage = [ModuleCoverage(module: "Shop", lines: 20, covered: 18)]
        report.history = [report.historyRecord]
        return try Element.page(HTMLReport.render(report))
    }

    /// Each colour of text, and each background it is shown on.
    static let pairs: [(text: String, backgrounds: [String])] = [
        ("text", ["background", "surface", "failed-surface", "code"]),
        ("muted", ["background", "surface", "failed-surface"]),
        ("link", ["background", "surface", "failed-surface"]),
    ] + Report.Status.allCases.map { status in
        (status.rawValue.replacingOccurrences(of: " ", with: "-"), ["background", "surface", "failed-surface"])
    }

    @Test("SR-23 Text has a contrast of at least 4.5 to 1 with what is behind it, in light and in dark", arguments: [false, true])
    func contrast(dark: Bool) throws {
        let style = try page().all("style").map(\.text).joined()
        let palette = Contrast.palette(of: style, dark: dark)

        #expect(palette.count == Contrast.palette(of: style, dark: !dark).count)
        for (text, backgrounds) in Self.pairs {
            for background in backgrounds {
                let ratio = Contrast.ratio(try #require(palette[text]), try #require(palette[background]))
                #expect(ratio >= 4.5, "\(text) on \(background): \(String(format: "%.2f", ratio)) to 1")
            }
        }
    }

    @Test("SR-23 All of it is in landmarks, every control has a label, headings go down one level at a time, no ID is used twice")
    func structure() throws {
        let page = try page()
        let body = try #require(page.all("body").first)

        #expect(page["lang"] == "en")
        #expect(page.all("title").first?.text.isEmpty == false)
        #expect(body.children.map(\.name) == ["a", "header", "nav", "main", "script"])
        #expect(body.children.first?.classes == ["skip"] && body.children.first?["href"] == "#main")
        #expect(page.all("main").count == 1 && page.all("nav").allSatisfy { $0["aria-label"] != nil })
        for region in page.all("section") {
            let heading = try #require(page.element(id: region["aria-labelledby"] ?? ""), "a section is named by its heading")
            #expect(heading.name.hasPrefix("h"))
        }
        let labels = Set(page.all("label").compactMap { $0["for"] })
        for control in page.descendants where ["input", "select", "textarea"].contains(control.name) {
            let labelled = labels.contains(control["id"] ?? "") || control.parent?.name == "label" || control["aria-label"] != nil
            #expect(labelled, "\(control.name) \(control["name"] ?? "") has a label")
        }
        let levels = page.descendants.compactMap { $0.name.count == 2 && $0.name.hasPrefix("h") ? Int($0.name.dropFirst()) : nil }
        #expect(levels.first == 1 && levels.filter { $0 == 1 }.count == 1)
        #expect(zip(levels, levels.dropFirst()).allSatisfy { $1 <= $0 + 1 })
        let ids = page.descendants.compactMap { $0["id"] }
        #expect(Set(ids).count == ids.count)
        for image in page.descendants where image["role"] == "img" {
            #expect(image["aria-label"]?.isEmpty == false)
        }
        #expect(page.all("a").allSatisfy { $0["href"] != nil && !$0.text.isEmpty })
        #expect(page.all("th").filter { $0.ancestors.contains { $0.name == "section" && $0["aria-labelledby"] == "strength-title" } }
                    .allSatisfy { $0["scope"] != nil })
    }

    @Test("SR-23 It works from the keyboard alone: native controls, none out of the tab order, the focus always visible")
    func keyboard() throws {
        let page = try page()
        let style = page.all("style").map(\.text).joined()

        #expect(!page.descendants.contains { $0["tabindex"] != nil })
        #expect(!page.descendants.contains { element in element.attributes.keys.contains { $0.hasPrefix("on") } })
        #expect(!page.descendants.contains { $0["role"] == "button" || $0["role"] == "link" })
        #expect(style.contains(":focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }"))
        #expect(style.contains(".skip:focus { left: 1rem;"))
    }
}
