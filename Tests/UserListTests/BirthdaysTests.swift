import Foundation
import TestSupport
import Testing
import UserList

@MainActor
@Suite("Birthdays: a person's page, ages and the upcoming birthdays")
struct BirthdaysTests {
    private let leaks = LeakTracker()

    @Test("BD-1 A person's page shows the full name, initials, date of birth and age")
    func personPage() throws {
        let (sut, _) = makeSUT([person(1, "Zoë", "Adams", born: "1990-03-14")], today: "2026-11-22", leaks: leaks)
        try sut.load()

        let page = try #require(sut.page(for: id(1)))

        #expect(page.fullName == "Zoë Adams")
        #expect(page.initials == "ZA")
        #expect(page.birthday == "14-03-1990")
        #expect(page.age == 36)
        #expect(page.ageText == "36 YEARS OLD")
        #expect(sut.page(for: id(9)) == nil)
    }

    @Test("BD-2 Initials take the first letter of the first name and of the last name without its particles",
          arguments: [("Zoë", "Adams", "ZA"), ("Mary Ann", "Smith", "MS"), ("Maria", "da Conceição", "MC"),
                      ("łukasz", "żuk", "ŁŻ"), ("李", "小龙", "李小"), ("Ann", "van 't Zelfde", "AZ"),
                      ("Gabriel", "García Márquez", "GG")])
    func initials(first: String, last: String, initials: String) {
        #expect(person(1, first, last).initials == initials)
    }

    @Test("BD-3 Age counts whole years: one more on the birthday, not the day before",
          arguments: [("2026-03-13", 35), ("2026-03-14", 36), ("2026-03-15", 36)])
    func ageAroundTheBirthday(today: String, age: Int) throws {
        #expect(person(1, "Zoë", "Adams", born: "1990-03-14").age(on: date(today)) == age)
        let (sut, _) = makeSUT([person(1, "Zoë", "Adams", born: "1990-03-14")], today: today, leaks: leaks)
        try sut.load()
        #expect(sut.page(for: id(1))?.ageText == "\(age) YEARS OLD")
    }

    @Test("BD-3 Age counts whole years: one more on the birthday, not the day before (one year said as one)",
          arguments: [("2026-03-13", "0 YEARS OLD"), ("2026-03-14", "1 YEAR OLD")])
    func ageOfAChild(today: String, text: String) throws {
        let (sut, _) = makeSUT([person(2, "Ada", "Adams", born: "2025-03-14")], today: today, leaks: leaks)
        try sut.load()
        #expect(sut.page(for: id(2))?.ageText == text)
    }

    @Test("BD-4 Someone born on 29 February turns a year older on 1 March in a year without one",
          arguments: [("2023-02-28", 22), ("2023-03-01", 23), ("2024-02-28", 23), ("2024-02-29", 24), ("2024-03-01", 24)])
    func leapDayBirthday(today: String, age: Int) {
        let leapling = person(1, "Leap", "Day", born: "2000-02-29")

        #expect(leapling.age(on: date(today)) == age)
    }

    @Test("BD-5 Age follows today, so a person kept for a year is a year older")
    func ageFollowsToday() throws {
        let store = InMemoryPeopleStore(makePeople([person(1, "Zoë", "Adams", born: "1990-03-14")]))
        var today = date("2026-11-22")
        let sut = UserListViewModel(store: store, today: { today })
        try sut.load()
        let saved = store.people

        #expect(sut.page(for: id(1))?.ageText == "36 YEARS OLD")
        today = date("2027-11-22")
        #expect(sut.page(for: id(1))?.ageText == "37 YEARS OLD")
        #expect(store.people == saved)
    }

