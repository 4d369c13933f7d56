#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSearch
import Undo

/// How the list of people is ordered. The user's choice is kept in the store.
public enum PeopleOrder: String, Sendable, CaseIterable {
    /// The order the people were added in, the most recent last.
    case added
    /// By last name from A to Z.
    case ascending
    /// By last name from Z to A.
    case descending
}

/// Where loading from randomuser.me has got to: the seed that keeps its pages the same, and
/// the page to ask for next.
public struct FetchProgress: Sendable, Equatable {
    /// randomuser.me numbers its pages from 1; past this one a store is damaged, not busy.
    public static let lastPage = 1_000_000

    public let seed: String
    public let nextPage: Int

    public init(seed: String, nextPage: Int) {
        self.seed = seed
        self.nextPage = nextPage
    }
}

/// Everyone the user added or loaded, in the order added, and the order they chose to see them in.
///
/// Numbers: a person keeps the number they were added with until they are deleted; once
/// nobody is left, numbering starts again at 1.
public struct People: Sendable, Equatable {
    public private(set) var everyone: [Person]
    public private(set) var sortOrder: PeopleOrder
    /// Loaded people the user deleted: never shown, never loaded again.
    public private(set) var deleted: [Person]
    public private(set) var fetchProgress: FetchProgress?
    /// Searches that found nobody, since people were last added.
    public private(set) var unmatchedSearches: [String]
    /// The number the next person added gets.
    public private(set) var nextNumber: Int

    public init(sortOrder: PeopleOrder = .added) {
        self.init(everyone: [], sortOrder: sortOrder, deleted: [], fetchProgress: nil, unmatchedSearches: [], nextNumber: 1)
    }

    /// People as they were saved. Whoever reads them from outside checks them first (a store does).
    package init(everyone: [Person], sortOrder: PeopleOrder, deleted: [Person], fetchProgress: FetchProgress?,
                 unmatchedSearches: [String], nextNumber: Int) {
        self.everyone = everyone
        self.sortOrder = sortOrder
        self.deleted = deleted
        self.fetchProgress = fetchProgress
        self.unmatchedSearches = unmatchedSearches
        self.nextNumber = nextNumber
    }

    /// The person added last, whatever the order shown.
    public var latest: Person? { everyone.last }

    public func person(numbered number: Int) -> Person? {
        everyone.first { $0.number == number }
    }

    /// Someone with the same names (ignoring case) and date of birth as `details`.
    public func sameAs(_ details: PersonDetails) -> Person? {
        everyone.first {
            $0.birthDate == details.birthDate
                && Self.sameIgnoringCase($0.firstName, details.firstName)
                && Self.sameIgnoringCase($0.lastName, details.lastName)
        }
    }

    /// Makes the change, or throws and leaves the people untouched. Returns what undoing it
    /// takes, or nil when there is nothing a user would undo.
    @discardableResult
    public mutating func apply(_ change: PeopleChange) throws(PeopleError) -> PeopleStep? {
        let step: PeopleStep?
        switch change {
        case let .add(new, again):
            guard new.details.isNamed else { throw .nameless }
            guard !isKnown(new.id) else { return nil }
            if !again, let existing = sameAs(new.details) { throw .alreadyThere(existing) }
            everyone.append(take(new))
            unmatchedSearches.removeAll()
            step = PeopleStep(kind: .add, removing: [new.id])

        case .delete(let ids):
            var seen = Set<Person.ID>()
            let ids = ids.filter { seen.insert($0).inserted }
            guard !ids.isEmpty else { return nil }
            let placements = try ids.map { id throws(PeopleError) in
                guard let index = everyone.firstIndex(where: { $0.id == id }) else { throw .noSuchPerson }
                return PersonPlacement(person: everyone[index], index: index)
            }
            everyone.removeAll { seen.contains($0.id) }
            deleted += placements.map(\.person).filter(\.isFetched)
            step = PeopleStep(kind: .delete, restoring: placements)

        case .sort(let order):
            guard order != sortOrder else { return nil }
            step = PeopleStep(kind: .sort, sortOrder: sortOrder)
            sortOrder = order

        case let .load(page, seed, arriving):
            guard arriving.allSatisfy(\.details.isNamed) else { throw .nameless }
            var known = Identities(everyone + deleted)
            var added: [Person.ID] = []
            for new in arriving where !known.contains(new.details) && !isKnown(new.id) {
                everyone.append(take(new))
                known.insert(new.details)
                added.append(new.id)
            }
            if !added.isEmpty { unmatchedSearches.removeAll() }
            // A page that brought nobody new is nothing a user would undo: it moves on where
            // the next load starts, and leaves no step in the history.
            step = added.isEmpty ? nil : PeopleStep(kind: .load, removing: added, fetchProgress: fetchProgress)
            let next = max(min(page, FetchProgress.lastPage - 1) + 1, fetchProgress?.nextPage ?? 1)
            fetchProgress = FetchProgress(seed: fetchProgress?.seed ?? seed, nextPage: next)

        case .rememberUnmatched(let query):
            if !unmatchedSearches.contains(query) {
                unmatchedSearches.append(query)
            }
            step = nil
        }
        if everyone.isEmpty { nextNumber = 1 }
        return step
    }

