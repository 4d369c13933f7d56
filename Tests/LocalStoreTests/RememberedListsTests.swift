import Foundation
import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList

/// A store remembers the lists it last read, so that a command that shows the list and then
/// changes it replays the journal once; what it remembers must never hide what happened since.
@Suite("Keeping the list on this machine: a reader that remembers the lists it read")
struct RememberedListsTests {
    enum Since: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case nothing = "nothing"
        case changeAdded = "another program added a change to it"
        case letterChanged = "a letter of a title in it changed, by hand"
        case lastLineCut = "its last line cut short, as a crash while writing it does"
        case anotherStore = "it was replaced by the journal of another store"
        case readOnly = "it was made read-only"
        case removed = "it was removed by hand"
        var testDescription: String { rawValue }
    }

    /// What reading gave: the lists, or the refusal.
    private static func read(_ store: FileStore) -> Result<Todos, StoreError> {
        Result { try store.loadTodos() }.mapError { $0 as? StoreError ?? .cannotRead(path: "", .system(errno: 0)) }
    }

    @Test("SF-27 A reader that remembers the lists sees whatever happened to the journal since", arguments: Since.allCases)
    func rememberedLists(since: Since) throws {
        let files = try StoreFolder()
        try files.seedWithAJournal()
        let reader = files.store()
        let before = try reader.loadTodos()

        switch since {
        case .nothing: break
        case .changeAdded: try files.store().apply(TodoChange.check([id(1)]))
        case .letterChanged:
            let text = String(decoding: files.journalBytes, as: UTF8.self)
            try files.writeJournal(Data(text.replacingOccurrences(of: "Fix car", with: "Fix cat").utf8))
        case .lastLineCut:
            let whole = files.journalBytes
            try files.store().apply(TodoChange.check([id(1)]))
            try files.writeJournal(files.journalBytes.prefix(whole.count + 20))
        case .anotherStore:
            let other = try StoreFolder()
            try other.seedWithAJournal()
            try files.writeJournal(other.journalBytes)
        case .readOnly: try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: files.journalURL.path)
        case .removed: try FileManager.default.removeItem(at: files.journalURL)
        }
        let again = Self.read(reader)

        #expect(again == Self.read(files.store()), "as a program that never read it reads it")
        switch since {
        case .nothing, .readOnly, .lastLineCut: #expect(again == .success(before))
        case .changeAdded: #expect(try again.get().finished.first?.id == id(1))
        case .removed: #expect(again == .success(makeTodos(todo: ["Buy milk", "Call Ann", "Fix bike"], finished: ["Pay rent"])))
        case .letterChanged:
            guard case .failure(.damaged(_, .journalLine(let line, _, _))) = again else { Issue.record("not refused: \(again)"); return }
            #expect(line == 4)
        case .anotherStore:
            guard case .failure(.journalNotAccounted) = again else { Issue.record("not refused: \(again)"); return }
        }
    }
}
