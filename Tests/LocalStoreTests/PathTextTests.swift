import Foundation
@testable import LocalStore
import ListEngine
import Testing

@Suite("A path's folder and name, read from its text")
struct PathTextTests {
    /// Foundation's path methods answer the same, for every kind of path a user can give.
    @Test("Folder and name are what Foundation's path methods say", arguments: [
        "todo.json", "notes/todo.json", "/todo.json", "/home/ann/todo.json", "./todo.json", "../todo.json",
        "notes/todo.json/", "/", "a/b/c", "a b/ü.json", "notes/.todo.json",
    ])
    func sameAsFoundation(path: String) {
        #expect(PathText.lastComponent(path) == (path as NSString).lastPathComponent)
        #expect(PathText.folder(of: path) == (path as NSString).deletingLastPathComponent)
    }
}
