#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Forms
import Observation
import TextSearch
import Undo

/// The latest added person as the home screen shows them, or placeholders when nobody was added.
public struct LatestUserCard: Equatable, Sendable {
    public static let placeholder = "-"

    public let firstName: String
    public let lastName: String
    /// `dd-MM-yyyy`, or `n/a` for a person without a date of birth.
    public let birthDate: String

    public init(firstName: String, lastName: String, birthDate: String) {
        self.firstName = firstName
        self.lastName = lastName
        self.birthDate = birthDate
    }

    init(_ person: Person?) {
        self.init(firstName: person?.displayFirstName ?? Self.placeholder,
                  lastName: person?.displayLastName ?? Self.placeholder,
                  birthDate: person.map { $0.birthDate?.dayMonthYear ?? BirthdayPage.notAvailable } ?? Self.placeholder)
    }
}

/// A person's page on the Birthdays screen.
public struct BirthdayPage: Equatable, Sendable {
    /// What the page shows for a date of birth or an age it does not have (the Birthdays seed's word).
    public static let notAvailable = "n/a"

    public let person: Person
    public let fullName: String
    public let initials: String
    /// `dd-MM-yyyy`, or `n/a`.
    public let birthday: String
    /// Nil without a date of birth, or on a day before it.
    public let age: Int?

    /// `36 YEARS OLD`, or `n/a`.
    public var ageText: String { age.map { "\($0) \($0 == 1 ? "YEAR" : "YEARS") OLD" } ?? Self.notAvailable }

