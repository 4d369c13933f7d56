import Foundation
import TestSupport
import Testing
import UserList

/// A clock that moves one second each time it is read.
final class TickingClock: @unchecked Sendable {
    private var seconds = 0.0

    func callAsFunction() -> Date {
        seconds += 1
        return Date(timeIntervalSinceReferenceDate: seconds)
    }
}

/// The home screen over an in-memory store holding `people`, with today fixed, ids 1, 2, 3…
/// after those given, and English sorting. Both are tracked: they must be released when the test ends.
@MainActor
func makeSUT(_ people: [Person] = [], sortOrder: PeopleOrder = .added, today: String = "2026-11-22", leaks: LeakTracker,
             sourceLocation: SourceLocation = #_sourceLocation) -> (sut: UserListViewModel, store: InMemoryPeopleStore) {
    let store = InMemoryPeopleStore(makePeople(people, sortOrder: sortOrder))
    let day = date(today)
    let sut = UserListViewModel(store: store, today: { day }, now: TickingClock().callAsFunction,
                                newID: SequentialIDs(startingAt: people.count + 1).callAsFunction)
    leaks.track(sut, sourceLocation: sourceLocation)
    leaks.track(store, sourceLocation: sourceLocation)
    return (sut, store)
}

extension UserListViewModel {
    /// Adds a person through the add form, as a user would.
    @discardableResult
    func add(_ first: String, _ last: String, born: String = "1990-03-14", again: Bool = false) throws -> Person {
        let form = openAddForm()
        form.firstName = first
        form.lastName = last
        form.birthDate = born
        form.again = again
        return try form.save()
    }
}

/// Pages of people served from memory, as randomuser.me would serve them, or a failure.
final class PagedSource: PeopleSource, @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [Int: FetchedPage]
    private var failure: FetchError?
    private var asked: [String] = []

    init(pages: [Int: [PersonDetails]] = [:], failure: FetchError? = nil) {
        self.pages = pages.mapValues { FetchedPage(people: $0) }
        self.failure = failure
    }

    init(fetched: [Int: FetchedPage]) {
        self.pages = fetched
    }

    /// `page 2 seed s`, for each page asked for.
    var requests: [String] { lock.withLock { asked } }

    func fail(with error: FetchError?) {
        lock.withLock { failure = error }
    }

    func page(_ page: Int, count: Int, seed: String) async throws(FetchError) -> FetchedPage {
        let (fetched, failure) = lock.withLock {
            asked.append("page \(page) seed \(seed)")
            return (pages[page] ?? FetchedPage(people: []), self.failure)
        }
        if let failure { throw failure }
        return fetched
    }
}

func remote(_ first: String, _ last: String, id: String? = nil, email: String? = nil,
            born: String? = "1980-05-01") -> PersonDetails {
    PersonDetails(firstName: first, lastName: last, birthDate: born.map { date($0) },
                  email: email ?? "\(first).\(last)@example.com".lowercased(),
                  remoteID: id ?? "\(first)-\(last)".lowercased())
}

/// The people view-model loading from `source`, with the seed "s33d".
@MainActor
func makeFetchingSUT(_ source: PagedSource, store: InMemoryPeopleStore = InMemoryPeopleStore(), leaks: LeakTracker,
                     sourceLocation: SourceLocation = #_sourceLocation) -> UserListViewModel {
    let sut = UserListViewModel(store: store, source: source, today: { date("2026-11-22") }, now: TickingClock().callAsFunction,
                                newID: SequentialIDs().callAsFunction, newSeed: { "s33d" })
    leaks.track(sut, sourceLocation: sourceLocation)
    return sut
}
