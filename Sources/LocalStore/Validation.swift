#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TodoList
import UserList

extension StoreDocument {
    /// The largest number an item or a person may have; past it a store is damaged, not long.
    static let largestNumber = 1 << 40

    /// What is wrong inside a document that reads, each said where it is; empty for a sound one.
    /// Every reader refuses a file with a problem, `doctor` lists them all: one check, so that
    /// whatever `doctor` calls sound, every command can open.
    public var problems: [String] {
        var found: [String] = []
        found += todoProblems
        found += peopleProblems
        found += historyProblems
        return found
    }

    private var todoProblems: [String] {
        var found: [String] = []
        if todos.unfinished.contains(where: \.isFinished) {
            found.append("a to-do in the To do section is marked finished")
        }
        if todos.finished.contains(where: { !$0.isFinished }) {
            found.append("an item in the Finished section is not marked finished")
        }
        // Both sections, not copied into one list: a copy of 100,000 items costs more than the checks.
        let all = [todos.unfinished, todos.finished].joined()
        if let blank = all.first(where: { !Self.hasText($0.title) }) {
            found.append("the to-do \(blank.id.uuidString) has an empty title")
        }
        found += Self.repeatedIDs(all.map(\.id), what: "to-do id")
        found += Self.numberProblems(all.map(\.number), next: todos.nextNumber, what: "to-do")
        return found
    }

    /// Whether a title holds anything but white space; most start with a printable ASCII
    /// letter, which says so without looking at Unicode properties.
    private static func hasText(_ title: String) -> Bool {
        if let first = title.utf8.first, first > 0x20, first < 0x7F { return true }
        return title.unicodeScalars.contains { !$0.properties.isWhitespace }
    }

    private var peopleProblems: [String] {
        var found: [String] = []
        found += Self.repeatedIDs((people.everyone + people.deleted).map(\.id), what: "person id")
        found += Self.numberProblems(people.everyone.map(\.number), next: people.nextNumber, what: "person")
        if let nameless = (people.everyone + people.deleted).first(where: { $0.firstName.isEmpty || $0.lastName.isEmpty }) {
            found.append("the person \(nameless.id.uuidString) has no first or last name")
        }
        if let progress = people.fetchProgress, !(1...FetchProgress.lastPage).contains(progress.nextPage) {
            found.append("the next page to load, \(progress.nextPage), is not between 1 and \(FetchProgress.lastPage)")
        }
        return found
    }

    private var historyProblems: [String] {
        var found: [String] = []
        if history.count > Self.undoLimit {
            found.append("the undo history holds \(history.count) steps, more than \(Self.undoLimit)")
        }
        for (offset, step) in history.enumerated() {
            let indexes: [Int]
            // The positions in each list the step puts items back into.
            let lists: [[Int]]
            let numbers: [Int]
            switch step {
            case .todos(let step):
                indexes = step.restoring.map(\.index)
                // To do and Finished are two lists: each item goes back to the one it was in.
                lists = [step.restoring.filter { !$0.item.isFinished }.map(\.index), step.restoring.filter(\.item.isFinished).map(\.index)]
                numbers = step.restoring.map(\.item.number)
            case .people(let step):
                indexes = step.restoring.map(\.index)
                lists = [indexes]
                numbers = step.restoring.map(\.person.number)
                if step.kind == .sort && step.sortOrder == nil {
                    found.append("undo step \(offset + 1) of \(history.count) undoes a sort without saying the order before it")
                }
            }
            if let index = indexes.first(where: { $0 < 0 || $0 > Self.largestNumber }) {
                found.append("undo step \(offset + 1) of \(history.count) puts an item back at position \(index)")
            }
            // A step is made from the positions in a list, so no two in one list are the same.
            if let index = lists.lazy.compactMap(Self.repeatedPosition).first {
                found.append("undo step \(offset + 1) of \(history.count) puts two items back at position \(index)")
            }
            if let number = numbers.first(where: { $0 < 1 || $0 > Self.largestNumber }) {
                found.append("undo step \(offset + 1) of \(history.count) brings back an item numbered \(number)")
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

    private static func numberProblems(_ numbers: [Int], next: Int, what: String) -> [String] {
        var found: [String] = []
        if let wrong = numbers.first(where: { $0 < 1 || $0 >= next }) {
            found.append("a \(what) is numbered \(wrong), outside 1 to \(next - 1) (the next number is \(next))")
        }
        if !(1...largestNumber).contains(next) {
            found.append("the next \(what) number, \(next), is not between 1 and \(largestNumber)")
        }
        found += repeatedNumbers(numbers, next: next, what: "\(what) number")
        return found
    }

    // Each item's id and number is checked against every other's: hashing them all cost a
    // fifth of reading a large store. Sorting ids, and a bit for each number, cost a fraction
    // of it; only a store with a repeat, found so, is gone through again for the message.

    private static func repeatedIDs(_ ids: [UUID], what: String) -> [String] {
        ids.hasRepeats ? repeated(ids, what: what) : []
    }

    /// Numbers outside 1 to `next - 1` are told of apart, so a bit for each one below `next` finds
    /// a repeat; past a bound that keeps the bits small, the numbers are hashed after all.
    private static func repeatedNumbers(_ numbers: [Int], next: Int, what: String) -> [String] {
        guard next <= numbers.count * 64 + 65_536, numbers.allSatisfy({ (0..<next).contains($0) }) else {
            return repeated(numbers, what: what)
        }
        var seen = [UInt64](repeating: 0, count: next / 64 + 1)
        for number in numbers {
            guard seen[number >> 6] & 1 << (number & 63) == 0 else { return repeated(numbers, what: what) }
            seen[number >> 6] |= 1 << (number & 63)
        }
        return []
    }

    private static func repeated<Value: Hashable & CustomStringConvertible>(_ values: [Value], what: String) -> [String] {
        var seen = Set<Value>()
        seen.reserveCapacity(values.count)
        var repeated = Set<String>()
        for value in values where !seen.insert(value).inserted {
            repeated.insert(value.description)
        }
        return repeated.sorted().map { "the \(what) \($0) is used more than once" }
    }
}

extension [UUID] {
    /// Whether an id is in the list twice. The ids are sorted by their first eight bytes alone;
    /// two that share them, which random ids almost never do, are told apart by a set after all.
    var hasRepeats: Bool {
        var firstHalves = map { id in Swift.withUnsafeBytes(of: id.uuid) { $0.loadUnaligned(as: UInt64.self) } }
        firstHalves.sort()
        let mayRepeat = firstHalves.indices.dropFirst().contains { firstHalves[$0] == firstHalves[$0 - 1] }
        return mayRepeat && Set(self).count < count
    }
}
