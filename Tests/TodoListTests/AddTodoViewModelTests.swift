import Forms
import Foundation
import TestSupport
import Testing
import TodoList

@MainActor
@Suite("Adding a to-do")
struct AddTodoViewModelTests {
    private let leaks = LeakTracker()

    @Test("TA-1 The add form starts with an empty title, Cancel, and a disabled Save")
    func formStartsEmpty() throws {
        let (list, _) = try makeSUT()

        let form = list.openAddForm()

        #expect(list.addForm === form)
        #expect(form.title == "")
        #expect(form.saveButton == SaveButtonState(isEnabled: false, colour: .grey))
        form.cancel()
        #expect(list.addForm == nil, "Cancel is there, and closes the form")
    }

    @Test("TA-2 Cancelling the form adds nothing")
    func cancelAddsNothing() throws {
        let (list, store) = try makeSUT(todo: ["Call Ann"])
        let form = list.openAddForm()
        form.title = "Buy milk"

        form.cancel()

        #expect(list.addForm == nil)
        #expect(list.todos == makeTodos(todo: ["Call Ann"]))
        #expect(store.todos == makeTodos(todo: ["Call Ann"]))
    }

    @Test("TA-3 With an empty title, Save is disabled and grey")
    func emptyTitleDisablesSave() throws {
        let (list, _) = try makeSUT()
        let form = list.openAddForm()
        form.title = "Buy milk"

        form.title = ""

        #expect(form.saveButton == SaveButtonState(isEnabled: false, colour: .grey))
    }

    @Test("TA-4 With a title, Save is enabled and green")
    func titleEnablesSave() throws {
        let (list, _) = try makeSUT()
        let form = list.openAddForm()

        form.title = "Buy milk"

        #expect(form.saveButton == SaveButtonState(isEnabled: true, colour: .green))
    }

    @Test("TA-5 Saving puts the new to-do at the top of To do")
    func saveInsertsAtTop() throws {
        let (list, store) = try makeSUT(todo: ["Call Ann"])
        let form = list.openAddForm()
        form.title = "Buy milk"

        let saved = try form.save()

        #expect(saved == TodoItem(id: id(100), number: 2, title: "Buy milk").added())
        #expect(list.addForm == nil)
        #expect(list.todos == TestSupport.list(todo: [saved, todo(1, "Call Ann")], next: 3))
        #expect(store.todos == list.todos)
    }

    @Test("TA-6 A title is trimmed before it is saved", arguments: [
        ("   Buy milk  ", "Buy milk"), ("   Buy milk  \n", "Buy milk"), ("\tBuy milk", "Buy milk"), ("Buy  milk", "Buy  milk"),
    ])
    func titleIsTrimmed(typed: String, saved: String) throws {
        let (list, store) = try makeSUT()
        let form = list.openAddForm()
        form.title = typed

        try form.save()

        #expect(list.todos == TestSupport.list(todo: [TodoItem(id: id(100), number: 1, title: saved).added()], next: 2))
        #expect(store.todos == list.todos)
    }

    @Test("TA-7 A title of only spaces counts as empty", arguments: ["    ", " \t  ", "\n"])
    func whitespaceOnlyIsEmpty(typed: String) throws {
        let (list, store) = try makeSUT()
        let form = list.openAddForm()

        form.title = typed

        #expect(form.saveButton == SaveButtonState(isEnabled: false, colour: .grey))
        #expect(throws: TodoError.emptyTitle) { try form.save() }
        #expect(TodoError.emptyTitle.localizedDescription == "a title cannot be empty")
        #expect(list.addForm === form)
        #expect(store.todos == Todos())
    }

    @Test("TA-8 A title in any script is kept exactly as typed",
          arguments: ["Köp mjölk", "牛乳を買う", "Купить молоко", "🥛 milk", "اشترِ الحليب", "e\u{301}clair"])
    func anyScriptIsKept(title: String) throws {
        let (list, store) = try makeSUT()
        let form = list.openAddForm()
        form.title = title

        try form.save()

        #expect(list.todos.unfinished.map { Array($0.title.unicodeScalars) } == [Array(title.unicodeScalars)])
        #expect(store.todos == list.todos)
    }

    private func makeSUT(todo: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (TodoListViewModel, InMemoryTodoStore) {
        let store = InMemoryTodoStore(makeTodos(todo: todo))
        let list = TodoListViewModel(store: store, clock: testClock(firstID: 100))
        try list.load()
        leaks.track(list, sourceLocation: sourceLocation)
        leaks.track(store, sourceLocation: sourceLocation)
        return (list, store)
    }
}
