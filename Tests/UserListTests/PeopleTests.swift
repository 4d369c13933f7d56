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
        #expect(people.everyone[0].details.address?.line == "9278 New Road, Kilcoole, Waterford, Ireland")
    }

    @Test("Only people from randomuser.me are set aside when deleted, so no page brings them back",
          arguments: [(nil, nil, false), ("155e77ee", nil, true), (nil, "brad@example.com", true)] as [(String?, String?, Bool)])
    func setAsideWhenDeleted(remoteID: String?, email: String?, setAside: Bool) throws {
        var people = makePeople([person(1, "Brad", "Gibson", email: email, remoteID: remoteID)])

        try people.apply(.delete([id(1)]))

        #expect(people.everyone.isEmpty)
        #expect(people.deleted.map(\.id) == (setAside ? [id(1)] : []))
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
