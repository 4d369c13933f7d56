import Foundation
import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList
import UserList

@Suite("A store that crashes on nothing: whatever doctor calls sound, every command opens")
struct SoundStoreTests {
    private let files: StoreFolder
    /// Where each command runs on a copy of the store, so that none changes what the next opens.
    private let scratch: StoreFolder

    init() throws {
        files = try StoreFolder()
        scratch = try StoreFolder()
    }

    /// A store doctor calls sound, of one of the kinds the format allows.
    struct Start: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let make: @Sendable (StoreFolder) throws -> Void
    }

    nonisolated static let starts: [Start] = [
        Start(testDescription: "no store yet") { _ in },
        Start(testDescription: "every part of the format: people loaded, deleted and sorted, a search remembered") { files in
            let lists = try richLists()
            try files.store().update { $0 = lists }
        },
        Start(testDescription: "a journal the store took in, left by a crash") { files in
            try files.seedWithAJournal()
            let taken = files.journalBytes
            try files.store().update { $0.people = makePeople([person(9, "Ann", "Lee")]) }
            try files.writeJournal(taken)
        },
        Start(testDescription: "a change a crash cut off at the journal's end") { files in
            try files.seedWithAJournal()
            try files.writeJournal(files.journalBytes + Data("{\"addTodo\":{\"id\":".utf8))
        },
    ] + FormatTests.olderStores.map { older in
        Start(testDescription: older.testDescription) { files in
            try files.write(Data(older.store.utf8))
            if let journal = older.journal { try files.writeJournal(Data(journal.utf8)) }
        }
    }

    @Test("SF-10 Whatever doctor calls sound, every command opens", arguments: starts, 1...2 as ClosedRange<UInt64>)
    func soundStoresOpen(start: Start, seed: UInt64) throws {
        try start.make(files)
        var random = SeededRandom(seed: seed)
        let store = files.store(replayLimit: 200)
        for step in 0..<50 {
            let report = try store.inspect()
            #expect(report.isSound, "before change \(step): \(report.findings)")
            guard report.isSound else { return }
            try runEveryCommand(before: "change \(step)")
            opens("change \(step)") { try makeRandomChange(store, step: step, random: &random) }
        }
        var undone = 0
        while opens("undo \(undone + 1)", { _ = try store.undo() }) {
            undone += 1
        }
        #expect(undone <= Document.undoLimit)
        #expect(try store.inspect().isSound)
    }

    /// Runs `command`, and says whether it was done. A store refused, or an undo step that does
    /// not fit, is an issue: on a sound store only what a command asks can fail (a to-do that is
    /// not there, nothing left to undo).
    @discardableResult
    private func opens(_ command: String, sourceLocation: SourceLocation = #_sourceLocation, _ run: () throws -> Void) -> Bool {
        do {
            try run()
            return true
        } catch let error as StoreError {
            Issue.record("\(command) refused the store: \(error)", sourceLocation: sourceLocation)
        } catch let error as TodoError where error == .undoDoesNotFit {
            Issue.record("\(command) refused the store: \(error)", sourceLocation: sourceLocation)
        } catch let error as PeopleError where error == .undoDoesNotFit {
            Issue.record("\(command) refused the store: \(error)", sourceLocation: sourceLocation)
        } catch {}
        return false
    }

    /// Every command `todo` has, each on a fresh copy of the store and its journal as they are.
    private func runEveryCommand(before change: String) throws {
        let document = try files.store().read()
        let item = document.todos.all.first?.id ?? id(999)
        let someone = document.people.everyone.first?.id ?? id(998)
        let progress = document.people.fetchProgress ?? FetchProgress(seed: "seed", nextPage: 1)
        let newcomer = NewPerson(id: id(5001), details: PersonDetails(firstName: "Bo", lastName: "Bee", birthDate: date("1990-03-14")),
                                 addedAt: Date(timeIntervalSinceReferenceDate: 0))
        let commands: [(name: String, run: (FileStore) throws -> Void)] = [
            ("list", { _ = try $0.loadTodos() }),
            ("user list", { _ = try $0.loadPeople() }),
            ("add", { _ = try $0.add(id: id(5000), title: "Post letter") }),
            ("add with a plan", { try $0.apply(TodoChange.add(id: id(5002), title: "Post letter", plan: Self.plan, at: Self.moment)) }),
            ("check", { try $0.apply(TodoChange.check([item])) }),
            ("check a repeat", { try $0.apply(TodoChange.check([item], Checking(at: Self.moment, today: date("2026-11-25"),
                                                                                 repeatIDs: [item: id(5003)]))) }),
            ("edit", { try $0.apply(TodoChange.edit(item, Self.edit)) }),
            ("sort", { try $0.apply(TodoChange.sort(.priority)) }),
            ("uncheck", { try $0.apply(TodoChange.uncheck([item])) }),
            ("rename", { try $0.apply(TodoChange.rename(item, to: "Renamed")) }),
            ("delete", { try $0.apply(TodoChange.delete([item])) }),
            ("clear", { try $0.apply(TodoChange.clearFinished) }),
            ("undo", { _ = try $0.undo() }),
            ("user add", { _ = try $0.apply(PeopleChange.add(newcomer, again: true)) }),
            ("user delete", { _ = try $0.apply(PeopleChange.delete([someone])) }),
            ("user sort", { _ = try $0.apply(PeopleChange.sort(.descending)) }),
            ("user fetch", { _ = try $0.apply(PeopleChange.load(page: progress.nextPage, seed: progress.seed, people: [newcomer])) }),
            ("user search", { _ = try $0.apply(PeopleChange.rememberUnmatched("zzq")) }),
        ]
        for command in commands {
            try FileManager.default.createDirectory(at: scratch.storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            for (file, copy) in [(files.storeURL, scratch.storeURL), (files.journalURL, scratch.journalURL)] {
                try? FileManager.default.removeItem(at: copy)
                if FileManager.default.fileExists(atPath: file.path) {
                    try FileManager.default.copyItem(at: file, to: copy)
                }
            }
            opens("\(command.name) before \(change)") { try command.run(scratch.store()) }
        }
    }

    private static let plan = TodoPlan(tags: ["home"], due: date("2026-11-30"), priority: .medium, recurrence: .weekly)
    private static let edit = TodoEdit(title: "Edited", addingTags: ["work"], due: .set(date("2026-12-24")), priority: .set(.high),
                                       recurrence: .set(.yearly))
    private static let moment = Date(timeIntervalSinceReferenceDate: 817_290_000)

    private func makeRandomChange(_ store: FileStore, step: Int, random: inout SeededRandom) throws {
        let document = try store.read()
        let items = document.todos.all
        let anyItem = items.isEmpty ? id(999) : items[Int(random.next() % UInt64(items.count))].id
        let people = document.people.everyone
        switch random.next() % 17 {
        case 0, 1, 2: _ = try store.add(id: id(1000 + step), title: "Item \(step)")
        case 3: try store.apply(TodoChange.check([anyItem]))
        case 4: try store.apply(TodoChange.uncheck([anyItem]))
        case 5: try store.apply(TodoChange.delete([anyItem]))
        case 6: try store.apply(TodoChange.rename(anyItem, to: "Renamed \(step)"))
        case 7: _ = try store.undo()
        case 8:
            try store.apply(PeopleChange.add(NewPerson(id: id(2000 + step), details: PersonDetails(
                firstName: "Ann", lastName: "Lee \(step)", birthDate: step % 2 == 0 ? nil : date("1990-03-14")),
                                                       addedAt: Date(timeIntervalSinceReferenceDate: Double(step))), again: true))
        case 9: try store.apply(PeopleChange.sort(step % 2 == 0 ? .descending : .ascending))
        case 10: try store.apply(PeopleChange.rememberUnmatched("zz\(step)"))
        case 11:
            let progress = document.people.fetchProgress ?? FetchProgress(seed: "seed", nextPage: 1)
            let loaded = NewPerson(id: id(3000 + step), details: PersonDetails(firstName: "Cy", lastName: "Cee \(step)", birthDate: nil,
                                                                                remoteID: "remote-\(step)"),
                                   addedAt: Date(timeIntervalSinceReferenceDate: Double(step)))
            try store.apply(PeopleChange.load(page: progress.nextPage, seed: progress.seed, people: [loaded]))
        case 12: try store.apply(TodoChange.add(id: id(4000 + step), title: "Planned \(step)", plan: Self.plan, at: Self.moment))
        case 13: try store.apply(TodoChange.edit(anyItem, step % 2 == 0 ? Self.edit : TodoEdit(due: .clear, recurrence: .clear)))
        case 14: try store.apply(TodoChange.check([anyItem], Checking(at: Self.moment, today: date("2026-11-25"),
                                                                      repeatIDs: [anyItem: id(4500 + step)])))
        case 15: try store.apply(TodoChange.sort(TodoOrder.allCases[step % TodoOrder.allCases.count]))
        default:
            if let someone = people.first { try store.apply(PeopleChange.delete([someone.id])) } else { try store.apply(TodoChange.clearFinished) }
        }
    }
}

/// The same numbers for the same seed, run after run (SplitMix64).
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
