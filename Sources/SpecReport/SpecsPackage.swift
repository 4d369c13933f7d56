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
        // Without Specs/ there are no scenarios to check, nor IDs to count from.
        guard FileManager.default.fileExists(atPath: base.appendingPathComponent("Specs").path)
                || (try? FileManager.default.destinationOfSymbolicLink(atPath: base.appendingPathComponent("Specs").path)) != nil else {
            throw Unreadable(description: needingScenarios ? "no scenarios in \(base.path)/Specs/*.feature.md"
                             : "no Specs folder in \(root): name a package with specs with --package")
        }
        let specs = try files(in: base.appendingPathComponent("Specs"), endingWith: ".feature.md")
        let parsed = try GherkinParser.parse(files: specs.map { ("Specs/" + $0.name, try Files.readText($0.url.path, regularOnly: true)) })
        guard !needingScenarios || !parsed.flatMap(\.scenarios).isEmpty else { throw Unreadable(description: "no scenarios in \(base.path)/Specs/*.feature.md") }
        let readme = (try? String(contentsOf: base.appendingPathComponent("Specs/README.md"), encoding: .utf8)) ?? ""
        var sources: [String: String] = [:]
        for (name, url) in try files(in: base.appendingPathComponent("Tests"), endingWith: ".swift") {
            sources["Tests/" + name] = try Files.readText(url.path, regularOnly: true)
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

    /// The files under `folder` whose names end with `suffix`, each named by its place under
    /// it. Links are followed, as the shell and GitHub's checkout follow them, and each folder
    /// and file is read once, however many links lead to it: a link back up does not loop, and
    /// a file's second name is not a second file.
    private static func files(in folder: URL, endingWith suffix: String) throws -> [(name: String, url: URL)] {
        var found: [(name: String, url: URL)] = [], read: Set<String> = []
        func walk(_ folder: URL, named prefix: String) throws {
            guard read.insert(folder.resolvingSymlinksInPath().path).inserted else { return }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            } catch {
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path),
                   !FileManager.default.fileExists(atPath: folder.path) {
                    let leadsTo = URL(fileURLWithPath: target, relativeTo: folder.deletingLastPathComponent()).standardizedFileURL.path
                    throw Unreadable(description: "cannot read \(folder.path): a link to \(leadsTo), which is not there")
                }
                // A package without the folder has none of its files.
                if !FileManager.default.fileExists(atPath: folder.path) { return }
                throw Unreadable(description: Files.Fault.cannot("read", folder.path, error).description)
            }
            for name in names.sorted() where name != ".build" {
                let url = folder.appendingPathComponent(name)
                if (try? url.resolvingSymlinksInPath().resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                    try walk(url, named: prefix + name + "/")
                } else if name.hasSuffix(suffix), read.insert(url.resolvingSymlinksInPath().path).inserted {
                    found.append((prefix + name, url))
                } else if name.lowercased().hasSuffix(suffix) && !name.hasSuffix(suffix) {
                    // `Login.Feature.md` would be passed over, and its scenarios with it.
                    throw Unreadable(description: "\(url.path): a name that ends in \(suffix) in other letters; spec-report reads *\(suffix) alone")
                }
            }
        }
        try walk(folder, named: "")
        return found
    }
}
