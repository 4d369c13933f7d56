import Foundation
import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList

@Suite("A repair cut off at any step, and a journal that will not go")
struct RepairCutOffTests {
    private let files: StoreFolder
    private let now = Date(timeIntervalSinceReferenceDate: 785_500_000)

    init() throws {
        files = try StoreFolder()
        try files.seedWithAJournal()
        // Cut short at its end: every to-do in it still reads, and the journal's changes apply.
        try files.write(files.storeBytes.prefix(files.storeBytes.count - 10))
    }

    /// The lists a repair rebuilds from the store and every change of its journal.
    private let rebuilt = list(todo: [todo(5, "Post letter"), todo(1, "Buy milk"), todo(3, "Fix car")],
                               finished: [finished(2, "Call Ann"), finished(4, "Pay rent")], next: 6)

    /// A disk that fills up at the `failing`-th write (from 1): that write and every one after it fail.
    private static func fillingUp(at failing: Int) -> Disk {
        let writes = Counter()
        return Disk { descriptor, bytes, count in
            writes.increment()
            guard writes.value < failing else {
                errno = ENOSPC
                return -1
            }
            return Disk.system.write(descriptor, bytes, count)
        }
    }

    /// Each copy and file written whole in one write: the copy of the store, of the journal, the rebuilt store.
    enum WriteCutOff: Int, CaseIterable, CustomTestStringConvertible {
        case copyOfTheStore = 1, copyOfTheJournal, rebuiltStore

        var testDescription: String {
            switch self {
            case .copyOfTheStore: "while it writes the copy of the store"
            case .copyOfTheJournal: "while it writes the copy of the journal"
            case .rebuiltStore: "while it writes the rebuilt store"
            }
        }
    }

    @Test("SF-31 A repair cut off at any step leaves no cut copy, and a store every command opens: a full disk",
          arguments: WriteCutOff.allCases)
    func repairCutOffByAFullDisk(_ cutOff: WriteCutOff) throws {
        let (store, journal) = (files.storeBytes, files.journalBytes)

        #expect(throws: StoreError.self) { try files.store(disk: Self.fillingUp(at: cutOff.rawValue)).repair(at: now) }

        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
        let names = try files.contents()
        #expect(!names.contains { $0.contains(".tmp-") }, "\(names)")
        // The copies made before the cut are whole; the one it cut is not there at all.
        let copies = names.filter { $0.contains(".damaged-") }
        #expect(copies.count == cutOff.rawValue - 1, "\(names)")
        for copy in copies {
            let bytes = try Data(contentsOf: files.folder.file("data/" + copy))
            #expect(bytes == (copy.hasPrefix("store.json.journal") ? journal : store), "\(copy)")
        }
        #expect(throws: StoreError.self) { try files.todos() }

        #expect(try files.store().repair(at: now.addingTimeInterval(1)) != nil)
        #expect(try files.todos() == rebuilt)
        #expect(try files.store().inspect().isSound)
    }

    @Test("SF-31 A repair cut off at any step leaves no cut copy, and a store every command opens: before the journal is removed")
    func repairCutOffBeforeTheJournalGoes() throws {
        let journal = files.journalBytes
        let keepsTheJournal = Disk(remove: { _ in EPERM })

        let repaired = try #require(try files.store(disk: keepsTheJournal).repair(at: now))

        #expect(repaired.journalLeft?.path == files.journalURL.path)
        #expect(repaired.journalLeft?.errno == EPERM)
        #expect(files.journalBytes == journal)
        let report = try files.store().inspect()
        #expect(report.isSound, "\(report.findings)")
        #expect(report.journalNotes == [.takenIn])
        #expect(try files.todos() == rebuilt)
        for command in files.everyCommand() {
            // A change may not apply (Call Ann is finished already); none refuses the store.
            do { try command.run() } catch let error as StoreError { Issue.record("\(command.name): \(error)") } catch {}
        }
        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path) || files.journalBytes != journal)
        #expect(try files.store().repair(at: now) == nil)
    }

    @Test("SF-31 A repair cut off at any step leaves no cut copy, and a store every command opens: a journal that names no store")
    func repairOfAJournalWithoutItsHeader() throws {
        // Its first line lost: it names no store, and its changes still read.
        try files.writeJournal(Data(files.journalLines.dropFirst().joined(separator: "\n").utf8) + Data("\n".utf8))
        let journal = files.journalBytes

        let repaired = try #require(try files.store(disk: Disk(remove: { _ in EPERM })).repair(at: now))

        #expect(files.journalBytes == journal)
        #expect(try files.store().inspect().isSound)
        // The first change's sum builds on the header's, which is gone: it is left out, and named.
        #expect(repaired.linesLeftOut == [1])
        #expect(try files.todos() == list(todo: [todo(1, "Buy milk"), todo(3, "Fix car")],
                                          finished: [finished(2, "Call Ann"), finished(4, "Pay rent")], next: 5))
        // Any other bytes there are not the journal the repair took in.
        try files.writeJournal(journal + Data("{}\n".utf8))
        #expect(throws: StoreError.self) { try files.todos() }
    }

    @Test("SF-32 A journal that cannot be removed is never written around, and a repair says so")
    func journalThatWillNotGo() throws {
        _ = try files.store().repair(at: now)
        _ = try files.store().add(id: id(6), title: "Walk dog")
        let stuck = files.store(disk: Disk(remove: { _ in EPERM }))

        let everyID = try files.todos().all.map(\.id)
        try stuck.apply(TodoChange.delete(everyID))

        #expect(try files.todos() == Todos())
        #expect(try files.store().inspect().journalNotes == [.takenIn])
        let (store, journal) = (files.storeBytes, files.journalBytes)
        #expect(throws: StoreError.cannotRemove(path: files.journalURL.path, errno: EPERM)) { _ = try stuck.undone() }
        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)

        try files.write(files.storeBytes.prefix(files.storeBytes.count - 10))
        let repaired = try #require(try stuck.repair(at: now.addingTimeInterval(1)))
        #expect(repaired.journalLeft?.path == files.journalURL.path)
        #expect(repaired.journalLeft?.errno == EPERM)
        #expect(try files.store().inspect().isSound)
    }

    @Test("SF-32 A journal that cannot be removed is never written around, and a repair says so: the system's remove says why a file stays")
    func systemRemoveSaysWhy() throws {
        let journal = files.journalURL.path
        let folder = files.storeURL.deletingLastPathComponent().path

        #expect(Disk.system.remove(journal) == 0)
        #expect(!FileManager.default.fileExists(atPath: journal))
        #expect(Disk.system.remove(journal) == ENOENT)
        #expect(Disk.system.remove(folder) != 0, "a folder is no file to remove")
        #expect(FileManager.default.fileExists(atPath: folder))
    }
}
