import Foundation
import TestSupport
import Testing
import UserList

@MainActor
@Suite("People loaded from randomuser.me, and searched")
struct FetchAndSearchTests {
    @Test("RU-1 Loading people puts them in the store with their email, and they stay there offline")
    func loadIntoTheStore() async throws {
        let store = InMemoryPeopleStore()
        let source = PagedSource(pages: [1: [remote("Adam", "Kim"), remote("Diana", "Ellis")]])
        let sut = makeFetchingSUT(source, store: store)
        try sut.load()

        let result = try await sut.fetchMore(count: 2)

        #expect(result == .loaded(page: 1, received: 2, new: 2))
        #expect(store.people.everyone.map(\.email) == ["adam.kim@example.com", "diana.ellis@example.com"])
        let offline = makeFetchingSUT(PagedSource(failure: .noConnection), store: store)
        try offline.load()
        #expect(offline.users.fullNames == ["Adam Kim", "Diana Ellis"])
    }

    @Test("RU-2 Each load asks for the next page, with the same seed")
    func nextPageSameSeed() async throws {
        let source = PagedSource(pages: [1: [remote("Adam", "Kim")], 2: [remote("Diana", "Ellis")]])
        let sut = makeFetchingSUT(source)
        try sut.load()

        _ = try await sut.fetchMore(count: 1)
        let second = try await sut.fetchMore(count: 1)

        #expect(second == .loaded(page: 2, received: 1, new: 1))
        #expect(source.requests == ["page 1 seed s33d", "page 2 seed s33d"])
        #expect(sut.users.fullNames == ["Adam Kim", "Diana Ellis"])
        #expect(sut.people.fetchProgress == FetchProgress(seed: "s33d", nextPage: 3))
    }

    @Test("RU-3 A person repeated within a page or across pages is added once")
    func repeatsAddedOnce() async throws {
        let source = PagedSource(pages: [
            1: [remote("Adam", "Kim"), remote("Tamar", "Levi"), remote("Tamar", "Levi")],
            2: [remote("Adam", "Kim"), remote("Lena", "Hoffmann")],
        ])
        let sut = makeFetchingSUT(source)
        try sut.load()

        let first = try await sut.fetchMore(count: 3)
        let second = try await sut.fetchMore(count: 2)

        #expect(first == .loaded(page: 1, received: 3, new: 2))
        #expect(second == .loaded(page: 2, received: 2, new: 1))
        #expect(sut.users.fullNames == ["Adam Kim", "Tamar Levi", "Lena Hoffmann"])
    }

    @Test("RU-4 Two people sharing one email are both kept")
    func sharedEmail() async throws {
        let source = PagedSource(pages: [1: [
            remote("Ryan", "Moore", id: "d2b8f6e1", email: "ryan.moore@example.com"),
            remote("Ryan", "Moore", id: "e3c7a5f0", email: "ryan.moore@example.com", born: "1990-10-10"),
        ]])
        let sut = makeFetchingSUT(source)
        try sut.load()

        _ = try await sut.fetchMore(count: 2)

        #expect(sut.users.map(\.birthDate.iso) == ["1980-05-01", "1990-10-10"])
    }

    @Test("RU-5 A person without an id is known by their email, whatever its case")
    func identityByEmail() async throws {
        let withoutID = { (email: String) in
            RemotePerson(id: nil, firstName: "Ann", lastName: "Berg", email: email, birthDate: date("1980-01-02"))
        }
        let source = PagedSource(pages: [1: [withoutID("ann@example.com")], 2: [withoutID("ANN@example.com")]])
        let sut = makeFetchingSUT(source)
        try sut.load()

        _ = try await sut.fetchMore(count: 1)
        let second = try await sut.fetchMore(count: 1)

        #expect(second == .loaded(page: 2, received: 1, new: 0))
        #expect(sut.users.fullNames == ["Ann Berg"])
    }

