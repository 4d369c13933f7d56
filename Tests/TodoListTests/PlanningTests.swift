import Dates
import Foundation
import TestSupport
import Testing
import TodoList
import Undo

@MainActor
@Suite("Planning a week: the list's models and view-model")
struct PlanningTests: TodoListSuite {
    let leaks = LeakTracker()

    @Test("PL-1 Searching for several words finds the titles that hold every one, in any order")
    func searchForEveryWord() throws {
        let (sut, _) = try makeLoadedSUT(todo: ["Buy milk and eggs", "Eggs for the cake"], finished: ["Milk the cow"])

        #expect(sut.todos.matching("eggs MILK") == [todo(1, "Buy milk and eggs")])
        #expect(sut.todos.matching("milk") == [todo(1, "Buy milk and eggs"), finished(3, "Milk the cow")])
    }

    @Test("PL-2 A word starting with + in a title is a tag, taken out of the title")
    func tagsInATitle() throws {
        let (sut, store) = try makeLoadedSUT()

        let form = sut.openAddForm()
        form.title = "Buy milk +Shop +errands-2"
        let tagged = try form.save()
        let other = sut.openAddForm()
        other.title = "Learn C++ and a+b in +1 day"
        let untagged = try other.save()

        #expect(tagged == TodoItem(id: id(100), number: 1, title: "Buy milk", plan: TodoPlan(tags: ["Shop", "errands-2"])).added())
        #expect(untagged == TodoItem(id: id(101), number: 2, title: "Learn C++ and a+b in +1 day").added())
        #expect(store.todos == list(todo: [untagged, tagged], next: 3))
    }

    @Test("PL-3 A due date is a day, or a word counted from today",
          arguments: [("due:2026-12-01", "2026-12-01"), ("due:01-12-2026", "2026-12-01"), ("due:today", "2026-11-25"),
                      ("due:Tomorrow", "2026-11-26"), ("due:friday", "2026-11-27"), ("due:Wed", "2026-12-02"),
                      ("due:3d", "2026-11-28"), ("due:2w", "2026-12-09"), ("due:0d", "2026-11-25"), ("due:0w", "2026-11-25")])
    func dueWords(word: String, day: String) throws {
        let (sut, _) = try makeLoadedSUT()
        let form = sut.openAddForm()
        form.title = "Pay rent \(word)"

        let saved = try form.save()

        #expect(saved == TodoItem(id: id(100), number: 1, title: "Pay rent", plan: TodoPlan(due: date(day))).added())
    }

    @Test("PL-4 A planning word that says nothing the list can keep is refused, naming it",
          arguments: [("due:2026-02-30", TitleWords.Refusal.notADay("2026-02-30")), ("due:someday", .notADay("someday")),
                      ("pri:urgent", .notAPriority("urgent")), ("recur:fortnightly", .notARepeat("fortnightly")),
                      ("recur:weekly", .repeatWithoutDue), ("due:2026-12-01 due:fri", .givenTwice("due")),
                      ("pri:H pri:L", .givenTwice("pri")), ("recur:weekly recur:daily due:today", .givenTwice("recur"))])
    func refusedWords(word: String, refusal: TitleWords.Refusal) throws {
        let (sut, store) = try makeLoadedSUT()
        let form = sut.openAddForm()
        form.title = "Pay rent \(word)"

        #expect(throws: refusal) { try form.save() }

        #expect(sut.addForm === form, "the form stays open")
        #expect(store.todos == Todos())
    }

    @Test("PL-5 A priority is H, M or L in any case, and a repeat is kept with its due date")
    func priorityAndRepeat() throws {
        let (sut, store) = try makeLoadedSUT()
        let form = sut.openAddForm()
        form.title = "Pay rent pri:h recur:monthly due:2026-12-01 +home"

        try form.save()

        let plan = TodoPlan(tags: ["home"], due: date("2026-12-01"), priority: .high, recurrence: .monthly)
        #expect(store.todos == list(todo: [TodoItem(id: id(100), number: 1, title: "Pay rent", plan: plan).added()], next: 2))
        #expect(Priority.allCases.map(\.rawValue) == ["H", "M", "L"])
    }

