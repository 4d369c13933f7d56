import Foundation
import TestSupport
import Testing
import UserList

@MainActor
@Suite("People: the latest added, the list and its order")
struct UserListViewModelTests {
    private let leaks = LeakTracker()

    @Test("Creating the view-model reads nothing until it is asked to load")
    func initHasNoSideEffects() {
        let (sut, _) = makeSUT([person(1, "Zoë", "Adams")], leaks: leaks)

        #expect(sut.listed.isEmpty)
        #expect(sut.people == People())
    }

    // MARK: - The latest added person

    @Test("UA-1 The home screen shows the latest added person with name and date of birth")
    func latestShowsNameAndBirthDate() throws {
        let (sut, _) = makeSUT([person(1, "Zoë", "Adams", born: "1990-03-14")], leaks: leaks)

        try sut.load()

        #expect(sut.latest == LatestUserCard(firstName: "Zoë", lastName: "Adams", birthDate: "14-03-1990"))
    }

    @Test("UA-2 With nobody added, the home screen shows placeholders")
    func latestPlaceholders() throws {
        let (sut, _) = makeSUT(leaks: leaks)

        try sut.load()

        #expect(sut.latest == LatestUserCard(firstName: "-", lastName: "-", birthDate: "-"))
    }

    @Test("UA-3 With several people, the home screen shows the one added last")
    func latestOfSeveral() throws {
        let (sut, _) = makeSUT([person(1, "Zoë", "Adams"), person(2, "José", "Núñez", born: "1985-07-01")], leaks: leaks)

        try sut.load()

        #expect(sut.latest == LatestUserCard(firstName: "José", lastName: "Núñez", birthDate: "01-07-1985"))
    }

    @Test("UA-4 Adding a person refreshes the home screen")
    func addingRefreshesLatest() throws {
        let (sut, store) = makeSUT([person(1, "Zoë", "Adams")], leaks: leaks)
        try sut.load()

        try sut.add("José", "Núñez", born: "1985-07-01")

        #expect(sut.latest == LatestUserCard(firstName: "José", lastName: "Núñez", birthDate: "01-07-1985"))
        #expect(sut.listed.fullNames == ["Zoë Adams", "José Núñez"])
        #expect(store.people.everyone.fullNames == ["Zoë Adams", "José Núñez"])
    }

    // MARK: - The list

    @Test("UA-5 The list shows everyone by first and last name, in the order added, the most recent at the bottom")
    func listInOrderAdded() throws {
        let people = [person(1, "Zoë", "Adams"), person(2, "José", "Núñez"), person(3, "Li", "Wei")]
        let (sut, _) = makeSUT(people, leaks: leaks)

        try sut.load()

        #expect(sut.listed == people)
        #expect(sut.listed.fullNames == ["Zoë Adams", "José Núñez", "Li Wei"])
    }

    @Test("UA-6 With nobody added, the list shows a message instead of nothing")
    func emptyListMessage() throws {
        let (sut, _) = makeSUT(leaks: leaks)

        try sut.load()

        #expect(sut.isEmpty)
        #expect(sut.listed.isEmpty)
        #expect(UserListViewModel.nobodyYet == "Nobody has been added yet.")
    }

    @Test("UA-7 A person I add appears at the bottom of the list in order added")
    func addedGoesToTheBottom() throws {
        let (sut, store) = makeSUT([person(1, "Zoë", "Adams"), person(2, "José", "Núñez")], leaks: leaks)
        try sut.load()

        let added = try sut.add("Li", "Wei")

        #expect(added.number == 3)
        #expect(sut.listed.fullNames == ["Zoë Adams", "José Núñez", "Li Wei"])
        #expect(store.people.everyone == sut.listed)
    }

    // MARK: - Sorting

    @Test("UA-8 Sorting ascending puts last names from A to Z")
    func sortAscending() throws {
        let (sut, store) = makeSUT([person(1, "Li", "Wei"), person(2, "Zoë", "Adams"), person(3, "José", "Núñez")], leaks: leaks)
        try sut.load()

        try sut.sort(by: .ascending)

        #expect(sut.listed.fullNames == ["Zoë Adams", "José Núñez", "Li Wei"])
        #expect(store.people.sortOrder == .ascending)
    }

