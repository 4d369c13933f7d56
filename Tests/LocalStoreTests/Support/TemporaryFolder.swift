import Foundation

/// A fresh folder for one test, removed again when the test lets go of it.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("todo-stories-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func file(_ path: String) -> URL {
        url.appendingPathComponent(path)
    }

    /// Every name in the folder, hidden ones included, sorted.
    func contents(of subfolder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: file(subfolder).path).sorted()
    }
}
