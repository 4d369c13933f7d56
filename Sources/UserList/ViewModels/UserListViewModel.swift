import Foundation
import Observation
import TextSearch

/// The latest added person as the home screen shows them, or placeholders when nobody was added.
public struct LatestUserCard: Equatable, Sendable {
    public static let placeholder = "-"

    public let firstName: String
    public let lastName: String
    /// `dd-MM-yyyy`.
    public let birthDate: String

    public init(firstName: String, lastName: String, birthDate: String) {
        self.firstName = firstName
        self.lastName = lastName
        self.birthDate = birthDate
    }

    init(_ person: Person?) {
        self.init(firstName: person?.firstName ?? Self.placeholder,
                  lastName: person?.lastName ?? Self.placeholder,
                  birthDate: person?.birthDate.dayMonthYear ?? Self.placeholder)
    }
}

/// A person's page on the Birthdays screen.
public struct BirthdayPage: Equatable, Sendable {
    public let person: Person
    public let fullName: String
    public let initials: String
    /// `dd-MM-yyyy`.
    public let birthday: String
    public let age: Int

    /// `36 YEARS OLD`.
    public var ageText: String { "\(age) YEARS OLD" }

    init(person: Person, today: CalendarDate) {
        self.person = person
        fullName = person.fullName
        initials = person.initials
        birthday = person.birthDate.dayMonthYear
        age = person.age(on: today)
    }
}

/// One line of the upcoming birthdays.
public struct UpcomingBirthday: Equatable, Sendable {
    public let person: Person
    public let date: CalendarDate
    public let daysAway: Int
    /// The age the person turns on `date`.
    public let turning: Int

    /// `today`, `tomorrow` or `in 12 days`.
    public var when: String {
        switch daysAway {
        case 0: "today"
        case 1: "tomorrow"
        default: "in \(daysAway) days"
        }
    }
}

/// What a load from randomuser.me came to.
public enum FetchResult: Equatable, Sendable {
    /// Page `page` was loaded: it held `received` people, `new` of whom were not known yet.
    case loaded(page: Int, received: Int, new: Int)
    /// Nothing was loaded or changed; `saved` people are still there to show.
    case failed(FetchError, saved: Int)
}

/// What a search found.
public struct SearchResult: Equatable, Sendable {
    /// The people found, in the list's order.
    public let people: [Person]
    /// The remembered search that answered without looking, when one did.
    public let rememberedNoMatch: String?

    public init(people: [Person], rememberedNoMatch: String?) {
        self.people = people
        self.rememberedNoMatch = rememberedNoMatch
    }
}

/// The home screen of people: the latest added, the list in the chosen order, sorting,
/// deleting, a person's page and the upcoming birthdays. Every change goes through the store.
@MainActor
@Observable
public final class UserListViewModel {
    public nonisolated static let nobodyYet = "Nobody has been added yet."

    public private(set) var people = People()
    /// Everyone in the chosen order.
    public private(set) var users: [Person] = []
    /// The add form, while it is open.
    public private(set) var addForm: AddUserViewModel?

    private let store: any PeopleStore
    private let source: (any PeopleSource)?
    private let today: () -> CalendarDate
    private let now: () -> Date
    private let newID: () -> UUID
    private let newSeed: () -> String
    private let locale: Locale

    /// `today` says what day it is wherever ages and birthdays are worked out; tests and
    /// the `--today` option fix it. `source` is where `fetchMore` loads people from.
    /// Reads nothing yet: call `load()`.
    public init(store: any PeopleStore, source: (any PeopleSource)? = nil, today: @escaping () -> CalendarDate,
                now: @escaping () -> Date = Date.init, newID: @escaping () -> UUID = UUID.init,
                newSeed: @escaping () -> String = UserListViewModel.randomSeed, locale: Locale = .current) {
        self.store = store
        self.source = source
        self.today = today
        self.now = now
        self.newID = newID
        self.newSeed = newSeed
        self.locale = locale
    }

