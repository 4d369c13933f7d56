import TodoList
import UserList

/// One thing wrong inside lists that read: what a store refuses to open, and `doctor` lists.
public enum Problem: Sendable, Equatable {
    /// Which numbered list a problem of numbers or ids is in.
    public enum Record: Sendable, Equatable {
        case todo, person
    }

    case finishedInToDo
    case unfinishedInFinished
    case emptyTitle(TodoItem.ID)
    /// A to-do's plan the list would refuse: a repeat without a due date, a tag that could not be typed.
    case plan(TodoItem.ID, TodoError)
    /// An id given to two to-dos, or to two people.
    case repeatedID(Record, TodoItem.ID)
    /// A number outside 1 to `next - 1`.
    case numberOutOfRange(Record, number: Int, next: Int)
    /// The next number outside 1 to `Document.largestNumber`.
    case nextNumberOutOfRange(Record, next: Int)
    case repeatedNumber(Record, Int)
    case nameless(Person.ID)
    /// The next page to load outside 1 to `FetchProgress.lastPage`.
    case pageOutOfRange(Int)
    case historyTooLong(Int)
    /// Undo step `step` (from 1, of `of`) undoes a sort without saying the order before it.
    case sortWithoutOrder(step: Int, of: Int)
    case positionOutOfRange(step: Int, of: Int, position: Int)
    case repeatedPosition(step: Int, of: Int, position: Int)
    case numberOutOfRangeInStep(step: Int, of: Int, number: Int)
    /// Undo step `step` (from 1, of `of`) would bring back what a list refuses: an item's own
    /// problem (an empty title, a plan, a person without a name), or a next page out of range.
    indirect case inStep(step: Int, of: Int, Problem)
}

extension Document {
    /// What is wrong inside the lists, each said where it is; empty for sound ones. Every store
    /// refuses lists with a problem, and `doctor` lists them all: one check, so that whatever
    /// `doctor` calls sound, every command can open.
    public var problems: [Problem] {
        todoProblems + peopleProblems + historyProblems
    }

    private var todoProblems: [Problem] {
        var found: [Problem] = []
        // One walk of each section, reading each item's fields where it lies: an item copied
        // out, with its title, plan and times, costs more than the checks at 100,000 items.
        let count = todos.unfinished.count + todos.finished.count
        var numbers = SeenNumbers(next: todos.nextNumber, count: count)
        var ids = FirstHalves(count: count), mayRepeat = false
        var misplaced = (finished: false, unfinished: false)
        var blank: TodoItem.ID?, badPlan: (TodoItem.ID, TodoError)?
        for (section, isFinished) in [(todos.unfinished, false), (todos.finished, true)] {
            for index in section.indices {
                if section[index].isFinished != isFinished {
                    if isFinished { misplaced.unfinished = true } else { misplaced.finished = true }
                }
                if !ids.insert(section[index].id) { mayRepeat = true }
                if numbers?.insert(section[index].number) == false { numbers = nil }
                if blank == nil, !Self.hasText(section[index].title) { blank = section[index].id }
                // Most to-dos have no plan: the check asks nothing of them.
                if badPlan == nil, !section[index].plan.isEmpty {
                    do { try section[index].plan.check() } catch { badPlan = (section[index].id, error) }
                }
            }
        }
        if misplaced.finished { found.append(.finishedInToDo) }
        if misplaced.unfinished { found.append(.unfinishedInFinished) }
        if let blank { found.append(.emptyTitle(blank)) }
        if let (id, error) = badPlan { found.append(.plan(id, error)) }
        // Only a list where two ids may be one is gone through again, to say which.
        if mayRepeat { found += Self.repeatedIDs((todos.unfinished + todos.finished).map(\.id), in: .todo) }
        // Only a list with a number out of range or given twice is gone through again, to say which.
        found += Self.numberProblems(numbers == nil ? (todos.unfinished + todos.finished).map(\.number) : [],
                                     next: todos.nextNumber, in: .todo)
        return found
    }

    /// What is wrong with a to-do itself, whichever list holds it: its title or its plan.
    private static func itemProblem(_ item: TodoItem) -> Problem? {
        guard hasText(item.title) else { return .emptyTitle(item.id) }
        guard !item.plan.isEmpty else { return nil }
        do {
            try item.plan.check()
            return nil
        } catch {
            return .plan(item.id, error)
        }
    }

