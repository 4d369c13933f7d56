import Foundation
import LocalStore
import TestSupport
import Testing
@testable import TodoCLI
import TodoList

@MainActor
@Suite("The todo command: numbers that stay with their items")
final class NumberTests {
    private let cli: CLIHarness

    init() throws {
        cli = try CLIHarness()
    }

    @Test("CLI-5 check, uncheck and delete act on the item with that number")
    func checkUncheckDeleteByNumber() async throws {
        try cli.seed(todo: ["Buy milk", "Call Ann"], finished: ["Pay rent"])

        #expect(await cli.run("check", "2") == Run(status: 0, output: "Checked 2 “Call Ann”.\n", errors: ""))
        #expect(try cli.saved().withoutTimes == list(todo: [todo(1, "Buy milk")], finished: [finished(2, "Call Ann"), finished(3, "Pay rent")], next: 4))
        #expect(await cli.run("uncheck", "2") == Run(status: 0, output: "Unchecked 2 “Call Ann”.\n", errors: ""))
        #expect(await cli.run("delete", "3") == Run(status: 0, output: "Deleted 3 “Pay rent”; todo undo brings it back.\n", errors: ""))

        #expect(try cli.saved() == list(todo: [todo(1, "Buy milk"), todo(2, "Call Ann")], next: 4))
        #expect(await cli.run("rm", "1") == Run(status: 0, output: "Deleted 1 “Buy milk”; todo undo brings it back.\n", errors: ""))
        #expect(try cli.saved() == list(todo: [todo(2, "Call Ann")], next: 4))
    }

    @Test("CLI-6 A number that names no item is refused and changes nothing")
    func numberOutOfRange() async throws {
        try cli.seed(todo: ["Buy milk", "Call Ann"], finished: ["Pay rent"])
        let before = try cli.storeBytes()

        let run = await cli.run("check", "7")

        #expect(run == Run(status: 1, output: "", errors: "error: no item 7 (the items are numbered 1 to 3)\n"))
        #expect(try cli.storeBytes() == before)
    }

