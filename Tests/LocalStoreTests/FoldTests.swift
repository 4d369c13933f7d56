import Foundation
@testable import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList
import UserList

/// The journal is written into a new store file (folded) before it outgrows its bound, and the
/// new store names the journal it took in, so that a crash at any moment leaves every change
/// accounted for once.
@Suite("Keeping the list on this machine: the journal folded into the store")
struct FoldTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
    }

    @Test("TP-21 The journal is folded into the store before it outgrows its bound",
          arguments: [(1_000, 4_096), (100_000, 12_500), (524_288, 65_536), (10_000_000, 65_536)])
    func journalFoldsAtItsBound(storeSize: Int, bound: Int) throws {
        try seedStore(ofExactly: storeSize)
        let store = files.store()
        var largest = 0, line = 0, last = 1
        for n in 2...200 {
            let before = files.journalBytes.count
            _ = try store.add(id: id(n), title: String(repeating: "t", count: 1_000))
            last = n
            let after = files.journalBytes.count
            if after < before { break }
            (largest, line) = (after, after - before)
        }

        #expect(largest < bound, "the journal reached \(largest) bytes")
        #expect(largest + line >= bound, "folded at \(largest) bytes, while a line of \(line) more fitted under \(bound)")
        #expect(try files.todos().unfinished.map(\.id) == (2...last).reversed().map { id($0) } + [id(1)])
    }

    /// A store file of exactly `size` bytes: one to-do, its title as long as it takes.
    private func seedStore(ofExactly size: Int) throws {
        try files.seed(todo: ["x"])
        let shortest = files.storeBytes.count
        try files.seed(todo: [String(repeating: "x", count: 1 + size - shortest)])
        try #require(files.storeBytes.count == size)
    }

    @Test("TP-21 The journal is folded into the store before it outgrows its bound: after many adds")
    func journalStaysSmall() throws {
        try files.seed(todo: ["The first one"])
        let store = files.store()
        var largest = 0, folds = 0
        for n in 2...600 {
            let before = files.journalBytes.count
            _ = try store.add(id: id(n), title: "Number \(n), with a title long enough to fill the journal quickly")
            largest = max(largest, files.journalBytes.count)
            if files.journalBytes.count < before { folds += 1 }
        }

        #expect(largest < 65_536)
        #expect(folds >= 3)
        let todos = try files.todos()
        #expect(todos.unfinished.count == 600)
        #expect(todos.unfinished.numbers == Array((1...600).reversed()))
        #expect(todos.unfinished.first?.title == "Number 600, with a title long enough to fill the journal quickly")
        #expect(todos.unfinished.last?.title == "The first one")
    }

    @Test("TP-21 The journal is folded into the store before it outgrows its bound: a line that would reach it exactly")
    func foldsAtTheBoundExactly() throws {
        try seedStore(ofExactly: 1_000)
        _ = try files.store().add(id: id(2), title: "x")
        let first = files.journalBytes.count
        _ = try files.store().add(id: id(3), title: "xx")
        // A line whose title has n letters takes `overhead + n` bytes, its break included.
        let overhead = files.journalBytes.count - first - 2
        let title = String(repeating: "y", count: 4_096 - files.journalBytes.count - overhead)

        _ = try files.store().add(id: id(4), title: title)

        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path), "a journal of exactly 4,096 bytes is folded instead")
        #expect(try files.todos().unfinished.prefix(3) == [todo(4, title), todo(3, "xx"), todo(2, "x")])
    }

    @Test("TP-19 A journal left behind by a crash is never applied twice: it goes before the store that took it in is replaced")
    func takenInJournalGoesFirst() throws {
        try files.leaveAJournalTheStoreTookIn()
        let store = files.storeBytes
        let fails = Disk { _, _, _ in errno = ENOSPC; return -1 }

        #expect(throws: StoreError.self) { try files.store(disk: fails).update { $0.todos = makeTodos(todo: ["Pay rent"]) } }

        #expect(files.storeBytes == store)
        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path), "gone before the new store was written")
        #expect(try files.todos() == list(todo: [todo(2, "Call Ann"), todo(1, "Buy milk")], next: 3))
    }

    @Test("TP-19 A journal left behind by a crash is never applied twice: a store names only the journal it took in itself")
    func foldedJournalNamedOnce() throws {
        try files.seed(todo: ["Buy milk"])
        _ = try files.store().add(id: id(2), title: "Call Ann")
        try files.store().update { $0.people = makePeople([person(9, "Ann", "Lee")]) }
        #expect(try files.storeFile().folded != nil)

        try files.store().update { $0.people = People() }

        #expect(try files.storeFile().folded == nil, "no journal was there to take in")
    }
}
