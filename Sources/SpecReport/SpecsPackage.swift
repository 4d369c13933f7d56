import Foundation

/// A package's `Specs/` and test sources, as read from disk: what `spec-report` and the
/// traceability test both check a run against.
public struct SpecsPackage: Sendable {
    /// The package's folder.
    public let root: String
    /// The features of `Specs/`, in the order `Specs/README.md` lists them.
    public let features: [Feature]
    public let sources: TestSources

    public init(root: String, features: [Feature], sources: TestSources) {
        self.root = root
        self.features = features
        self.sources = sources
    }

    /// A package whose specs or tests cannot be read, or that has no scenario.
    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads `Specs/*.feature.md` strictly, and every `.swift` file under `Tests/`. A package
    /// without scenarios is refused when they are to be checked: a check of nothing would pass.
    public static func read(at root: String, needingScenarios: Bool = true) throws -> SpecsPackage {
        // Followed through links, as a package reached by one is read where it leads.
        let isFolder = try? URL(fileURLWithPath: root).resolvingSymlinksInPath().resourceValues(forKeys: [.isDirectoryKey]).isDirectory
        guard isFolder == true else {
            throw Unreadable(description: "cannot read \(root): \(isFolder == nil ? "No such file or directory" : "Not a directory")")
        }
        let base = URL(fileURLWithPath: root)
        let specs = try files(in: base.appendingPathComponent("Specs"), endingWith: ".feature.md")
        let parsed = try GherkinParser.parse(files: specs.map { ("Specs/" + $0.lastPathComponent, try Files.readText($0.path, regularOnly: true)) })
        guard !needingScenarios || !parsed.flatMap(\.scenarios).isEmpty else { throw Unreadable(description: "no scenarios in \(base.path)/Specs/*.feature.md") }
        let readme = (try? String(contentsOf: base.appendingPathComponent("Specs/README.md"), encoding: .utf8)) ?? ""
        var sources: [String: String] = [:]
        let prefix = base.standardizedFileURL.path + "/"
        for url in try files(in: base.appendingPathComponent("Tests"), endingWith: ".swift") {
            let path = url.standardizedFileURL.path
            sources[path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path] = try Files.readText(url.path, regularOnly: true)
        }
        return SpecsPackage(root: base.standardizedFileURL.path, features: Feature.inOrder(parsed, listedIn: readme),
                            sources: TestSources(files: sources))
    }

    /// The ID to give a new scenario of `prefix`: one past the highest, so that an ID is never
    /// given twice, even when a scenario was taken out; none once the last number is taken.
    public func nextID(prefix: String) -> String? {
        let numbers = features.flatMap(\.scenarios).map(\.id).filter { $0.hasPrefix(prefix + "-") }.map(GherkinParser.number(of:))
        let next = (numbers.max() ?? 0) + 1
        return next <= GherkinParser.lastNumber ? "\(prefix)-\(next)" : nil
    }

    /// The check of `run` against these specs.
    public func coverage(of run: TestRun, only: Set<String>? = nil) -> Coverage {
        Coverage(features: features, run: run, sources: sources, only: only)
    }

    private static func files(in folder: URL, endingWith suffix: String) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            throw Unreadable(description: "cannot read \(folder.path)")
        }
        return enumerator.compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix(suffix) && !$0.path.contains("/.build/") }
            .sorted { $0.path < $1.path }
    }
}
