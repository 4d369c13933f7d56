import Foundation
import LocalStore
import ListEngine
import TestSupport
import Testing
import Undo
import TodoList
import UserList

@Suite("doctor --repair keeps a copy of each file and rebuilds the most they allow")
struct DoctorRepairTests {
    private let files: StoreFolder
    private let now = Date(timeIntervalSinceReferenceDate: 785_500_000)
    /// What a copy made at `now` is named after its file: the time in UTC.
    private let stamp = ".damaged-20251122-102640"

    init() throws {
        files = try StoreFolder()
        try files.seedWithAJournal()
    }

    private var expected: Todos {
        list(todo: [todo(5, "Post letter"), todo(1, "Buy milk"), todo(3, "Fix car")],
             finished: [finished(2, "Call Ann"), finished(4, "Pay rent")], next: 6)
    }

    /// Repairs the store in `folder` at `now`, and checks what every row says: a copy of each
    /// of `copied` as it was lies beside it, named for the time, and doctor calls the store sound.
    private func repair(_ folder: StoreFolder? = nil, copying copied: [URL],
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> RepairReport {
        let folder = folder ?? files
        let before = try copied.map { (path: $0.path + stamp, bytes: try Data(contentsOf: $0)) }

        let repaired = try #require(try folder.store().repair(at: now), sourceLocation: sourceLocation)

        #expect(repaired.copies == before.map(\.path), sourceLocation: sourceLocation)
        for copy in before {
            #expect(FileManager.default.contents(atPath: copy.path) == copy.bytes, "\(copy.path)", sourceLocation: sourceLocation)
        }
        let report = try folder.store().inspect()
        #expect(report.isSound, "\(report.findings)", sourceLocation: sourceLocation)
        return repaired
    }

    /// Where the cut falls in the item Fix car: before its title, after the key, after the whole title.
    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a store cut part-way",
          arguments: ["", "\"title\"", "\"title\":\"Fix car\""])
    func repairCutStore(keptOfTheTitle: String) throws {
        try files.store().update { $0.people = makePeople([person(1, "Ann", "Lee")]) }
        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path))
        let title = try #require(files.storeBytes.range(of: Data("\"title\":\"Fix car\"".utf8)))
        try files.write(files.storeBytes.prefix(upTo: title.lowerBound + keptOfTheTitle.utf8.count))

        _ = try repair(copying: [files.storeURL])

        #expect(try files.todos() == list(todo: [todo(5, "Post letter"), todo(1, "Buy milk")],
                                          finished: [finished(2, "Call Ann"), finished(4, "Pay rent")], next: 6))
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: to-dos with their plans")
    func repairPlans() throws {
        let planned = TodoItem(id: id(1), number: 1, title: "Pay rent",
                               plan: TodoPlan(tags: ["home"], due: date("2026-11-30"), priority: .high, recurrence: .monthly),
                               added: Date(timeIntervalSince1970: 1_780_000_000))
        let tagged = TodoItem(id: id(2), number: 2, title: "Water plants", plan: TodoPlan(tags: ["garden"]))
        // Finished ones keep when they were checked, the first of them too.
        let checked = [3, 4].map { TodoItem(id: id($0), number: $0, title: "Done \($0)", isFinished: true,
                                            checked: Date(timeIntervalSince1970: 1_780_000_000 + Double($0))) }
        try files.store().update { $0.todos = list(todo: [planned, tagged], finished: checked, next: 5) }
        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path))
        // A tag edited by hand into one the list refuses, and a stray byte after the end.
        let edited = String(decoding: files.storeBytes, as: UTF8.self).replacingOccurrences(of: "\"garden\"", with: "\"1garden\"") + "x"
        try files.write(Data(edited.utf8))

        _ = try repair(copying: [files.storeURL])

        #expect(try files.todos() == list(todo: [planned, TodoItem(id: id(2), number: 2, title: "Water plants")], finished: checked, next: 5))
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: people, their order and paging")
    func repairPeople() throws {
        let ann = person(1, "Ann", "Lee", email: "ann@example.com", remoteID: "r1")
        let nameless = person(2, "Nemo", "Nobody")
        try files.store().update { document in
            document.people = People(everyone: [ann, nameless, person(3, "Bo", "Bee")], sortOrder: .descending,
                                     deleted: [person(4, "Cy", "Cee", email: "cy@example.com")],
                                     fetchProgress: FetchProgress(seed: "s", nextPage: 3), unmatchedSearches: ["zzq"], nextNumber: 5)
        }
        // The store was cut short, and held a person with no first name and, first in the list,
        // an object that is no person (a store todo never writes either).
        let edited = String(decoding: files.storeBytes, as: UTF8.self).replacingOccurrences(of: "\"firstName\":\"Nemo\"", with: "\"firstName\":\"\"")
            .replacingOccurrences(of: "\"everyone\":[", with: "\"everyone\":[{\"id\":7},")
        try #require(edited.contains("{\"id\":7}"))
        try files.write(Data(edited.utf8).prefix(edited.utf8.count - 10))

        _ = try repair(copying: [files.storeURL])

        let people = try files.store().read().people
        #expect(people.everyone.map(\.fullName) == ["Ann Lee", "Bo Bee"])
        #expect(people.everyone.map(\.number) == [1, 3])
        #expect(people.nextNumber == 4)
        #expect(people.deleted.map(\.fullName) == ["Cy Cee"])
        #expect(people.sortOrder == .descending)
        #expect(people.fetchProgress == FetchProgress(seed: "s", nextPage: 3))
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a journal an editor saved")
    func repairEditedJournal() throws {
        // A byte-order mark, carriage returns, a change indented, and a blank line before the last one.
        var lines = files.journalLines
        lines[2] = " \t " + lines[2] + "  "
        lines.insert("", at: 3)
        try files.writeJournal(Data([0xEF, 0xBB, 0xBF]) + Data((lines.joined(separator: "\r\n") + "\r\n").utf8))

        let repaired = try repair(copying: [files.storeURL, files.journalURL])

        #expect(repaired.changesBroughtIn == 3)
        #expect(repaired.linesLeftOut == [])
        #expect(try files.todos() == expected)
        #expect(try files.store().undone() == UndoneChange(.renameTodo, names: ["Fix bike"], renamedTo: "Fix car"))
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: the journal of an older format, damaged")
    func repairOlderJournal() throws {
        let journal = UUID().uuidString
        func item(_ number: Int, _ title: String) -> String {
            "{\"id\":\"\(id(number).uuidString)\",\"title\":\"\(title)\",\"isFinished\":false}"
        }
        // Format 5, as todo wrote it before its journal lines had sums; a line was cut in the middle,
        // and the last checks a to-do the store does not hold.
        try files.write(Data(("{\"journal\":\"\(journal)\",\"people\":{\"everyone\":[],\"sortOrder\":\"added\"},\"todos\":{\"finished\":[],"
                              + "\"todo\":[\(item(1, "Buy milk"))],\"undoSteps\":[]},\"version\":5}").utf8))
        let lines = ["{\"journal\":\"\(journal)\"}", "{\"addTodo\":\(item(2, "Call Ann"))}", "{\"checkTodo\":",
                     "{\"checkTodo\":\"\(id(1).uuidString)\"}", "{\"checkTodo\":\"\(id(9).uuidString)\"}"]
        try files.writeJournal(Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(throws: StoreError.self) { try files.store().read() }

        let repaired = try repair(copying: [files.storeURL, files.journalURL])

        #expect(repaired.changesBroughtIn == 2)
        #expect(repaired.linesLeftOut == [3, 5])
        #expect(try files.todos() == list(todo: [todo(2, "Call Ann")], finished: [finished(1, "Buy milk")], next: 3))
    }

    /// A repair passes over what a key it does not keep holds, counting the depth of its value
    /// from where it stands: the to-do is kept, though the file as a whole nests deeper than any
    /// reader goes, and is refused until then.
    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a to-do holding a key nested as deep as a reader allows")
    func repairKeyNestedDeep() throws {
        try files.seed(todo: ["Buy milk"])
        let saved = String(decoding: files.storeBytes, as: UTF8.self)
        let start = #""todo":[{"#
        let at = try #require(saved.range(of: start))
        let nested = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        try files.write(Data(saved.replacingCharacters(in: at, with: start + #""note":"# + nested + ",").utf8))
        #expect(throws: StoreError.self) { try files.todos() }

        _ = try repair(copying: [files.storeURL])

        #expect(try files.todos() == makeTodos(todo: ["Buy milk"]))
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a change made by hand")
    func repairChangedLine() throws {
        // The second change checked Call Ann; by hand, it checks Buy milk.
        var lines = files.journalLines
        #expect(lines[2].contains("\"\(id(2).uuidString)\""))
        lines[2] = lines[2].replacingOccurrences(of: id(2).uuidString, with: id(1).uuidString)
        // A blank line before it: the line left out is named as an editor numbers it.
        lines.insert("", at: 2)
        try files.writeJournal(Data((lines.joined(separator: "\n") + "\n").utf8))

        let repaired = try repair(copying: [files.storeURL, files.journalURL])

        #expect(repaired.changesBroughtIn == 2)
        #expect(repaired.linesLeftOut == [4])
        #expect(try files.todos() == list(todo: [todo(5, "Post letter"), todo(1, "Buy milk"), todo(2, "Call Ann"), todo(3, "Fix car")],
                                          finished: [finished(4, "Pay rent")], next: 6))
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a journal line whose item was taken out by hand")
    func repairLineThatDoesNotApply() throws {
        let edited = String(decoding: files.storeBytes, as: UTF8.self)
            .replacingOccurrences(of: "{\"id\":\"\(id(2).uuidString)\",\"isFinished\":false,\"number\":2,\"title\":\"Call Ann\"},", with: "")
        try files.write(Data(edited.utf8))

        let repaired = try repair(copying: [files.storeURL, files.journalURL])

        #expect(repaired.changesBroughtIn == 2)
        #expect(repaired.linesLeftOut == [3])
        #expect(try files.todos() == list(todo: [todo(5, "Post letter"), todo(1, "Buy milk"), todo(3, "Fix car")],
                                          finished: [finished(4, "Pay rent")], next: 6))
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: two adds swapped by hand")
    func repairSwappedAdds() throws {
        _ = try files.store().add(id: id(6), title: "Walk dog")
        _ = try files.store().add(id: id(7), title: "Wash car")
        var lines = files.journalLines
        lines.swapAt(lines.count - 2, lines.count - 1)
        try files.writeJournal(Data((lines.joined(separator: "\n") + "\n").utf8))

        let repaired = try repair(copying: [files.storeURL, files.journalURL])

        #expect(repaired.changesBroughtIn == 5)
        #expect(repaired.linesLeftOut == [])
        #expect(try files.todos() == list(todo: [todo(6, "Walk dog"), todo(7, "Wash car")] + expected.unfinished,
                                          finished: expected.finished, next: 8))
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a journal that names another store",
          arguments: [false, true])
    func repairJournalOfAnotherStore(storeCut: Bool) throws {
        let other = try StoreFolder()
        try other.seed(todo: ["Elsewhere"])
        _ = try other.store().add(id: id(50), title: "Not here")
        try files.writeJournal(other.journalBytes)
        // A store cut part-way is read as far as it goes: the id naming its journal still tells.
        if storeCut { try files.write(files.storeBytes.dropLast(5)) }
        let owner = try #require(other.journalLines.first?.firstMatch(of: /"journal":"([0-9A-F-]{36})"/)?.1)

        let repaired = try repair(copying: [files.storeURL, files.journalURL])

        #expect(repaired.journalSetAside == .namesAnotherStore(try #require(UUID(uuidString: String(owner)))))
        #expect(repaired.changesBroughtIn == 0)
        #expect(try files.todos() == list(todo: [todo(1, "Buy milk"), todo(2, "Call Ann"), todo(3, "Fix bike")],
                                          finished: [finished(4, "Pay rent")], next: 5))
    }

    /// The key of another part of the store than its lists, with a value as todo writes there.
    static let otherParts = ["\"sortOrder\":\"descending\"", "\"fetchProgress\":{\"nextPage\":3,\"seed\":\"s\"}",
                             "\"journal\":\"\(UUID().uuidString)\"", "\"folded\":{\"lines\":2}", "\"undo\":[]"]

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: an object after the key of another part, in a store cut part-way",
          arguments: otherParts)
    func repairObjectAfterAnotherPart(part: String) throws {
        try files.store().update { document in
            document.people = People(everyone: [person(1, "Ann", "Lee"), person(2, "Bo", "Bee")], sortOrder: .added, deleted: [],
                                     fetchProgress: nil, unmatchedSearches: [], nextNumber: 3)
        }
        // The list ends after Ann; Bo's object, after the other part's key and value, is in no list.
        let text = String(decoding: files.storeBytes, as: UTF8.self)
        let list = try #require(text.range(of: "\"everyone\":["))
        let between = try #require(text.range(of: "},{", range: list.upperBound..<text.endIndex))
        let edited = text.replacingCharacters(in: between, with: "}],\(part),{")
        try files.write(Data(edited.utf8).dropLast(10))

        _ = try repair(copying: [files.storeURL])

        #expect(try files.store().read().people.everyone.map(\.fullName) == ["Ann Lee"])
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a store removed, its journal left")
    func repairFromTheJournalAlone() throws {
        let empty = try StoreFolder()
        for (number, title) in zip(1..., ["one", "two", "three"]) {
            _ = try empty.store().add(id: id(number), title: title)
        }
        #expect(empty.journalLines.count == 3, "the first add writes the store, the others the journal")
        try FileManager.default.removeItem(at: empty.storeURL)

        let repaired = try repair(empty, copying: [empty.journalURL])

        #expect(repaired.changesBroughtIn == 2)
        #expect(try empty.todos() == list(todo: [todo(3, "three"), todo(2, "two")], next: 4))
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a store written by hand, cut part-way")
    func repairHandWrittenStore() throws {
        let written = """
            {
              "version" : 6,
              "todos" : {
                "todo" : [
                  { "id" : "\(id(1).uuidString)", "isFinished" : false, "number" : 1, "title" : "Buy milk" },
                  { "id" : "\(id(2).uuidString)", "isFinished" : false, "number" : 2, "title" : "Call Ann" },
                  { "id" : "\(id(3).uuidString)", "isFinished" : fal
            """
        try files.write(Data(written.utf8))
        try FileManager.default.removeItem(at: files.journalURL)

        let repaired = try repair(copying: [files.storeURL])

        #expect(repaired.todos == 2)
        #expect(try files.todos() == list(todo: [todo(1, "Buy milk"), todo(2, "Call Ann")], next: 3))
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a pretty-printed store cut part-way")
    func repairPrettyPrinted() throws {
        try files.store().update { $0.people = People(everyone: [person(1, "Ann", "Lee")], sortOrder: .descending, deleted: [],
                                                      fetchProgress: FetchProgress(seed: "s", nextPage: 3), unmatchedSearches: [],
                                                      nextNumber: 2) }
        let object = try JSONSerialization.jsonObject(with: files.storeBytes)
        let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try files.write(pretty.prefix(pretty.count - 10))

        _ = try repair(copying: [files.storeURL])

        let people = try files.store().read().people
        #expect(people.sortOrder == .descending)
        #expect(people.fetchProgress == FetchProgress(seed: "s", nextPage: 3))
        #expect(try files.todos().all.count == 5)
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a store written by hand, some numbers missing")
    func repairMissingNumbers() throws {
        let items = [(1, "A", "\"number\":5,"), (2, "B", ""), (3, "C", "")].map { number, title, numbered in
            "{\"id\":\"\(id(number).uuidString)\",\"isFinished\":false,\(numbered)\"title\":\"\(title)\"}"
        }
        try files.write(Data("{\"todos\":{\"finished\":[],\"todo\":[\(items.joined(separator: ","))],\"undoSteps\":[]},\"version\":".utf8))
        try? FileManager.default.removeItem(at: files.journalURL)

        _ = try repair(copying: [files.storeURL])

        #expect(try files.todos() == list(todo: [todo(1, "A").renumbered(5), todo(2, "B").renumbered(6), todo(3, "C").renumbered(7)],
                                          next: 8))
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a pretty-printed store cut after a key")
    func repairCutAfterAKey() throws {
        try files.store().update { $0.people = People(everyone: [person(1, "Ann", "Lee")], sortOrder: .descending, deleted: [],
                                                      fetchProgress: nil, unmatchedSearches: [], nextNumber: 2) }
        let pretty = String(decoding: try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: files.storeBytes),
                                                                 options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        let key = try #require(pretty.range(of: "\"sortOrder\" : "))
        try files.write(Data((pretty[..<key.upperBound] + "  \n ").utf8))

        _ = try repair(copying: [files.storeURL])

        #expect(try files.store().read().people.everyone.map(\.fullName) == ["Ann Lee"])
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: a store reached through a link")
    func repairThroughALink() throws {
        let target = files.folder.file("elsewhere/store.json")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let journal = URL(fileURLWithPath: target.path + ".journal")
        try FileManager.default.moveItem(at: files.storeURL, to: target)
        try FileManager.default.moveItem(at: files.journalURL, to: journal)
        try FileManager.default.createSymbolicLink(at: files.storeURL, withDestinationURL: target)
        try Data(try Data(contentsOf: target).dropLast(5)).write(to: target)

        // The files are the ones the link points to: their copies lie beside them.
        _ = try repair(copying: [target, journal])

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: files.storeURL.path) == target.path)
        #expect(try files.todos() == expected)
    }

    @Test("SF-18 doctor --repair keeps a copy of each file and rebuilds the most they allow: two repairs within a second")
    func repairsWithinASecond() throws {
        try files.write(files.storeBytes.dropLast(5))
        _ = try repair(copying: [files.storeURL, files.journalURL])
        let first = files.storeBytes
        try files.write(first.dropLast(5))

        let second = try #require(try files.store().repair(at: now))

        #expect(second.copies == [files.storeURL.path + stamp + "-2"])
        #expect(FileManager.default.contents(atPath: files.storeURL.path + stamp + "-2") == first.dropLast(5))
        #expect(FileManager.default.contents(atPath: files.storeURL.path + stamp) != nil, "the first copy is kept")
    }
}