    /// 16 hex digits, as randomuser.me's own seeds look.
    public nonisolated static func randomSeed() -> String {
        String(UInt64.random(in: .min ... .max), radix: 16)
    }

    public func load() throws {
        show(try store.loadPeople())
    }

    public var isEmpty: Bool { people.everyone.isEmpty }
    public var sortOrder: PeopleOrder { people.sortOrder }
    public var latest: LatestUserCard { LatestUserCard(people.latest) }

    /// Keeps the order in the store, so the list is shown the same way next time.
    public func sort(by order: PeopleOrder) throws { try apply(.sort(order)) }
    public func delete(_ id: Person.ID) throws { try apply(.delete(id)) }

    @discardableResult
    public func openAddForm() -> AddUserViewModel {
        let form = AddUserViewModel(list: self, newID: newID, now: now)
        addForm = form
        return form
    }

    /// The person's age today, as every screen of this list counts it.
    public func age(of person: Person) -> Int {
        person.age(on: today())
    }

    public func page(for id: Person.ID) -> BirthdayPage? {
        people.everyone.first { $0.id == id }.map { BirthdayPage(person: $0, today: today()) }
    }

    /// Everyone by their next birthday, the soonest first; the same day in the list's order.
    public var upcomingBirthdays: [UpcomingBirthday] {
        let today = today()
        return users.map { person in
            let date = person.birthDate.nextAnniversary(onOrAfter: today)
            return UpcomingBirthday(person: person, date: date, daysAway: today.days(to: date),
                                    turning: date.year - person.birthDate.year)
        }
        .enumerated()
        .sorted { ($0.element.daysAway, $0.offset) < ($1.element.daysAway, $1.offset) }
        .map(\.element)
    }

    /// Loads the next page from the source into the store. A failure to load changes nothing:
    /// the people saved before are still there, and the result says how many. Throws only
    /// when the store cannot save what was loaded.
    public func fetchMore(count: Int = 20) async throws -> FetchResult {
        let page = people.fetchProgress?.nextPage ?? 1
        let seed = people.fetchProgress?.seed ?? newSeed()
        let fetched: [RemotePerson]
        do throws(FetchError) {
            guard let source else { throw .noConnection }
            fetched = try await source.people(page: page, count: count, seed: seed)
        } catch {
            return .failed(error, saved: people.everyone.count)
        }
        let arrived = fetched.map { remote in
            Person(id: newID(), firstName: remote.firstName, lastName: remote.lastName, birthDate: remote.birthDate,
                   addedAt: now(), email: remote.email, remoteID: remote.id)
        }
        try apply(.merge(arrived, seed: seed, page: page))
        let saved = Set(people.everyone.map(\.id))
        return .loaded(page: page, received: arrived.count, new: arrived.filter { saved.contains($0.id) }.count)
    }

    /// The people whose names or email hold `query`, ignoring case and accents; everyone for an
    /// empty query. A search that finds nobody is remembered, and a later one containing it is
    /// answered from memory.
    public func search(_ query: String) throws -> SearchResult {
        let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { return SearchResult(people: users, rememberedNoMatch: nil) }
        if let remembered = people.rememberedNoMatch(within: query) {
            return SearchResult(people: [], rememberedNoMatch: remembered)
        }
        let textQuery = TextQuery(query)
        let found = users.filter { $0.matches(textQuery) }
        if found.isEmpty {
            try apply(.rememberNoMatch(query))
        }
        return SearchResult(people: found, rememberedNoMatch: nil)
    }

    func add(_ person: Person) throws {
        try apply(.add(person))
    }

    func closeAddForm() {
        addForm = nil
    }

    private func apply(_ change: PeopleChange) throws {
        show(try store.apply(change))
    }

    private func show(_ saved: People) {
        people = saved
        users = saved.sorted(locale: locale)
    }
}
