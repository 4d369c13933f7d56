import Foundation
import TestSupport
import Testing
import UserList

/// Searching the people on this computer, and remembering the searches that found nobody, so
/// a longer one containing them is answered at once (the UserListCoreData story's blacklist).
@MainActor
@Suite("People searched")
struct SearchTests {
    private let leaks = LeakTracker()

    private func makeSearchSUT() throws -> (UserListViewModel, InMemoryPeopleStore) {
        let (sut, store) = makeSUT([
            person(1, "Adam", "Kim"), person(2, "Dolores", "Herrero"),
            person(3, "Miriam", "Gil", born: "1978-05-20", email: "miriam.gil@example.com", remoteID: "eb3b"),
        ], leaks: leaks)
        try sut.load()
        return (sut, store)
    }

    @Test("RU-12 Search matches first name, last name, the display name and email, ignoring case and accents",
          arguments: [("adam", "Adam Kim"), ("HERRERO", "Dolores Herrero"), ("dolores her", "Dolores Herrero"),
                      ("gil@", "Miriam Gil"), ("dolorès", "Dolores Herrero")])
    func searchFields(query: String, found: String) throws {
        let (sut, _) = try makeSearchSUT()

        let result = sut.search(query)

        #expect(result == SearchResult(people: sut.listed.filter { $0.fullName == found }, rememberedUnmatched: nil))
        #expect(result.people.count == 1)
    }

    @Test("RU-13 An empty search lists everyone", arguments: ["", "   "])
    func emptySearch(query: String) throws {
        let (sut, _) = makeSUT((1...10).map { person($0, "Ann", "Lee \($0)") }, leaks: leaks)
        try sut.load()

        #expect(sut.search(query) == SearchResult(people: sut.listed, rememberedUnmatched: nil))
        #expect(sut.search(query).people.count == 10)
    }

    @Test("RU-14 A search that finds nothing is remembered, and a later search containing it answers at once")
    func rememberedSearches() throws {
        let (sut, store) = try makeSearchSUT()

        let found = sut.search("kim")
        #expect(found.people.map(\.fullName) == ["Adam Kim"])
        #expect(store.people.unmatchedSearches == [], "a search that found someone is not remembered")
        let first = sut.search("zzq")
        let later = sut.search("ZZQx")

        #expect(first == SearchResult(people: [], rememberedUnmatched: nil))
        #expect(later == SearchResult(people: [], rememberedUnmatched: "zzq"))
        #expect(store.people.unmatchedSearches == ["zzq"])
    }

    @Test("RU-15 Adding people clears the remembered searches")
    func addingClearsRememberedSearches() async throws {
        let source = PagedSource(pages: [1: [remote("Олена", "Olena")]])
        let store = InMemoryPeopleStore()
        let sut = makeFetchingSUT(source, store: store, leaks: leaks)
        try sut.load()
        try sut.add("Zoë", "Adams")
        #expect(sut.search("Olena").people.isEmpty)
        #expect(sut.search("zzq").people.isEmpty)
        #expect(store.people.unmatchedSearches == ["Olena", "zzq"])

        _ = try await sut.fetchMore(count: 1)

        #expect(store.people.unmatchedSearches == [])
        #expect(sut.search("Olena").people.map(\.firstName) == ["Олена"])
        #expect(sut.search("zzq").people.isEmpty)
        #expect(store.people.unmatchedSearches == ["zzq"])
        try sut.add("Zoë", "Zzq")
        #expect(store.people.unmatchedSearches == [])
        #expect(sut.search("zzq").people.map(\.firstName) == ["Zoë"])
    }

    @Test("RU-25 An undo that brings people back clears the remembered searches")
    func undoClearsRememberedSearches() throws {
        let store = InMemoryPeopleStore()
        let sut = makeFetchingSUT(PagedSource(pages: [:]), store: store, leaks: leaks)
        try sut.load()
        try sut.add("Tom", "Zuse")
        try sut.delete(try #require(sut.listed.first).id)
        #expect(sut.search("zuse").people.isEmpty)
        #expect(store.people.unmatchedSearches == ["zuse"])

        _ = try sut.undo()

        #expect(sut.search("Zuse").people.map(\.fullName) == ["Tom Zuse"])
        #expect(store.people.unmatchedSearches == [])
    }

    @Test("RU-16 A search that shows nothing offers to load more, and never loads by itself")
    func searchNeverFetches() async throws {
        let source = PagedSource(pages: [1: [remote("Adam", "Kim"), remote("Lena", "Hoffmann")], 2: [remote("Zelda", "Fitz")]])
        let sut = makeFetchingSUT(source, leaks: leaks)
        try sut.load()
        _ = try await sut.fetchMore(count: 2)

        let result = sut.search("Zelda")

        #expect(result.people.isEmpty)
        #expect(sut.listed.count == 2)
        #expect(source.requests == ["page 1 seed s33d"])
    }
}
