import Foundation

/// A fresh folder for one test, removed again when the test lets go of it.
public final class TemporaryFolder {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("todo-stories-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    public func file(_ path: String) -> URL {
        url.appendingPathComponent(path)
    }

    /// Every name in the folder, hidden ones included, sorted.
    public func contents(of subfolder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: file(subfolder).path).sorted()
    }
}
