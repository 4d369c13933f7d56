import Foundation
import TestSupport
import Testing
import UserList

@MainActor
@Suite("People loaded from randomuser.me")
struct FetchTests {
    private let leaks = LeakTracker()

    @Test("RU-1 Loading people puts them in the store with their email, and they stay there offline")
    func loadIntoTheStore() async throws {
        let store = InMemoryPeopleStore()
        let source = PagedSource(pages: [1: [remote("Adam", "Kim"), remote("Diana", "Ellis", born: "1975-02-03")]])
        let sut = makeFetchingSUT(source, store: store, leaks: leaks)
        try sut.load()

        let result = try await sut.fetchMore(count: 2)

        #expect(result == .loaded(FetchReport(pages: [1], new: 2, repeated: 0, invalid: 0)))
        #expect(store.people.everyone.map(\.details) == [remote("Adam", "Kim"), remote("Diana", "Ellis", born: "1975-02-03")])
        #expect(store.people.everyone.map(\.number) == [1, 2])
        let offline = makeFetchingSUT(PagedSource(failure: .noNetwork), store: store, leaks: leaks)
        try offline.load()
        #expect(offline.listed.map(\.details) == store.people.everyone.map(\.details))
    }

    @Test("RU-2 Each load asks for the next page, with the same seed")
    func nextPageSameSeed() async throws {
        let source = PagedSource(pages: [1: [remote("Adam", "Kim")], 2: [remote("Diana", "Ellis")]])
        let sut = makeFetchingSUT(source, leaks: leaks)
        try sut.load()

        _ = try await sut.fetchMore(count: 1)
        let second = try await sut.fetchMore(count: 1)

        #expect(second == .loaded(FetchReport(pages: [2], new: 1, repeated: 0, invalid: 0)))
        #expect(source.requests == ["page 1 seed s33d", "page 2 seed s33d"])
        #expect(sut.listed.fullNames == ["Adam Kim", "Diana Ellis"])
        #expect(sut.people.fetchProgress == FetchProgress(seed: "s33d", nextPage: 3))
    }

    @Test("RU-3 A person repeated within a page or across pages is added once")
    func repeatsAddedOnce() async throws {
        let source = PagedSource(pages: [
            1: [remote("Adam", "Kim"), remote("Tamar", "Levi"), remote("Tamar", "Levi")],
            2: [remote("Adam", "Kim"), remote("Lena", "Hoffmann")],
        ])
        let sut = makeFetchingSUT(source, leaks: leaks)
        try sut.load()

        let first = try await sut.fetchMore(count: 3)
        let second = try await sut.fetchMore(count: 2)

        #expect(first == .loaded(FetchReport(pages: [1], new: 2, repeated: 1, invalid: 0)))
        #expect(second == .loaded(FetchReport(pages: [2], new: 1, repeated: 1, invalid: 0)))
        #expect(sut.listed.fullNames == ["Adam Kim", "Tamar Levi", "Lena Hoffmann"])
    }

    @Test("RU-4 Two people sharing one email are both kept")
    func sharedEmail() async throws {
        let source = PagedSource(pages: [1: [
            remote("Ryan", "Moore", id: "d2b8f6e1", email: "ryan.moore@example.com"),
            remote("Ryan", "Moore", id: "e3c7a5f0", email: "ryan.moore@example.com", born: "1990-10-10"),
        ]])
        let sut = makeFetchingSUT(source, leaks: leaks)
        try sut.load()

        _ = try await sut.fetchMore(count: 2)

        #expect(sut.listed.map(\.birthDate?.iso) == ["1980-05-01", "1990-10-10"])
        #expect(sut.listed.map(\.remoteID) == ["d2b8f6e1", "e3c7a5f0"])
    }

    @Test("RU-5 A person without an id is known by their email, whatever its case")
    func identityByEmail() async throws {
        let withoutID = { (email: String) in
            PersonDetails(firstName: "Ann", lastName: "Berg", birthDate: date("1980-01-02"), email: email)
        }
        let source = PagedSource(pages: [1: [withoutID("ann@example.com")], 2: [withoutID("ANN@example.com")],
                                         3: [withoutID("ann@example.com")], 4: [withoutID("ann@example.com")],
                                         5: [withoutID("ann@example.com")]])
        let sut = makeFetchingSUT(source, leaks: leaks)
        try sut.load()

        _ = try await sut.fetchMore(count: 1)
        let second = try await sut.fetchMore(count: 1)

        #expect(second == .loaded(FetchReport(pages: [2, 3, 4, 5], new: 0, repeated: 4, invalid: 0)))
        #expect(sut.listed.fullNames == ["Ann Berg"])
    }