    /// Whether a title holds anything but white space; most start with a printable ASCII
    /// letter, which says so without looking at Unicode properties.
    private static func hasText(_ title: String) -> Bool {
        if let first = title.utf8.first, first > 0x20, first < 0x7F { return true }
        return title.unicodeScalars.contains { !$0.properties.isWhitespace }
    }

    private var peopleProblems: [Problem] {
        var found: [Problem] = []
        found += Self.repeatedIDs((people.everyone + people.deleted).map(\.id), in: .person)
        found += Self.numberProblems(people.everyone.map(\.number), next: people.nextNumber, in: .person)
        if let nameless = (people.everyone + people.deleted).first(where: { !$0.details.isNamed }) {
            found.append(.nameless(nameless.id))
        }
        if let progress = people.fetchProgress, !(1...FetchProgress.lastPage).contains(progress.nextPage) {
            found.append(.pageOutOfRange(progress.nextPage))
        }
        return found
    }

    private var historyProblems: [Problem] {
        var found: [Problem] = []
        if history.count > Self.undoLimit { found.append(.historyTooLong(history.count)) }
        for (offset, step) in history.enumerated() {
            let (number, count) = (offset + 1, history.count)
            let indexes: [Int]
            // The positions in each list the step puts items back into.
            let lists: [[Int]]
            let numbers: [Int]
            // What the step brings back is held to the rules of the lists it goes back into.
            var broughtBack: Problem?
            switch step {
            case .todos(let step):
                indexes = step.restoring.map(\.index)
                // To do and Finished are two lists: each item goes back to the one it was in.
                lists = [step.restoring.filter { !$0.item.isFinished }.map(\.index), step.restoring.filter(\.item.isFinished).map(\.index)]
                numbers = step.restoring.map(\.item.number)
                broughtBack = step.restoring.lazy.compactMap { Self.itemProblem($0.item) }.first
            case .people(let step):
                indexes = step.restoring.map(\.index)
                lists = [indexes]
                numbers = step.restoring.map(\.person.number)
                if step.kind == .sort && step.sortOrder == nil { found.append(.sortWithoutOrder(step: number, of: count)) }
                if let nameless = step.restoring.first(where: { !$0.person.details.isNamed }) {
                    broughtBack = .nameless(nameless.person.id)
                } else if let page = step.fetchProgress?.nextPage, !(1...FetchProgress.lastPage).contains(page) {
                    broughtBack = .pageOutOfRange(page)
                }
            }
            if let broughtBack { found.append(.inStep(step: number, of: count, broughtBack)) }
            if let index = indexes.first(where: { $0 < 0 || $0 > Self.largestNumber }) {
                found.append(.positionOutOfRange(step: number, of: count, position: index))
            }
            // A step is made from the positions in a list, so no two in one list are the same.
            if let index = lists.lazy.compactMap(Self.repeatedPosition).first {
                found.append(.repeatedPosition(step: number, of: count, position: index))
            }
            if let wrong = numbers.first(where: { !Self.itemNumbers.contains($0) }) {
                found.append(.numberOutOfRangeInStep(step: number, of: count, number: wrong))
            }
        }
        return found
    }

    /// The lowest position given twice. Sorted, not hashed: a step holds a few positions, and the
    /// first set of numbers a program makes costs more than sorting them (Benchmarks/profile.md).
    private static func repeatedPosition(_ positions: [Int]) -> Int? {
        let sorted = positions.sorted()
        return zip(sorted, sorted.dropFirst()).first { $0 == $1 }?.0
    }

    private static func numberProblems(_ numbers: [Int], next: Int, in record: Problem.Record) -> [Problem] {
        // A next number out of range is the one problem of range there is: the numbers are not
        // measured against it, and no range is said whose end is below its start.
        guard (1...largestNumber).contains(next) else {
            return [.nextNumberOutOfRange(record, next: next)] + repeatedNumbers(numbers, next: next, in: record)
        }
        var found: [Problem] = []
        if let wrong = numbers.first(where: { $0 < 1 || $0 >= next }) {
            found.append(.numberOutOfRange(record, number: wrong, next: next))
        }
        found += repeatedNumbers(numbers, next: next, in: record)
        return found
    }

