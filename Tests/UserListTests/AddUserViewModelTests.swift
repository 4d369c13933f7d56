import Forms
import Foundation
import TestSupport
import Testing
import UserList

@MainActor
@Suite("People: the add form")
struct AddUserViewModelTests {
    private let leaks = LeakTracker()
    private static let disabled = SaveButtonState(isEnabled: false, colour: .grey)
    private static let enabled = SaveButtonState(isEnabled: true, colour: .green)

    @Test("UA-14 Save is disabled and grey until all three fields hold something",
          arguments: [("", "Adams", "1990-03-14"), ("Zoë", "", "1990-03-14"), ("Zoë", "Adams", ""),
                      ("  ", "Adams", "1990-03-14"), ("Zoë", " \t", "1990-03-14"), ("Zoë", "Adams", "   ")])
    func saveButtonFollowsTheFields(first: String, last: String, born: String) {
        let (sut, _) = makeSUT(leaks: leaks)
        let form = sut.openAddForm()
        #expect(form.saveButton == Self.disabled)

        form.firstName = first
        form.lastName = last
        form.birthDate = born
        #expect(form.saveButton == Self.disabled)

        form.firstName = "Zoë"
        form.lastName = "Adams"
        form.birthDate = "1990-03-14"
        #expect(form.saveButton == Self.enabled)
    }

    @Test("UA-15 Names in any script are valid, with inner spaces, hyphens, apostrophes and periods",
          arguments: ["Zoë", "José", "Łukasz", "Nguyễn", "Ελένη", "Олена", "محمد", "李", "Mary Ann", "Jean-Luc",
                      "O'Brien", "O’Brien", "Van 't Zelfde", "da Conceição", "St. John", "Zoe\u{308}"])
    func validNames(name: String) throws {
        let (sut, store) = makeSUT(leaks: leaks)
        try sut.load()

        let added = try sut.add(name, name)

        #expect(store.people.everyone == [added])
        #expect(added.firstName == name)
        #expect(added.lastName == name)
    }

    @Test("UA-16 An invalid name gets an alert naming the field, and nothing is added",
          arguments: [("", NameProblem.empty, "the first name is empty"),
                      ("   ", .empty, "the first name is empty"),
                      ("R2D2", .character("2"), "the first name cannot hold “2”; a name holds letters, spaces, hyphens, apostrophes and periods"),
                      ("Ann!", .character("!"), "the first name cannot hold “!”; a name holds letters, spaces, hyphens, apostrophes and periods"),
                      ("Zoë 🙂", .character("🙂"), "the first name cannot hold “🙂”; a name holds letters, spaces, hyphens, apostrophes and periods"),
                      ("Ann\tLee", .character("\t"), "the first name cannot hold “\t”; a name holds letters, spaces, hyphens, apostrophes and periods"),
                      (".-'", .noLetter, "the first name has no letter in it"),
                      ("Ann\u{202E}", .character("\u{202E}"),
                       "the first name cannot hold “\u{202E}”; a name holds letters, spaces, hyphens, apostrophes and periods")])
    func invalidFirstName(name: String, problem: NameProblem, message: String) throws {
        let (sut, store) = makeSUT(leaks: leaks)
        try sut.load()

        #expect(throws: AddUserError.firstName(problem)) { try sut.add(name, "Adams") }

        #expect(sut.addForm?.alert == FormAlert(title: "Invalid first name", message: message))
        #expect(store.people == People())
    }

