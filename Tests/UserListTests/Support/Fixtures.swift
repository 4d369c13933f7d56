import Foundation
import TestSupport
import UserList

/// A store that keeps the people in memory, so tests can see what was saved.
final class InMemoryPeopleStore: PeopleStore {
    var people: People

    init(_ people: People = People()) {
        self.people = people
    }

    func loadPeople() throws -> People {
        people
    }

    func apply(_ change: PeopleChange) throws -> People {
        try people.apply(change)
        return people
    }
}

/// `"1990-03-14"` as a date; the test fails where the text is not one.
func date(_ text: String) -> CalendarDate {
    CalendarDate(iso: text)!
}

/// A person with id `number`, added `number` seconds after the reference date.
func person(_ number: Int, _ first: String, _ last: String, born: String = "1990-03-14") -> Person {
    Person(id: id(number), firstName: first, lastName: last, birthDate: date(born),
           addedAt: Date(timeIntervalSinceReferenceDate: Double(number)))
}

/// A clock that moves one second each time it is read.
final class TickingClock: @unchecked Sendable {
    private var seconds = 0.0

    func callAsFunction() -> Date {
        seconds += 1
        return Date(timeIntervalSinceReferenceDate: seconds)
    }
}

extension Array where Element == Person {
    var fullNames: [String] { map(\.fullName) }
}

/// The home screen over an in-memory store holding `people`, with today fixed, ids 1, 2, 3…
/// after those given, and English sorting.
@MainActor
func makeSUT(_ people: [Person] = [], sortOrder: PeopleOrder = .added, today: String = "2026-11-22")
    -> (sut: UserListViewModel, store: InMemoryPeopleStore) {
    let store = InMemoryPeopleStore(People(everyone: people, sortOrder: sortOrder))
    let day = date(today)
    let sut = UserListViewModel(store: store, today: { day }, now: TickingClock().callAsFunction,
                                newID: SequentialIDs(startingAt: people.count + 1).callAsFunction,
                                locale: Locale(identifier: "en_US"))
    return (sut, store)
}

extension UserListViewModel {
    /// Adds a person through the add form, as a user would.
    @discardableResult
    func add(_ first: String, _ last: String, born: String = "1990-03-14") throws -> Person {
        let form = openAddForm()
        form.firstName = first
        form.lastName = last
        form.birthDate = born
        return try form.save()
    }
}

/// Pages of people served from memory, as randomuser.me would serve them, or a failure.
final class PagedSource: PeopleSource, @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [Int: [RemotePerson]]
    private var failure: FetchError?
    private var asked: [String] = []

    init(pages: [Int: [RemotePerson]] = [:], failure: FetchError? = nil) {
        self.pages = pages
        self.failure = failure
    }

    /// `page 2 seed s`, for each page asked for.
    var requests: [String] { lock.withLock { asked } }

    func fail(with error: FetchError?) {
        lock.withLock { failure = error }
    }

    func people(page: Int, count: Int, seed: String) async throws(FetchError) -> [RemotePerson] {
        let (people, failure) = lock.withLock {
            asked.append("page \(page) seed \(seed)")
            return (pages[page] ?? [], self.failure)
        }
        if let failure { throw failure }
        return people
    }
}

func remote(_ first: String, _ last: String, id: String? = nil, email: String? = nil,
            born: String = "1980-05-01") -> RemotePerson {
    RemotePerson(id: id ?? "\(first)-\(last)".lowercased(), firstName: first, lastName: last,
                 email: email ?? "\(first).\(last)@example.com".lowercased(), birthDate: date(born))
}

/// The people view-model loading from `source`, with the seed "s33d".
@MainActor
func makeFetchingSUT(_ source: PagedSource, store: InMemoryPeopleStore = InMemoryPeopleStore())
    -> UserListViewModel {
    UserListViewModel(store: store, source: source, today: { date("2026-11-22") }, now: TickingClock().callAsFunction,
                      newID: SequentialIDs().callAsFunction, newSeed: { "s33d" }, locale: Locale(identifier: "en_US"))
}
