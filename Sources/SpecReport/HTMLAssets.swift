/// The page's style and script, kept inside it so that it needs nothing from elsewhere, from
/// a server or from the disk: a file opened from anywhere shows the same page.
enum HTMLAssets {
    /// Each colour the page uses, in light and in dark: text colours read at 4.5 to 1 or more
    /// on every background they are put on (`SpecReportTests` checks it on the page).
    static let palette: [(name: String, light: String, dark: String)] = [
        ("text", "#1f2328", "#e6edf3"),
        ("muted", "#57606a", "#9da7b3"),
        ("background", "#ffffff", "#0d1117"),
        ("surface", "#f6f8fa", "#161b22"),
        ("failed-surface", "#fff1f0", "#2d1618"),
        ("code", "#eaeef2", "#262c36"),
        ("border", "#d0d7de", "#30363d"),
        ("link", "#0550ae", "#6cb6ff"),
        ("focus", "#0969da", "#58a6ff"),
        ("passed", "#1a7f37", "#3fb950"),
        ("failed", "#c4242f", "#ff7b72"),
        ("skipped", "#7d5400", "#d29922"),
        ("not-run-here", "#5c6570", "#9da7b3"),
        ("no-test", "#6f42c1", "#bc8cff"),
    ]

    static var style: String {
        let light = palette.map { "--\($0.name): \($0.light);" }.joined(separator: " ")
        let dark = palette.map { "--\($0.name): \($0.dark);" }.joined(separator: " ")
        let statuses = Report.Status.allCases.map { status in
            ".status-\(status.slug) { --tone: var(--\(status.slug)); }"
        }.joined(separator: "\n")
        return """
            :root { color-scheme: light dark; \(light) }
            @media (prefers-color-scheme: dark) { :root { \(dark) } }
            \(statuses)
            * { box-sizing: border-box; }
            body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--text); background: var(--background); }
            a { color: var(--link); }
            :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
            code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; background: var(--code); }
            code { padding: 0 .25em; border-radius: 4px; }
            pre { padding: .5rem .75rem; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; }
            .skip { position: absolute; left: -100vw; }
            .skip:focus { left: 1rem; top: 1rem; background: var(--background); padding: .25rem .5rem; z-index: 2; }
            header, nav, main { padding: 1rem 1.25rem; }
            h1 { margin: 0 0 .25rem; font-size: 1.6rem; }
            h2 { font-size: 1.25rem; margin: 2rem 0 .25rem; }
            h3 { font-size: 1rem; color: var(--muted); margin: 1rem 0 .25rem; }
            .summary { font-weight: 600; margin: .25rem 0; }
            .bar { display: flex; height: 12px; border-radius: 6px; overflow: hidden; background: var(--border); max-width: 40rem; }
            .bar > span { background: var(--tone); }
            .run { display: flex; flex-wrap: wrap; gap: .25rem 1.5rem; margin: .5rem 0 0; color: var(--muted); }
            .run div { display: flex; gap: .4rem; } .run dt { font-weight: 600; } .run dd { margin: 0; }
            nav ol { list-style: none; padding: 0; margin: .5rem 0; }
            nav li { margin: .35rem 0; }
            .counts { display: block; font-size: 13px; color: var(--muted); }
            .count-failed { color: var(--failed); font-weight: 600; } .count-no-test { color: var(--no-test); font-weight: 600; }
            .count-skipped { color: var(--skipped); font-weight: 600; }
            form.filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; padding: .75rem; margin: 1rem 0;
                background: var(--surface); border: 1px solid var(--border); border-radius: 8px; }
            fieldset { border: 0; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: .25rem .75rem; }
            legend, label { font-weight: 600; font-size: 13px; }
            label.choice { font-weight: 400; font-size: 14px; }
            select, input[type=search] { font: inherit; color: var(--text); background: var(--background);
                border: 1px solid var(--border); border-radius: 6px; padding: .2rem .4rem; max-width: 100%; }
            form.filters > div { max-width: 100%; }
            .shown { margin: 0 0 .5rem; color: var(--muted); }
            .attention li { margin: .35rem 0; }
            .feature { border-top: 1px solid var(--border); margin-top: 1.5rem; }
            .file, .place { color: var(--muted); font-size: 13px; }
            .story p { margin: .4rem 0; } .source { color: var(--muted); }
            details { margin: .3rem 0; }
            summary { cursor: pointer; padding: .15rem 0; }
            details.scenario { border-left: 5px solid var(--tone); background: var(--surface); border-radius: 4px; padding: .3rem .75rem; }
            details.scenario.status-failed { background: var(--failed-surface); }
            .id { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-weight: 600; }
            .status { color: var(--tone); font-weight: 600; white-space: nowrap; }
            .took, .changed { color: var(--muted); font-size: 13px; white-space: nowrap; }
            .changed { font-style: italic; }
            ol.steps { list-style: none; padding-left: .5rem; margin: .4rem 0; }
            .keyword { font-weight: 700; }
            table { border-collapse: collapse; margin: .3rem 0; }
            td, th { border: 1px solid var(--border); padding: .15rem .5rem; text-align: left; }
            td.number { text-align: right; }
            ul.tests { padding-left: 1.25rem; margin: .4rem 0; }
            .failure { border-left: 3px solid var(--failed); }
            .problems { color: var(--text); }
            svg.trend { display: block; margin: .5rem 0; }
            svg.trend rect { fill: var(--passed); }
            @media (min-width: 64rem) {
                body { display: grid; grid-template-columns: 19rem minmax(0, 1fr); grid-template-areas: "header header" "nav main"; }
                header { grid-area: header; } main { grid-area: main; max-width: 64rem; }
                nav { grid-area: nav; position: sticky; top: 0; align-self: start; max-height: 100vh; overflow-y: auto;
                    border-right: 1px solid var(--border); }
                nav details.contents::details-content { content-visibility: visible; height: auto; }
            }
            @media print {
                nav, form.filters, .skip { display: none !important; }
                body { display: block; }
                details::details-content { content-visibility: visible; height: auto; }
                [hidden] { display: block !important; }
                details.scenario { break-inside: avoid; }
            }
            """
    }

