import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LocalStore
import TestSupport
import Testing
import TodoList
import UserList

@MainActor
@Suite("Keeping the list on this machine")
final class FileStoreTests {
    private let folder: TemporaryFolder
    private var storeURL: URL { folder.file("data/store.json") }
    private var journalURL: URL { folder.file("data/store.json.journal") }

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("TP-1 An added to-do is still there after a restart")
    func addSurvivesRestart() throws {
        let before = try makeList()
        let form = before.openAddForm()
        form.title = "Buy milk"
        try form.save()

        let after = try makeList()

        #expect(after.todos.todo.titles == ["Buy milk"])
        #expect(after.todos == before.todos)
    }

    @Test("TP-2 An update is still there after a restart")
    func updateSurvivesRestart() throws {
        try seed(todo(1, "Buy milk"), todo(2, "Call Ann"))
        let before = try makeList()
        try before.check(id(1))
        try before.rename(id(2), to: "Call Anna")

        let after = try makeList()

        #expect(after.todos.todo.titles == ["Call Anna"])
        #expect(after.todos.finished.titles == ["Buy milk"])
    }

    @Test("TP-3 A deleted item stays gone after a restart")
    func deleteSurvivesRestart() throws {
        try seed(todo(1, "Buy milk"), todo(2, "Call Ann"))
        try makeList().delete(id(1))

        let after = try makeList()

        #expect(after.todos.all.titles == ["Call Ann"])
    }

    @Test("TP-4 Undo still works after a restart")
    func undoSurvivesRestart() throws {
        try seed(todo(1, "Buy milk"))
        try makeList().check(id(1))

        let after = try makeList()
        try after.undo()

        #expect(after.todos.todo.titles == ["Buy milk"])
        #expect(try makeList().todos.todo.titles == ["Buy milk"])
    }

    @Test("TP-5 With no store yet, the list is empty and the store is made on the first save")
    func missingStoreIsEmptyUntilFirstSave() throws {
        let list = try makeList()

        #expect(list.isEmpty)
        #expect(try folder.contents() == [])

        try FileStore(url: storeURL).apply(.add(todo(1, "Buy milk")))

        #expect(FileManager.default.fileExists(atPath: storeURL.path))
        #expect(try makeList().todos.todo.titles == ["Buy milk"])
    }

    nonisolated static let damagedContents: [Data] = [
        Data(),
        Data("{\"version\": 1, \"todos\": {\"todo\": [".utf8),
        Data([0xFF, 0x00, 0x13, 0x37, 0xC3]),
        Data("[1, 2, 3]".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": 5}}".utf8),
        Data("{\"version\": \"one\"}".utf8),
        Data("{\"version\": 1e400, \"todos\": {\"todo\": [], \"finished\": [], \"undoSteps\": []}}".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": [], \"finished\": [], \"undoSteps\": []}} and more".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": [], \"finished\": [], \"undoSteps\": [],}}".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": [{\"id\": \"00000000-0000-0000-0000-00000000000X\", \"title\": \"Buy milk\", \"isFinished\": false}], \"finished\": [], \"undoSteps\": []}}".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": [{\"id\": \"00000000-0000-0000-0000-000000000001\", \"title\": \"Buy\tmilk\", \"isFinished\": false}], \"finished\": [], \"undoSteps\": []}}".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": [{\"id\": \"00000000-0000-0000-0000-000000000001\", \"title\": \"Buy milk\"}], \"finished\": [], \"undoSteps\": []}}".utf8),
        Data("{\"version\": 1, \"todos\": {\"todo\": [{\"id\": \"00000000-0000-0000-0000-000000000001\", \"title\": \"".utf8) + Data([0xC3, 0x28])
            + Data("\", \"isFinished\": false}], \"finished\": [], \"undoSteps\": []}}".utf8),
        Data("{\"version\": 4, \"todos\": {\"todo\": [], \"finished\": [], \"undoSteps\": []}, \"people\": {\"everyone\": [], \"sortOrder\": \"added\"}}".utf8),
    ]

    @Test("TP-6 A damaged store is refused with an error naming the file, and left as it was",
          arguments: damagedContents)
    func damagedStoreIsRefusedUntouched(contents: Data) throws {
        try write(contents)
        let store = FileStore(url: storeURL)

        #expect { try store.loadTodos() } throws: { error in
            (error as? StoreError).map { Self.isDamaged($0) } ?? false
                && error.localizedDescription.contains(self.storeURL.path)
        }
        #expect(throws: StoreError.self) { try store.apply(.add(todo(1, "Buy milk"))) }