    @Test("UA-9 Sorting descending puts last names from Z to A")
    func sortDescending() throws {
        let (sut, store) = makeSUT([person(1, "Zoë", "Adams"), person(2, "Li", "Wei"), person(3, "José", "Núñez")], leaks: leaks)
        try sut.load()

        try sut.sort(by: .descending)

        #expect(sut.listed.fullNames == ["Li Wei", "José Núñez", "Zoë Adams"])
        #expect(store.people.sortOrder == .descending)
    }

    @Test("UA-10 Sorting ignores case and accents, and skips particles written in lowercase")
    func sortIgnoresCaseAccentsAndParticles() throws {
        let (sut, _) = makeSUT([
            person(1, "Ann", "van 't Zelfde"), person(2, "Ann", "Dorsey"), person(3, "Ann", "Avila"),
            person(4, "Ann", "da Costa"), person(5, "Ann", "baker"), person(6, "Ann", "Ávila"),
        ], leaks: leaks)
        try sut.load()

        try sut.sort(by: .ascending)

        #expect(sut.listed.map(\.lastName) == ["Avila", "Ávila", "baker", "da Costa", "Dorsey", "van 't Zelfde"])
    }

    @Test("UA-11 Equal last names are ordered by first name, then by the order added",
          arguments: [PeopleOrder.ascending, .descending])
    func tiesByFirstNameThenOrderAdded(order: PeopleOrder) throws {
        let (sut, _) = makeSUT([person(1, "Mia", "Smith"), person(2, "Ann", "Smith"), person(3, "Ann", "Smith")], leaks: leaks)
        try sut.load()

        try sut.sort(by: order)

        #expect(sut.listed.map(\.id) == [id(2), id(3), id(1)])
    }

    @Test("UA-11 Equal last names are ordered by first name, then by the order added (a first name that is also the last name)",
          arguments: [PeopleOrder.ascending, .descending], [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]])
    func tiesByFirstNameWhenItIsTheLastName(order: PeopleOrder, added: [Int]) throws {
        let names = [1: "Zoe", 2: "Smith", 3: "Ann"]
        let (sut, _) = makeSUT(added.map { person($0, names[$0]!, "Smith") }, leaks: leaks)
        try sut.load()

        try sut.sort(by: order)

        #expect(sut.listed.fullNames == ["Ann Smith", "Smith Smith", "Zoe Smith"])
    }

    @Test("UA-12 The chosen order is kept, and the order added can be chosen again")
    func sortOrderIsKept() throws {
        let (sut, store) = makeSUT([person(1, "Zoë", "Adams"), person(2, "Li", "Wei"), person(3, "José", "Núñez")], leaks: leaks)
        try sut.load()

        try sut.sort(by: .descending)
        let (restarted, _) = makeSUT(store.people.everyone, sortOrder: store.people.sortOrder, leaks: leaks)
        try restarted.load()

        #expect(restarted.sortOrder == .descending)
        #expect(restarted.listed.fullNames == ["Li Wei", "José Núñez", "Zoë Adams"])
        try restarted.sort(by: .added)
        #expect(restarted.listed.fullNames == ["Zoë Adams", "Li Wei", "José Núñez"])
    }

    @Test("UA-13 A person added to a sorted list appears in their sorted place")
    func addedGoesToItsSortedPlace() throws {
        let (sut, _) = makeSUT([person(1, "Zoë", "Adams"), person(2, "Li", "Wei")], sortOrder: .ascending, leaks: leaks)
        try sut.load()

        try sut.add("José", "Núñez")

        #expect(sut.listed.fullNames == ["Zoë Adams", "José Núñez", "Li Wei"])
    }

    // MARK: - Deleting

    @Test("UA-21 Deleting a person removes them from the list and the home screen")
    func deleteRemovesFromListAndHome() throws {
        let (sut, store) = makeSUT([person(1, "Zoë", "Adams"), person(2, "José", "Núñez")], leaks: leaks)
        try sut.load()

        try sut.delete(id(2))

        #expect(sut.listed == [person(1, "Zoë", "Adams")])
        #expect(sut.latest == LatestUserCard(firstName: "Zoë", lastName: "Adams", birthDate: "14-03-1990"))
        #expect(store.people.everyone == [person(1, "Zoë", "Adams")])
        #expect(throws: PeopleError.noSuchPerson) { try sut.delete(id(2)) }
    }

    @Test("A list of people and the form it opens are both released when it goes")
    func noCycles() throws {
        let (sut, _) = makeSUT(leaks: leaks)
        let form = sut.openAddForm()
        leaks.track(form)

        #expect(sut.addForm === form)
    }
}
