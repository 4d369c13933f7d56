import Foundation
@testable import ListEngine
import Testing

/// The two tables the list check asks first: each says "new" only of what it has not seen, so that
/// only a list that may hold a repeat is gone through again. What they answer, not how fast.
@Suite("The engine: the tables the list check asks first")
struct ListCheckTablesTests {
    /// An id whose first eight bytes are `first`, and the last eight `last`.
    private static func id(first: UInt64, last: UInt64 = 0) -> UUID {
        var bytes = (first.littleEndian, last.littleEndian)
        return withUnsafeBytes(of: &bytes) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    @Test("An id is new once; a second with the same first eight bytes, or all ones there, is not")
    func firstHalves() {
        var table = FirstHalves(count: 4)
        let ids = [Self.id(first: 1, last: 1), Self.id(first: 1, last: 1), Self.id(first: 1, last: 2), Self.id(first: .max, last: 3),
                   Self.id(first: 2)]

        let new = ids.map { table.insert($0) }

        #expect(new == [true, false, false, false, true])
    }

    @Test("A full table, its ids wrapping round its end, tells each new id from one seen", arguments: [1, 7, 64, 1000])
    func firstHalvesFull(count: Int) {
        var table = FirstHalves(count: count)
        let ids = (0..<count).map { Self.id(first: UInt64($0) &* 0x9E37_79B9_7F4A_7C15 | 1) }

        let first = ids.map { table.insert($0) }
        let again = ids.map { table.insert($0) }

        #expect(first.allSatisfy { $0 })
        #expect(again.allSatisfy { !$0 })
    }

    @Test("A number from 1 to next − 1 is new once, each bit of a word its own; one outside is never new")
    func seenNumbers() throws {
        guard var seen = SeenNumbers(next: 200, count: 10) else {
            Issue.record("no table for numbers below 200")
            return
        }
        let numbers = [1, 62, 63, 64, 65, 127, 128, 199]

        let first = numbers.map { seen.insert($0) }
        let again = numbers.map { seen.insert($0) }
        let outside = [0, -1, 200, Int.max, Int.min].map { seen.insert($0) }
        let another = seen.insert(2)

        #expect(first.allSatisfy { $0 })
        #expect(again.allSatisfy { !$0 })
        #expect(outside.allSatisfy { !$0 })
        #expect(another)
    }

    @Test("There is no table of bits for a next number below 1, or past 64 for each number and 65,536 more",
          arguments: [(0, 10, false), (-5, 10, false), (1, 0, true), (65_536 + 640, 10, true), (65_536 + 641, 10, false)])
    func seenNumbersBound(next: Int, count: Int, made: Bool) {
        let table = SeenNumbers(next: next, count: count)
        let isMade = table != nil
        #expect(isMade == made)
    }
}
