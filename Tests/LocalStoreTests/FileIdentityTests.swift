import Foundation
@testable import LocalStore
import ListEngine
import TestSupport
import Testing

/// A reader that met a journal it cannot account for reads again when another program has
/// written the store since (SF-11): it asks whether the file it opened is still the one at the
/// path. Any write by another program must say no, and only that.
@Suite("Keeping the list on this machine: whether a file is still the one read")
struct FileIdentityTests {
    /// What another program did to the file after it was opened.
    enum Since: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case nothing = "nothing", replaced = "replaced by another file of the same size"
        case rewritten = "rewritten in place, same size, later", grown = "a byte added", removed = "removed"
        case timeSetBack = "rewritten in place, same size, its time set back"
        var testDescription: String { rawValue }
    }

    @Test("A file is still the one opened until another program writes, replaces or removes it", arguments: Since.allCases)
    func identity(since: Since) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.json").path
        try Data("abcdef".utf8).write(to: URL(fileURLWithPath: path))
        let opened = try #require(try StoreFiles.open(path))
        // A clock tick apart, as a person or another program writes it.
        Thread.sleep(forTimeInterval: 0.02)

        switch since {
        case .nothing: break
        case .replaced: try Data("ghijkl".utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        case .rewritten:
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.write(contentsOf: Data("ABCDEF".utf8))
            try handle.close()
        case .grown:
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("g".utf8))
            try handle.close()
        case .removed: try FileManager.default.removeItem(atPath: path)
        case .timeSetBack:
            let written = WrittenTime(of: path)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.write(contentsOf: Data("ABCDEF".utf8))
            try handle.close()
            written.set(on: path)
            #expect(WrittenTime(of: path) == written)
        }

        #expect(opened.isStill(at: path) == (since == .nothing))
    }
}