    // Each item's id and number is checked against every other's: hashing them all cost a
    // fifth of reading a large store. A table of ids' first bytes, and a bit for each number,
    // cost a fraction of it; only lists with a repeat, found so, are gone through again to say which.

    private static func repeatedIDs(_ ids: [TodoItem.ID], in record: Problem.Record) -> [Problem] {
        ids.hasRepeats ? repeated(ids).map { .repeatedID(record, $0) } : []
    }

    /// A bit for each number; where there are too many to keep a bit each, or one is out of range
    /// or repeated, the numbers are hashed after all, to say which repeat.
    private static func repeatedNumbers(_ numbers: [Int], next: Int, in record: Problem.Record) -> [Problem] {
        guard var seen = SeenNumbers(next: next, count: numbers.count), numbers.allSatisfy({ seen.insert($0) }) else {
            return repeated(numbers).map { .repeatedNumber(record, $0) }
        }
        return []
    }

    /// The values given more than once, lowest first.
    private static func repeated<Value: Hashable & Comparable>(_ values: [Value]) -> [Value] {
        var seen = Set<Value>()
        seen.reserveCapacity(values.count)
        var repeated = Set<Value>()
        for value in values where !seen.insert(value).inserted {
            repeated.insert(value)
        }
        return repeated.sorted()
    }
}

extension [TodoItem.ID] {
    /// Whether an id is in the list twice: its first eight bytes found in the table already,
    /// and, as random ids almost never share them, a set to tell two that do apart.
    public var hasRepeats: Bool {
        var table = FirstHalves(count: count)
        return !allSatisfy { table.insert($0) } && Set(self).count < count
    }
}

/// Ids by their first eight bytes, in a table with a quarter more slots than ids, each at a slot
/// the bytes choose or the next free one: one pass over 100,000 ids, where a sort compared each
/// a dozen times, and no more memory than a copy of their first halves.
/// Its memory is its own, freed with it: an array asked at each insert whether it was shared.
struct FirstHalves: ~Copyable {
    /// A first half plus one, so that 0 is a free slot. A quarter more slots than ids, not the
    /// next power of two, which for a million ids would be twice as many.
    private let slots: UnsafeMutableBufferPointer<UInt64>

    init(count: Int) {
        slots = .allocate(capacity: count + count / 4)
        slots.initialize(repeating: 0)
    }

    deinit { slots.deallocate() }

    /// Puts the id in; false when its first eight bytes were in already, its own or another's,
    /// or are all ones, which the table cannot hold and leaves to the full check.
    mutating func insert(_ id: TodoItem.ID) -> Bool {
        let half = Swift.withUnsafeBytes(of: id.uuid) { $0.loadUnaligned(as: UInt64.self) }
        guard half != .max else { return false }
        // The mixed bits scaled to the table, and on to the next free slot, round to the start.
        var slot = Int(truncatingIfNeeded: (half &* 0x9E37_79B9_7F4A_7C15).multipliedFullWidth(by: UInt64(slots.count)).high)
        while slots[slot] != 0 {
            if slots[slot] == half &+ 1 { return false }
            slot = slot + 1 == slots.count ? 0 : slot + 1
        }
        slots[slot] = half &+ 1
        return true
    }
}

/// Numbers from 1 to `next` - 1, a bit for each: numbers outside that range are told of apart,
/// so a bit each finds a repeat where a set would hash every number. None past a bound that
/// keeps the bits few. Its memory is its own, as a table of first halves' is.
struct SeenNumbers: ~Copyable {
    private let bits: UnsafeMutableBufferPointer<UInt64>
    private let next: Int

    init?(next: Int, count: Int) {
        guard next >= 1, next <= count * 64 + 65_536 else { return nil }
        self.next = next
        bits = .allocate(capacity: next / 64 + 1)
        bits.initialize(repeating: 0)
    }

    deinit { bits.deallocate() }

    /// Puts the number in; false when it is out of range, or in already.
    mutating func insert(_ number: Int) -> Bool {
        guard (1..<next).contains(number), bits[number >> 6] & 1 << (number & 63) == 0 else { return false }
        bits[number >> 6] |= 1 << (number & 63)
        return true
    }
}