        #expect(try Data(contentsOf: storeURL) == contents)
        #expect(try folder.contents(of: "data") == ["store.json", "store.json.lock"])
    }

    @Test("TP-7 A store written by a newer version is refused and left as it was")
    func newerStoreIsRefusedUntouched() throws {
        let contents = Data("{\"version\": 999, \"todos\": {\"todo\": [], \"finished\": []}, \"future\": true}".utf8)
        try write(contents)
        let store = FileStore(url: storeURL)

        #expect(throws: StoreError.newerVersion(path: storeURL.path, version: 999)) {
            try store.apply(.add(todo(1, "Buy milk")))
        }
        #expect(StoreError.newerVersion(path: storeURL.path, version: 999).localizedDescription.contains("update"))

        #expect(try Data(contentsOf: storeURL) == contents)
    }

    @Test("TP-8 Two writers at the same time lose nothing")
    func twoWritersLoseNothing() async throws {
        let url = storeURL
        let perWriter = 40

        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let store = FileStore(url: url)
                    for n in 0..<perWriter {
                        _ = try? store.apply(.add(todo(writer * 1000 + n, "writer \(writer) item \(n)")))
                    }
                }
            }
        }

        let saved = try FileStore(url: url).loadTodos().all
        #expect(saved.count == 2 * perWriter)
        #expect(Set(saved.map(\.id)).count == 2 * perWriter)
    }

    @Test("TP-15 A change made by another program is always seen, even one that leaves the file the same size")
    func otherProgramsChangesAreSeen() throws {
        try seed(todo(1, "Title 000"))
        let reader = FileStore(url: storeURL)
        let writer = FileStore(url: storeURL)

        for n in 1...200 {
            let title = "Title " + String(format: "%03d", n)
            _ = try reader.loadTodos()
            try writer.apply(.rename(id(1), to: title))

            #expect(try reader.loadTodos().all.map(\.title) == [title])
        }
    }

    @Test("TP-15 An edit by another program that keeps the store's journal id is seen too")
    func editKeepingTheJournalIDIsSeen() throws {
        try seed(todo(1, "Title 000"))
        let reader = FileStore(url: storeURL)
        _ = try reader.loadTodos()
        let edited = String(decoding: try Data(contentsOf: storeURL), as: UTF8.self).replacingOccurrences(of: "Title 000", with: "Title 001")
        // A person edits the file well after todo wrote it; a clock tick apart at the least.
        Thread.sleep(forTimeInterval: 0.02)

        try Data(edited.utf8).write(to: storeURL)

        #expect(try reader.loadTodos().all.map(\.title) == ["Title 001"])
    }

    @Test("TP-16 An add leaves the store file as it was, and every reader sees the new item")
    func addGoesToTheJournal() throws {
        try seed(todo(1, "Buy milk"))
        let before = try Data(contentsOf: storeURL)

        try FileStore(url: storeURL).add(todo(2, "Call Ann"))

        #expect(try Data(contentsOf: storeURL) == before)
        #expect(try folder.contents(of: "data") == ["store.json", "store.json.journal", "store.json.lock"])
        #expect(try FileStore(url: storeURL).loadTodos().todo.titles == ["Call Ann", "Buy milk"])
    }

    @Test("TP-17 A change to the people folds the journal into one new store")
    func peopleChangeFoldsTheJournal() throws {
        try seed(todo(1, "Buy milk"))
        try FileStore(url: storeURL).add(todo(2, "Call Ann"))

        try FileStore(url: storeURL).apply(.add(person(1, "Ann", "Lee")))

        #expect(try folder.contents(of: "data") == ["store.json", "store.json.lock"])
        let saved = try FileStore(url: storeURL).read()
        #expect(saved.todos.todo.titles == ["Call Ann", "Buy milk"])
        #expect(saved.people.everyone.map(\.fullName) == ["Ann Lee"])
    }

    @Test("TP-24 Any change to the to-dos leaves the store file as it was, and every reader sees it",
          arguments: [TodoChange.check(id(1)), .uncheck(id(3)), .rename(id(2), to: "Call Anna"), .delete(id(1)),
                      .clearFinished, .undo])
    func changeGoesToTheJournal(change: TodoChange) throws {
        var expected = Todos()
        for number in [3, 2, 1] {
            try expected.apply(.add(todo(number, ["Buy milk", "Call Ann", "Pay rent"][number - 1])))
        }
        try expected.apply(.check(id(3)))
        try FileStore(url: storeURL).update { $0.todos = expected }
        let before = try Data(contentsOf: storeURL)

        try FileStore(url: storeURL).apply(change)

        try expected.apply(change)
        #expect(try Data(contentsOf: storeURL) == before)
        #expect(try FileStore(url: storeURL).loadTodos() == expected)
        #expect(try FileStore(url: storeURL).loadTodos().canUndo == expected.canUndo)
    }

    @Test("TP-25 A change that does not apply is refused and adds nothing to the journal")
    func refusedChangeWritesNothing() throws {
        try seed(todo(1, "Buy milk"), todo(2, "Call Ann"))
        try FileStore(url: storeURL).apply(.check(id(1)))
        let store = try Data(contentsOf: storeURL)
        let journal = try Data(contentsOf: journalURL)

        #expect(throws: TodoError.alreadyFinished) { try FileStore(url: storeURL).apply(.check(id(1))) }

        #expect(try Data(contentsOf: storeURL) == store)
        #expect(try Data(contentsOf: journalURL) == journal)
    }

    @Test("TP-26 A journal holding many checks is folded by the next change, so reading stays quick")
    func manyChecksAreFolded() throws {
        var expected = Todos()
        for number in 1...200 {
            try expected.apply(.add(todo(number, "Number \(number)")))
        }
        let store = FileStore(url: storeURL, replayLimit: 10_000)
        try store.update { $0.todos = expected }
        var mostChanges = 0

        for number in 1...120 {
            try store.apply(.check(id(number)))

            try expected.apply(.check(id(number)))
            let lines = (try? String(contentsOf: journalURL, encoding: .utf8).split(separator: "\n").count) ?? 0
            mostChanges = max(mostChanges, lines - 1)
            #expect(try FileStore(url: storeURL).loadTodos() == expected)
        }

        #expect(mostChanges == 50)
    }

    @Test("TP-27 A store in format 4 takes its first change whole, and is in format 5 after it")
    func formatFourIsUpgradedOnItsFirstChange() throws {
        let journal = "00000000-0000-4000-8000-000000000000"
        try write(Data(("{\"journal\":\"\(journal)\",\"people\":{\"everyone\":[],\"sortOrder\":\"added\"},\"todos\":{\"finished\":[],"
            + "\"todo\":[{\"id\":\"\(id(1).uuidString)\",\"isFinished\":false,\"title\":\"Buy milk\"}],\"undoSteps\":[]},\"version\":4}").utf8))
        try Data(("{\"journal\":\"\(journal)\"}\n{\"addTodo\":{\"id\":\"\(id(2).uuidString)\",\"isFinished\":false,\"title\":\"Call Ann\"}}\n").utf8)
            .write(to: journalURL)

        try FileStore(url: storeURL).apply(.check(id(1)))

        #expect(try folder.contents(of: "data") == ["store.json", "store.json.lock"])
        let upgraded = try FileStore(url: storeURL).read()
        #expect(upgraded.version == 5)
        #expect(upgraded.todos.todo.titles == ["Call Ann"])
        #expect(upgraded.todos.finished.titles == ["Buy milk"])
        let before = try Data(contentsOf: storeURL)

        try FileStore(url: storeURL).apply(.check(id(2)))

        #expect(try Data(contentsOf: storeURL) == before)
        #expect(try FileStore(url: storeURL).loadTodos().finished.titles == ["Call Ann", "Buy milk"])
    }

    @Test("TP-18 An add cut off part-way through its line is not part of the list")
    func tornJournalLine() throws {
        try seed(todo(1, "Buy milk"))
        let store = FileStore(url: storeURL)
        try store.add(todo(2, "Call Ann"))
        let complete = try Data(contentsOf: journalURL)
        try (complete + Data("{\"addTodo\":{\"id\":\"00000000-00".utf8)).write(to: journalURL)

        #expect(try FileStore(url: storeURL).loadTodos().todo.titles == ["Call Ann", "Buy milk"])

        try store.add(todo(3, "Pay rent"))
        #expect(try FileStore(url: storeURL).loadTodos().todo.titles == ["Pay rent", "Call Ann", "Buy milk"])
    }

    @Test("TP-19 A journal left behind by a crash is never applied twice")
    func staleJournal() throws {
        try seed(todo(1, "Buy milk"))
        try FileStore(url: storeURL).add(todo(2, "Call Ann"))
        let oldJournal = try Data(contentsOf: journalURL)
        try FileStore(url: storeURL).apply(.sort(.descending))
        try oldJournal.write(to: journalURL)

        #expect(try FileStore(url: storeURL).loadTodos().todo.titles == ["Call Ann", "Buy milk"])

        try FileStore(url: storeURL).add(todo(3, "Pay rent"))
        #expect(try FileStore(url: storeURL).loadTodos().todo.titles == ["Pay rent", "Call Ann", "Buy milk"])
        #expect(try String(contentsOf: journalURL, encoding: .utf8).split(separator: "\n").count == 2)
    }

    @Test("TP-20 A journal line that does not read makes the store refused, and changes nothing", arguments: [
        ("{\"addTodo\":42}", "is not a change"),
        ("{\"checkTodo\":\"\(id(1).uuidString)\",\"undo\":true}", "is not a change"),
        ("{\"deleteTodo\":\"\(id(9).uuidString)\"}", "does not apply (that item is no longer in the list)"),
    ])
    func damagedJournal(line: String, problem: String) throws {
        try seed(todo(1, "Buy milk"))
        try FileStore(url: storeURL).add(todo(2, "Call Ann"))
        try (try Data(contentsOf: journalURL) + Data((line + "\n").utf8)).write(to: journalURL)
        let store = try Data(contentsOf: storeURL)
        let journal = try Data(contentsOf: journalURL)
        let damaged = StoreError.damaged(path: storeURL.path, reason: "line 3 of its journal, store.json.journal, \(problem)")

        #expect(throws: damaged) { try FileStore(url: storeURL).loadTodos() }
        #expect(throws: damaged) { try FileStore(url: storeURL).apply(.check(id(1))) }

        #expect(try Data(contentsOf: storeURL) == store)
        #expect(try Data(contentsOf: journalURL) == journal)
    }

    @Test("TP-21 A journal that grows as large as the store is folded into it by the next add")
    func journalStaysSmall() throws {
        try seed(todo(0, "The first one"))
        let store = FileStore(url: storeURL)
        var largest = 0
        for n in 1...600 {
            try store.add(todo(n, "Number \(n), with a title long enough to fill the journal quickly"))
            let journal = (try? Data(contentsOf: journalURL).count) ?? 0
            largest = max(largest, journal - max(try Data(contentsOf: storeURL).count, FileStore.smallestJournalToFold))
        }

        #expect(largest <= 200)
        let titles = try FileStore(url: storeURL).loadTodos().todo.titles
        #expect(titles.count == 601)
        #expect(titles.first == "Number 600, with a title long enough to fill the journal quickly")
        #expect(titles.last == "The first one")
    }

    @Test("TP-22 A saved store is byte for byte what a standard JSON writer makes of the same lists")
    func savedStoreIsStandardJSON() throws {
        let lists = try richLists()
        let store = FileStore(url: storeURL)
        try store.update { document in
            document.todos = lists.todos
            document.people = lists.people
        }

        let saved = try Data(contentsOf: storeURL)
        let document = try store.read()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: saved, as: UTF8.self) == String(decoding: try encoder.encode(document), as: UTF8.self))
        #expect(try JSONDecoder().decode(StoreDocument.self, from: saved) == document)
        #expect(document.todos == lists.todos)
        #expect(document.people == lists.people)
    }

    @Test("TP-23 A store written by another JSON writer reads as the same lists")
    func storeFromAnotherWriterReads() throws {
        let lists = try richLists()
        var document = StoreDocument(todos: lists.todos, people: lists.people)
        document.journal = id(999)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted]
        let written = String(decoding: try encoder.encode(document), as: UTF8.self)
            .replacingOccurrences(of: "ë", with: "\\u00EB")
            .replacingOccurrences(of: "😀", with: "\\ud83d\\ude00")
        #expect(written.contains("\\/"), "slashes escaped, as JSONEncoder does by default")
        try write(Data(written.utf8))

        let read = try FileStore(url: storeURL).read()

        #expect(read == document)
    }

    @Test("TP-9 A temporary file left by a crash neither hides nor harms the list")
    func leftOverTemporaryFile() throws {
        try seed(todo(1, "Buy milk"))
        let leftOver = folder.file("data/.store.json.tmp-12345-abcdef")
        try Data("{\"version\": 1, \"tod".utf8).write(to: leftOver)

        #expect(try makeList().todos.todo.titles == ["Buy milk"])

        try FileStore(url: storeURL).apply(.add(todo(2, "Call Ann")))
        #expect(try folder.contents(of: "data") == ["store.json", "store.json.journal", "store.json.lock"])
        #expect(try makeList().todos.todo.titles == ["Call Ann", "Buy milk"])
    }

    @Test("UA-22 People are kept in the same store as the to-dos, and an older store still opens")
    func peopleBesideTodosInAnOlderStore() throws {
        let writtenByTheTodoSlice = """
            {"version": 1, "todos": {"todo": [{"id": "\(id(1).uuidString)", "title": "Buy milk", "isFinished": false}],
             "finished": [], "undoSteps": []}}
            """
        try write(Data(writtenByTheTodoSlice.utf8))
        let people = UserListViewModel(store: FileStore(url: storeURL), today: { CalendarDate(iso: "2026-11-22")! })
        try people.load()
        #expect(people.isEmpty)

        let form = people.openAddForm()
        form.firstName = "Zoë"
        form.lastName = "Adams"
        form.birthDate = "1990-03-14"
        try form.save()

        let restarted = FileStore(url: storeURL)
        #expect(try restarted.loadPeople().everyone.map(\.fullName) == ["Zoë Adams"])
        #expect(try restarted.loadTodos().todo.titles == ["Buy milk"])
        #expect(try restarted.read().version == StoreDocument.currentVersion)
    }

    @Test("TP-10 A store that cannot be written is refused before anything is written", arguments: ["file", "folder"])
    func readOnlyStore(what: String) throws {
        try seed(todo(1, "Call Ann"))
        let before = try Data(contentsOf: storeURL)
        let readOnly = what == "file" ? storeURL : storeURL.deletingLastPathComponent()
        try FileManager.default.setAttributes([.posixPermissions: what == "file" ? 0o444 : 0o555], ofItemAtPath: readOnly.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly.path) }
        let contentsBefore = try folder.contents(of: "data")

        #expect { try FileStore(url: storeURL).apply(.add(todo(2, "Buy milk"))) } throws: { error in
            error.localizedDescription.contains("read-only") && error.localizedDescription.contains(self.storeURL.path)
        }

        #expect(try Data(contentsOf: storeURL) == before)
        #expect(try folder.contents(of: "data") == contentsBefore)
    }

    @Test("TP-11 A store reached through a link is read and saved where the link points")
    func storeThroughALink() throws {
        let target = folder.file("elsewhere/real.json")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileStore(url: target).apply(.add(todo(1, "Call Ann")))
        try FileManager.default.createSymbolicLink(at: storeURL, withDestinationURL: target)

        try FileStore(url: storeURL).apply(.add(todo(2, "Buy milk")))

        #expect(try FileStore(url: target).loadTodos().todo.titles == ["Buy milk", "Call Ann"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: storeURL.path) == target.path)
    }

    @Test("TP-11 A link that points to nothing is refused, and nothing is written")
    func danglingLink() throws {
        let target = folder.file("nowhere/real.json")
        try FileManager.default.createDirectory(at: storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: storeURL, withDestinationURL: target)

        #expect(throws: StoreError.danglingLink(path: storeURL.path, target: target.path)) {
            try FileStore(url: storeURL).apply(.add(todo(1, "Buy milk")))
        }
        #expect(throws: StoreError.danglingLink(path: storeURL.path, target: target.path)) {
            try FileStore(url: storeURL).loadTodos()
        }
        #expect(!FileManager.default.fileExists(atPath: target.deletingLastPathComponent().path))
        #expect(try folder.contents(of: "data") == ["store.json"])
    }

    @Test("TP-12 A write that fails part-way leaves the old store as it was")
    func diskFullPartWay() throws {
        try seed(todo(1, "Call Ann"))
        let before = try Data(contentsOf: storeURL)
        let fillsUp = FileStore.Disk { descriptor, bytes, count in
            let written = FileStore.Disk.system.write(descriptor, bytes, min(count, 100))
            if written > 0 && count <= 100 { return written }
            if count > 100 && written == 100 { errno = ENOSPC; return -1 }
            return written
        }
        let store = FileStore(url: storeURL, disk: fillsUp)

        #expect(throws: StoreError.cannotWrite(path: storeURL.path, reason: String(cString: strerror(ENOSPC)))) {
            try store.apply(.add(todo(2, "Buy milk")))
        }

        #expect(try Data(contentsOf: storeURL) == before)
        #expect(try folder.contents(of: "data") == ["store.json", "store.json.lock"])
    }

    @Test("TP-12 An add whose journal line fails part-way leaves the store and its journal as they were")
    func diskFullPartWayThroughTheJournal() throws {
        try seed(todo(1, "Call Ann"))
        try FileStore(url: storeURL).add(todo(2, "Buy milk"))
        let store = try Data(contentsOf: storeURL)
        let journal = try Data(contentsOf: journalURL)
        let fillsUp = FileStore.Disk { descriptor, bytes, count in
            let written = FileStore.Disk.system.write(descriptor, bytes, min(count, 10))
            if written == 10 && count > 10 { errno = ENOSPC; return -1 }
            return written
        }

        #expect(throws: StoreError.cannotWrite(path: storeURL.path, reason: String(cString: strerror(ENOSPC)))) {
            try FileStore(url: storeURL, disk: fillsUp).add(todo(3, "Pay rent"))
        }

        #expect(try Data(contentsOf: storeURL) == store)
        #expect(try Data(contentsOf: journalURL) == journal)
    }

    @Test("TP-13 doctor checks the store and says what it found, without changing it")
    func inspect() throws {
        try seed(todo(1, "Call Ann"), todo(2, "Buy milk"))
        let before = try Data(contentsOf: storeURL)

        let report = try FileStore(url: storeURL).inspect()

        #expect(report.exists)
        #expect(report.bytes == before.count)
        #expect(report.document.todos.todo.titles == ["Call Ann", "Buy milk"])
        #expect(report.problems.isEmpty)
        #expect(report.leftOvers.isEmpty)
        #expect(try Data(contentsOf: storeURL) == before)
    }

    @Test("TP-13 doctor names an id used twice and an item in the wrong section")
    func inspectFindsProblems() throws {
        let repeated = """
            {"version": 3, "todos": {"todo": [{"id": "\(id(1).uuidString)", "title": "A", "isFinished": true},
              {"id": "\(id(1).uuidString)", "title": "B", "isFinished": false}], "finished": [], "undoSteps": []},
             "people": {"everyone": [], "sortOrder": "added"}}
            """
        try write(Data(repeated.utf8))

        let problems = try FileStore(url: storeURL).inspect().problems

        #expect(problems == ["a to-do in the To do section is marked finished",
                             "the to-do id \(id(1).uuidString) is used more than once"])
    }

    @Test("TP-14 A store with nothing in it is called empty, not damaged beyond words")
    func emptyStore() throws {
        try write(Data())

        #expect(throws: StoreError.damaged(path: storeURL.path, reason: "it is empty")) {
            try FileStore(url: storeURL).loadTodos()
        }
    }

    @Test("A saved store is readable JSON that says which format it is in")
    func savedStoreCarriesItsVersion() throws {
        try seed(todo(1, "Buy milk"))

        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: storeURL)) as? [String: Any])

        #expect(json["version"] as? Int == StoreDocument.currentVersion)
    }

    @Test("A store that is a folder is refused")
    func storeThatIsAFolder() throws {
        try FileManager.default.createDirectory(at: storeURL, withIntermediateDirectories: true)

        #expect(throws: StoreError.notAFile(path: storeURL.path)) { try FileStore(url: storeURL).loadTodos() }
    }

    @Test("The default store is in XDG_DATA_HOME, else in ~/.local/share")
    func defaultLocation() {
        #expect(FileStore.defaultURL(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ann"]).path
                == "/data/todo-stories/store.json")
        #expect(FileStore.defaultURL(environment: ["HOME": "/home/ann"]).path
                == "/home/ann/.local/share/todo-stories/store.json")
        #expect(FileStore.defaultURL(environment: ["XDG_DATA_HOME": "", "HOME": "/home/ann"]).path
                == "/home/ann/.local/share/todo-stories/store.json")
    }

    // MARK: - Helpers

    private func makeList() throws -> TodoListViewModel {
        let list = TodoListViewModel(store: FileStore(url: storeURL))
        try list.load()
        return list
    }

    /// Saves the items, first to last, as the to-do section.
    private func seed(_ items: TodoItem...) throws {
        let store = FileStore(url: storeURL)
        for item in items.reversed() {
            _ = try store.apply(.add(item))
        }
    }

    private func write(_ contents: Data) throws {
        try FileManager.default.createDirectory(at: storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: storeURL)
    }

    private static func isDamaged(_ error: StoreError) -> Bool {
        if case .damaged = error { return true }
        return false
    }
}
