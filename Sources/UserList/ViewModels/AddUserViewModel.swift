import Dates
import Forms
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Observation

/// Why the add form refused to save, said about the field that is wrong.
public enum AddUserError: Error, Equatable, Sendable, LocalizedError {
    case firstName(NameProblem)
    case lastName(NameProblem)
    /// The text is not a real calendar date written as YYYY-MM-DD.
    case notADate(String)
    /// A real date before `PersonDetails.earliestBirthDate`; said the way it was typed.
    case bornBefore(CalendarDate.Style)
    /// A real date after today, the day given; said the way it was typed.
    case bornAfter(CalendarDate, CalendarDate.Style)

    /// The alert's title: which field to fix.
    public var field: String {
        switch self {
        case .firstName: "first name"
        case .lastName: "last name"
        case .notADate, .bornBefore, .bornAfter: "date of birth"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .firstName(let problem), .lastName(let problem):
            switch problem {
            case .empty: "the \(field) is empty"
            case .tooLong: "the \(field) is longer than \(PersonName.maximumLength) characters"
            case .noLetter: "the \(field) has no letter in it"
            case .character(let character): "the \(field) cannot hold “\(character)”; a name holds letters, spaces, hyphens, apostrophes and periods"
            }
        case .notADate(let text):
            "the date of birth “\(text)” is not a date; type it as YYYY-MM-DD or DD-MM-YYYY"
        case .bornBefore(let style):
            "the date of birth cannot be before \(PersonDetails.earliestBirthDate.written(style))"
        case .bornAfter(let today, let style):
            "the date of birth cannot be after today, \(today.written(style))"
        }
    }
}

/// The alert the form shows when Save finds something wrong.
public struct FormAlert: Equatable, Sendable {
    public let title: String
    public let message: String

    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }
}

/// The add form: first name, last name, date of birth, Cancel and Save. Opened by
/// `UserListViewModel.openAddForm()`; saving or cancelling closes it.
///
/// It saves to the store itself and tells the list through closures that hold the list
/// weakly: the list holds the form while it is open, and the form must not hold the list.
@MainActor
@Observable
public final class AddUserViewModel {
    public var firstName = ""
    public var lastName = ""
    /// Typed as YYYY-MM-DD or DD-MM-YYYY; an app with a date picker writes `birthDate.iso` here.
    public var birthDate = ""
    /// Add the person even when someone with the same names and date of birth is there already.
    public var again = false
    /// Set when Save refused the input; cleared by the next Save.
    public private(set) var alert: FormAlert?

    private let store: any PeopleStore
    private let newID: () -> UUID
    private let now: () -> Date
    /// The last day a date of birth may be.
    private let today: () -> CalendarDate
    private let saved: (People) -> Void
    private let closed: () -> Void

    init(store: any PeopleStore, newID: @escaping () -> UUID, now: @escaping () -> Date, today: @escaping () -> CalendarDate,
         saved: @escaping (People) -> Void, closed: @escaping () -> Void) {
        self.store = store
        self.newID = newID
        self.now = now
        self.today = today
        self.saved = saved
        self.closed = closed
    }

    /// Enabled and green once all three fields hold something besides spaces. Whether what
    /// they hold is valid is Save's question: it answers with an alert that says why.
    public var saveButton: SaveButtonState {
        SaveButtonState(allowsSaving: [firstName, lastName, birthDate].allSatisfy {
            !$0.trimmed.isEmpty
        })
    }

    /// Adds the person and closes the form; or sets `alert`, throws and adds nobody. Someone
    /// with the same names and date of birth already there is refused (`PeopleError.alreadyThere`)
    /// unless `again` is set.
    @discardableResult
    public func save() throws -> Person {
        alert = nil
        do {
            let new = NewPerson(id: newID(), details: try validated(), addedAt: now())
            let people = try store.apply(.add(new, again: again))
            saved(people)
            closed()
            guard let person = people.everyone.first(where: { $0.id == new.id }) else { throw PeopleError.noSuchPerson }
            return person
        } catch let error as AddUserError {
            alert = FormAlert(title: "Invalid \(error.field)", message: error.errorDescription ?? "")
            throw error
        } catch let error as PeopleError {
            if case .alreadyThere = error {
                alert = FormAlert(title: "Already in the list", message: error.errorDescription ?? "")
            }
            throw error
        }
    }

    public func cancel() {
        closed()
    }

    /// The fields, in the order the form shows them.
    public enum Field: Sendable, CaseIterable {
        case firstName, lastName, birthDate
    }

    /// What Save would say about one field as it is now, or nil when Save would take it: a
    /// form that asks for one field at a time (a terminal) says it before the next.
    public func problem(in field: Field) -> AddUserError? {
        do {
            switch field {
            case .firstName: do { _ = try PersonName.validated(firstName) } catch { throw AddUserError.firstName(error) }
            case .lastName: do { _ = try PersonName.validated(lastName) } catch { throw AddUserError.lastName(error) }
            case .birthDate: _ = try validatedDate()
            }
            return nil
        } catch {
            return error as? AddUserError
        }
    }

    private func validated() throws(AddUserError) -> PersonDetails {
        let first: String
        let last: String
        do { first = try PersonName.validated(firstName) } catch { throw .firstName(error) }
        do { last = try PersonName.validated(lastName) } catch { throw .lastName(error) }
        return PersonDetails(firstName: first, lastName: last, birthDate: try validatedDate())
    }

    private func validatedDate() throws(AddUserError) -> CalendarDate {
        let typedDate = birthDate.trimmed
        guard let (date, style) = CalendarDate.typed(typedDate) else { throw .notADate(typedDate) }
        guard date >= PersonDetails.earliestBirthDate else { throw .bornBefore(style) }
        let today = today()
        guard date <= today else { throw .bornAfter(today, style) }
        return date
    }
}
