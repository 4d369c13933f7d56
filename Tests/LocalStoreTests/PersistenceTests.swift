import Foundation
@testable import LocalStore
import ListEngine
import TestSupport
import Testing
import Undo
import TodoList
import UserList

@MainActor
@Suite("Keeping the list on this machine: what survives a restart")
struct PersistenceTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
    }

    @Test("TP-1 An added to-do is still there after a restart")
    func addSurvivesRestart() throws {
        let before = try makeList()
        let form = before.openAddForm()
        form.title = "Buy milk"
        let added = try form.save()

        let after = try makeList()

        #expect(after.todos == list(todo: [TodoItem(id: added.id, number: 1, title: "Buy milk").added()], next: 2))
        #expect(after.todos == before.todos)
    }

    @Test("TP-2 An update is still there after a restart")
    func updateSurvivesRestart() throws {
        try files.seed(todo: ["Buy milk", "Call Ann"])
        let before = try makeList()
        try before.check(id(1))
        try before.rename(id(2), to: "Call Anna")

        let after = try makeList()

        #expect(after.todos == list(todo: [todo(2, "Call Anna")], finished: [finished(1, "Buy milk").checked()], next: 3))
    }

    @Test("TP-3 A deleted item stays gone after a restart")
    func deleteSurvivesRestart() throws {
        try files.seed(todo: ["Buy milk", "Call Ann"])
        try makeList().delete(id(1))

        let after = try makeList()

        #expect(after.todos == list(todo: [todo(2, "Call Ann")], next: 3))
    }

    @Test("TP-4 Undo still works after a restart")
    func undoSurvivesRestart() throws {
        try files.seed(todo: ["Buy milk"])
        try makeList().check(id(1))

        let after = try makeList()
        let undone = try after.undo()

        #expect(undone == UndoneChange(.checkTodos, names: ["Buy milk"]))
        #expect(after.todos == makeTodos(todo: ["Buy milk"]))
        #expect(try makeList().todos == makeTodos(todo: ["Buy milk"]))
    }

    @Test("TP-30 A change to both sections at once can be undone after a restart, journal folded or not", arguments: [false, true])
    func undoBothSections(folded: Bool) throws {
        try files.seed(todo: ["Buy milk", "Pay rent"], finished: ["Call Ann"])
        let before = try makeList().todos
        // With no walk of the list allowed in the journal, the change is folded into the store.
        try TodoListViewModel(store: files.store(replayLimit: folded ? 0 : FileStore.replayLimit)).delete(id(1), id(3))
        #expect(try files.contents().contains("store.json.journal") == !folded)

        let after = try makeList()

        #expect(after.todos == list(todo: [todo(2, "Pay rent")], next: 4))
        #expect(try files.store().inspect().isSound)
        #expect(try after.undo() == UndoneChange(.deleteTodos, names: ["Buy milk", "Call Ann"]))
        #expect(after.todos == before)
        #expect(after.todos.unfinished.first?.title == "Buy milk" && after.todos.finished.first?.title == "Call Ann")
        #expect(try makeList().todos == before)
    }

    @Test("TP-5 With no store yet, the list is empty and the store is made on the first save")
    func missingStoreIsEmptyUntilFirstSave() throws {
        let list = try makeList()

        #expect(list.isEmpty)
        #expect(try files.folder.contents() == [])

        let item = try files.store().add(id: id(1), title: "Buy milk")

        #expect(item == todo(1, "Buy milk"))
        #expect(try files.contents() == ["store.json", "store.json.lock"])
        #expect(try makeList().todos == TestSupport.list(todo: [todo(1, "Buy milk")], next: 2))
    }

    @Test("TP-9 A temporary file left by a crash neither hides nor harms the list")
    func leftOverTemporaryFile() throws {
        try files.seed(todo: ["Buy milk"])
        let leftOver = files.folder.file("data/.store.json.tmp-12345-abcdef01")
        try Data("{\"version\": 1, \"tod".utf8).write(to: leftOver)
        let notOurs = [".store.json.tmp-notes", ".store.json.tmp-12345-ABCDEF01", ".store.json.tmp-12345-abcdef01.txt",
                       ".store.json.tmp-12345--abcdef01"]
        for name in notOurs {
            try Data("kept".utf8).write(to: files.folder.file("data/" + name))
        }
        // Named as a save names its file, but a link: what it leads to is not a save's.
        let notes = files.folder.file("notes.txt")
        try Data("my own notes".utf8).write(to: notes)
        let link = ".store.json.tmp-12345-abcdef02"
        try FileManager.default.createSymbolicLink(at: files.folder.file("data/" + link), withDestinationURL: notes)

        #expect(try makeList().todos == makeTodos(todo: ["Buy milk"]))

        _ = try files.store().add(id: id(2), title: "Call Ann")
        #expect(try files.contents() == (notOurs + [link, "store.json", "store.json.journal", "store.json.lock"]).sorted())
        #expect(try makeList().todos == list(todo: [todo(2, "Call Ann"), todo(1, "Buy milk")], next: 3))
        #expect(try Data(contentsOf: notes) == Data("my own notes".utf8))
    }

    @Test("UA-22 People are kept in the same store as the to-dos, and an older store still opens")
    func peopleBesideTodosInAnOlderStore() throws {
        let writtenByTheTodoSlice = """
            {"version": 1, "todos": {"todo": [{"id": "\(id(1).uuidString)", "title": "Buy milk", "isFinished": false}],
             "finished": [], "undoSteps": []}}
            """
        try files.write(Data(writtenByTheTodoSlice.utf8))
        let people = UserListViewModel(store: files.store(), today: { date("2026-11-22") })
        try people.load()
        #expect(people.isEmpty)

        let form = people.openAddForm()
        form.firstName = "Zoë"
        form.lastName = "Adams"
        form.birthDate = "1990-03-14"
        try form.save()

        let restarted = files.store()
        #expect(try restarted.loadPeople().everyone.map(\.fullName) == ["Zoë Adams"])
        #expect(try restarted.loadTodos() == makeTodos(todo: ["Buy milk"]))
        #expect(try files.storeFile().version == StoreFormat.current)
    }

    @Test("The default store is in XDG_DATA_HOME when it is an absolute path, else in ~/.local/share", arguments: [
        (["XDG_DATA_HOME": "/data", "HOME": "/home/ann"], "/data/todo-stories/store.json"),
        (["XDG_DATA_HOME": "/data/", "HOME": "/home/ann"], "/data/todo-stories/store.json"),
        (["HOME": "/home/ann"], "/home/ann/.local/share/todo-stories/store.json"),
        (["HOME": "/home/ann/"], "/home/ann/.local/share/todo-stories/store.json"),
        (["XDG_DATA_HOME": "", "HOME": "/home/ann"], "/home/ann/.local/share/todo-stories/store.json"),
        (["XDG_DATA_HOME": "data", "HOME": "/home/ann"], "/home/ann/.local/share/todo-stories/store.json"),
        (["XDG_DATA_HOME": "~/data", "HOME": "/home/ann"], "/home/ann/.local/share/todo-stories/store.json"),
    ])
    func defaultLocation(environment: [String: String], path: String) throws {
        #expect(FileStore.defaultPlace(environment: environment).path == path)
    }

    private func makeList() throws -> TodoListViewModel {
        let list = TodoListViewModel(store: files.store(), clock: testClock(firstID: 1))
        try list.load()
        return list
    }
}
