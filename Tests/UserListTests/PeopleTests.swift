import Foundation
import TestSupport
import Testing
import UserList

/// The people as a value: the rules every change keeps, beneath the view-models' scenarios.
@Suite("People: the list as a value")
struct PeopleTests {
    private func arriving(_ number: Int, _ details: PersonDetails) -> NewPerson {
        NewPerson(id: id(number), details: details, addedAt: Date(timeIntervalSinceReferenceDate: Double(number)))
    }

    @Test("A person keeps every detail they arrive with")
    func everyDetailKept() throws {
        let details = PersonDetails(
            firstName: "Brad", lastName: "Gibson", birthDate: date("1993-07-20"), email: "brad.gibson@example.com",
            phone: "011-962-7516", cell: "081-454-0666",
            address: Address(street: "9278 New Road", city: "Kilcoole", state: "Waterford", country: "Ireland"),
            registered: date("2002-05-21"), picture: "https://randomuser.me/api/portraits/men/75.jpg", remoteID: "155e77ee")
        var people = makePeople([])

        try people.apply(.add(arriving(1, details), again: false))

        #expect(people.everyone.map(\.details) == [details])
        let kept = people.everyone[0].details
        #expect([kept.email, kept.phone, kept.cell, kept.picture, kept.remoteID]
                == ["brad.gibson@example.com", "011-962-7516", "081-454-0666", "https://randomuser.me/api/portraits/men/75.jpg", "155e77ee"])
        #expect(kept.registered == date("2002-05-21"))
        #expect(kept.address?.line == "9278 New Road, Kilcoole, Waterford, Ireland")
    }

    @Test("A page numbered at the last one the API has is loaded, and the next load stays there")
    func lastPage() throws {
        var people = makePeople([])

        try people.apply(.load(page: FetchProgress.lastPage, seed: "s", people: [arriving(1, PersonDetails(firstName: "Ann", lastName: "Lee",
                                                                                                              birthDate: nil))]))

        #expect(people.fetchProgress == FetchProgress(seed: "s", nextPage: FetchProgress.lastPage))
    }

    @Test("Undoing a delete takes the person back out of those set aside, and no one else")
    func undoDeleteLeavesTheOthersSetAside() throws {
        var people = makePeople([person(1, "Ann", "Lee", email: "ann@example.com"), person(2, "Bo", "Bee", email: "bo@example.com")])
        try people.apply(.delete([id(1)]))
        let second = try #require(try people.apply(.delete([id(2)])))

        try people.revert(second)

        #expect(people.deleted.map(\.id) == [id(1)])
        #expect(people.everyone.map(\.id) == [id(2)])
    }

    @Test("Undoing the delete of everyone brings the numbers back, and the next person comes after them")
    func undoDeleteOfEveryone() throws {
        var people = makePeople([person(1, "Ann", "Lee"), person(2, "Bo", "Bee")])
        let step = try #require(try people.apply(.delete([id(1), id(2)])))
        #expect(people.nextNumber == 1)

        try people.revert(step)
        try people.apply(.add(arriving(3, PersonDetails(firstName: "Cy", lastName: "Cee", birthDate: nil)), again: false))

        #expect(people.everyone.map(\.number) == [1, 2, 3])
    }

    @Test("Sorting by last name orders any number of people, both ways, first names breaking ties",
          arguments: [(PeopleOrder.ascending, ["Adams", "Lee", "Lee", "Moore", "Zed"]), (.descending, ["Zed", "Moore", "Lee", "Lee", "Adams"])])
    func sortsManyPeople(order: PeopleOrder, lastNames: [String]) throws {
        var people = makePeople([person(1, "Ann", "Moore"), person(2, "Bo", "Zed"), person(3, "Ed", "Lee"),
                                 person(4, "Di", "Adams"), person(5, "Cy", "Lee")])

        try people.apply(.sort(order))

        #expect(people.sorted().map(\.lastName) == lastNames)
        #expect(people.sorted().filter { $0.lastName == "Lee" }.map(\.firstName) == ["Cy", "Ed"])
    }

    @Test("People with the same last name stay in first-name order when they were added in it", arguments: [PeopleOrder.ascending, .descending])
    func tiesAlreadyInOrder(order: PeopleOrder) throws {
        var people = makePeople([person(1, "Cy", "Lee"), person(2, "Ed", "Lee")])

        try people.apply(.sort(order))

        #expect(people.sorted().map(\.firstName) == ["Cy", "Ed"])
    }

    @Test("A last name typed all in lower case sorts by its word after the particles", arguments: [
        ("da silva", "silva"), ("van der berg", "berg"), ("żuk", "żuk"), ("Costa", "Costa"), ("de la Cruz", "Cruz"),
    ])
    func sortKeyOfLowercaseNames(lastName: String, key: String) {
        #expect(PersonName.sortKey(lastName) == key[...])
    }

    @Test("Someone kept without an id is the same as one loaded with an id and the same email, and is kept once")
    func sameEmailWithoutID() throws {
        var people = makePeople([])
        let ann = PersonDetails(firstName: "Ann", lastName: "Lee", birthDate: nil, email: "ann@example.com")
        let again = PersonDetails(firstName: "Ann", lastName: "Lee-Smith", birthDate: nil, email: "ANN@example.com", remoteID: "a1")

        try people.apply(.load(page: 1, seed: "s", people: [arriving(1, ann)]))
        try people.apply(.load(page: 2, seed: "s", people: [arriving(2, again)]))

        #expect(people.everyone.map(\.lastName) == ["Lee"])
    }

    @Test("Someone born today is 0 years old")
    func bornToday() {
        #expect(person(1, "Ann", "Lee", born: "2026-11-22").age(on: date("2026-11-22")) == 0)
        #expect(person(1, "Ann", "Lee", born: "2026-11-23").age(on: date("2026-11-22")) == nil)
    }

    @Test("A loaded person's names are trimmed, and a field of the longest length is kept while a longer one is not")
    func loadedChecks() {
        let today = date("2026-11-22")
        let longest = String(repeating: "a", count: PersonDetails.longestField - 12) + "@example.com"
        let loaded = PersonDetails(firstName: "  Ann ", lastName: " Lee  ", birthDate: nil, email: longest)

        let checked = loaded.checkedAsLoaded(today: today)

        #expect(checked?.firstName == "Ann")
        #expect(checked?.lastName == "Lee")
        #expect(checked?.email == longest)
        #expect(PersonDetails(firstName: "Ann", lastName: "Lee", birthDate: nil, email: "a" + longest).checkedAsLoaded(today: today) == nil)
    }

    @Test("A loaded person born before 1900 or after today is refused, whatever day today is",
          arguments: [("2026-11-22", "1899-12-31", false), ("2026-11-22", "1900-01-01", true), ("2026-11-22", "2026-11-22", true),
                      ("2026-11-22", "2026-11-23", false), ("1800-01-01", "1900-01-01", false), ("0001-01-01", "0001-01-01", false)])
    func loadedDatesOfBirth(today: String, born: String, kept: Bool) {
        let loaded = PersonDetails(firstName: "Ann", lastName: "Lee", birthDate: date(born))

        #expect((loaded.checkedAsLoaded(today: date(today)) != nil) == kept)
    }

    @Test("Only people from randomuser.me are set aside when deleted, so no page brings them back",
          arguments: [(nil, nil, false), ("155e77ee", nil, true), (nil, "brad@example.com", true)] as [(String?, String?, Bool)])
    func setAsideWhenDeleted(remoteID: String?, email: String?, setAside: Bool) throws {
        var people = makePeople([person(1, "Brad", "Gibson", email: email, remoteID: remoteID)])

        try people.apply(.delete([id(1)]))

        #expect(people.everyone.isEmpty)
        #expect(people.deleted.map(\.id) == (setAside ? [id(1)] : []))
    }

    @Test("A person set aside is not brought back by an add or a page bearing their id, whatever details they arrive with",
          arguments: [false, true])
    func setAsideIDNotAddedAgain(byPage: Bool) throws {
        var people = makePeople([person(1, "Brad", "Gibson", remoteID: "155e77ee")])
        try people.apply(.delete([id(1)]))
        let other = arriving(1, PersonDetails(firstName: "Brad", lastName: "Gibbs", birthDate: nil))

        let step = try people.apply(byPage ? .load(page: 1, seed: "s", people: [other]) : .add(other, again: true))

        #expect(people.everyone.isEmpty)
        #expect(people.deleted.map(\.id) == [id(1)])
        #expect(step == nil)
    }

    @Test("Undoing a delete puts each person back where they were, in the middle too")
    func undoDeleteKeepsPlaces() throws {
        var people = makePeople([person(1, "Ann", "Lee"), person(2, "Bo", "Bee"), person(3, "Cy", "Cee")])
        let step = try #require(try people.apply(.delete([id(2)])))

        try people.revert(step)

        #expect(people.everyone.map(\.number) == [1, 2, 3])
    }

    @Test("Someone typed twice is refused by default, naming the first of those already there")
    func sameAsNamesTheFirst() throws {
        let zoe = PersonDetails(firstName: "Zoë", lastName: "Adams", birthDate: date("1990-03-14"))
        var people = makePeople([])
        try people.apply(.add(arriving(1, zoe), again: false))
        try people.apply(.add(arriving(2, zoe), again: true))

        #expect(throws: PeopleError.alreadyThere(people.everyone[0])) { try people.apply(.add(arriving(3, zoe), again: false)) }
        #expect(people.sameAs(PersonDetails(firstName: "ZOË", lastName: "adams", birthDate: date("1990-03-14")))?.number == 1)
        #expect(people.sameAs(PersonDetails(firstName: "Zoë", lastName: "Adams", birthDate: date("1990-03-15"))) == nil)
    }

    @Test("A search containing several that found nobody is answered by the first of them remembered")
    func firstRememberedSearch() throws {
        var people = makePeople([person(1, "Ann", "Lee")])
        try people.apply(.rememberUnmatched("zel"))
        try people.apply(.rememberUnmatched("zeld"))
        try people.apply(.rememberUnmatched("zel"))

        #expect(people.unmatchedSearches == ["zel", "zeld"])
        #expect(people.rememberedUnmatched(within: "Zelda") == "zel")
        #expect(people.rememberedUnmatched(within: "ann") == nil)
    }
}