    @Test("RU-6 A deleted person is never shown again and never loaded again")
    func softDelete() async throws {
        let source = PagedSource(pages: [1: [remote("Adam", "Kim")], 2: [remote("Adam", "Kim"), remote("Lena", "Hoffmann")]])
        let sut = makeFetchingSUT(source, leaks: leaks)
        try sut.load()
        _ = try await sut.fetchMore(count: 1)

        try sut.delete(try #require(sut.listed.first).id)
        let second = try await sut.fetchMore(count: 2)

        #expect(second == .loaded(FetchReport(pages: [2], new: 1, repeated: 1, invalid: 0)))
        #expect(sut.listed.fullNames == ["Lena Hoffmann"])
        #expect(sut.people.deleted.map(\.fullName) == ["Adam Kim"])
    }

    @Test("RU-8 No connection and nobody saved: a message says what to do to try again")
    func offlineWithoutCache() async throws {
        let store = InMemoryPeopleStore()
        let sut = makeFetchingSUT(PagedSource(failure: .noNetwork), store: store, leaks: leaks)
        try sut.load()

        let result = try await sut.fetchMore()

        #expect(result == .failed(.noNetwork, saved: 0))
        #expect(store.people == People())
    }

    @Test("RU-9 No connection with people saved: the saved list, and a notice")
    func offlineWithCache() async throws {
        let source = PagedSource(pages: [1: [remote("Adam", "Kim")]])
        let store = InMemoryPeopleStore()
        let sut = makeFetchingSUT(source, store: store, leaks: leaks)
        try sut.load()
        _ = try await sut.fetchMore(count: 1)
        let saved = store.people

        source.fail(with: .noNetwork)
        let result = try await sut.fetchMore(count: 1)

        #expect(result == .failed(.noNetwork, saved: 1))
        #expect(sut.listed.fullNames == ["Adam Kim"])
        #expect(store.people == saved)
    }

    @Test("RU-10 The API failing is named, with or without people saved, and changes nothing",
          arguments: [(0, FetchError.http(500)), (1, .http(429)), (1, .api("Uh oh")), (0, .notARandomUserResponse),
                      (1, .timeout(seconds: 15)), (0, .refused), (1, .noSuchHost)])
    func apiFailing(saved: Int, error: FetchError) async throws {
        let store = InMemoryPeopleStore(makePeople(saved == 0 ? [] : [person(1, "Zoë", "Adams")]))
        let sut = makeFetchingSUT(PagedSource(failure: error), store: store, leaks: leaks)
        try sut.load()
        let before = store.people

        let result = try await sut.fetchMore()

        #expect(result == .failed(error, saved: saved))
        #expect(sut.listed == before.everyone)
        #expect(store.people == before)
    }

    @Test("RU-18 A page that brings nobody new is followed by the next, up to three more")
    func emptyPagesAreFollowed() async throws {
        let source = PagedSource(pages: [1: [remote("Adam", "Kim"), remote("Ben", "Ito")], 2: [remote("Adam", "Kim")],
                                         3: [remote("Ben", "Ito")], 4: [remote("Lena", "Hoffmann")]])
        let sut = makeFetchingSUT(source, leaks: leaks)
        try sut.load()
        _ = try await sut.fetchMore(count: 2)
        try sut.delete(try #require(sut.listed.last).id)

        let second = try await sut.fetchMore(count: 1)
        let nothing = try await sut.fetchMore(count: 1)

        #expect(second == .loaded(FetchReport(pages: [2, 3, 4], new: 1, repeated: 2, invalid: 0)), "one had, one deleted")
        #expect(nothing == .loaded(FetchReport(pages: [5, 6, 7, 8], new: 0, repeated: 0, invalid: 0)))
        #expect(source.requests.count == 8)
        #expect(sut.listed.fullNames == ["Adam Kim", "Lena Hoffmann"])
        _ = try sut.undo()
        #expect(sut.listed.fullNames == ["Adam Kim"], "undo takes back the last load that brought someone")
    }

    /// The rows of RU-19: the person the page holds beside Lena Hoffmann, as the client hands it
    /// over, and how the load counts them. A day that is not in the calendar the client leaves out
    /// itself and counts as unreadable, a person past the count as beyond it (its own tests read
    /// those answers).
    nonisolated static let invalidPeople: [(row: String, page: FetchedPage, counted: FetchReport)] = [
        ("a first name with a digit", withLena([remote("R2D2", "Kim")]), invalid),
        ("a first name of 100,000 letters", withLena([remote(String(repeating: "a", count: 100_000), "Kim")]), invalid),
        ("an empty last name", withLena([remote("Adam", "")]), invalid),
        ("a date of birth in the year 1", withLena([remote("Adam", "Kim", born: "0001-01-01")]), invalid),
        ("a date of birth in the year 9999", withLena([remote("Adam", "Kim", born: "9999-12-31")]), invalid),
        ("a date of birth of 30 February", withLena(unreadable: 1), invalid),
        ("an email of 300 characters", withLena([remote("Adam", "Kim", email: String(repeating: "x", count: 300) + "@example.com")]), invalid),
        ("an email holding a terminal escape", withLena([remote("Adam", "Kim", email: "adam\u{1B}[2J@example.com")]), invalid),
        ("more people than the count asked for", withLena(beyondCount: 1), FetchReport(pages: [1], new: 1, repeated: 0, invalid: 0, beyondCount: 1)),
    ]
    nonisolated private static let invalid = FetchReport(pages: [1], new: 1, repeated: 0, invalid: 1)

    nonisolated private static func withLena(_ people: [PersonDetails] = [], unreadable: Int = 0, beyondCount: Int = 0) -> FetchedPage {
        FetchedPage(people: people + [remote("Lena", "Hoffmann")], unreadable: unreadable, beyondCount: beyondCount)
    }

    @Test("RU-19 A person from the server passes the checks a typed one does, or is left out and counted", arguments: invalidPeople)
    func invalidPeopleAreLeftOut(example: (row: String, page: FetchedPage, counted: FetchReport)) async throws {
        let store = InMemoryPeopleStore()
        let sut = makeFetchingSUT(PagedSource(fetched: [1: example.page]), store: store, leaks: leaks)
        try sut.load()

        let result = try await sut.fetchMore(count: 2)

        #expect(result == .loaded(example.counted), "\(example.row)")
        #expect(store.people.everyone.fullNames == ["Lena Hoffmann"])
    }

    @Test("RU-26 A server speaking API 1.0 is read as it is: names kept as sent, shown capitalised (the view-model)")
    func lowerCaseNamesShownCapitalised() async throws {
        let store = InMemoryPeopleStore()
        let sut = makeFetchingSUT(PagedSource(pages: [1: [remote("levi", "stone"), remote("jean-luc", "o'connor"), remote("Maria", "da Costa")]]),
                                  store: store, leaks: leaks)
        try sut.load()

        _ = try await sut.fetchMore(count: 3)

        #expect(store.people.everyone.map(\.fullName) == ["levi stone", "jean-luc o'connor", "Maria da Costa"])
        #expect(sut.listed.map(\.displayName) == ["Levi Stone", "Jean-Luc O'Connor", "Maria da Costa"])
        #expect(sut.listed.compactMap { sut.page(for: $0.id)?.fullName } == ["Levi Stone", "Jean-Luc O'Connor", "Maria da Costa"])
        #expect(sut.latest == LatestUserCard(firstName: "Maria", lastName: "da Costa", birthDate: "01-05-1980"))
        try sut.delete(sut.listed[2].id)
        #expect(sut.latest == LatestUserCard(firstName: "Jean-Luc", lastName: "O'Connor", birthDate: "01-05-1980"))
        try sut.add("bell", "hooks", born: "1952-09-25")
        #expect(sut.latest == LatestUserCard(firstName: "bell", lastName: "hooks", birthDate: "25-09-1952"))
        #expect(sut.listed.last?.displayName == "bell hooks")
    }

    @Test("RU-26 A name with no capital letter shows each word's first letter as one; one with capitals, as written", arguments: [
        ("levi", "Levi"), ("jean-luc", "Jean-Luc"), ("o'connor", "O'Connor"), ("o’brien", "O’Brien"), ("st. john", "St. John"),
        ("émilie", "Émilie"), ("e\u{301}milie", "Émilie"), ("ǆuro", "ǅuro"), ("da Costa", "da Costa"), ("McKay", "McKay"), ("李", "李"), ("محمد", "محمد"),
    ])
    func displayedNames(stored: String, shown: String) {
        #expect(PersonName.displayed(stored) == shown)
    }

    @Test("RU-20 A person the server sends without a date of birth is kept, with none")
    func withoutBirthDate() async throws {
        let store = InMemoryPeopleStore()
        let sut = makeFetchingSUT(PagedSource(pages: [1: [remote("Ann", "Berg", born: nil)]]), store: store, leaks: leaks)
        try sut.load()

        _ = try await sut.fetchMore(count: 1)

        #expect(store.people.everyone.map(\.details) == [remote("Ann", "Berg", born: nil)])
        let ann = try #require(sut.listed.first)
        let page = try #require(sut.page(for: ann.id))
        #expect(page.birthday == "n/a")
        #expect(page.ageText == "n/a")
    }
}