    init(person: Person, today: CalendarDate) {
        self.person = person
        fullName = person.displayName
        initials = person.initials
        birthday = person.birthDate?.dayMonthYear ?? Self.notAvailable
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

/// What a load from randomuser.me brought: the pages asked for, and what became of the
/// people they held.
public struct FetchReport: Equatable, Sendable {
    /// The pages asked for, in order: more than one when a page brought nobody new.
    public let pages: [Int]
    /// People added to the list.
    public let new: Int
    /// People the list knew already, or had deleted.
    public let repeated: Int
    /// People left out because they broke a rule (a name that is not one, a date of birth no
    /// one alive has) or could not be read.
    public let invalid: Int
    /// People left out because they came beyond the count asked for.
    public let beyondCount: Int

    public init(pages: [Int], new: Int, repeated: Int, invalid: Int, beyondCount: Int = 0) {
        self.pages = pages
        self.new = new
        self.repeated = repeated
        self.invalid = invalid
        self.beyondCount = beyondCount
    }
}

/// What a load from randomuser.me came to.
public enum FetchResult: Equatable, Sendable {
    case loaded(FetchReport)
    /// Nothing was loaded or changed; `saved` people are still there to show.
    case failed(FetchError, saved: Int)
}

/// What a search found.
public struct SearchResult: Equatable, Sendable {
    /// The people found, in the list's order.
    public let people: [Person]
    /// The remembered search that answered without looking, when one did.
    public let rememberedUnmatched: String?

    public init(people: [Person], rememberedUnmatched: String?) {
        self.people = people
        self.rememberedUnmatched = rememberedUnmatched
    }
}

/// The home screen of people: the latest added, the list in the chosen order, sorting,
/// deleting, a person's page and the upcoming birthdays. Every change goes through the store.
@MainActor
@Observable
public final class UserListViewModel {
    public nonisolated static let nobodyYet = "Nobody has been added yet."
    /// How many pages after one that brought nobody new a load tries before it gives up.
    public nonisolated static let extraPages = 3

    public private(set) var people = People()
    /// Everyone as the list shows them: in the chosen order.
    public private(set) var listed: [Person] = []
    /// The add form, while it is open.
    public private(set) var addForm: AddUserViewModel?

    private let store: any PeopleStore
    private let source: (any PeopleSource)?
    private let today: () -> CalendarDate
    private let now: () -> Date
    private let newID: () -> UUID
    private let newSeed: () -> String

    /// `today` says what day it is wherever ages and birthdays are worked out; tests and
    /// the `--today` option fix it. `source` is where `fetchMore` loads people from.
    /// Reads nothing yet: call `load()`.
    public init(store: any PeopleStore, source: (any PeopleSource)? = nil, today: @escaping () -> CalendarDate,
                now: @escaping () -> Date = Date.init, newID: @escaping () -> UUID = UUID.init,
                newSeed: @escaping () -> String = UserListViewModel.randomSeed) {
        self.store = store
        self.source = source
        self.today = today
        self.now = now
        self.newID = newID
        self.newSeed = newSeed
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
    public func delete(_ ids: Person.ID...) throws { try apply(.delete(ids)) }
    public func delete(_ ids: [Person.ID]) throws { try apply(.delete(ids)) }

    /// Takes back the last change saved, and shows the people as the undo left them. Returns
    /// what was undone, for the view to say.
    @discardableResult
    public func undo() throws -> UndoneChange {
        let (undone, people) = try store.undo()
        show(people)
        return undone
    }

    @discardableResult
    public func openAddForm() -> AddUserViewModel {
        let form = AddUserViewModel(store: store, newID: newID, now: now, today: today,
                                    saved: { [weak self] in self?.show($0) },
                                    closed: { [weak self] in self?.addForm = nil })
        addForm = form
        return form
    }

    /// The person's age today, as every screen of this list counts it; nil without a date of birth.
    public func age(of person: Person) -> Int? {
        person.age(on: today())
    }

    public func page(for id: Person.ID) -> BirthdayPage? {
        people.everyone.first { $0.id == id }.map { BirthdayPage(person: $0, today: today()) }
    }

    /// Everyone with a date of birth by their next birthday, the soonest first; the same day
    /// in the list's order.
    public var upcomingBirthdays: [UpcomingBirthday] {
        let today = today()
        return listed.compactMap { person -> UpcomingBirthday? in
            guard let born = person.birthDate, born <= today, let date = born.nextAnniversary(onOrAfter: today) else { return nil }
            return UpcomingBirthday(person: person, date: date, daysAway: today.days(to: date), turning: date.year - born.year)
        }
        .enumerated()
        .sorted { ($0.element.daysAway, $0.offset) < ($1.element.daysAway, $1.offset) }
        .map(\.element)
    }

    /// The people the upcoming birthdays leave out: no date of birth, or not born yet on today.
    public var withoutUpcomingBirthday: [Person] {
        let today = today()
        return listed.filter { person in person.birthDate.map { $0 > today } ?? true }
    }

    /// Loads the next page from the source into the store; a page that brings nobody new is
    /// followed by the next, up to `extraPages` more. Every person is checked as one typed
    /// in the add form would be, and one who breaks a rule is left out and counted. A failure
    /// to load changes nothing: the people saved before are still there, and the result says
    /// how many. Throws only when the store cannot save what was loaded.
    public func fetchMore(count: Int = 20) async throws -> FetchResult {
        var pages: [Int] = []
        var new = 0, repeated = 0, invalid = 0, beyondCount = 0
        repeat {
            let page = people.fetchProgress?.nextPage ?? 1
            let seed = people.fetchProgress?.seed ?? newSeed()
            let fetched: FetchedPage
            do throws(FetchError) {
                guard let source else { throw .noNetwork }
                fetched = try await source.page(page, count: count, seed: seed)
            } catch {
                guard pages.isEmpty else { break }
                return .failed(error, saved: people.everyone.count)
            }
            let today = today()
            let checked = fetched.people.compactMap { $0.checkedAsLoaded(today: today) }
            let arrived = checked.map { NewPerson(id: newID(), details: $0, addedAt: now()) }
            try apply(.load(page: page, seed: seed, people: arrived))
            let saved = Set(people.everyone.map(\.id))
            let added = arrived.filter { saved.contains($0.id) }.count
            pages.append(page)
            new += added
            repeated += arrived.count - added
            invalid += fetched.people.count - checked.count + fetched.unreadable
            beyondCount += fetched.beyondCount
        } while new == 0 && pages.count <= Self.extraPages
        return .loaded(FetchReport(pages: pages, new: new, repeated: repeated, invalid: invalid, beyondCount: beyondCount))
    }

    /// The people whose names or email hold `query`, ignoring case and accents; everyone for an
    /// empty query. A search that finds nobody is remembered, and a later one containing it is
    /// answered from memory.
    public func search(_ query: String) -> SearchResult {
        let query = query.trimmed
        guard !query.isEmpty else { return SearchResult(people: listed, rememberedUnmatched: nil) }
        if let remembered = people.rememberedUnmatched(within: query) {
            return SearchResult(people: [], rememberedUnmatched: remembered)
        }
        let textQuery = TextQuery(query)
        let found = listed.filter { $0.matches(textQuery) }
        if found.isEmpty {
            store.remember(unmatched: query)
            _ = try? people.apply(.rememberUnmatched(query))
        }
        return SearchResult(people: found, rememberedUnmatched: nil)
    }

    private func apply(_ change: PeopleChange) throws {
        show(try store.apply(change))
    }

    private func show(_ saved: People) {
        people = saved
        listed = saved.sorted()
    }
}
