import Foundation
import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList
import UserList

@Suite("Keeping the list on this machine: programs at the same time")
struct ConcurrencyTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
    }

    @Test("TP-8 Two writers at the same time lose nothing")
    func twoWritersLoseNothing() async throws {
        let url = files.storeURL
        let perWriter = 40

        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let store = FileStore(url: url)
                    for n in 0..<perWriter {
                        _ = try? store.add(id: id(writer * 1000 + n), title: "writer \(writer) item \(n)")
                        if n % 10 == 9 { _ = try? store.apply(TodoChange.check([id(writer * 1000 + n)])) }
                    }
                }
            }
        }

        let saved = try files.todos().all
        #expect(saved.count == 2 * perWriter)
        #expect(Set(saved.map(\.id)).count == 2 * perWriter)
        #expect(Set(saved.map(\.number)) == Set(1...(2 * perWriter)))
        #expect(saved.filter(\.isFinished).count == 8)
    }

    @Test("TP-15 A change made by another program is always seen, even one that leaves the file the same size")
    func otherProgramsChangesAreSeen() throws {
        try files.seed(todo: ["Title 000"])
        let reader = files.store()
        let writer = files.store()

        for n in 1...200 {
            let title = "Title " + String(format: "%03d", n)
            _ = try reader.loadTodos()
            try writer.apply(TodoChange.rename(id(1), to: title))

            #expect(try reader.loadTodos().all.map(\.title) == [title])
        }
    }

    @Test("TP-15 An edit in the file itself, of the same length, whose time was set back, is seen too")
    func editWithItsTimeSetBackIsSeen() throws {
        try files.seed(todo: ["Title 000"])
        let reader = files.store()
        _ = try reader.loadTodos()
        let written = WrittenTime(of: files.storeURL.path)
        let text = String(decoding: files.storeBytes, as: UTF8.self)
        let handle = try FileHandle(forWritingTo: files.storeURL)
        try handle.write(contentsOf: Data(text.replacingOccurrences(of: "Title 000", with: "Title 001").utf8))
        try handle.close()

        written.set(on: files.storeURL.path)

        #expect(WrittenTime(of: files.storeURL.path) == written)
        #expect(try reader.loadTodos().all.map(\.title) == ["Title 001"])
    }

    @Test("TP-15 An edit by another program that keeps the store's checksum and journal id is seen too")
    func editKeepingTheHeadIsSeen() throws {
        try files.seed(todo: ["Title 000"])
        let reader = files.store()
        _ = try reader.loadTodos()
        let edited = String(decoding: files.storeBytes, as: UTF8.self).replacingOccurrences(of: "Title 000", with: "Title 001")
        // A person edits the file well after todo wrote it; a clock tick apart at the least.
        Thread.sleep(forTimeInterval: 0.02)

        try Data(edited.utf8).write(to: files.storeURL)

        #expect(try reader.loadTodos().all.map(\.title) == ["Title 001"])
    }

    @Test("SF-11 A reader never fails because a writer finished in between")
    func readersNeverFailDuringFolds() async throws {
        try files.seed(todo: ["Buy milk", "Call Ann"])
        let url = files.storeURL
        let addsDone = Counter()
        let failures = await withTaskGroup(of: [String].self) { group in
            group.addTask {
                let store = FileStore(url: url)
                var failures: [String] = []
                for round in 0..<60 {
                    do {
                        _ = try store.add(id: id(100 + round), title: "Added \(round)")
                        addsDone.increment()
                        try store.update { $0.people = makePeople([person(round + 1, "Ann", "Lee")]) }
                    } catch {
                        failures.append("writer, round \(round): \(error)")
                    }
                }
                return failures
            }
            group.addTask {
                var failures: [String] = []
                for _ in 0..<400 {
                    // Every add done before the read starts must be in what it reads.
                    let added = addsDone.value
                    do {
                        let todos = try FileStore(url: url).loadTodos()
                        let expected = [id(1), id(2)] + (0..<added).map { id(100 + $0) }
                        if !Set(todos.all.map(\.id)).isSuperset(of: expected) {
                            failures.append("a read begun after \(added) adds holds \(todos.all.count) to-dos")
                        }
                    } catch {
                        failures.append("\(error)")
                    }
                }
                return failures
            }
            return await group.reduce([], +)
        }

        #expect(failures == [])
        #expect(try files.todos().all.count == 62)
    }

    @Test("SF-12 Concurrent checks of different numbers each check the item they name")
    func concurrentChecksByNumber() async throws {
        try files.seed(todo: (1...30).map { "Item \($0)" })
        let url = files.storeURL
        await withTaskGroup(of: Void.self) { group in
            for n in 1...30 {
                group.addTask {
                    let store = FileStore(url: url)
                    _ = try? store.add(id: id(100 + n), title: "New \(n)")
                }
                group.addTask {
                    // As `todo check N` does: the number read from the list, then the change to that item.
                    let store = FileStore(url: url)
                    guard let item = try? store.loadTodos().item(numbered: n) else { return }
                    _ = try? store.apply(TodoChange.check([item.id]))
                }
            }
        }

        let saved = try files.todos()
        #expect(saved.finished.map(\.title).sorted() == (1...30).map { "Item \($0)" }.sorted())
        #expect(saved.finished.allSatisfy { $0.title == "Item \($0.number)" })
        #expect(saved.unfinished.count == 30)
        #expect(Set(saved.all.map(\.number)).count == 60)
    }
}

/// A count several tasks share: one adds, others read what it has reached.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.withLock { count }
    }

    func increment() {
        lock.withLock { count += 1 }
    }
}
