import Foundation
import Observation

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
    private let today: () -> CalendarDate
    private let now: () -> Date
    private let newID: () -> UUID
    private let locale: Locale

    /// `today` says what day it is wherever ages and birthdays are worked out; tests and
    /// the `--today` option fix it. Reads nothing yet: call `load()`.
    public init(store: any PeopleStore, today: @escaping () -> CalendarDate, now: @escaping () -> Date = Date.init,
                newID: @escaping () -> UUID = UUID.init, locale: Locale = .current) {
        self.store = store
        self.today = today
        self.now = now
        self.newID = newID
        self.locale = locale
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
