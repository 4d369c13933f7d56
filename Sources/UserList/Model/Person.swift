import Foundation
import TextSearch

/// Someone whose birthday the user keeps track of.
public struct Person: Identifiable, Codable, Sendable, Equatable {
    public let id: UUID
    public var firstName: String
    public var lastName: String
    public var birthDate: CalendarDate
    /// When the person was added; the order added is also the order of `People.everyone`.
    public var addedAt: Date
    public var email: String?
    /// The id the person has at randomuser.me (`login.uuid`); nil for people added by hand.
    public var remoteID: String?

    public init(id: UUID, firstName: String, lastName: String, birthDate: CalendarDate,
                addedAt: Date, email: String? = nil, remoteID: String? = nil) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.birthDate = birthDate
        self.addedAt = addedAt
        self.email = email
        self.remoteID = remoteID
    }

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

    /// The first letters of the first name and of the last name without its particles:
    /// "Maria da Conceição" is "MC".
    public var initials: String {
        let first = firstName.first.map { $0.uppercased() } ?? ""
        let last = PersonName.sortKey(lastName).first.map { $0.uppercased() } ?? ""
        return first + last
    }

    /// Worked out from the date of birth each time, never stored, so it is never out of date.
    public func age(on today: CalendarDate) -> Int {
        birthDate.years(on: today)
    }
}
