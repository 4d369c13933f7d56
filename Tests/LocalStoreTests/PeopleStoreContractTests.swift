import Foundation
import LocalStore
import ListEngine
import TestSupport
import Testing
import Undo
import TodoList
import UserList

/// The rules every store of people keeps, run against the file store and against the in-memory
/// doubles, so that a view-model test cannot pass on something the real store does not do.
@Suite("The rules of a store of people, for every store")
struct PeopleStoreContractTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("People: a store gives back who it was given, and nobody when it was given nothing", arguments: StoreMaker.all)
    func loadsWhoItHolds(maker: StoreMaker) throws {
        let people = makePeople([person(1, "Zoë", "Adams"), person(2, "Ann", "Lee")], sortOrder: .descending)

        #expect(try maker.make(people, folder).loadPeople() == people)
        #expect(try maker.make(People(), TemporaryFolder()).loadPeople() == People())
    }

    /// As for the to-dos: a change to the people another terminal saved since must not be lost.
    @Test("People: a change is made to the people as saved now, and the store answers with the people after it",
          arguments: StoreMaker.all)
    func appliesToTheLatest(maker: StoreMaker) throws {
        let saved = try maker.save(Todos(), makePeople([person(1, "Zoë", "Adams")]), folder)
        let store = saved.openPeople()
        _ = try store.loadPeople()
        let other = saved.openPeople()
        _ = try other.apply(adding(person(2, "Ann", "Lee")))
        _ = try other.apply(.delete([id(1)]))

        let answer = try store.apply(.sort(.ascending))

        let expected = makePeople([person(2, "Ann", "Lee")], sortOrder: .ascending)
        #expect(answer == expected)
        #expect(try store.loadPeople() == expected)
        #expect(try other.loadPeople() == expected)
    }

    @Test("People: a refused change saves nothing; undo takes a change back", arguments: StoreMaker.all)
    func peopleRules(maker: StoreMaker) throws {
        let people = makePeople([person(1, "Zoë", "Adams")])
        let store = try maker.make(people, folder)
        let ann = NewPerson(id: id(2), details: PersonDetails(firstName: "Ann", lastName: "Lee", birthDate: date("1990-03-14")),
                            addedAt: Date(timeIntervalSinceReferenceDate: 2))

        let answer = try store.apply(.add(ann, again: false))

        #expect(answer == makePeople([person(1, "Zoë", "Adams"), person(2, "Ann", "Lee")]))
        #expect(try store.loadPeople() == answer)
        #expect(throws: PeopleError.noSuchPerson) { try store.apply(.delete([id(9)])) }
        #expect(throws: PeopleError.alreadyThere(person(1, "Zoë", "Adams"))) {
            try store.apply(.add(NewPerson(id: id(3), details: person(1, "zoë", "ADAMS").details, addedAt: Date()), again: false))
        }
        #expect(try store.loadPeople() == answer)
        #expect(try store.undo().undone == UndoneChange(.addPeople, names: ["Ann Lee"]))
        #expect(try store.loadPeople() == makePeople([person(1, "Zoë", "Adams")], next: 3))
    }

    /// An add retried after a timeout must neither add the person twice nor be refused as
    /// someone already in the list: it is the same add.
    @Test("People: adding again under an id the list holds changes nothing and leaves nothing to undo",
          arguments: StoreMaker.all)
    func retriedAdd(maker: StoreMaker) throws {
        let store = try maker.make(makePeople([person(1, "Zoë", "Adams")]), folder)
        let saved = try store.apply(adding(person(2, "Ann", "Lee")))

        #expect(try store.apply(adding(person(2, "Ann", "Lee"))) == saved)
        #expect(try store.apply(adding(person(1, "Zoë", "Adams"))) == saved)
        #expect(try store.apply(.add(NewPerson(id: id(2), details: person(3, "Bo", "Berg").details, addedAt: Date()),
                                     again: true)) == saved)

        #expect(saved == makePeople([person(1, "Zoë", "Adams"), person(2, "Ann", "Lee")]))
        #expect(try store.loadPeople() == saved)
        #expect(try store.undo().undone == UndoneChange(.addPeople, names: ["Ann Lee"]))
        #expect(throws: TodoError.nothingToUndo) { try store.undo() }
    }

    @Test("People: a deleted person's number is not given again until nobody is left, and undo brings numbers back",
          arguments: StoreMaker.all)
    func numbering(maker: StoreMaker) throws {
        let store = try maker.make(makePeople([person(1, "Zoë", "Adams"), person(2, "Ann", "Lee")]), folder)

        _ = try store.apply(.delete([id(2)]))
        #expect(try store.apply(adding(person(3, "Bo", "Berg"))) == makePeople([person(1, "Zoë", "Adams"), person(3, "Bo", "Berg")]))
        _ = try store.apply(.delete([id(1), id(3)]))
        #expect(try store.loadPeople() == People())
        #expect(try store.apply(adding(person(4, "Cy", "Chan"))) == makePeople([person(4, "Cy", "Chan").renumbered(1)]))

        #expect(try store.undo().undone == UndoneChange(.addPeople, names: ["Cy Chan"]))
        #expect(try store.loadPeople() == People())
        #expect(try store.undo().undone == UndoneChange(.deletePeople, names: ["Zoë Adams", "Bo Berg"]))
        #expect(try store.loadPeople() == makePeople([person(1, "Zoë", "Adams"), person(3, "Bo", "Berg")]))
        #expect(try store.undo().undone == UndoneChange(.addPeople, names: ["Bo Berg"]))
        #expect(try store.undo().undone == UndoneChange(.deletePeople, names: ["Ann Lee"]))
        #expect(try store.loadPeople() == makePeople([person(1, "Zoë", "Adams"), person(2, "Ann", "Lee")], next: 4))
    }

    @Test("People: a sort and a delete are saved, a loaded person is set aside, and undo takes each back",
          arguments: StoreMaker.all)
    func sortAndDelete(maker: StoreMaker) throws {
        let bo = person(3, "Bo", "Berg", email: "bo@example.com", remoteID: "b0")
        let people = makePeople([person(1, "Zoë", "Adams"), person(2, "Ann", "Lee"), bo])
        let store = try maker.make(people, folder)

        #expect(try store.apply(.sort(.descending)) == makePeople(people.everyone, sortOrder: .descending))
        #expect(try store.apply(.delete([id(3), id(1)])) == People(
            everyone: [person(2, "Ann", "Lee")], sortOrder: .descending, deleted: [bo], fetchProgress: nil,
            unmatchedSearches: [], nextNumber: 4))

        #expect(try store.undo().undone == UndoneChange(.deletePeople, names: ["Bo Berg", "Zoë Adams"]))
        #expect(try store.loadPeople() == makePeople(people.everyone, sortOrder: .descending))
        #expect(try store.undo().undone == UndoneChange(.sortPeople, names: []))
        #expect(try store.loadPeople() == people)
        #expect(throws: TodoError.nothingToUndo) { try store.undo() }
    }

    /// Undo would otherwise seem to do nothing: it would take back a change the user never saw.
    /// A page that brought nobody new still moves on where loading starts: it is saved, yet
    /// it is no step.
    @Test("People: a change that changes nothing a user would undo leaves nothing to undo", arguments: StoreMaker.all)
    func noChangeNoStep(maker: StoreMaker) throws {
        let store = try maker.make(makePeople([person(1, "Zoë", "Adams")]), folder)
        let saved = try store.apply(adding(person(2, "Ann", "Lee")))

        for change: PeopleChange in [.sort(.added), .delete([]), adding(person(1, "Zoë", "Adams"))] {
            #expect(try store.apply(change) == saved, "\(change)")
        }
        let loaded = try store.apply(.load(page: 1, seed: "s33d", people: [newPerson(person(1, "Zoë", "Adams"))]))

        let movedOn = FetchProgress(seed: "s33d", nextPage: 2)
        #expect(loaded == People(everyone: saved.everyone, sortOrder: .added, deleted: [], fetchProgress: movedOn,
                                 unmatchedSearches: [], nextNumber: 3))
        #expect(try store.undo().undone == UndoneChange(.addPeople, names: ["Ann Lee"]))
        #expect(try store.loadPeople() == People(everyone: [person(1, "Zoë", "Adams")], sortOrder: .added, deleted: [],
                                                 fetchProgress: movedOn, unmatchedSearches: [], nextNumber: 3))
        #expect(throws: TodoError.nothingToUndo) { try store.undo() }
    }

    @Test("People: a search that found nobody is remembered without being a change to undo", arguments: StoreMaker.all)
    func rememberingIsNoChange(maker: StoreMaker) throws {
        let store = try maker.make(makePeople([person(1, "Zoë", "Adams")]), folder)

        store.remember(unmatched: "zzq")

        #expect(try store.loadPeople() == People(everyone: [person(1, "Zoë", "Adams")], sortOrder: .added, deleted: [],
                                                 fetchProgress: nil, unmatchedSearches: ["zzq"], nextNumber: 2))
        #expect(throws: TodoError.nothingToUndo) { try store.undo() }
    }

    /// Remembering only saves looking again: it is not worth making a store for, and a view-model
    /// test that found it kept in an empty double would pass on something the file store never does.
    @Test("People: where nothing was ever saved, a search that found nobody is not kept, and nothing fails",
          arguments: StoreMaker.all)
    func rememberingWithoutAStore(maker: StoreMaker) throws {
        let store = try maker.make(People(), folder)

        store.remember(unmatched: "zzq")
        _ = try store.apply(.sort(.added))
        store.remember(unmatched: "zzq")

        #expect(try store.loadPeople() == People())
        _ = try store.apply(adding(person(1, "Zoë", "Adams")))
        _ = try store.apply(.delete([id(1)]))
        store.remember(unmatched: "zzq")
        #expect(try store.loadPeople() == People(everyone: [], sortOrder: .added, deleted: [], fetchProgress: nil,
                                                 unmatchedSearches: ["zzq"], nextNumber: 1))
    }

    // MARK: - Helpers

    private func newPerson(_ person: Person) -> NewPerson {
        NewPerson(id: person.id, details: person.details, addedAt: person.addedAt)
    }

    /// Adds `person` as a user would: the store gives the number, whatever `person` has.
    private func adding(_ person: Person) -> PeopleChange {
        .add(newPerson(person), again: false)
    }
}
