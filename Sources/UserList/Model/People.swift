import Foundation

/// How the list of people is ordered. The user's choice is kept in the store.
public enum PeopleOrder: String, Codable, Sendable, CaseIterable {
    /// The order the people were added in, the most recent last.
    case added
    /// By last name from A to Z.
    case ascending
    /// By last name from Z to A.
    case descending
}

/// Everything the user can do to the people, as a value the store applies to the latest saved list.
public enum PeopleChange: Codable, Sendable, Equatable {
    /// Adds the person last in the order added. Adding the same id again adds nothing.
    case add(Person)
    case delete(Person.ID)
    case sort(PeopleOrder)
}

public enum PeopleError: Error, Equatable, Sendable, LocalizedError {
    case noSuchPerson

    public var errorDescription: String? {
        "that person is no longer in the list"
    }
}

/// Everyone the user added, in the order added, and the order they chose to see them in.
public struct People: Codable, Sendable, Equatable {
    public private(set) var everyone: [Person]
    public private(set) var sortOrder: PeopleOrder

    public init(everyone: [Person] = [], sortOrder: PeopleOrder = .added) {
        self.everyone = everyone
        self.sortOrder = sortOrder
    }

    /// The person added last, whatever the order shown.
    public var latest: Person? { everyone.last }

    public mutating func apply(_ change: PeopleChange) throws(PeopleError) {
        switch change {
        case .add(let person):
            guard !everyone.contains(where: { $0.id == person.id }) else { return }
            everyone.append(person)
        case .delete(let id):
            guard let index = everyone.firstIndex(where: { $0.id == id }) else { throw .noSuchPerson }
            everyone.remove(at: index)
        case .sort(let order):
            sortOrder = order
        }
    }

    /// Everyone in the chosen order. Last names compare without case or accents, the way
    /// `locale` sorts them, particles skipped; ties go by first name, then by the order added,
    /// in both directions.
    public func sorted(locale: Locale) -> [Person] {
        guard sortOrder != .added else { return everyone }
        let descending = sortOrder == .descending
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        let keyed = everyone.enumerated().map { (key: String(PersonName.sortKey($0.element.lastName)), index: $0.offset, person: $0.element) }
        return keyed.sorted { a, b in
            switch a.key.compare(b.key, options: options, range: nil, locale: locale) {
            case .orderedAscending: return !descending
            case .orderedDescending: return descending
            case .orderedSame: break
            }
            switch a.person.firstName.compare(b.person.firstName, options: options, range: nil, locale: locale) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return a.index < b.index
            }
        }.map(\.person)
    }
}
