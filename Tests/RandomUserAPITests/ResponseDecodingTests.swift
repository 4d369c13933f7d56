import Foundation
import RandomUserAPI
import Testing
import UserList

@Suite("Reading randomuser.me responses")
struct ResponseDecodingTests {
    @Test("RU-7 Responses of API 1.3 and 1.4 are read as they really are")
    func realResponses() throws {
        let page1 = try RandomUserResponse.people(from: Fixture.data(Fixture.page1), status: 200)
        let page2 = try RandomUserResponse.people(from: Fixture.data(Fixture.page2WithRepeats), status: 200)

        #expect(page1.count == 10)
        #expect(page1.first == RemotePerson(id: "078ff271-ba31-40dd-84de-e9fd3dd1e6fa", firstName: "Adam", lastName: "Kim",
                                            email: "adam.kim@example.com", birthDate: CalendarDate(iso: "1977-11-24")!))
        #expect(page1.map(\.firstName).contains("بهاره"))
        #expect(page2.count == 10)
        #expect(page2.map(\.lastName).prefix(2) == ["Коваленко", "Sharma"])
    }

    @Test("RU-7 A date of birth is the calendar day of dob.date in UTC, whatever the local time zone")
    func birthDateInUTC() throws {
        let page2 = try RandomUserResponse.people(from: Fixture.data(Fixture.page2WithRepeats), status: 200)

        #expect(page2[1].birthDate.iso == "1992-12-31")
        #expect(page2[3].birthDate.iso == "1958-02-01")
    }

    @Test("RU-7 Fields left out by a filtered request: no id is fine, no name or date of birth skips the person")
    func filteredFields() throws {
        let people = try RandomUserResponse.people(from: Fixture.data(Fixture.filteredFields), status: 200)

        #expect(people.map(\.firstName) == ["Ann", "ann"])
        #expect(people.allSatisfy { $0.id == nil })
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
        #expect(throws: error) { try RandomUserResponse.people(from: Data(body.utf8), status: status) }
    }

    @Test("RU-10 429 says to try again later")
    func tooManyRequestsMessage() {
        #expect(FetchError.http(429).localizedDescription.contains("too many requests, try again later"))
    }
}