    @Test("CLI-7 Something that is not an item number is a usage error and changes nothing", arguments: [
        ("0", "is not an item number"), ("-1", "is not an item number"), ("1e3", "is not an item number"), ("two", "is not a number"),
        ("99999999999999999999", "is not an item number"), ("", "is not a number"), (" 1", "is not a number"),
        ("1.0", "is not an item number"), ("+1", "is not an item number"), ("٣", "is not an item number"),
        ("3-1", "is not a range"), ("1-", "is not a range"),
    ])
    func notAnItemNumber(text: String, said: String) async throws {
        try cli.seed(todo: ["Buy milk", "Call Ann"], finished: ["Pay rent"])
        let before = try cli.storeBytes()

        let run = await cli.run("check", text)

        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errors.hasPrefix("error: "))
        #expect(run.errors.filter { $0 == "\n" }.count == 1)
        #expect(try cli.storeBytes() == before)
        #expect(await cli.run("check", "9") == Run(status: 1, output: "", errors: "error: no item 9 (the items are numbered 1 to 3)\n"))
        #expect(try cli.storeBytes() == before)
        #expect(run.errors.hasPrefix("error: “\(text)” \(said)"), "\(run.errors)")
        if said != "is not a range" {
            #expect(run.errors == "error: “\(text)” \(said); item numbers are 1, 2, 3… as list shows them\n")
        }
    }

    @Test("CLI-23 Numbers stay with their items, so a number read once names the same item later")
    func numbersStay() async throws {
        try cli.seed(todo: ["A", "B", "C", "D"])

        #expect(await cli.run("check", "1").output == "Checked 1 “A”.\n")
        #expect(await cli.run("check", "2").output == "Checked 2 “B”.\n")
        #expect(await cli.run("add", "E").output == "Added 5 “E”.\n")
        #expect(await cli.run("delete", "3").output == "Deleted 3 “C”; todo undo brings it back.\n")

        #expect(await cli.run("list").output == """
            To do
              5 [ ] E
              4 [ ] D
            Finished
              2 [x] B
              1 [x] A

            2 to do, 2 finished

            """)
    }

    @Test("CLI-24 Several numbers and ranges make one change, all of it or none, and one undo")
    func severalNumbers() async throws {
        try cli.seed(todo: ["A", "B", "C", "D", "E", "F"])

        #expect(await cli.run("check", "1", "2", "5") == Run(status: 0, output: "Checked 3 items: 1 “A”, 2 “B” and 5 “E”.\n", errors: ""))
        #expect(await cli.run("delete", "3-4") == Run(status: 0, output: "Deleted 2 items: 3 “C” and 4 “D”; todo undo brings them back.\n", errors: ""))
        #expect(try cli.saved().withoutTimes == list(todo: [todo(6, "F")], finished: [finished(5, "E"), finished(2, "B"), finished(1, "A")], next: 7))
        let before = try cli.storeBytes()

        #expect(await cli.run("check", "6", "9") == Run(status: 1, output: "", errors: "error: no item 9 (the items are numbered 1, 2, 5 and 6)\n"))
        #expect(await cli.run("delete", "6-1") == Run(status: 2, output: "",
                                                       errors: "error: “6-1” is not a range: it goes from the lower number up, as 1-6\n"))
        #expect(try cli.storeBytes() == before)

        #expect(await cli.run("undo").output == "Undid: deleted 2 to-dos: “C” and “D”.\n")
        #expect(try cli.saved().withoutTimes == list(todo: [todo(3, "C"), todo(4, "D"), todo(6, "F")],
                                        finished: [finished(5, "E"), finished(2, "B"), finished(1, "A")], next: 7))
        #expect(await cli.run("undo").output == "Undid: checked 3 to-dos: “A”, “B” and “E”.\n")
        #expect(try cli.saved() == makeTodos(todo: ["A", "B", "C", "D", "E", "F"]))

        let six = try cli.storeBytes()
        let huge = await cli.run("check", "5-999999999999")
        #expect(huge == Run(status: 1, output: "", errors: "error: no item 999999999999 (the items are numbered 1 to 6)\n"))
        #expect(try cli.storeBytes() == six)
        #expect(await cli.run("check", "4-4") == Run(status: 0, output: "Checked 4 “D”.\n", errors: ""), "a range of one number")
        await cli.run("undo")

        for title in ["G", "H", "I", "J", "K", "L"] { await cli.run("add", title) }
        #expect(await cli.run("check", "1-12").output == "Checked 12 items: 1 “A”, 2 “B”, 3 “C” and 9 more.\n")
        #expect(try cli.saved().finished.map(\.title) == ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"].reversed())
        #expect(try cli.saved().unfinished == [])
        #expect(await cli.run("delete", "1-12").status == 0)
        #expect(try cli.saved().all == [])
    }

    @Test("CLI-38 A range passes over the numbers of deleted items between its ends")
    func rangeOverGaps() async throws {
        try cli.seed(todo: ["A", "B", "C", "D", "E", "F", "G", "H"])
        await cli.run("delete", "3", "4")

        #expect(await cli.run("check", "2-7") == Run(status: 0, output: "Checked 4 items: 2 “B”, 5 “E”, 6 “F” and 7 “G”.\n", errors: ""))
        #expect(try cli.saved().finished.map(\.number) == [7, 6, 5, 2])
        let before = try cli.storeBytes()
        for range in ["1-4", "4-6"] {
            #expect(await cli.run("uncheck", range)
                    == Run(status: 1, output: "", errors: "error: no item 4 (the items are numbered 1, 2 and 5 to 8)\n"))
        }
        #expect(try cli.storeBytes() == before)
        await cli.run("delete", "8")
        #expect(await cli.run("uncheck", "4").errors == "error: no item 4 (the items are numbered 1, 2 and 5 to 7)\n", "three in a row are a run")
        await cli.run("undo")
        #expect(await cli.run("delete", "1-8", "2").output == "Deleted 6 items: 1 “A”, 2 “B”, 5 “E” and 3 more; todo undo brings them back.\n")
        #expect(try cli.saved().all == [])

        await cli.run("undo")
        #expect(await cli.run("uncheck", "7", "5", "2").output == "Unchecked 3 items: 2 “B”, 5 “E” and 7 “G”.\n")
        for title in (9...56).map({ "T\($0)" }) { await cli.run("add", title) }
        let odd = stride(from: 9, through: 55, by: 2).map(String.init)
        #expect(await cli.run(["delete"] + odd).output == "Deleted 24 items: 9 “T9”, 11 “T11”, 13 “T13” and 21 more; todo undo brings them back.\n")

        for name in ["Ann", "Bo", "Cy", "Di"] { await cli.run("user", "add", name, "Lee", "1990-01-01") }
        await cli.run("user", "delete", "2")
        #expect(await cli.run("user", "delete", "1-3").output == "Deleted 2 people: 1 “Ann Lee” and 3 “Cy Lee”; todo undo brings them all back.\n")
        #expect(await cli.run("user", "delete", "2-4").errors == "error: no person 2 (the one person is numbered 4)\n")
    }

    @Test("CLI-40 Commas separate numbers and ranges")
    func commas() async throws {
        try cli.seed(todo: (1...12).map { "T\($0)" })

        #expect(await cli.run("check", "7,9-11", "2").status == 0)
        #expect(try cli.saved().finished.map(\.number).sorted() == [2, 7, 9, 10, 11])
        let checked = try cli.storeBytes()
        for word in ["1,,2", "2,", ",2"] {
            #expect(await cli.run("uncheck", word) == Run(status: 2, output: "", errors: "error: “\(word)” is not a list of numbers: "
                                                          + "commas go between numbers and ranges, as 7,9-11\n"), "\(word)")
        }
        #expect(await cli.run("uncheck", "2,99") == Run(status: 1, output: "", errors: "error: no item 99 (the items are numbered 1 to 12)\n"))
        #expect(try cli.storeBytes() == checked)
        #expect(await cli.run("undo").output == "Undid: checked 5 to-dos: “T7”, “T9”, “T10” and 2 more.\n")

        for name in ["Ann", "Bo", "Cy"] { await cli.run("user", "add", name, "Lee", "1990-01-01") }
        #expect(await cli.run("user", "delete", "1,3").status == 0)
        #expect(try FileStore(url: cli.storeURL).loadPeople().everyone.map(\.firstName) == ["Bo"])
    }

    @Test("CLI-42 An item already as asked is passed over and said, and the rest is done as one change")
    func alreadyAsAsked() async throws {
        try cli.seed(todo: ["Buy milk", "Bread", "Eggs", "Call Ann"], finished: ["Pay rent"])
        await cli.run("delete", "2", "3")

        let piped = await cli.run([], input: ["check 4 5"])
        let checked = try cli.storeBytes()
        let alone = await cli.run("check", "5")

        #expect(piped == Run(status: 0, output: "Checked 4 “Call Ann”; 5 “Pay rent” was already finished.\n", errors: ""))
        #expect(alone == Run(status: 0, output: "5 “Pay rent” was already finished; nothing was changed.\n", errors: ""))
        #expect(try cli.storeBytes() == checked)
        #expect(await cli.run("uncheck", "1", "4", "5")
                == Run(status: 0, output: "Unchecked 2 items: 4 “Call Ann” and 5 “Pay rent”; 1 “Buy milk” was not finished.\n", errors: ""))
        #expect(try cli.saved().withoutTimes == list(todo: [todo(1, "Buy milk"), todo(4, "Call Ann"), todo(5, "Pay rent")], next: 6))
        let unchecked = try cli.storeBytes()
        #expect(await cli.run("check", "4", "9") == Run(status: 1, output: "", errors: "error: no item 9 (the items are numbered 1, 4 and 5)\n"))
        #expect(try cli.storeBytes() == unchecked)
        #expect(await cli.run("undo").status == 0)
        #expect(try cli.saved().withoutTimes == list(todo: [todo(1, "Buy milk")], finished: [finished(4, "Call Ann"), finished(5, "Pay rent")],
                                                     next: 6))
    }

    @Test("CLI-44 A message names the items it is about by number and title, on one line")
    func messagesNameTheItems() async throws {
        try cli.seed(todo: ["Buy oat milk", "Call Ann about the rent", "Pay the water bill before the end of the month", "D", "E", "F", "G"])

        let deleted = await cli.run("delete", "1-3")
        let undone = await cli.run("undo")
        let checked = await cli.run("check", "1-7")
        let renamed = await cli.run(["edit", "3", "Pay the gas bill before the end of the month of November and December"],
                                    terminal: true, columns: 60)
        let renameUndone = await cli.run(["undo"], terminal: true, columns: 60)
        await cli.run("edit", "3", "Pay the gas bill before the end of the month of November and December")
        let undoneAsJSON = await cli.run(["--json", "undo"], terminal: true, columns: 60)

        #expect(deleted.output == "Deleted 3 items: 1 “Buy…”, 2 “Call…” and 3 “Pay…”; todo undo brings them back.\n")
        #expect(undone.output == "Undid: deleted 3 to-dos: “Buy oat milk”, “Call Ann abou…” and “Pay the water…”.\n")
        #expect(checked.output == "Checked 7 items: 1 “Buy oat mi…”, 2 “Call Ann a…”, 3 “Pay the wa…” and 4 more.\n")
        #expect(renamed.output == "Renamed 3 “Pay the water bill…” to “Pay the gas bill be…”.\n")
        #expect(renameUndone.output == "Undid: renamed “Pay the water bil…” to “Pay the gas bill…”.\n")
        for message in [deleted, undone, checked] {
            #expect(message.output.dropLast().count <= 80)
        }
        for message in [renamed, renameUndone] {
            #expect(message.output.dropLast().count <= 60)
        }
        let undoneMessage = try JSONSerialization.jsonObject(with: Data(undoneAsJSON.output.utf8)) as? [String: Any]
        #expect(undoneMessage?["message"] as? String == "Undid: renamed “Pay the water bill before the end of the month” "
                + "to “Pay the gas bill before the end of the month of November and December”.")
        for name in ["Ann", "Bo"] { await cli.run("user", "add", name, "Lee", "1990-01-01") }
        #expect(await cli.run("user", "delete", "1,2").output == "Deleted 2 people: 1 “Ann Lee” and 2 “Bo Lee”; todo undo brings them all back.\n")
    }

    @Test("CLI-25 undo says what it undid, to-dos or people")
    func undoSaysWhat() async throws {
        try cli.seed(todo: ["Buy milk"])
        await cli.run("user", "add", "Ada", "Lovelace", "1990-12-10")
        let people = try FileStore(url: cli.storeURL).loadPeople()

        await cli.run("check", "1")
        await cli.run("user", "delete", "1")

        #expect(await cli.run("undo") == Run(status: 0, output: "Undid: deleted “Ada Lovelace”.\n", errors: ""))
        #expect(try FileStore(url: cli.storeURL).loadPeople() == people)
        #expect(await cli.run("undo") == Run(status: 0, output: "Undid: checked “Buy milk”.\n", errors: ""))
        #expect(try cli.saved() == makeTodos(todo: ["Buy milk"]))
        #expect(await cli.run("undo").output == "Undid: added “Ada Lovelace”.\n")
    }

    @Test("Numbers are said as a sentence: three or more in a row as a run, and past eight parts the first three and the last", arguments: [
        ([5], "5"), ([2, 1], "1 and 2"), ([1, 2, 5], "1, 2 and 5"), ([1, 3, 4, 5], "1 and 3 to 5"),
        ([1, 3, 5, 7, 9, 11, 13, 15], "1, 3, 5, 7, 9, 11, 13 and 15"),
        ([1, 3, 5, 7, 9, 11, 13, 15, 17], "1, 3, 5, … and 17"),
        ([], ""),
    ])
    func spoken(numbers: [Int], said: String) {
        #expect(Session.spoken(numbers) == said)
    }
}