    @Test("RU-6 A deleted person is never shown again and never loaded again")
    func softDelete() async throws {
        let source = PagedSource(pages: [1: [remote("Adam", "Kim")], 2: [remote("Adam", "Kim"), remote("Lena", "Hoffmann")]])
        let sut = makeFetchingSUT(source)
        try sut.load()
        _ = try await sut.fetchMore(count: 1)

        try sut.delete(try #require(sut.users.first).id)
        let second = try await sut.fetchMore(count: 2)

        #expect(second == .loaded(page: 2, received: 2, new: 1))
        #expect(sut.users.fullNames == ["Lena Hoffmann"])
        #expect(sut.people.deleted.map(\.fullName) == ["Adam Kim"])
    }

    @Test("RU-8 No connection and nobody saved: a message says what to do to try again")
    func offlineWithoutCache() async throws {
        let store = InMemoryPeopleStore()
        let sut = makeFetchingSUT(PagedSource(failure: .noConnection), store: store)
        try sut.load()

        let result = try await sut.fetchMore()

        #expect(result == .failed(.noConnection, saved: 0))
        #expect(store.people == People())
    }

    @Test("RU-9 No connection with people saved: the saved list, and a notice")
    func offlineWithCache() async throws {
        let source = PagedSource(pages: [1: [remote("Adam", "Kim")]])
        let store = InMemoryPeopleStore()
        let sut = makeFetchingSUT(source, store: store)
        try sut.load()
        _ = try await sut.fetchMore(count: 1)
        let saved = store.people

        source.fail(with: .noConnection)
        let result = try await sut.fetchMore(count: 1)

        #expect(result == .failed(.noConnection, saved: 1))
        #expect(sut.users.fullNames == ["Adam Kim"])
        #expect(store.people == saved)
    }

    @Test("RU-10 The API failing is named, with or without people saved, and changes nothing",
          arguments: [FetchError.http(500), .http(429), .api("Uh oh"), .notARandomUserResponse, .timeout])
    func apiFailing(error: FetchError) async throws {
        let store = InMemoryPeopleStore(People(everyone: [person(1, "Zoë", "Adams")]))
        let sut = makeFetchingSUT(PagedSource(failure: error), store: store)
        try sut.load()
        let saved = store.people

        let result = try await sut.fetchMore()

        #expect(result == .failed(error, saved: 1))
        #expect(store.people == saved)
    }

    // MARK: - Searching

    private func makeSearchSUT() throws -> UserListViewModel {
        let (sut, _) = makeSUT([
            person(1, "Adam", "Kim"), person(2, "Dolores", "Herrero"),
            Person(id: id(3), firstName: "Miriam", lastName: "Gil", birthDate: date("1978-05-20"),
                   addedAt: Date(timeIntervalSinceReferenceDate: 3), email: "miriam.gil@example.com", remoteID: "eb3b"),
        ])
        try sut.load()
        return sut
    }

    @Test("RU-12 Search matches first name, last name, the display name and email, ignoring case and accents",
          arguments: [("adam", "Adam Kim"), ("HERRERO", "Dolores Herrero"), ("dolores her", "Dolores Herrero"),
                      ("gil@", "Miriam Gil"), ("dolorès", "Dolores Herrero")])
    func searchFields(query: String, found: String) throws {
        let sut = try makeSearchSUT()

        let result = try sut.search(query)

        #expect(result == SearchResult(people: sut.users.filter { $0.fullName == found }, rememberedNoMatch: nil))
    }

    @Test("RU-13 An empty search lists everyone", arguments: ["", "   "])
    func emptySearch(query: String) throws {
        let sut = try makeSearchSUT()

        #expect(try sut.search(query).people == sut.users)
    }

    @Test("RU-14 A search that finds nothing is remembered, and a later search containing it answers at once")
    func blacklist() throws {
        let sut = try makeSearchSUT()

        let first = try sut.search("zzq")
        let later = try sut.search("ZZQx")

        #expect(first == SearchResult(people: [], rememberedNoMatch: nil))
        #expect(later == SearchResult(people: [], rememberedNoMatch: "zzq"))
        #expect(sut.people.blacklist == ["zzq"])
    }

    @Test("RU-15 Adding people clears the remembered searches")
    func addingClearsTheBlacklist() async throws {
        let source = PagedSource(pages: [1: [remote("Олена", "Olena")]])
        let sut = makeFetchingSUT(source)
        try sut.load()
        #expect(try sut.search("Olena").people.isEmpty)

        _ = try await sut.fetchMore(count: 1)

        #expect(sut.people.blacklist.isEmpty)
        #expect(try sut.search("Olena").people.map(\.firstName) == ["Олена"])
        try sut.add("Zoë", "Zzq")
        #expect(try sut.search("zzq").people.map(\.firstName) == ["Zoë"])
    }

    @Test("RU-16 A search that shows nothing offers to load more, and never loads by itself")
    func searchNeverFetches() throws {
        let source = PagedSource(pages: [1: [remote("Zelda", "Fitz")]])
        let sut = makeFetchingSUT(source)
        try sut.load()

        let result = try sut.search("Zelda")

        #expect(result.people.isEmpty)
        #expect(source.requests.isEmpty)
    }
}