    @Test("UA-16 An invalid last name gets an alert about the last name")
    func invalidLastName() throws {
        let (sut, store) = makeSUT(leaks: leaks)
        try sut.load()

        #expect(throws: AddUserError.lastName(.character("3"))) { try sut.add("Zoë", "Adams3") }

        #expect(sut.addForm?.alert == FormAlert(
            title: "Invalid last name",
            message: "the last name cannot hold “3”; a name holds letters, spaces, hyphens, apostrophes and periods"))
        #expect(store.people == People())
    }

    @Test("UA-17 Names are trimmed, and 50 characters is the longest a name can be")
    func trimmedAndAtMostFifty() throws {
        let (sut, store) = makeSUT(leaks: leaks)
        try sut.load()

        try sut.add("  Zoë  ", "\tAdams ")
        try sut.add(String(repeating: "é", count: 49), "Adams")
        try sut.add(String(repeating: "é", count: 50), "Adams")

        #expect(throws: AddUserError.firstName(.tooLong)) { try sut.add(String(repeating: "é", count: 51), "Adams") }
        #expect(sut.addForm?.alert?.message == "the first name is longer than 50 characters")
        #expect(store.people.everyone.map(\.firstName.count) == [3, 49, 50])
        #expect(store.people.everyone.first?.fullName == "Zoë Adams")
    }

    @Test("UA-18 The earliest and latest dates of birth are accepted, typed either way",
          arguments: [("1900-01-01", "1900-01-01"), ("1938-04-02", "1938-04-02"), ("2026-11-22", "2026-11-22"),
                      ("2000-02-29", "2000-02-29"), ("01-01-1900", "1900-01-01"), ("22-11-2026", "2026-11-22"),
                      ("14-03-1990", "1990-03-14"), (" 1990-03-14 ", "1990-03-14")])
    func datesInRange(born: String, day: String) throws {
        let (sut, store) = makeSUT(today: "2026-11-22", leaks: leaks)
        try sut.load()

        try sut.add("Zoë", "Adams", born: born)

        #expect(store.people.everyone.map(\.birthDate?.iso) == [day])
    }

    @Test("UA-19 A date of birth before 1900 or after today is refused",
          arguments: [("1899-12-31", AddUserError.bornBefore(.yearFirst), "the date of birth cannot be before 1900-01-01"),
                      ("2026-11-23", .bornAfter(date("2026-11-22"), .yearFirst), "the date of birth cannot be after today, 2026-11-22"),
                      ("31-12-1899", .bornBefore(.dayFirst), "the date of birth cannot be before 01-01-1900"),
                      ("23-11-2026", .bornAfter(date("2026-11-22"), .dayFirst), "the date of birth cannot be after today, 22-11-2026")])
    func datesOutOfRange(born: String, error: AddUserError, why: String) throws {
        let (sut, store) = makeSUT(today: "2026-11-22", leaks: leaks)
        try sut.load()

        #expect(throws: error) {
            try sut.add("Zoë", "Adams", born: born)
        }

        #expect(sut.addForm?.alert == FormAlert(title: "Invalid date of birth", message: why))
        #expect(store.people == People())
    }

    @Test("UA-20 Something that is not a real calendar date is refused",
          arguments: ["2021-02-29", "2022-13-01", "2022-04-31", "2022-00-10", "1990-1-5", "29-02-2021", "14/03/1990",
                      "yesterday", "１９９０-03-14", "1990-03-14T00:00", "14-3-1990"])
    func notADate(text: String) throws {
        let (sut, store) = makeSUT(leaks: leaks)
        try sut.load()

        #expect(throws: AddUserError.notADate(text)) { try sut.add("Zoë", "Adams", born: text) }

        #expect(sut.addForm?.alert == FormAlert(title: "Invalid date of birth",
                                                message: "the date of birth “\(text)” is not a date; type it as YYYY-MM-DD or DD-MM-YYYY"))
        #expect(store.people == People())
    }

    @Test("Cancelling the form closes it and adds nobody")
    func cancel() throws {
        let (sut, store) = makeSUT(leaks: leaks)
        let form = sut.openAddForm()
        form.firstName = "Zoë"

        form.cancel()

        #expect(sut.addForm == nil)
        #expect(store.people == People())
    }

    @Test("UA-23 The same person typed twice is refused, naming who is there, unless asked again")
    func samePersonTwice() throws {
        let (sut, _) = makeSUT([person(1, "Zoë", "Adams")], leaks: leaks)
        try sut.load()
        let form = sut.openAddForm()
        form.firstName = "zoë"
        form.lastName = "adams"
        form.birthDate = "1990-03-14"

        #expect(throws: PeopleError.alreadyThere(person(1, "Zoë", "Adams"))) { try form.save() }

        #expect(form.alert == FormAlert(title: "Already in the list", message: "Zoë Adams (1) is in the list already"))
        #expect(sut.addForm === form)
        #expect(sut.people.everyone.map(\.fullName) == ["Zoë Adams"])

        form.again = true
        try form.save()

        #expect(form.alert == nil)
        #expect(sut.addForm == nil)
        #expect(sut.people.everyone.map(\.number) == [1, 2])
        #expect(sut.people.everyone.map(\.fullName) == ["Zoë Adams", "zoë adams"])
    }
}
