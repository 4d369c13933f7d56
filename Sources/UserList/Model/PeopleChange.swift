#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything the user can do to the people, as a value the store applies to the latest saved list.
public enum PeopleChange: Sendable, Equatable {
    /// Adds the person last in the order added. Adding an id the list holds, or has set aside, adds nothing; someone
    /// with the same names and date of birth as a person in the list is refused unless `again`.
    case add(NewPerson, again: Bool)
    /// Removes people added by hand; a loaded person is set aside instead, so no later
    /// page brings them back.
    case delete([Person.ID])
    case sort(PeopleOrder)
    /// Adds the people of page `page` who are not known yet, known meaning in the list or deleted.
    case load(page: Int, seed: String, people: [NewPerson])
    /// Remembers a search that found nobody, so a later search containing it need not look.
    /// It is not a change a user undoes: it only saves looking again.
    case rememberUnmatched(String)
}

public enum PeopleError: Error, Equatable, Sendable, LocalizedError {
    case noSuchPerson
    /// A person brought in without a first or a last name, which only a store changed by hand holds.
    case nameless
    /// Someone with the same names and date of birth is in the list already.
    case alreadyThere(Person)
    /// The step undo would take back does not fit the people as they are (only a store
    /// changed by hand leads here).
    case undoDoesNotFit

    public var errorDescription: String? {
        switch self {
        case .noSuchPerson: "that person is no longer in the list"
        case .nameless: "a person needs a first and a last name"
        case .alreadyThere(let person): "\(person.fullName) (\(person.number)) is in the list already"
        case .undoDoesNotFit: "the last change cannot be undone: the people no longer fit its undo step"
        }
    }
}

/// What undoing one change to the people takes. `People.apply(_:)` hands one back for every
/// change a user would undo; whoever keeps the history (a store) keeps the steps.
public struct PeopleStep: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case add, delete, sort, load
    }

    public let kind: Kind
    /// The people the change brought in.
    public let removing: [Person.ID]
    /// The people the change removed, each where they stood in the order added.
    public let restoring: [PersonPlacement]
    /// The order before a sort.
    public let sortOrder: PeopleOrder?
    /// Where loading had got to before a load; nil when nothing had been loaded.
    public let fetchProgress: FetchProgress?

    public init(kind: Kind, removing: [Person.ID] = [], restoring: [PersonPlacement] = [], sortOrder: PeopleOrder? = nil,
                fetchProgress: FetchProgress? = nil) {
        self.kind = kind
        self.removing = removing
        self.restoring = restoring
        self.sortOrder = sortOrder
        self.fetchProgress = fetchProgress
    }
}

/// A person as they were, and where they stood in the order added, counted from 0.
public struct PersonPlacement: Sendable, Equatable {
    public let person: Person
    public let index: Int

    public init(person: Person, index: Int) {
        self.person = person
        self.index = index
    }
}
