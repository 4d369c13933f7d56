import Foundation

/// Responses recorded in the API's real format, kept beside the tests.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let page1 = "page-1.3-10-users.json"
    static let page2WithRepeats = "page-2-1.4-repeats.json"
    static let filteredFields = "page-1.4-filtered-fields.json"
    static let version1 = "page-1.0-lowercase.json"

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func text(_ name: String) throws -> String {
        try String(decoding: data(name), as: UTF8.self)
    }
}