    /// Whether `id` is in the list or set aside: either way, no add or page brings it in again,
    /// as the list would then hold one id twice.
    private func isKnown(_ id: Person.ID) -> Bool {
        everyone.contains { $0.id == id } || deleted.contains { $0.id == id }
    }

    /// Takes back the change `step` came from, provided the people are as it left them (undo
    /// takes steps back newest first). Returns what was undone.
    @discardableResult
    public mutating func revert(_ step: PeopleStep) throws(PeopleError) -> UndoneChange {
        let summary = summary(of: step)
        var reverted = self
        let removing = Set(step.removing)
        reverted.everyone.removeAll { removing.contains($0.id) }
        var ids = Set(reverted.everyone.map(\.id))
        var numbers = Set(reverted.everyone.map(\.number))
        for placement in step.restoring.sorted(by: { $0.index < $1.index }) {
            guard ids.insert(placement.person.id).inserted, numbers.insert(placement.person.number).inserted,
                  placement.person.number >= 1 else { throw .undoDoesNotFit }
            reverted.deleted.removeAll { $0.id == placement.person.id }
            reverted.everyone.insert(placement.person, at: min(max(placement.index, 0), reverted.everyone.count))
        }
        switch step.kind {
        case .sort: reverted.sortOrder = step.sortOrder ?? .added
        case .load: reverted.fetchProgress = step.fetchProgress
        case .add, .delete: break
        }
        reverted.nextNumber = reverted.everyone.isEmpty ? 1 : max(reverted.nextNumber, (numbers.max() ?? 0) + 1)
        // People brought back may match what found nobody before, as people added may.
        if !step.restoring.isEmpty { reverted.unmatchedSearches.removeAll() }
        self = reverted
        return summary
    }

    /// A remembered search that `query` contains: whatever it would find, that one found nobody.
    public func rememberedUnmatched(within query: String) -> String? {
        unmatchedSearches.first { TextQuery($0).isFound(in: query) }
    }

    /// Everyone in the chosen order. Last names compare without case or accents, particles
    /// skipped; ties go by first name, then by the order added, in both directions.
    public func sorted() -> [Person] {
        guard sortOrder != .added else { return everyone }
        let descending = sortOrder == .descending
        let keyed = everyone.enumerated().map { index, person in
            (last: FoldedText(PersonName.sortKey(person.lastName)), first: FoldedText(person.firstName), index: index, person: person)
        }
        return keyed.sorted { a, b in
            if a.last != b.last { return (a.last < b.last) != descending }
            if a.first != b.first { return a.first < b.first }
            return a.index < b.index
        }.map(\.person)
    }

    // MARK: - Private

    private static func sameIgnoringCase(_ one: String, _ other: String) -> Bool {
        one.uppercased().lowercased() == other.uppercased().lowercased()
    }

    private mutating func take(_ new: NewPerson) -> Person {
        defer { nextNumber += 1 }
        return Person(id: new.id, number: nextNumber, addedAt: new.addedAt, details: new.details)
    }

    private func summary(of step: PeopleStep) -> UndoneChange {
        let now = step.removing.compactMap { id in everyone.first { $0.id == id }?.fullName }
        let before = step.restoring.map(\.person.fullName)
        switch step.kind {
        case .add: return UndoneChange(.addPeople, names: now)
        case .delete: return UndoneChange(.deletePeople, names: before)
        case .sort: return UndoneChange(.sortPeople, names: [])
        case .load: return UndoneChange(.loadPeople, names: now, page: step.fetchProgress?.nextPage ?? 1)
        }
    }
}

/// Who is known already. A loaded person is the same as another when both have a randomuser.me
/// id and it is the same; when either has none, when their emails match without case.
/// (People sharing an email with different ids are different people: real pages hold them.)
private struct Identities {
    private var ids: Set<String> = []
    private var emails: Set<String> = []
    private var emailsWithoutID: Set<String> = []

    init(_ people: [Person]) {
        people.forEach { insert($0.details) }
    }

    func contains(_ person: PersonDetails) -> Bool {
        let email = person.email?.lowercased()
        if let id = person.remoteID?.lowercased() {
            return ids.contains(id) || email.map(emailsWithoutID.contains) == true
        }
        return email.map(emails.contains) == true
    }

    mutating func insert(_ person: PersonDetails) {
        let email = person.email?.lowercased()
        if let id = person.remoteID?.lowercased() {
            ids.insert(id)
        } else if let email {
            emailsWithoutID.insert(email)
        }
        if let email {
            emails.insert(email)
        }
    }
}
