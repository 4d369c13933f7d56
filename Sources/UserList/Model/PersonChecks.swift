#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The rules a person must meet to enter the list, typed in the add form or loaded from
/// randomuser.me alike: names as `PersonName` says, a real date of birth, and no field longer
/// than a person's details can be.
extension PersonDetails {
    /// The longest an email, a phone number, an address part or a picture's address may be.
    public static let longestField = 200
    /// The earliest date of birth a person may have, typed or loaded: a family's grandparents
    /// are born before the UserApp date picker's 1950, and only a day no one alive could have
    /// is refused. The latest is today.
    public static let earliestBirthDate = CalendarDate(year: 1900, month: 1, day: 1)!

    /// The person as loaded, names trimmed, or nil when a rule is broken: a name that is not
    /// one, a date of birth before 1900 or after `today`, a field too long or holding control
    /// characters. A missing date of birth is allowed.
    public func checkedAsLoaded(today: CalendarDate) -> PersonDetails? {
        guard let first = try? PersonName.validated(firstName), let last = try? PersonName.validated(lastName) else { return nil }
        // Two comparisons, not a range: a `today` before 1900 (`--today 1800-01-01`) makes no range.
        if let birthDate, birthDate < Self.earliestBirthDate || birthDate > today { return nil }
        let texts = [email, phone, cell, picture, remoteID, address?.street, address?.city, address?.state, address?.country]
        guard texts.allSatisfy({ $0.map(Self.isPlainField) ?? true }) else { return nil }
        var checked = self
        checked.firstName = first
        checked.lastName = last
        return checked
    }

    private static func isPlainField(_ text: String) -> Bool {
        text.count <= longestField && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
