import Foundation
import LocalStore
import TestSupport
import Testing
import TodoCLI
import UserList

@MainActor
@Suite("The todo command: people and birthdays")
final class PeopleCommandTests {
    private let cli: CLIHarness

    init() throws {
        cli = try CLIHarness()
    }

    @Test("PC-1 user add adds a person and says who was added")
    func userAdd() async throws {
        let zoe = await cli.run("user", "add", "Zoë", "Adams", "1990-03-14")
        let maryAnn = await cli.run("user", "add", "Mary Ann", "da Costa", "1985-07-01")

        #expect(zoe == Run(status: 0, output: "Added 1 Zoë Adams, born 14-03-1990.\n", errors: ""))
        #expect(maryAnn == Run(status: 0, output: "Added 2 Mary Ann da Costa, born 01-07-1985.\n", errors: ""))
        #expect(try people().map(\.fullName) == ["Zoë Adams", "Mary Ann da Costa"])
    }

    @Test("UA-23 The same person typed twice is refused, naming who is there, unless asked again (the CLI)")
    func samePersonTwice() async throws {
        await cli.run("user", "add", "Zoë", "Adams", "1990-03-14")

        let twice = await cli.run("user", "add", "zoë", "adams", "1990-03-14")
        let again = await cli.run("user", "add", "zoë", "adams", "1990-03-14", "--again")

        #expect(twice == Run(status: 1, output: "", errors: "error: 1 Zoë Adams, born 14-03-1990, is in the list already; nobody was added. "
                             + "To add them again: todo user add … --again\n"))
        #expect(again == Run(status: 0, output: "Added 2 zoë adams, born 14-03-1990.\n", errors: ""))
        #expect(try FileStore(url: cli.storeURL).loadPeople().everyone.map(\.number) == [1, 2])
        let form = await cli.run([], input: ["user add --again", "Zoë", "Adams", "1990-03-14"], terminal: true)
        #expect(form.output.contains("Added 3 Zoë Adams, born 14-03-1990.") && !form.output.contains("Add them again?"), "\(form.output)")
        // The input ends where the answer would be: that is no.
        let ended = await cli.run([], input: ["user add", "zoë", "adams", "14-03-1990"], terminal: true, environment: ["NO_COLOR": "1"])
        #expect(ended.output.hasSuffix("Add them again? (yes/no): \nCancelled: nobody was added.\ntodo> \n"), "\(ended.output)")
        #expect(try FileStore(url: cli.storeURL).loadPeople().everyone.map(\.number) == [1, 2, 3])
    }

    @Test("PC-2 An invalid field is one error line that names the field, and nothing is added",
          arguments: [
            (["R2D2", "Adams", "1990-03-14"], "error: the first name cannot hold “2”; a name holds letters, spaces, "
                + "hyphens, apostrophes and periods; nobody was added\n"),
            (["Zoë", "Adams", "2021-02-29"], "error: the date of birth “2021-02-29” is not a date; type it as "
                + "YYYY-MM-DD or DD-MM-YYYY; nobody was added\n"),
            (["Zoë", "Adams", "1899-12-31"], "error: the date of birth cannot be before 1900-01-01; nobody was added\n"),
            (["Zoë", "Adams", "31-12-1899"], "error: the date of birth cannot be before 01-01-1900; nobody was added\n"),
            (["Zoë", "\u{1B}[2J", "1990-03-14"], "error: the last name cannot hold “\\e”; a name holds letters, "
                + "spaces, hyphens, apostrophes and periods; nobody was added\n"),
            (["Zoë", " ", "1990-03-14"], "error: a first name, a last name and a date of birth are all needed; "
                + "nobody was added\n"),
          ])
    func invalidField(fields: [String], error: String) async throws {
        await cli.run("user", "add", "Li", "Wei", "1980-01-01")
        let before = try cli.storeBytes()

        let run = await cli.run(["user", "add"] + fields)

        #expect(run == Run(status: 1, output: "", errors: error))
        #expect(try cli.storeBytes() == before)
    }

    @Test("PC-3 user add without all three fields is a usage error")
    func userAddMissingFields() async {
        let run = await cli.run("user", "add", "Zoë", "Adams")

        #expect(run == Run(status: 2, output: "", errors: "error: user add takes a first name, a last name and a date of birth "
                           + "(user add FIRST LAST YYYY-MM-DD; quote names with spaces); see: todo help user add\n"))
        #expect(await cli.run("user").status == 2)
        #expect(await cli.run("user", "frobnicate").errors.contains("user takes one of: add, list, fetch, search, show, delete"))
    }

    @Test("PC-4 home shows the latest added person and the list")
    func home() async {
        await cli.run("user", "add", "Zoë", "Adams", "1990-03-14")
        await cli.run("user", "add", "José", "Núñez", "1985-07-01")

        #expect(await cli.run("home") == Run(status: 0, output: """
            Latest added
              First name:    José
              Last name:     Núñez
              Date of birth: 01-07-1985

            People (in the order added)
              1 14-03-1990  Zoë Adams
              2 01-07-1985  José Núñez

            """, errors: ""))
    }

    @Test("PC-4 home with nobody added shows placeholders and how to add someone")
    func emptyHome() async {
        #expect(await cli.run("home").output == """
            Latest added
              First name:    -
              Last name:     -
              Date of birth: -

            Nobody has been added yet. Add someone with: todo user add FIRST LAST YYYY-MM-DD, or load people with: todo user fetch

            """)
    }

    @Test("UA-6 With nobody added, the list shows a message instead of nothing (the CLI)")
    func emptyList() async {
        #expect(await cli.run("users") == Run(status: 0, output: """
            Nobody has been added yet. Add someone with: todo user add FIRST LAST YYYY-MM-DD, or load people with: todo user fetch

            """, errors: ""))
    }

    @Test("PC-5 user list --sort chooses the order, and it is kept")
    func sortIsKept() async {
        await cli.run("user", "add", "Zoë", "Adams", "1990-03-14")
        await cli.run("user", "add", "Li", "Wei", "1980-01-01")
        await cli.run("user", "add", "José", "Núñez", "1985-07-01")
        let expected = """
            People (by last name, Z to A)
              2 01-01-1980  Li Wei
              3 01-07-1985  José Núñez
              1 14-03-1990  Zoë Adams

            """

        #expect(await cli.run("user", "list", "--sort", "desc").output == expected)
        #expect(await cli.run("users").output == expected)
        #expect(await cli.run("user", "list", "--sort=added").output.contains("1 14-03-1990  Zoë Adams"))
        #expect(await cli.run("user", "list", "--sort", "sideways").status == 2)
    }

    @Test("PC-6 user show and user delete take the number the list shows")
    func showAndDeleteByNumber() async throws {
        await cli.run("user", "add", "José", "Núñez", "1985-07-01")
        await cli.run("user", "add", "Zoë", "Adams", "1990-03-14")
        await cli.run("user", "list", "--sort", "asc")

        let listed = await cli.run("users")
        let shown = await cli.run("--today", "2026-11-22", "user", "show", "1")
        let deleted = await cli.run("user", "delete", "2")

        #expect(listed.output == "People (by last name, A to Z)\n  2 14-03-1990  Zoë Adams\n  1 01-07-1985  José Núñez\n")
        #expect(shown == Run(status: 0, output: "1 José Núñez (JN)\n  Born:       01-07-1985\n  Age:        41 YEARS OLD\n", errors: ""))
        #expect(deleted == Run(status: 0, output: "Deleted 2 “Zoë Adams”; todo undo brings them back.\n", errors: ""))
        #expect(try people().map(\.fullName) == ["José Núñez"])
        #expect(await cli.run("user", "show", "2").errors == "error: no person 2 (the one person is numbered 1)\n")
        #expect(await cli.run("user", "delete", "one").status == 2)

        await cli.run("user", "add", "Ada", "Lovelace", "1990-12-10")
        await cli.run("user", "add", "Bo", "Bee", "1991-01-01")
        #expect(await cli.run(["user", "delete", "1", "3-4"], environment: ["COLUMNS": "100"])
                == Run(status: 0, output: "Deleted 3 people: 1 “José Núñez”, 3 “Ada Lovelace” and 4 “Bo Bee”; "
                       + "todo undo brings them all back.\n", errors: ""))
        #expect(try people().isEmpty)
    }

    @Test("PC-7 --json prints home, the list and one person as data")
    func json() async throws {
        let added = await cli.run("user", "add", "Zoë", "Adams", "1990-03-14")
        let zoe = try #require(try people().first, "\(added)")
        let object = """
            {"number":1,"id":"\(zoe.id.uuidString)","firstName":"Zoë","lastName":"Adams","birthDate":"1990-03-14",\
            "birthday":"14-03-1990","age":36,"initials":"ZA","email":null,"phone":null,"cell":null,"address":null,\
            "registered":null,"picture":null}
            """

        #expect(await cli.run("--today", "2026-11-22", "--json", "user", "list").output == "{\"users\":[\(object)]}\n")
        #expect(await cli.run("--json", "--today", "2026-11-22", "home").output == "{\"latest\":\(object),\"users\":[\(object)]}\n")
        #expect(await cli.run("--json", "--today=2026-11-22", "user", "show", "1").output == object + "\n")
        #expect(try await CLIHarness().run("--json", "home").output == "{\"latest\":null,\"users\":[]}\n")
    }

    @Test("PC-8 birthdays lists the upcoming birthdays from the day --today gives")
    func birthdays() async throws {
        await cli.run("user", "add", "Bo", "Bee", "1985-11-23")
        await cli.run("user", "add", "Ann", "Ay", "1990-11-22")
        await cli.run("user", "add", "Cy", "Cee", "2000-12-25")

        #expect(await cli.run("--today", "2026-11-22", "birthdays").output == """
            Upcoming birthdays
              today       22-11-2026  Ann Ay turns 36
              tomorrow    23-11-2026  Bo Bee turns 41
              in 33 days  25-12-2026  Cy Cee turns 26

            """)
    }

    @Test("BD-7 With nobody added, the upcoming birthdays say so (the CLI)")
    func noBirthdays() async {
        #expect(await cli.run("birthdays") == Run(status: 0, output: "No birthdays to show: nobody has been added yet. "
                                                  + "Add someone with: todo user add FIRST LAST YYYY-MM-DD, or load people with: todo user fetch\n",
                                                  errors: ""))
    }

    @Test("PC-9 A --today that is not a date is a usage error", arguments: [
        ("2026-02-30", "takes a date from 0001-01-01 to 9998-12-31, typed as YYYY-MM-DD or DD-MM-YYYY, not “2026-02-30”"),
        ("today", "takes a date from 0001-01-01 to 9998-12-31, typed as YYYY-MM-DD or DD-MM-YYYY, not “today”"),
        ("", "needs a date, typed as YYYY-MM-DD or DD-MM-YYYY"),
    ])
    func badToday(text: String, problem: String) async {
        let run = await cli.run("--today", text, "home")

        #expect(run == Run(status: 2, output: "", errors: "error: --today \(problem); see: todo --help\n"))
        await cli.run("user", "add", "Ada", "Lovelace", "1990-12-10")
        let dayFirst = await cli.run("--today", "23-11-2026", "birthdays")
        #expect(dayFirst.status == 0)
        #expect(dayFirst == (await cli.run("--today", "2026-11-23", "birthdays")))
        #expect(dayFirst.output.contains("in 17 days"))
    }

    @Test("PC-11 user add takes a date of birth from 1900 up to the day --today gives")
    func birthDatesUpToToday() async throws {
        let grandMa = await cli.run("user", "add", "Grand", "Ma", "1938-04-02")
        let baby = await cli.run("--today", "2026-11-22", "user", "add", "Baby", "Lee", "2026-11-22")
        let before = try cli.storeBytes()

        let unborn = await cli.run("--today", "2026-11-22", "user", "add", "Baby", "Lee", "2026-11-23")

        #expect(grandMa == Run(status: 0, output: "Added 1 Grand Ma, born 02-04-1938.\n", errors: ""))
        #expect(baby == Run(status: 0, output: "Added 2 Baby Lee, born 22-11-2026.\n", errors: ""))
        #expect(unborn == Run(status: 1, output: "",
                              errors: "error: the date of birth cannot be after today, 2026-11-22; nobody was added\n"))
        #expect(try cli.storeBytes() == before)
        #expect(try people().map(\.fullName) == ["Grand Ma", "Baby Lee"])
    }

    private func people() throws -> [Person] {
        try FileStore(url: cli.storeURL).loadPeople().everyone
    }
}
