import Foundation
import TextSearch

/// How the list of people is ordered. The user's choice is kept in the store.
public enum PeopleOrder: String, Codable, Sendable, CaseIterable {
    /// The order the people were added in, the most recent last.
    case added
    /// By last name from A to Z.
    case ascending
    /// By last name from Z to A.
    case descending
}

/// Where loading from randomuser.me has got to: the seed that keeps its pages the same, and
/// the page to ask for next.
public struct FetchProgress: Codable, Sendable, Equatable {
    public let seed: String
    public let nextPage: Int

    public init(seed: String, nextPage: Int) {
        self.seed = seed
        self.nextPage = nextPage
    }
}

/// Everything the user can do to the people, as a value the store applies to the latest saved list.
public enum PeopleChange: Codable, Sendable, Equatable {
    /// Adds the person last in the order added. Adding the same id again adds nothing.
    case add(Person)
    /// Removes a person added by hand; a loaded person is set aside instead, so no later
    /// page brings them back.
    case delete(Person.ID)
    case sort(PeopleOrder)
    /// Adds the people of page `page` who are not known yet, known meaning in the list or deleted.
    case merge([Person], seed: String, page: Int)
    /// Remembers a search that found nobody, so a later search containing it need not look.
    case rememberNoMatch(String)
}

public enum PeopleError: Error, Equatable, Sendable, LocalizedError {
    case noSuchPerson

    public var errorDescription: String? {
        "that person is no longer in the list"
    }
}

/// Everyone the user added or loaded, in the order added, and the order they chose to see them in.
public struct People: Codable, Sendable, Equatable {
    public private(set) var everyone: [Person]
    public private(set) var sortOrder: PeopleOrder
    /// Loaded people the user deleted: never shown, never loaded again.
    public private(set) var deleted: [Person]
    public private(set) var fetchProgress: FetchProgress?
    /// Searches that found nobody, since people were last added.
    public private(set) var blacklist: [String]

    public init(everyone: [Person] = [], sortOrder: PeopleOrder = .added) {
        self.everyone = everyone
        self.sortOrder = sortOrder
        self.deleted = []
        self.fetchProgress = nil
        self.blacklist = []
    }

    /// People as they were saved, with everything loading remembers.
    init(everyone: [Person], sortOrder: PeopleOrder, deleted: [Person], fetchProgress: FetchProgress?, blacklist: [String]) {
        self.everyone = everyone
        self.sortOrder = sortOrder
        self.deleted = deleted
        self.fetchProgress = fetchProgress
        self.blacklist = blacklist
    }

    /// The person added last, whatever the order shown.
    public var latest: Person? { everyone.last }

    public mutating func apply(_ change: PeopleChange) throws(PeopleError) {
        switch change {
        case .add(let person):
            guard !everyone.contains(where: { $0.id == person.id }) else { return }
            everyone.append(person)
            blacklist.removeAll()
        case .delete(let id):
            guard let index = everyone.firstIndex(where: { $0.id == id }) else { throw .noSuchPerson }
            let person = everyone.remove(at: index)
            if person.isFetched {
                deleted.append(person)
            }
        case .sort(let order):
            sortOrder = order
        case .merge(let page, let seed, let number):
            var known = Identities(everyone + deleted)
            for person in page where !known.contains(person) {
                everyone.append(person)
                known.insert(person)
                blacklist.removeAll()
            }
            let next = max(number + 1, fetchProgress?.nextPage ?? 1)
            fetchProgress = FetchProgress(seed: fetchProgress?.seed ?? seed, nextPage: next)
        case .rememberNoMatch(let query):
            if !blacklist.contains(query) {
                blacklist.append(query)
            }
        }
    }

    /// A remembered search that `query` contains: whatever it would find, that one found nobody.
    public func rememberedNoMatch(within query: String) -> String? {
        blacklist.first { TextQuery($0).isFound(in: query) }
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

    // MARK: - Reading older stores

    private enum CodingKeys: String, CodingKey {
        case everyone, sortOrder, deleted, fetchProgress, blacklist
    }

    /// A store written before loading existed has no deleted people, progress or blacklist.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        everyone = try container.decode([Person].self, forKey: .everyone)
        sortOrder = try container.decode(PeopleOrder.self, forKey: .sortOrder)
        deleted = try container.decodeIfPresent([Person].self, forKey: .deleted) ?? []
        fetchProgress = try container.decodeIfPresent(FetchProgress.self, forKey: .fetchProgress)
        blacklist = try container.decodeIfPresent([String].self, forKey: .blacklist) ?? []
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
        people.forEach { insert($0) }
    }

    func contains(_ person: Person) -> Bool {
        let email = person.email?.lowercased()
        if let id = person.remoteID?.lowercased() {
            return ids.contains(id) || email.map(emailsWithoutID.contains) == true
        }
        return email.map(emails.contains) == true
    }

    mutating func insert(_ person: Person) {
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
