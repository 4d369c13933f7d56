#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSearch

/// Where a person lives, as randomuser.me describes it; any part may be missing.
public struct Address: Codable, Sendable, Equatable {
    public var street: String?
    public var city: String?
    public var state: String?
    public var country: String?

    public init(street: String? = nil, city: String? = nil, state: String? = nil, country: String? = nil) {
        self.street = street
        self.city = city
        self.state = state
        self.country = country
    }

    /// `9727 Walnut Hill Ln, Cape Coral, Minnesota, United States`: the parts there are.
    public var line: String {
        [street, city, state, country].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

/// Who a person is, as typed in the add form or loaded from randomuser.me: everything but
/// what the list gives them when they arrive (an id, a number, the time).
public struct PersonDetails: Codable, Sendable, Equatable {
    /// Whether both names are there, as every list of people needs: only a store changed by
    /// hand holds a person without one.
    public var isNamed: Bool { !firstName.isEmpty && !lastName.isEmpty }

    public var firstName: String
    public var lastName: String
    /// Nil when the person came without one (randomuser.me may leave it out): they are kept,
    /// shown with `n/a`, and left out of the birthdays.
    public var birthDate: CalendarDate?
    public var email: String?
    public var phone: String?
    public var cell: String?
    public var address: Address?
    /// The day they registered at randomuser.me.
    public var registered: CalendarDate?
    /// The address of their picture.
    public var picture: String?
    /// The id the person has at randomuser.me (`login.uuid`); nil for people added by hand.
    public var remoteID: String?

    public init(firstName: String, lastName: String, birthDate: CalendarDate?, email: String? = nil,
                phone: String? = nil, cell: String? = nil, address: Address? = nil, registered: CalendarDate? = nil,
                picture: String? = nil, remoteID: String? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.birthDate = birthDate
        self.email = email
        self.phone = phone
        self.cell = cell
        self.address = address
        self.registered = registered
        self.picture = picture
        self.remoteID = remoteID
    }
}

/// A person on the way into the list: the id and the time they arrive with. The list gives
/// them their number.
public struct NewPerson: Sendable, Equatable {
    public let id: UUID
    public let details: PersonDetails
    public let addedAt: Date

    public init(id: UUID, details: PersonDetails, addedAt: Date) {
        self.id = id
        self.details = details
        self.addedAt = addedAt
    }
}

/// Someone whose birthday the user keeps track of.
public struct Person: Identifiable, Sendable, Equatable {
    public let id: UUID
    /// The number the list shows them with: given when they were added, kept until they are deleted.
    public let number: Int
    /// When the person was added; the order added is also the order of `People.everyone`.
    public let addedAt: Date
    public var details: PersonDetails

    public init(id: UUID, number: Int, addedAt: Date, details: PersonDetails) {
        self.id = id
        self.number = number
        self.addedAt = addedAt
        self.details = details
    }

    public var firstName: String { details.firstName }
    public var lastName: String { details.lastName }
    public var birthDate: CalendarDate? { details.birthDate }
    public var email: String? { details.email }
    public var remoteID: String? { details.remoteID }

    /// Loaded from randomuser.me rather than added by hand.
    public var isFetched: Bool { remoteID != nil || email != nil }

    /// Whether `query` is in the first name, the last name, the display name or the email,
    /// ignoring case and accents. The display name is only made for a query with a space: any
    /// other it holds is in the first or the last name.
    public func matches(_ query: TextQuery) -> Bool {
        query.isFound(in: firstName) || query.isFound(in: lastName) || email.map(query.isFound(in:)) == true
            || (query.text.utf8.contains(UInt8(ascii: " ")) && query.isFound(in: fullName))
    }

    public var fullName: String { "\(firstName) \(lastName)" }

    /// The names as the lists show them: as randomuser.me's seed apps show the people it sends,
    /// capitalised where the server sent them in lower case (RU-26); as typed for a person added
    /// by hand, whose own spelling it is.
    public var displayFirstName: String { isFetched ? PersonName.displayed(firstName) : firstName }
    public var displayLastName: String { isFetched ? PersonName.displayed(lastName) : lastName }
    public var displayName: String { "\(displayFirstName) \(displayLastName)" }

    /// The first letters of the first name and of the last name without its particles:
    /// "Maria da Conceição" is "MC".
    public var initials: String {
        let first = firstName.first.map { $0.uppercased() } ?? ""
        let last = PersonName.sortKey(lastName).first.map { $0.uppercased() } ?? ""
        return first + last
    }

    /// Worked out from the date of birth each time, never stored, so it is never out of date;
    /// nil without a date of birth, or for a day before it.
    public func age(on today: CalendarDate) -> Int? {
        guard let birthDate, birthDate <= today else { return nil }
        return birthDate.years(on: today)
    }
}
