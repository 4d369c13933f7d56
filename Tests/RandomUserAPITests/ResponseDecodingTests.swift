import Foundation
import RandomUserAPI
import TestSupport
import Testing
import UserList

@Suite("Reading randomuser.me responses")
struct ResponseDecodingTests {
    @Test("RU-7 Responses of API 1.3 and 1.4 are read as they really are")
    func realResponses() throws {
        let page1 = try RandomUserResponse.page(from: Fixture.data(Fixture.page1), status: 200, count: 10)
        let page2 = try RandomUserResponse.page(from: Fixture.data(Fixture.page2WithRepeats), status: 200, count: 10)

        #expect(page1.people.count == 10)
        #expect(page1.unreadable == 0)
        #expect(page1.people.first == PersonDetails(
            firstName: "Adam", lastName: "Kim", birthDate: date("1977-11-24"), email: "adam.kim@example.com",
            phone: "(188)-084-9627", cell: "(142)-150-9944",
            address: Address(street: "9727 Walnut Hill Ln", city: "Cape Coral", state: "Minnesota", country: "United States"),
            registered: date("2019-02-18"), picture: "https://randomuser.me/api/portraits/men/83.jpg",
            remoteID: "078ff271-ba31-40dd-84de-e9fd3dd1e6fa"))
        #expect(page1.people.map(\.firstName).contains("بهاره"))
        #expect(page2.people.count == 10)
        #expect(page2.people.map(\.lastName).prefix(2) == ["Коваленко", "Sharma"])
    }

    @Test("RU-7 A date of birth is the calendar day of dob.date in UTC, whatever the local time zone")
    func birthDateInUTC() throws {
        let page2 = try RandomUserResponse.page(from: Fixture.data(Fixture.page2WithRepeats), status: 200, count: 10)

        #expect(page2.people[1].birthDate?.iso == "1992-12-31")
        #expect(page2.people[3].birthDate?.iso == "1958-02-01")
    }

    @Test("RU-7 Fields left out by a filtered request: no id or date of birth is fine, no name leaves the person out")
    func filteredFields() throws {
        let page = try RandomUserResponse.page(from: Fixture.data(Fixture.filteredFields), status: 200, count: 10)

        #expect(page.people == [
            PersonDetails(firstName: "Ann", lastName: "Berg", birthDate: date("1980-01-02"), email: "Ann.Berg@example.com"),
            PersonDetails(firstName: "Nils", lastName: "Berg", birthDate: nil, email: "nils.berg@example.com"),
            PersonDetails(firstName: "ann", lastName: "berg", birthDate: date("1980-01-02"), email: "ANN.BERG@example.com"),
        ])
        #expect(page.unreadable == 1)
    }

    @Test("RU-19 A date that is not a real day leaves the person out, never moved to another day",
          arguments: ["1980-02-30T10:11:34.559Z", "1980-13-01T00:00:00Z", "1980-02-03", "yesterday", "1980-02-03T10:11:34+02:00",
                      "1980-02-30 10:11:34", "1980-02-03 10:11"])
    func unrealDates(text: String) throws {
        let body = "{\"results\": [{\"name\": {\"first\": \"Ann\", \"last\": \"Berg\"}, \"dob\": {\"date\": \"\(text)\"}}]}"

        let page = try RandomUserResponse.page(from: Data(body.utf8), status: 200, count: 5)

        #expect(page == FetchedPage(people: [], unreadable: 1))
    }

    /// The shortest time randomuser.me could write has no fraction of a second, the longest nine digits of one.
    @Test("RU-7 A date of birth is the calendar day of dob.date in UTC, with or without a fraction of a second",
          arguments: [("1980-02-03T10:11:34Z", "1980-02-03"), ("1980-02-03T10:11:34.123456789Z", "1980-02-03"),
                      ("1980-02-03T10:11:34.1234567890Z", nil), ("1980-02-03T10:11:3Z", nil)] as [(String, String?)])
    func birthDateTimes(text: String, day: String?) throws {
        let body = "{\"results\": [{\"name\": {\"first\": \"Ann\", \"last\": \"Berg\"}, \"dob\": {\"date\": \"\(text)\"}}]}"

        let page = try RandomUserResponse.page(from: Data(body.utf8), status: 200, count: 5)

        #expect(page.people.map(\.birthDate?.iso) == (day.map { [$0] } ?? []) as [String?])
        #expect(page.unreadable == (day == nil ? 1 : 0))
    }

    @Test("RU-19 No more people are taken than were asked for; the others are counted")
    func moreThanAsked() throws {
        let people = (1...30).map { "{\"name\": {\"first\": \"Ann\", \"last\": \"Berg\"}, \"email\": \"ann\($0)@example.com\"}" }
        let body = "{\"results\": [\(people.joined(separator: ","))]}"

        let page = try RandomUserResponse.page(from: Data(body.utf8), status: 200, count: 5)

        #expect(page.people.map(\.email) == (1...5).map { "ann\($0)@example.com" })
        #expect(page.unreadable == 0)
        #expect(page.beyondCount == 25)
    }

    @Test("RU-26 A server speaking API 1.0 is read as it is: dates as Unix times, names in lower case")
    func version1() throws {
        let page = try RandomUserResponse.page(from: Fixture.data(Fixture.version1), status: 200, count: 10)

        #expect(page.unreadable == 0)
        #expect(page.people.map(\.firstName) == ["levi", "émilie", "jean-luc"])
        #expect(page.people.map(\.lastName) == ["stone", "lefèvre", "o'connor"])
        #expect(page.people.map(\.birthDate?.iso) == ["1987-12-12", "2015-07-27", "1970-01-01"])
        #expect(page.people.map(\.registered?.iso) == ["2005-11-07", "2008-03-13", "2000-08-11"])
        #expect(page.people.first?.address == Address(street: "4523 w dallas st", city: "mesquite", state: "new hampshire", country: nil))
        #expect(page.people.first?.email == "levi.stone@example.com")
    }

    @Test("RU-26 A date of birth is read from each version's form: an object with the date, a Unix time, or a text", arguments: [
        (#"{"date": "1987-12-12T23:59:59.000Z", "age": 38}"#, "1987-12-12"), ("566351999", "1987-12-12"), ("566352000", "1987-12-13"),
        ("-1", "1969-12-31"), (#""1983-07-14 07:29:45""#, "1983-07-14"),
        ("9223372036854775807", nil), ("-9223372036854775808", nil), (#""1983-07-14""#, nil),
    ])
    func birthDateForms(dob: String, day: String?) throws {
        let body = #"{"results": [{"name": {"first": "ann", "last": "berg"}, "dob": \#(dob)}]}"#

        let page = try RandomUserResponse.page(from: Data(body.utf8), status: 200, count: 5)

        // A moment no calendar day has leaves the person out, counted as not read.
        #expect(page.people.map(\.birthDate?.iso) == (day.map { [$0] } ?? []) as [String?])
        #expect(page.unreadable == (day == nil ? 1 : 0))
    }

    @Test("RU-10 The API's error answer, another status and a body that is not a response are told apart",
          arguments: [
            ("{\"error\": \"Uh oh\"}", 200, FetchError.api("Uh oh")),
            ("{\"error\": \"Uh oh\"}", 500, .api("Uh oh")),
            ("<html>Internal Server Error</html>", 500, .http(500)),
            ("<html>Too Many Requests</html>", 429, .http(429)),
            ("<html>hello</html>", 200, .notARandomUserResponse),
            ("{\"people\": []}", 200, .notARandomUserResponse),
            ("", 200, .notARandomUserResponse),
          ])
    func failures(body: String, status: Int, error: FetchError) {
        #expect(throws: error) { try RandomUserResponse.page(from: Data(body.utf8), status: status, count: 10) }
    }
}