    @Test("BD-6 Upcoming birthdays list the next one first, with today, tomorrow and in N days")
    func upcomingBirthdays() throws {
        let (sut, _) = makeSUT([
            person(1, "Di", "Dee", born: "1970-11-21"), person(2, "Cy", "Cee", born: "2000-12-25"),
            person(3, "Ann", "Ay", born: "1990-11-22"), person(4, "Bo", "Bee", born: "1985-11-23"),
        ], today: "2026-11-22", leaks: leaks)
        try sut.load()

        let upcoming = sut.upcomingBirthdays

        #expect(upcoming.map(\.person.firstName) == ["Ann", "Bo", "Cy", "Di"])
        #expect(upcoming.map(\.when) == ["today", "tomorrow", "in 33 days", "in 364 days"])
        #expect(upcoming.map(\.turning) == [36, 41, 26, 57])
        #expect(upcoming.map(\.date.iso) == ["2026-11-22", "2026-11-23", "2026-12-25", "2027-11-21"])
    }

    @Test("BD-6 A leap-day birthday comes up on 1 March in a year without 29 February")
    func upcomingLeapDay() throws {
        let (sut, _) = makeSUT([person(1, "Leap", "Day", born: "2000-02-29")], today: "2026-02-27", leaks: leaks)
        try sut.load()

        #expect(sut.upcomingBirthdays.map(\.date.iso) == ["2026-03-01"])
        #expect(sut.upcomingBirthdays.map(\.when) == ["in 2 days"])
    }

    @Test("BD-7 With nobody added, the upcoming birthdays say so")
    func noUpcomingBirthdays() throws {
        let (sut, _) = makeSUT(leaks: leaks)
        try sut.load()

        #expect(sut.upcomingBirthdays.isEmpty)
        #expect(sut.withoutUpcomingBirthday.isEmpty)
        #expect(sut.isEmpty)
    }
}

@Suite("Calendar dates")
struct CalendarDateTests {
    @Test("A date is read only as YYYY-MM-DD and written back the same way",
          arguments: ["1950-01-01", "2000-02-29", "2022-12-31", "1999-10-09"])
    func roundTrip(text: String) throws {
        let parsed = try #require(CalendarDate(iso: text))

        #expect(parsed.iso == text)
        #expect(try JSONDecoder().decode(CalendarDate.self, from: JSONEncoder().encode(parsed)) == parsed)
    }

    @Test("Days between dates cross months, years and leap days",
          arguments: [("2026-11-22", "2026-11-23", 1), ("2026-12-31", "2027-01-01", 1),
                      ("2024-02-28", "2024-03-01", 2), ("2023-02-28", "2023-03-01", 1), ("1970-01-01", "2000-01-01", 10957)])
    func daysBetween(from: String, to: String, days: Int) {
        #expect(date(from).days(to: date(to)) == days)
        #expect(date(to).days(to: date(from)) == -days)
    }
}

@MainActor
@Suite("Birthdays: people without a date of birth")
struct NoBirthDateTests {
    private let leaks = LeakTracker()

    @Test("Someone born today has a birthday today, turning 0, and is not left out")
    func bornToday() throws {
        let (sut, _) = makeSUT([person(1, "Ann", "Lee", born: "2026-11-22"), person(2, "Bo", "Bee", born: "2026-11-23")],
                               today: "2026-11-22", leaks: leaks)
        try sut.load()

        #expect(sut.upcomingBirthdays.map(\.person.firstName) == ["Ann"])
        #expect(sut.upcomingBirthdays.first?.turning == 0)
        #expect(sut.upcomingBirthdays.first?.daysAway == 0)
        #expect(sut.withoutUpcomingBirthday.map(\.firstName) == ["Bo"])
    }

    @Test("BD-8 A person without a date of birth shows n/a for the date and the age, and is left out of the birthdays")
    func withoutBirthDate() throws {
        let (sut, _) = makeSUT([person(1, "Ann", "Ay", born: nil), person(2, "Bo", "Bee", born: "1985-11-23")], leaks: leaks)
        try sut.load()

        let page = try #require(sut.page(for: id(1)))

        #expect(page.birthday == "n/a")
        #expect(page.age == nil)
        #expect(page.ageText == "n/a")
        #expect(sut.latest == LatestUserCard(firstName: "Bo", lastName: "Bee", birthDate: "23-11-1985"))
        #expect(sut.upcomingBirthdays.map(\.person.firstName) == ["Bo"])
        #expect(sut.withoutUpcomingBirthday.map(\.firstName) == ["Ann"])
    }
}