    @Test("PL-6 A word meant as it is starts with a backslash")
    func wordsMeantAsTheyAre() throws {
        let (sut, store) = try makeLoadedSUT()
        let form = sut.openAddForm()
        form.title = "Read \\+1 and \\due:soon"
        try form.save()
        #expect(store.todos == list(todo: [TodoItem(id: id(100), number: 1, title: "Read +1 and due:soon").added()], next: 2))
        let second = sut.openAddForm()
        second.title = "Keep \\ and \\\\+1"

        try second.save()

        #expect(store.todos.unfinished.map(\.title) == ["Keep \\ and \\+1", "Read +1 and due:soon"], "a backslash alone takes nothing off")
        #expect(store.todos.unfinished.map(\.plan) == [.none, .none])
    }

    @Test("PL-7 edit adds and removes tags, sets and clears the rest, and keeps what it does not name")
    func editByParts() throws {
        let planned = TodoItem(id: id(1), number: 1, title: "Pay rent", plan: TodoPlan(tags: ["home"], due: date("2026-12-01"), priority: .high))
        let (sut, store) = try makeLoadedSUT()
        store.todos = list(todo: [planned], next: 2)
        try sut.load()

        try sut.edit(id(1), try TodoEdit(typed: "+bills -home pri:", today: testToday))
        #expect(sut.todos.unfinished == [TodoItem(id: id(1), number: 1, title: "Pay rent", plan: TodoPlan(tags: ["bills"], due: date("2026-12-01")))])
        try sut.edit(id(1), try TodoEdit(typed: "Pay the rent due:", today: testToday))
        #expect(sut.todos.unfinished == [TodoItem(id: id(1), number: 1, title: "Pay the rent", plan: TodoPlan(tags: ["bills"]))])

        #expect(try sut.undo() == UndoneChange(.editTodo, names: ["Pay rent"]))
        #expect(try sut.undo() == UndoneChange(.editTodo, names: ["Pay rent"]))
        #expect(sut.todos.unfinished == [planned])
        #expect(store.todos == sut.todos)
        try sut.edit(id(1), try TodoEdit(typed: "Pay  the rent", today: testToday))
        #expect(sut.todos.unfinished.map(\.title) == ["Pay  the rent"])
        try sut.edit(id(1), try TodoEdit(typed: " Pay the rent +bills ", today: testToday))
        #expect(sut.todos.unfinished.map(\.title) == ["Pay the rent"], "trimmed, as a title is when added")

        try sut.edit(id(1), TodoEdit(title: "Pay December's rent", addingTags: ["bills"], removingTags: ["home"], due: .set(date("2026-12-08")),
                                     priority: .set(.low), recurrence: .set(.monthly)))
        #expect(sut.todos.unfinished == [TodoItem(id: id(1), number: 1, title: "Pay December's rent",
                                                  plan: TodoPlan(tags: ["bills"], due: date("2026-12-08"), priority: .low, recurrence: .monthly))],
                "an edit made of its parts, as a form would make it")
        #expect(store.todos == sut.todos)

        #expect(throws: TitleWords.Refusal.givenTwice("due")) { try TodoEdit(typed: "due:friday due:", today: testToday) }
        #expect(throws: TitleWords.Refusal.addedAndTakenAway("home")) { try TodoEdit(typed: "+home -HOME", today: testToday) }
        #expect(throws: TitleWords.Refusal.addedAndTakenAway("work"), "the first of the tags so given") {
            try TodoEdit(typed: "+work +home -home -work", today: testToday)
        }
    }

    @Test("PL-8 Filters show only the items that pass every one, and the counter says how many of how many",
          arguments: [
            (TodoFilter(tags: ["home"]), [1, 3], [5], "2 of 4 to do, 1 of 1 finished"),
            (TodoFilter(withoutTags: ["home"]), [2, 4], [], "2 of 4 to do, 0 of 1 finished"),
            (TodoFilter(tags: ["home"], withoutTags: ["HOME"]), [], [], "0 of 4 to do, 0 of 1 finished"),
            (TodoFilter(priority: .high), [2], [], "1 of 4 to do, 0 of 1 finished"),
            (TodoFilter(due: .overdue), [1], [], "1 of 4 to do, 0 of 1 finished"),
            (TodoFilter(due: .today), [1, 2], [], "2 of 4 to do, 0 of 1 finished"),
            (TodoFilter(due: .week), [1, 2, 3], [], "3 of 4 to do, 0 of 1 finished"),
          ])
    func filters(filter: TodoFilter, todo: [Int], finished: [Int], counter: String) throws {
        let (sut, _) = try makePlannedSUT()

        sut.filter = filter

        #expect(sut.sections.map(\.items.numbers) == [todo, finished].filter { !$0.isEmpty })
        #expect(sut.counter == counter)
    }

    @Test("PL-8 Filters show only the items that pass every one: week ends seven days on, or on the calendar's last day",
          arguments: [("2026-11-25", "2026-12-01", true), ("2026-11-25", "2026-12-02", false), ("9999-12-28", "9999-12-31", true)])
    func weekEnds(today: String, due: String, shown: Bool) {
        let item = TodoItem(id: id(1), number: 1, title: "Pay rent", plan: TodoPlan(due: date(due)))

        #expect(TodoFilter(due: .week).shows(item, today: date(today)) == shown)
    }

    @Test("PL-25 A tag matches whatever its case, in any alphabet",
          arguments: [(TodoFilter(tags: ["ΣΊΣΥΦΟΣ"]), [1]), (TodoFilter(tags: ["σίσυφοσ"]), [1]), (TodoFilter(tags: ["ÉTÉ"]), [2]),
                      (TodoFilter(withoutTags: ["ΣΊΣΥΦΟΣ"]), [2])])
    func tagsInAnyAlphabet(filter: TodoFilter, shown: [Int]) {
        let items = [TodoItem(id: id(1), number: 1, title: "Read the myth", plan: TodoPlan(tags: ["Σίσυφος"])),
                     TodoItem(id: id(2), number: 2, title: "Swim", plan: TodoPlan(tags: ["Été"]))]

        #expect(items.filter { filter.shows($0, today: testToday) }.map(\.number) == shown)
    }

    @Test("PL-9 list --sort orders To do by due date or priority, and keeps the order until changed")
    func sorting() throws {
        let items = [TodoItem(id: id(4), number: 4, title: "Read"),
                     TodoItem(id: id(3), number: 3, title: "Fix bike", plan: TodoPlan(due: date("2026-12-01"), priority: .low)),
                     TodoItem(id: id(2), number: 2, title: "Call Ann", plan: TodoPlan(due: date("2026-12-01"), priority: .high)),
                     TodoItem(id: id(1), number: 1, title: "Pay rent", plan: TodoPlan(due: date("2026-11-26")))]
        let (sut, store) = try makeLoadedSUT()
        store.todos = list(todo: items, finished: [finished(5, "B"), finished(6, "A")], next: 7)
        try sut.load()

        try sut.sort(by: .due)
        #expect(sut.sections.map(\.items.numbers) == [[1, 2, 3, 4], [5, 6]])
        try sut.load()
        #expect(sut.sections.map(\.items.numbers) == [[1, 2, 3, 4], [5, 6]], "the order is kept")
        try sut.sort(by: .priority)
        #expect(sut.sections.map(\.items.numbers) == [[2, 3, 1, 4], [5, 6]])
        try sut.sort(by: .added)
        #expect(sut.sections.map(\.items.numbers) == [[4, 3, 2, 1], [5, 6]])

        #expect(try sut.undo() == UndoneChange(.sortTodos, names: []))
        #expect(sut.todos.order == .priority)
        #expect(store.todos.unfinished == items, "the sections themselves keep the order items were added in")
    }

    @Test("PL-11 Checking a repeating to-do finishes it and brings it back, due one period on")
    func repeats() throws {
        let plants = TodoItem(id: id(1), number: 1, title: "Water plants", plan: TodoPlan(due: date("2026-11-23"), recurrence: .daily))
        let rent = TodoItem(id: id(2), number: 2, title: "Pay rent",
                            plan: TodoPlan(tags: ["home"], due: date("2026-10-31"), priority: .high, recurrence: .monthly))
        let (sut, store) = try makeLoadedSUT()
        store.todos = list(todo: [rent, plants], next: 3)
        try sut.load()

        try sut.check(id(1), id(2))

        var plan = rent.plan
        plan.due = date("2026-11-30")
        #expect(sut.todos == list(todo: [TodoItem(id: id(101), number: 4, title: "Pay rent", plan: plan).added(),
                                         TodoItem(id: id(100), number: 3, title: "Water plants",
                                                  plan: TodoPlan(due: date("2026-11-25"), recurrence: .daily)).added()],
                                  finished: [rent.checked(), plants.checked()].map { item in
                                      TodoItem(id: item.id, number: item.number, title: item.title, isFinished: true, plan: item.plan,
                                               checked: item.checked)
                                  }, next: 5))
        #expect(try sut.undo() == UndoneChange(.checkTodos, names: ["Water plants", "Pay rent"]))
        #expect(sut.todos == list(todo: [rent, plants], next: 5))
        #expect(store.todos == sut.todos)
    }

    @Test("PL-16 Checking a repeating to-do again, after taking the check back, brings no second next one")
    func checkedAgain() throws {
        let plants = TodoItem(id: id(1), number: 1, title: "Water plants", plan: TodoPlan(due: date("2026-11-25"), recurrence: .weekly))
        let (sut, store) = try makeLoadedSUT()
        store.todos = list(todo: [plants], next: 2)
        try sut.load()

        try sut.check(id(1))
        try sut.uncheck(id(1))
        try sut.check(id(1))

        let next = TodoItem(id: id(100), number: 2, title: "Water plants", plan: TodoPlan(due: date("2026-12-02"), recurrence: .weekly))
        #expect(sut.todos.unfinished == [next.added()])
        #expect(sut.todos.finished.map(\.id) == [id(1)])
        #expect(sut.todos.finished.first?.plan.due == date("2026-11-25"))
        #expect(store.todos == sut.todos)
    }

    /// How PL-19 and PL-20 check to-dos 1 and 2: one, one after the other, or both in one check.
    enum Checks: String, Sendable {
        case first = "1", secondThenFirst = "2, then 1", firstThenSecond = "1, then 2", together = "1 and 2 at once"

        @MainActor func apply(to sut: TodoListViewModel) throws {
            switch self {
            case .first: try sut.check(id(1))
            case .secondThenFirst: try sut.check(id(2)); try sut.check(id(1))
            case .firstThenSecond: try sut.check(id(1)); try sut.check(id(2))
            case .together: try sut.check(id(1), id(2))
            }
        }
    }

    @Test("PL-19 A repeat comes back once, after the latest of its to-dos, whichever is checked first",
          arguments: [("2026-11-25", Checks.secondThenFirst, "2026-12-09"), ("2026-11-25", .firstThenSecond, "2026-12-09"),
                      ("2026-11-25", .together, "2026-12-09"), ("2026-12-10", .together, "2026-12-16"),
                      ("2026-12-10", .firstThenSecond, "2026-12-16")])
    func repeatComesBackOnce(today: String, checks: Checks, next: String) throws {
        let (sut, store) = try makeRepeatSUT(todo: [TodoItem(id: id(1), number: 1, title: "Water plants", plan: TodoPlan(due: date("2026-11-25"), recurrence: .weekly)),
                                                    TodoItem(id: id(2), number: 2, title: "Water plants", plan: TodoPlan(due: date("2026-12-02"), recurrence: .weekly))],
                                             today: today)

        try checks.apply(to: sut)

        #expect(Set(sut.todos.finished.map(\.id)) == [id(1), id(2)])
        #expect(sut.todos.unfinished.map(\.title) == ["Water plants"])
        #expect(sut.todos.unfinished.map(\.plan) == [TodoPlan(due: date(next), recurrence: .weekly)])
        #expect(store.todos == sut.todos)
    }

    @Test("PL-19 A repeat comes back once, after the latest of its to-dos, whichever is checked first: tags in another order or case are the same tags")
    func repeatWithTagsReordered() throws {
        let (sut, store) = try makeRepeatSUT(todo: [
            TodoItem(id: id(1), number: 1, title: "Water plants", plan: TodoPlan(tags: ["home", "garden"], due: date("2026-11-25"), recurrence: .weekly)),
            TodoItem(id: id(2), number: 2, title: "Water plants", plan: TodoPlan(tags: ["Garden", "HOME"], due: date("2026-12-02"), recurrence: .weekly))])

        try sut.check(id(1))

        #expect(sut.todos.unfinished.map(\.id) == [id(2)])
        #expect(store.todos == sut.todos)
    }

    @Test("PL-19 A repeat comes back once, after the latest of its to-dos, whichever is checked first: a month on, though another repeat's to-do lies between")
    func laterMonthlyToDo() throws {
        let rent = { (number: Int, due: String) in
            TodoItem(id: id(number), number: number, title: "Pay rent", plan: TodoPlan(due: date(due), recurrence: .monthly))
        }
        let (sut, store) = try makeRepeatSUT(todo: [rent(1, "2026-12-01"), rent(2, "2026-12-15"), rent(3, "2027-01-01")])

        try sut.check(id(1))

        #expect(sut.todos.unfinished.map(\.id) == [id(2), id(3)])
        #expect(store.todos == sut.todos)
    }

    @Test("PL-20 Two repeats with one title, due on days that are not each other's, each come back",
          arguments: [("Water plants", Recurrence.weekly, "2026-11-23", "2026-12-03", Checks.first, ["2026-11-30", "2026-12-03"]),
                      ("Pay rent", .monthly, "2026-12-01", "2026-12-15", .together, ["2027-01-01", "2027-01-15"]),
                      ("Pay rent", .monthly, "2026-12-01", "2026-12-15", .secondThenFirst, ["2027-01-01", "2027-01-15"])])
    func twoRepeatsWithOneTitle(title: String, period: Recurrence, first: String, second: String, checks: Checks, toDo: [String]) throws {
        let (sut, store) = try makeRepeatSUT(todo: [TodoItem(id: id(1), number: 1, title: title, plan: TodoPlan(due: date(first), recurrence: period)),
                                                    TodoItem(id: id(2), number: 2, title: title, plan: TodoPlan(due: date(second), recurrence: period))])

        try checks.apply(to: sut)

        #expect(sut.todos.unfinished.map(\.title) == toDo.map { _ in title })
        #expect(sut.todos.unfinished.compactMap(\.plan.due).sorted() == toDo.map { date($0) })
        #expect(sut.todos.unfinished.allSatisfy { $0.plan == TodoPlan(due: $0.plan.due, recurrence: period) })
        #expect(store.todos == sut.todos)
    }

    @Test("PL-21 A repeat whose later day is finished already comes back after that day")
    func laterDayFinished() throws {
        let done = TodoItem(id: id(2), number: 2, title: "Water plants", isFinished: true, plan: TodoPlan(due: date("2026-12-02"), recurrence: .weekly))
        let (sut, store) = try makeRepeatSUT(todo: [TodoItem(id: id(1), number: 1, title: "Water plants",
                                                             plan: TodoPlan(due: date("2026-11-25"), recurrence: .weekly))],
                                             finished: [done])

        try sut.check(id(1))

        #expect(sut.todos.unfinished.map(\.title) == ["Water plants"])
        #expect(sut.todos.unfinished.map(\.plan) == [TodoPlan(due: date("2026-12-09"), recurrence: .weekly)])
        #expect(store.todos == sut.todos)
    }

    @Test("PL-22 A repeat counts whole periods from the day of the to-do checked",
          arguments: [("2026-11-25", "2026-01-31", Recurrence.monthly, "2026-11-30"), ("2026-12-01", "2026-01-31", .monthly, "2026-12-31"),
                      ("2026-11-25", "2026-02-28", .monthly, "2026-11-28"), ("2026-11-25", "2024-02-29", .yearly, "2027-02-28"),
                      ("2027-03-01", "2024-02-29", .yearly, "2028-02-29"), ("2026-11-25", "0001-01-01", .daily, "2026-11-25"),
                      ("2026-11-25", "0001-01-01", .weekly, "2026-11-30"), ("2026-11-25", "2026-11-24", .daily, "2026-11-25")])
    func wholePeriodsFromItsDay(today: String, due: String, period: Recurrence, next: String) throws {
        let (sut, store) = try makeRepeatSUT(todo: [TodoItem(id: id(1), number: 1, title: "Pay rent", plan: TodoPlan(due: date(due), recurrence: period))],
                                             today: today)

        try sut.check(id(1))

        #expect(sut.todos.unfinished.map(\.title) == ["Pay rent"])
        #expect(sut.todos.unfinished.map(\.plan) == [TodoPlan(due: date(next), recurrence: period)])
        #expect(store.todos == sut.todos)
    }

    @Test("PL-21 A repeat whose later day is finished already comes back after that day: the latest of several")
    func laterDaysFinished() throws {
        let done = { (number: Int, due: String) in
            TodoItem(id: id(number), number: number, title: "Water plants", isFinished: true, plan: TodoPlan(due: date(due), recurrence: .weekly))
        }
        let (sut, _) = try makeRepeatSUT(todo: [TodoItem(id: id(1), number: 1, title: "Water plants",
                                                         plan: TodoPlan(due: date("2026-11-25"), recurrence: .weekly))],
                                         finished: [done(2, "2026-12-02"), done(3, "2026-12-09")])

        try sut.check(id(1))

        #expect(sut.todos.unfinished.map(\.plan) == [TodoPlan(due: date("2026-12-16"), recurrence: .weekly)])
    }

    @Test("PL-21 A repeat whose later day is finished already comes back after that day: a month on")
    func laterMonthFinished() throws {
        let (sut, _) = try makeRepeatSUT(todo: [TodoItem(id: id(1), number: 1, title: "Pay rent", plan: TodoPlan(due: date("2026-11-25"), recurrence: .monthly))],
                                         finished: [TodoItem(id: id(2), number: 2, title: "Pay rent", isFinished: true,
                                                             plan: TodoPlan(due: date("2026-12-25"), recurrence: .monthly))])

        try sut.check(id(1))

        #expect(sut.todos.unfinished.map(\.plan) == [TodoPlan(due: date("2027-01-25"), recurrence: .monthly)])
    }

    /// A list holding `todo` and `finished`, whose clock says today is `today`.
    private func makeRepeatSUT(todo: [TodoItem], finished: [TodoItem] = [], today: String = "2026-11-25",
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> (TodoListViewModel, InMemoryTodoStore) {
        let store = InMemoryTodoStore(list(todo: todo, finished: finished, next: todo.count + finished.count + 1))
        let sut = TodoListViewModel(store: store, clock: testClock(today: date(today)))
        leaks.track(sut, sourceLocation: sourceLocation)
        leaks.track(store, sourceLocation: sourceLocation)
        try sut.load()
        return (sut, store)
    }

    @Test("PL-12 Each item keeps when it was added and last checked, and show tells everything it has")
    func times() throws {
        let halfPastTen = testNow.addingTimeInterval(90 * 60)
        let clock = SteppedClock([testNow, halfPastTen])
        let store = InMemoryTodoStore(Todos())
        let sut = TodoListViewModel(store: store, clock: ListClock(newID: { id(100) }, now: { clock.now() }, today: { testToday }))
        leaks.track(sut)
        try sut.load()
        let form = sut.openAddForm()
        form.title = "Pay rent"
        let added = try form.save()

        clock.moveOn()
        try sut.check(added.id)
        #expect(store.todos.finished == [TodoItem(id: id(100), number: 1, title: "Pay rent", isFinished: true, added: testNow, checked: halfPastTen)])
        try sut.uncheck(added.id)

        #expect(store.todos.unfinished == [TodoItem(id: id(100), number: 1, title: "Pay rent", added: testNow)])
    }

    /// A list as PL-8 has it, today 25 November 2026: 1 "Pay rent" due the day before, tagged
    /// home; 2 "Call Ann" due today, priority H; 3 "Fix bike" due 1 December, tagged home;
    /// 4 "Read"; and 5 "Buy milk" finished, tagged home.
    private func makePlannedSUT() throws -> (TodoListViewModel, InMemoryTodoStore) {
        let (sut, store) = try makeLoadedSUT()
        store.todos = list(todo: [TodoItem(id: id(1), number: 1, title: "Pay rent", plan: TodoPlan(tags: ["home"], due: date("2026-11-24"))),
                                  TodoItem(id: id(2), number: 2, title: "Call Ann", plan: TodoPlan(due: date("2026-11-25"), priority: .high)),
                                  TodoItem(id: id(3), number: 3, title: "Fix bike", plan: TodoPlan(tags: ["home"], due: date("2026-12-01"))),
                                  TodoItem(id: id(4), number: 4, title: "Read")],
                           finished: [TodoItem(id: id(5), number: 5, title: "Buy milk", isFinished: true, plan: TodoPlan(tags: ["home"], due: date("2026-11-24")))],
                           next: 6)
        try sut.load()
        return (sut, store)
    }
}

/// A clock stopped at one moment, then at the next when a test moves it on: 09:00 for an add,
/// 10:30 for a check.
private final class SteppedClock: @unchecked Sendable {
    private let lock = NSLock()
    private var moments: [Date]

    init(_ moments: [Date]) {
        self.moments = moments
    }

    func now() -> Date {
        lock.withLock { moments[0] }
    }

    func moveOn() {
        lock.withLock { _ = moments.removeFirst() }
    }
}
