import Foundation
import SpecReport
import Testing

/// The page's script and style as a reader meets them: opened from a file in headless Chromium,
/// where one is installed, and looked at after the script ran and after what the reader did.
@Suite("The page in a browser", .serialized, .enabled(if: Browser.installed != nil))
struct PageInABrowserTests {
    private static let shop = (1...8).map { "SH-\($0)" }
    private static let tricks = (1...11).map { "TR-\($0)" }

    private func looks(fragment: String = "", width: Int = 1280, steps: String = "", only: Set<String>? = nil) throws -> [String: Browser.Look] {
        try Browser.looks(at: HTMLReport.render(try Fixture.shop().report(only: only)), fragment: fragment, width: width, steps: steps)
    }

    struct Opened: Sendable {
        let fragment: String
        let scenarios: [String]
        let rules: [String]
        let checked: [String]
        let feature: String
        let tag: String
        let q: String
    }

    static let opened = [
        Opened(fragment: "", scenarios: shop + tricks, rules: ["shop/", "shop/Discounts", "shop/Receipts", "tricks/"], checked: [],
               feature: "", tag: "", q: ""),
        Opened(fragment: "#status=failed", scenarios: ["SH-2"], rules: ["shop/"], checked: ["failed"], feature: "", tag: "", q: ""),
        Opened(fragment: "#status=not-run-here,no-test", scenarios: ["SH-6", "SH-7", "TR-1", "TR-2", "TR-3", "TR-4", "TR-8", "TR-9"],
               rules: ["shop/Receipts", "tricks/"], checked: ["not-run-here", "no-test"], feature: "", tag: "", q: ""),
        Opened(fragment: "#feature=tricks", scenarios: tricks, rules: ["tricks/"], checked: [], feature: "tricks", tag: "", q: ""),
        Opened(fragment: "#tag=platform-bound", scenarios: ["SH-6", "TR-11"], rules: ["shop/Receipts", "tricks/"], checked: [],
               feature: "", tag: "platform-bound", q: ""),
        Opened(fragment: "#feature=shop&tag=platform-bound", scenarios: ["SH-6"], rules: ["shop/Receipts"], checked: [],
               feature: "shop", tag: "platform-bound", q: ""),
        Opened(fragment: "#q=Receipt%20printed", scenarios: ["SH-6"], rules: ["shop/Receipts"], checked: [], feature: "", tag: "",
               q: "Receipt printed"),
        Opened(fragment: "#status=passed&feature=shop&q=code", scenarios: ["SH-3", "SH-4", "SH-5"], rules: ["shop/Discounts"],
               checked: ["passed"], feature: "shop", tag: "", q: "code"),
    ]

