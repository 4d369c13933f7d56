import Foundation
@testable import LocalStore
import TestSupport
import Testing
import TodoList

/// An add reads only the first bytes of a proven store (TP-16): its checksum, the journal it
/// folded, its own journal and the next number. What it reads there must be what a reader of
/// the whole file finds, and anything else must send the add the long way.
@Suite("Keeping the list on this machine: the head of a store, read from its first bytes")
struct StoreHeadTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
    }

    /// The head a reader of the whole store finds, and the checksum the file starts with.
    private func headAsRead() throws -> StoreHead {
        let document = try files.store().read()
        let bytes = Array(files.storeBytes)
        let checksum = try #require(Checksum.value(ofHex: bytes[13..<29]))
        return StoreHead(checksum: checksum, folded: document.folded, journal: try #require(document.journal),
                         nextTodoNumber: document.todos.nextNumber)
    }

    @Test("A store todo wrote has the head a reader of the whole file finds")
    func freshStore() throws {
        try files.seed(todo: ["Buy milk", "Call Ann"])

        let head = files.storeBytes.withUnsafeBytes(StoreHead.read)

        #expect(head == (try headAsRead()))
        #expect(head?.folded == nil)
        #expect(head?.nextTodoNumber == 3)
    }

    @Test("A store that took in a journal names it in its head")
    func storeThatFoldedAJournal() throws {
        try files.seed(todo: ["Buy milk"])
        _ = try files.store().add(id: id(2), title: "Call Ann")
        let journal = files.journalLines
        try files.store().update { $0.todos = makeTodos(todo: ["Buy milk", "Call Ann", "Pay rent"]) }

        let head = files.storeBytes.withUnsafeBytes(StoreHead.read)

        #expect(head == (try headAsRead()))
        let folded = try #require(head?.folded)
        #expect(journal.first?.contains(folded.id.uuidString) == true, "the journal it folded, named by its first line")
        #expect(head?.nextTodoNumber == 4)
    }

    /// Changes to a proven store after which its first bytes no longer tell an add the truth.
    enum Change: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case byteChanged = "a byte of a title changed"
        case cut = "its last bytes cut off"
        case olderVersion = "its version written as 5"
        case short = "only its first 100 bytes"
        var testDescription: String { rawValue }
    }

    @Test("Any other file has no head, so an add reads it whole", arguments: Change.allCases)
    func noHead(change: Change) throws {
        try files.seed(todo: ["Buy milk", "Call Ann"])
        var bytes = Array(files.storeBytes)
        switch change {
        case .byteChanged: bytes[bytes.count - 40] ^= 0x01
        case .cut: bytes.removeLast(3)
        case .olderVersion: bytes[bytes.count - 2] = UInt8(ascii: "5")
        case .short: bytes = Array(bytes.prefix(100))
        }

        #expect(bytes.withUnsafeBytes(StoreHead.read) == nil)
    }
}