    /// Filters and search, kept in the page's address (`#status=failed&q=milk`), so that a link
    /// shows the same view; an address that is an ID (`#TL-5`) unfolds that scenario. Printing
    /// unfolds everything. Without it the page shows everything, and the form stays hidden.
    static let script = """
        "use strict";
        (() => {
          const form = document.getElementById("filters");
          const scenarios = [...document.querySelectorAll("details.scenario")];
          const groups = [...document.querySelectorAll("main .rule")];
          const features = [...document.querySelectorAll("section.feature")];
          const shown = document.getElementById("shown");
          const isFilter = () => location.hash.includes("=");
          const read = () => {
            const params = new URLSearchParams(isFilter() ? location.hash.slice(1) : "");
            return {
              status: (params.get("status") || "").split(",").filter(Boolean),
              feature: params.get("feature") || "",
              tag: params.get("tag") || "",
              q: params.get("q") || "",
            };
          };
          const show = (filter) => {
            for (const box of form.querySelectorAll("input[name=status]")) box.checked = filter.status.includes(box.value);
            form.elements.feature.value = filter.feature;
            form.elements.tag.value = filter.tag;
            form.elements.q.value = filter.q;
            const words = filter.q.toLowerCase().split(/\\s+/).filter(Boolean);
            const active = filter.status.length > 0 || filter.feature !== "" || filter.tag !== "" || words.length > 0;
            let count = 0;
            for (const scenario of scenarios) {
              const match = (filter.status.length === 0 || filter.status.includes(scenario.dataset.status))
                && (filter.feature === "" || scenario.dataset.feature === filter.feature)
                && (filter.tag === "" || scenario.dataset.tags.split(" ").includes(filter.tag))
                && words.every((word) => scenario.dataset.text.includes(word));
              scenario.hidden = !match;
              if (match) count += 1;
            }
            for (const group of groups) group.hidden = !group.querySelector("details.scenario:not([hidden])");
            for (const feature of features) {
              const any = feature.querySelector("details.scenario:not([hidden])") !== null;
              feature.hidden = !any;
              if (active && any) feature.querySelector("details.scenarios").open = true;
            }
            shown.textContent = active ? `Showing ${count} of ${scenarios.length} scenarios.` : `All ${scenarios.length} scenarios.`;
          };
          const write = () => {
            const params = new URLSearchParams();
            const statuses = [...form.querySelectorAll("input[name=status]:checked")].map((box) => box.value);
            if (statuses.length > 0) params.set("status", statuses.join(","));
            for (const key of ["feature", "tag", "q"]) {
              if (form.elements[key].value !== "") params.set(key, form.elements[key].value);
            }
            const text = params.toString().replaceAll("%2C", ",");
            history.replaceState(null, "", text === "" ? location.pathname + location.search : "#" + text);
            show(read());
          };
          const unfoldTarget = () => {
            if (isFilter()) return;
            let target;
            try {
              target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
            } catch {
              return; // an address that is no valid encoding, such as #%, names nothing
            }
            for (let node = target; node !== null; node = node.parentElement) {
              if (node.tagName === "DETAILS") node.open = true;
            }
            if (target !== null) target.scrollIntoView();
          };
          form.hidden = false;
          form.addEventListener("input", write);
          form.addEventListener("submit", (event) => event.preventDefault());
          form.addEventListener("reset", () => setTimeout(write));
          window.addEventListener("hashchange", () => { show(read()); unfoldTarget(); });
          show(read());
          unfoldTarget();
          const contents = document.querySelector("nav details.contents");
          const wide = window.matchMedia("(min-width: 64rem)");
          const fit = () => { contents.open = wide.matches; };
          wide.addEventListener("change", fit);
          fit();
          let folded = [];
          window.addEventListener("beforeprint", () => {
            folded = [...document.querySelectorAll("details:not([open])")];
            for (const details of folded) details.open = true;
          });
          window.addEventListener("afterprint", () => {
            for (const details of folded) details.open = false;
          });
        })();
        """
}
