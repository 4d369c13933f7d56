import Foundation
@testable import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList

/// An add reads only the first bytes of a proven store (TP-16): its checksum, the journal it
/// folded, its own journal and the next number. What it reads there must be what a reader of
/// the whole file finds, and anything else must send the add the long way.
@Suite("Keeping the list on this machine: an add that reads only the head of a store")
struct StoreHeadTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
    }

    /// The head a reader of the whole store finds, and the checksum the file starts with.
    private func headAsRead() throws -> StoreHead {
        let file = try files.storeFile()
        let bytes = Array(files.storeBytes)
        let checksum = try #require(Checksum.value(ofHex: bytes[13..<29]))
        return StoreHead(checksum: checksum, folded: file.folded, journal: try #require(file.journal),
                         nextTodoNumber: file.document.todos.nextNumber)
    }

    @Test("A store todo wrote has the head a reader of the whole file finds")
    func freshStore() throws {
        try files.seed(todo: ["Buy milk", "Call Ann"])

        let head = StoreHead.read(files.storeBytes)

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

        let head = StoreHead.read(files.storeBytes)

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
        case notHex = "its checksum not hex digits"
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
        case .notHex: bytes.replaceSubrange(13..<29, with: Array("zzzzzzzzzzzzzzzz".utf8))
        }

        #expect(!StoreHead.isProven(Data(bytes)))
        #expect(StoreHead.read(Data(bytes)) == nil)
    }

    /// The smallest store todo writes is longer than 200 bytes; a proven file of 200 bytes whose
    /// first bytes read as a head is not a store, and an add that took its head would write beside it.
    @Test("A proven file of 200 bytes, shorter than any store, has no head, however well its first bytes read")
    func tooShortForAStore() {
        let start = #"{"checksum":"0000000000000000","journal":"\#(id(1).uuidString)","nextPersonNumber":1,"nextTodoNumber":1,"x":""#
        let end = #"","version":\#(StoreFormat.current)}"#
        let text = start + String(repeating: "a", count: 200 - start.utf8.count - end.utf8.count) + end
        let sealed = StoreHead.sealed(Array(text.utf8))

        #expect(sealed.count == 200)
        #expect(StoreHead.isProven(sealed))
        #expect(StoreHead.read(sealed) == nil)
    }

    /// A store as an add may find it, and whether the add may append its line without reading
    /// the list: only when the head and the journal's adds tell it the number, and no id clashes.
    enum Before: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case written = "a store todo wrote", adds = "a store with adds in its journal"
        case check = "a store with a check in its journal", idInStore = "the id in the store already"
        case idInJournal = "the id in the journal already", none = "no store", edited = "a store changed by hand"
        case journalAtItsLargest = "a journal as large as readers read, ending in a line a crash cut"
        case journalPastItsLargest = "a journal a byte larger than readers read, ending in a line a crash cut"
        var testDescription: String { rawValue }
        var takesTheShortWay: Bool { self == .written || self == .adds || self == .journalAtItsLargest }
    }

    @Test("An add appends its line without reading the list only where the head tells it all", arguments: Before.allCases)
    func shortWay(before: Before) throws {
        if before != .none { try files.seed(todo: ["Buy milk", "Call Ann"]) }
        switch before {
        case .adds, .idInJournal: _ = try files.store().add(id: id(3), title: "Pay rent")
        case .check: try files.store().apply(TodoChange.check([id(1)]))
        case .edited:
            try files.write(Data(String(decoding: files.storeBytes, as: UTF8.self).replacingOccurrences(of: "Buy milk", with: "Buy oats").utf8))
        case .journalAtItsLargest, .journalPastItsLargest:
            let header = Journal.header(try #require(StoreHead.read(files.storeBytes)).journal)
            let size = Journal.largest(besideStoreOf: files.storeBytes.count) + (before == .journalPastItsLargest ? 1 : 0)
            let cut = Array(#"{"addTodo":{"id":""#.utf8)
            try files.writeJournal(Data(header + cut + [UInt8](repeating: UInt8(ascii: "x"), count: size - header.count - cut.count)))
        case .written, .idInStore, .none: break
        }
        let (store, journal) = (files.storeBytes, files.journalBytes)
        let adding = before == .idInStore ? 2 : before == .idInJournal ? 3 : before == .adds ? 4 : 3

        let storeFiles = try StoreFiles.at(files.storeURL.path)
        let added = try storeFiles.withLock(waiting: LockWait()) { try files.store().quickAdd(NewTodo(id: id(adding), title: "Post letter"), storeFiles) }

        #expect(files.storeBytes == store)
        if before.takesTheShortWay {
            #expect(added == todo(adding, "Post letter"))
            #expect(files.journalLines.count == (before == .adds ? 3 : 2))
            #expect(try files.todos().unfinished.first == todo(adding, "Post letter"))
        } else {
            #expect(added == nil)
            #expect(files.journalBytes == journal)
        }
    }

    @Test("SF-52 A store path made a link while a change waits for the lock is refused, not followed: a reader, and an add's short way")
    func storeMadeALinkAfterItWasFound() throws {
        try files.seed(todo: ["Buy milk"])
        let other = files.folder.file("other.json")
        try FileStore(url: other).update { $0.todos = makeTodos(todo: ["Pay rent"]) }
        let otherBytes = try Data(contentsOf: other)
        let storeFiles = try StoreFiles.at(files.storeURL.path)
        try FileManager.default.removeItem(at: files.storeURL)
        try FileManager.default.createSymbolicLink(at: files.storeURL, withDestinationURL: other)

        #expect(throws: StoreError.madeALink(path: storeFiles.path)) { _ = try files.store().latest(storeFiles) }
        #expect(throws: StoreError.madeALink(path: storeFiles.path)) {
            try storeFiles.withLock(waiting: LockWait()) { try files.store().quickAdd(NewTodo(id: id(2), title: "Post letter"), storeFiles) }
        }
        #expect(try Data(contentsOf: other) == otherBytes)
        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path))
    }

    @Test("SF-1 A journal the store cannot account for is refused, named, and never written over: one another program puts there after the store was read")
    func journalPutThereAfterTheRead() throws {
        try files.seed(todo: ["Buy milk"])
        let other = try StoreFolder()
        try other.seed(todo: ["Elsewhere"])
        _ = try other.store().add(id: id(50), title: "Not here")
        let foreign = other.journalBytes
        let store = files.storeBytes
        let storeFiles = try StoreFiles.at(files.storeURL.path)

        #expect(throws: StoreError.self) {
            try storeFiles.withLock(waiting: LockWait()) {
                let latest = try files.store().latest(storeFiles)
                try files.writeJournal(foreign)
                _ = try files.store().applyHoldingTheLock(.todos(.check([id(1)])), storeFiles, to: latest)
            }
        }
        #expect(files.journalBytes == foreign)
        #expect(files.storeBytes == store)
    }

    /// An add looks for its id and those its journal adds among the ids of the store, by
    /// fingerprint: one of many, in any place among them, is found, and one that is not there is not.
    @Test("An id the store holds is found among any number of ids looked for", arguments: [1, 2, 40, 300])
    func idAmongMany(count: Int) throws {
        try files.seed(todo: ["Buy milk", "Call Ann"])
        let others = (0..<count - 1).map { _ in UUID() }

        for place in Set([0, count / 2, count - 1]) {
            var looked = others
            looked.insert(id(2), at: place)
            #expect(FileStore.mentions(looked, in: files.storeBytes), "place \(place) of \(count)")
        }
        #expect(!FileStore.mentions(others + [id(3)], in: files.storeBytes))
    }

    /// Ids whose first four characters, XORed with their last four, are alike, and whose middles
    /// are alike, fold to one fingerprint: each of them is still compared by its text.
    @Test("An id the store holds is found after others of the same fingerprint, and one of them alone is not found")
    func idsOfOneFingerprint() throws {
        try files.seed(todo: ["Buy milk", "Call Ann"])
        let alike = try #require(UUID(uuidString: "00020000-0000-0000-0000-000000000000"))
        let alikeToTheFirst = try #require(UUID(uuidString: "00010000-0000-0000-0000-000000000000"))

        #expect(FileStore.mentions([alike, id(2)], in: files.storeBytes))
        #expect(FileStore.mentions([id(2), alike], in: files.storeBytes))
        #expect(!FileStore.mentions([alike], in: files.storeBytes))
        #expect(!FileStore.mentions([alike, alikeToTheFirst], in: files.storeBytes))
    }
}
