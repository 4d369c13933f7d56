import Dates
import Foundation
@testable import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList
import Undo
import UserList

/// A store in a fresh folder of the real file system, at `<folder>/data/store.json`, and what
/// tests need to set it up, damage it and look at its files.
final class StoreFolder {
    /// The folder, and the real `todo` to run on the store in it.
    private let todoFolder: TodoFolder
    var folder: TemporaryFolder { todoFolder.folder }
    var storeURL: URL { todoFolder.store }
    var journalURL: URL { folder.file("data/store.json.journal") }

    init() throws {
        todoFolder = try TodoFolder(store: "data/store.json")
    }

    func store(replayLimit: Int = FileStore.replayLimit, disk: Disk = .system) -> FileStore {
        FileStore(url: storeURL, disk: disk, replayLimit: replayLimit)
    }

    /// Saves the items as the to-do section, numbered and identified 1, 2, 3… from the top,
    /// written whole: no journal.
    func seed(todo: [String] = [], finished: [String] = [], people: [Person] = []) throws {
        try store().update { document in
            document.todos = makeTodos(todo: todo, finished: finished)
            document.people = makePeople(people)
        }
    }

    /// Buy milk, Call Ann and Fix bike to do and Pay rent finished, numbered 1 to 4 and written
    /// whole; then three changes in the journal: Post letter added (5), Call Ann checked, Fix bike
    /// renamed Fix car.
    func seedWithAJournal() throws {
        try seed(todo: ["Buy milk", "Call Ann", "Fix bike"], finished: ["Pay rent"])
        _ = try store().add(id: id(5), title: "Post letter")
        try store().apply(TodoChange.check([id(2)]))
        try store().apply(TodoChange.rename(id(3), to: "Fix car"))
    }

    /// What a crash leaves between writing a new store and removing the journal it took in:
    /// "Buy milk" and, added in that journal, "Call Ann", in a store that also holds Ann Lee.
    func leaveAJournalTheStoreTookIn() throws {
        try seed(todo: ["Buy milk"])
        _ = try store().add(id: id(2), title: "Call Ann")
        let taken = journalBytes
        try store().update { $0.people = makePeople([person(9, "Ann", "Lee")]) }
        try writeJournal(taken)
    }

    /// Writes `contents` as the store file, folder and all.
    func write(_ contents: Data) throws {
        try FileManager.default.createDirectory(at: storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: storeURL)
    }

    func writeJournal(_ contents: Data) throws {
        try contents.write(to: journalURL)
    }