    @Test("SR-15 Filters and search work from the file, and the address keeps them: a link shows what it names")
    func linked() throws {
        let fragments = Self.opened.dropFirst().map(\.fragment)
        let looks = try looks(steps: """
            const fragments = [\(fragments.map { "\"\($0)\"" }.joined(separator: ", "))];
            look("");
            const next = (index) => {
              if (index === fragments.length) return;
              location.hash = fragments[index];
              setTimeout(() => { look(fragments[index]); next(index + 1); }, 50);
            };
            next(0);
            """)

        for opened in Self.opened {
            let look = try #require(looks[opened.fragment], "\(opened)")
            #expect(look.scenarios == opened.scenarios, "\(opened)")
            #expect(look.shown == (opened.fragment.isEmpty ? "All 19 scenarios." : "Showing \(opened.scenarios.count) of 19 scenarios."))
            #expect(look.features == ["shop", "tricks"].filter { feature in opened.scenarios.contains { $0.hasPrefix(feature.prefix(1).uppercased()) } },
                    "\(opened)")
            #expect(look.rules == opened.rules, "\(opened)")
            #expect(look.address == opened.fragment)
            #expect([look.checked, [look.feature, look.tag, look.q]] == [opened.checked, [opened.feature, opened.tag, opened.q]], "\(opened)")
            #expect(look.filtersShown)
        }
    }

    @Test("SR-15 Filters and search work from the file, and the address keeps them: what I choose is shown and kept in the address")
    func choosing() throws {
        let looks = try looks(steps: """
            const input = () => form.dispatchEvent(new Event("input", { bubbles: true }));
            form.querySelector("input[value=failed]").checked = true; input(); look("ticked");
            form.querySelector("input[value=no-test]").checked = true; input(); look("ticked two");
            form.elements.q.value = "receipt"; input(); look("typed");
            form.requestSubmit(); look("submitted");
            form.elements.q.value = ""; form.querySelector("input[value=no-test]").checked = false;
            form.elements.feature.value = "shop"; input(); look("chose a feature");
            form.reset();
            setTimeout(() => {
              look("reset");
              location.hash = "#tag=platform-bound";
              setTimeout(() => look("linked"), 100);
            }, 100);
            """)

        #expect(looks["ticked"].map { [$0.address, $0.shown] } == ["#status=failed", "Showing 1 of 19 scenarios."])
        #expect(looks["ticked two"].map { [$0.address, $0.shown] } == ["#status=failed,no-test", "Showing 8 of 19 scenarios."])
        #expect(looks["typed"].map { [$0.address] + $0.scenarios } == ["#status=failed,no-test&q=receipt", "SH-7"])
        #expect(looks["submitted"]?.address == "#status=failed,no-test&q=receipt", "submitting the form reloads nothing")
        #expect(looks["chose a feature"].map { [$0.address] + $0.scenarios } == ["#status=failed&feature=shop", "SH-2"])
        #expect(looks["reset"].map { [$0.address, $0.shown] } == ["", "All 19 scenarios."])
        #expect(looks["linked"].map { [$0.tag] + $0.scenarios } == ["platform-bound", "SH-6", "TR-11"])
    }

    @Test("SR-15 Filters and search work from the file, and the address keeps them: a feature all green unfolds when a filter shows it")
    func filterUnfolds() throws {
        let plain = try #require(try looks(only: ["SH-1", "SH-3"])["end"])
        let filtered = try #require(try looks(fragment: "#q=added", only: ["SH-1", "SH-3"])["end"])

        #expect(plain.open == ["contents"])
        #expect(filtered.open == ["contents", "shop/scenarios"])
        #expect(filtered.scenarios == ["SH-1"])
    }

    @Test("SR-15 Filters and search work from the file, and the address keeps them: a link that searches for 100% works as any other")
    func percentSign() throws {
        let look = try #require(try looks(fragment: "#q=100%")["end"])

        #expect(look.q == "100%")
        #expect(look.scenarios.isEmpty && look.shown == "Showing 0 of 19 scenarios.")
        #expect(look.open.contains("contents"), "the rest of the page's script ran, and unfolded the contents on a wide screen")
    }

    @Test("SR-13 A contents column lists every feature with its counts, and every feature and scenario can be linked to: it folds away on a narrow screen",
          arguments: [(1280, true), (400, false)])
    func contentsByWidth(width: Int, unfolded: Bool) throws {
        let look = try #require(try looks(width: width)["end"])

        #expect(look.open.contains("contents") == unfolded)
        #expect(look.filtersFit, "each of the filters' boxes is at most as wide as the screen")
    }

    @Test("SR-28 A link to a folded scenario unfolds it in a browser: a link to an ID the page does not have changes nothing",
          arguments: ["#SH-99", "#%", "#SH-%E0%A4%A"])
    func linkToNothing(fragment: String) throws {
        let linked = try #require(try looks(fragment: fragment, only: ["SH-1", "SH-3"])["end"])
        let plain = try #require(try looks(only: ["SH-1", "SH-3"])["end"])

        #expect(linked.open == plain.open)
        #expect(linked.open == ["contents"])
        #expect(linked.shown == "All 2 scenarios.")
    }

    @Test("SR-22 Printed, every scenario is unfolded; on screen, the page follows the system's dark setting: in a browser")
    func printing() throws {
        let looks = try looks(fragment: "#status=failed", steps: """
            look("on screen");
            dispatchEvent(new Event("beforeprint")); asPrinted(); look("printing");
            dispatchEvent(new Event("afterprint")); look("printed");
            """)
        let screen = try #require(looks["on screen"])
        let printing = try #require(looks["printing"])

        #expect(screen.drawn == ["SH-2"] && screen.contentsDrawn && screen.filtersDrawn)
        #expect(printing.open == ["contents", "shop/scenarios"] + Self.shop + ["tricks/scenarios"] + Self.tricks)
        #expect(printing.drawn == Self.shop + Self.tricks, "on paper, the scenarios a filter hides are printed too")
        #expect(!printing.contentsDrawn && !printing.filtersDrawn)
        #expect(looks["printed"]?.open == screen.open)
        #expect(screen.open == ["contents", "shop/scenarios", "SH-2", "tricks/scenarios"])
        #expect(screen.barPainted, "each part of the totals' bar has its status's colour")
    }
}