    /// Appends to the journal the line of `change` (its key and value), with a sum that holds on
    /// from the lines before it: a line todo does not write, as a newer todo, or whoever knows how
    /// the sums are made, may write it, which a reader takes for one of its own.
    func appendSummedLine(_ change: String) throws {
        let previous = journalBytes.withUnsafeBytes { Journal.read($0, parsing: false).sum }
        let body = Array(("{" + change).utf8)
        let sum = Checksum.hex(body.withUnsafeBytes { Checksum.xxh64($0, seed: previous) })
        try writeJournal(journalBytes + Data(body + Array(#","sum":""#.utf8) + sum + Array("\"}\n".utf8)))
    }

    var storeBytes: Data { (try? Data(contentsOf: storeURL)) ?? Data() }
    var journalBytes: Data { (try? Data(contentsOf: journalURL)) ?? Data() }
    /// The journal's lines, header first, without their line breaks.
    var journalLines: [String] {
        String(decoding: journalBytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// One run of the real `todo --store <store> ARGUMENTS`, as a user at a terminal runs it.
    func todo(_ arguments: String...) throws -> Run {
        try todo(arguments)
    }

    func todo(_ arguments: [String]) throws -> Run {
        try todoFolder.run(arguments)
    }

    func contents() throws -> [String] {
        try folder.contents(of: "data")
    }

    /// The store file as read, with what ties it to its journal, without the journal's changes.
    func storeFile() throws -> FileDocument {
        try FileDocument.read(storeBytes).file
    }

    func todos() throws -> Todos {
        try store().loadTodos()
    }

    /// A way of reading and one of each kind of change, each of which must refuse what the
    /// others refuse: what the readers refuse, the writers refuse too.
    func everyCommand() -> [(name: String, run: () throws -> Void)] {
        let store = store()
        return [
            ("list", { _ = try store.loadTodos() }),
            ("add", { _ = try store.add(id: id(9), title: "Post letter") }),
            ("check", { _ = try store.apply(TodoChange.check([id(2)])) }),
            ("undo", { _ = try store.undone() }),
            ("add a person", { _ = try store.apply(PeopleChange.add(
                NewPerson(id: id(99), details: PersonDetails(firstName: "Bo", lastName: "Bee", birthDate: nil),
                          addedAt: Date(timeIntervalSinceReferenceDate: 0)), again: false)) }),
        ]
    }
}

extension FileStore {
    /// Undoes the last change, as the to-do list's store does, and says what it took back.
    func undone() throws -> UndoneChange {
        try (self as any TodoStore).undo().undone
    }
}

/// A file's written time, to the nanosecond, to set on it again (as its read time too) as
/// `touch -r` does; a `Date` would round it.
struct WrittenTime: Equatable {
    let seconds: Int
    let nanoseconds: Int

    init(of path: String) {
        var status = stat()
        stat(path, &status)
        #if canImport(Darwin)
        (seconds, nanoseconds) = (Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec))
        #else
        (seconds, nanoseconds) = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
        #endif
    }

    func set(on path: String) {
        let time = timespec(tv_sec: seconds, tv_nsec: nanoseconds)
        utimensat(AT_FDCWD, path, [time, time], 0)
    }
}

extension StoreError {
    var isDamaged: Bool {
        if case .damaged = self { return true }
        return false
    }

    /// Whether the store refused to write to the store at `path` because it, or its folder, is read-only.
    func isReadOnly(_ path: String) -> Bool {
        switch self {
        case .cannotWrite(path, .readOnlyFile), .cannotWrite(path, .readOnlyFolder): true
        default: false
        }
    }
}

/// Lists that use every part of the store's format, with the characters JSON has to escape
/// and some it does not.
func richLists() throws -> Document {
    var document = Document()
    let titles = ["Buy \"oat\" milk", "C:\\Users\\ann and a/b </script>", "two\nlines\tand a tab", "bell \u{7} and \u{1F}",
                  "Zoë’s café, 東京, 😀👩‍👩‍👧", "line separator \u{2028}", "e\u{301} combining"]
    for (number, title) in zip(1..., titles) {
        try document.apply(.todos(.add(id: id(number), title: title)))
    }
    try document.apply(.todos(.check([id(2), id(5)])))
    try document.apply(.todos(.rename(id(3), to: "three\r\nlines")))
    try document.apply(.todos(.delete([id(4)])))
    let added = Date(timeIntervalSinceReferenceDate: 817_290_000.5)
    try document.apply(.todos(.add(id: id(8), title: "Pay rent", plan: TodoPlan(tags: ["home", "Bills-2"], due: date("2026-11-30"),
                                                                                    priority: .high, recurrence: .monthly), at: added)))
    try document.apply(.todos(.add(id: id(9), title: "Water plants", plan: TodoPlan(due: date("2026-11-25"), recurrence: .daily),
                                   at: added)))
    try document.apply(.todos(.edit(id(9), TodoEdit(title: "Water the plants", addingTags: ["garden"], priority: .set(.low)))))
    try document.apply(.todos(.check([id(8)], Checking(at: added.addingTimeInterval(60), today: date("2026-11-25"),
                                                       repeatIDs: [id(8): id(10)]))))
    try document.apply(.todos(.sort(.due)))

    let day = date("1990-02-28")
    try document.apply(.people(.add(NewPerson(id: id(101), details: PersonDetails(firstName: "Zoë", lastName: "d'Arc-Ñúñez",
                                                                                     birthDate: day),
                                              addedAt: Date(timeIntervalSinceReferenceDate: 785_000_000.123_456)), again: false)))
    let loaded = (102...104).map { number in
        NewPerson(id: id(number), details: PersonDetails(
            firstName: "Ann \(number)", lastName: "O’Brien", birthDate: number == 103 ? nil : day, email: "ann.\(number)@example.com",
            phone: "(188)-084-\(number)", cell: number == 104 ? nil : "0151 \(number)",
            address: Address(street: "\(number) Walnut Hill Ln", city: "Cape Coral", state: number == 102 ? "Florida" : nil,
                             country: "United States"),
            registered: day, picture: "https://randomuser.me/api/portraits/men/\(number).jpg",
            remoteID: number == 104 ? nil : "remote-\(number)"),
                  addedAt: Date(timeIntervalSinceReferenceDate: Double(785_000_000 + number)))
    }
    try document.apply(.people(.load(page: 1, seed: "seed/with \"quotes\"", people: loaded)))
    try document.apply(.people(.delete([id(103)])))
    try document.apply(.people(.rememberUnmatched("zzz")))
    try document.apply(.people(.sort(.descending)))
    return document
}
