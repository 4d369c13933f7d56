import Foundation
import LocalStore
import TestSupport
import Testing
import TodoCLI
import TodoList

@MainActor
@Suite("The todo prompt and piped input")
final class PromptTests {
    private let cli: CLIHarness

    init() throws {
        cli = try CLIHarness()
    }

    @Test("CLI-11 Piped lines run one by one, carry on after a failure, and the exit status tells")
    func pipedLines() async throws {
        let run = await cli.run([], input: ["add Buy milk", "check 9", "", "add 'Call Ann'"])

        #expect(run == Run(status: 1, output: "Added 1 “Buy milk”.\nAdded 2 “Call Ann”.\n",
                           errors: "line 2: error: no item 9 (the one item is numbered 1)\n"))
        #expect(try cli.saved().unfinished.titles == ["Call Ann", "Buy milk"])
        #expect(await cli.run([], input: ["add Buy milk", "list"]).status == 0)
    }

    @Test("CLI-26 A script may hold blank lines and comments")
    func scriptWithComments() async throws {
        let run = await cli.run([], input: ["# groceries", "", "add Buy milk", "  # done later", "add Call Ann"])

        #expect(run == Run(status: 0, output: "Added 1 “Buy milk”.\nAdded 2 “Call Ann”.\n", errors: ""))
        #expect(try cli.saved().unfinished.titles == ["Call Ann", "Buy milk"])
    }

    @Test("CLI-27 At the prompt a title is kept as it was typed", arguments: [
        ("add Don't forget the keys", "Don't forget the keys", "no plan"),
        ("add Say \"hi\" to Bob", "Say \"hi\" to Bob", "no plan"),
        ("add \"Buy milk\"", "Buy milk", "no plan"),
        ("add 'Pay rent'", "Pay rent", "no plan"),
        ("edit 1 It's \"done\"", "It's \"done\"", "no plan"),
        ("add \"Dune\" and \"Emma\"", "\"Dune\" and \"Emma\"", "no plan"),
        ("add \"Buy milk\" due:2026-12-01", "Buy milk", "due 2026-12-01"),
        ("add pri:H +home 'Pay rent'", "Pay rent", "+home pri H"),
        ("edit 1 \"New title\" pri:L", "New title", "pri L"),
        ("add \"Dune\" and \"Emma\" +books", "\"Dune\" and \"Emma\"", "+books"),
        ("add \"Buy milk\" now", "\"Buy milk\" now", "no plan"),
    ])
    func titlesAsTyped(line: String, kept: String, plan: String) async throws {
        try cli.seed(todo: ["Old title"])

        let run = await cli.run([], input: [line], terminal: true)

        #expect(run.status == 0)
        #expect(run.errors == "")
        let item = try #require(try cli.saved().unfinished.first)
        #expect(item.title == kept)
        let planned = item.plan.tags.map { "+" + $0 } + [item.plan.due.map { "due " + $0.iso }, item.plan.priority.map { "pri " + $0.rawValue }].compactMap { $0 }
        #expect((planned.isEmpty ? "no plan" : planned.joined(separator: " ")) == plan)
    }

    @Test("CLI-27 At the prompt a name is kept as it was typed", arguments: [
        ("user add Seán O'Brien 2001-03-17", "Seán O'Brien"),
        ("user add \"Mary Ann\" Lee 1990-05-01", "Mary Ann Lee"),
        ("user add Ann Lee \"1990-05-01\"", "Ann Lee"),
    ])
    func namesAsTyped(line: String, kept: String) async throws {
        let run = await cli.run([], input: [line], terminal: true)

        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(try FileStore(url: cli.storeURL).loadPeople().everyone.map(\.fullName) == [kept])
    }

    @Test("CLI-27 At the prompt a name is kept as it was typed: in the add form, quotes around the whole are taken off, and those in it kept")
    func namesAsTypedInTheForm() async throws {
        let run = await cli.run([], input: ["user add", "Robert \"Bob\"", "\"\"", "'Robert'", "Lee", "1990-05-01"], terminal: true,
                                environment: ["NO_COLOR": "1"])

        #expect(run.output.contains("""
            First name: Robert "Bob"
            Invalid first name: the first name cannot hold “"”; a name holds letters, spaces, hyphens, apostrophes and periods
            First name: ""
            Invalid first name: the first name is empty
            First name: 'Robert'
            Last name: Lee
            """), "\(run.output)")
        #expect(try FileStore(url: cli.storeURL).loadPeople().everyone.map(\.fullName) == ["Robert Lee"])
    }

    @Test("CLI-30 In the open detail, edit needs no number")
    func editInTheDetail() async throws {
        try cli.seed(todo: ["Buy milk", "Call Ann"])

        let run = await cli.run([], input: ["show 1", "edit Buy oat milk"], terminal: true, environment: ["NO_COLOR": "1"])

        #expect(run.output.contains("""
            todo 1> edit Buy oat milk
            Renamed 1 “Buy milk” to “Buy oat milk”.
            1 Buy oat milk
              State:  to do
              Action: Check (check 1)
            todo 1> 
            """))
        #expect(try cli.saved().unfinished.titles == ["Buy oat milk", "Call Ann"])
    }

    @Test("CLI-30 In the open detail, edit needs no number: a number first is an item's number")
    func editAnotherItemFromTheDetail() async throws {
        try cli.seed(todo: ["Buy oat milk", "Call Ann"])

        let run = await cli.run([], input: ["show 1", "edit 2 Call Ann back", "edit 1 pri:H", "edit 9 balloons"], terminal: true,
                                environment: ["NO_COLOR": "1"])

        #expect(try cli.saved().unfinished.titles == ["Buy oat milk", "Call Ann back"])
        #expect(try cli.saved().unfinished.map(\.plan.priority) == [.high, nil])
        #expect(run.output.contains("todo 1> edit 2 Call Ann back\nRenamed 2 “Call Ann” to “Call Ann back”.\n"), "\(run.output)")
        #expect(run.errors == "error: no item 9 (the items are numbered 1 to 2)\n", "\(run.errors)")
        let pints = await cli.run([], input: ["show 1", #"edit \2 pints"#], terminal: true, environment: ["NO_COLOR": "1"])
        #expect(pints.output.contains("Renamed 1 “Buy oat milk” to “2 pints”."), "\(pints.output)")
    }

    @Test("CLI-13 The prompt offers help and quits on quit, exit or end of input")
    func helpAndQuit() async {
        let run = await cli.run([], input: ["help", "help check", "quit", "add never reached"], terminal: true)

        #expect(run.status == 0)
        #expect(run.output.hasPrefix("todo \(TodoProgram.version): type help for the commands, quit to leave.\ntodo> help\n"))
        #expect(run.output.contains("  check N..."))
        #expect(run.output.contains("todo> help check\nUsage: check N...\n"))
        #expect(run.output.hasSuffix("todo> quit\n"))
        #expect(!FileManager.default.fileExists(atPath: cli.storeURL.path))
        #expect(await cli.run([], input: ["exit"], terminal: true).status == 0)
        #expect(await cli.run([], input: [], terminal: true).status == 0)
    }

    @Test("CLI-14 add without a title opens the add form at the prompt")
    func addForm() async throws {
        let run = await cli.run([], input: ["add", "", "Buy milk", "add", "cancel", "add", "\"cancel\"", "add", "\"Pay rent\" pri:H"], terminal: true,
                                environment: ["NO_COLOR": "1"])

        #expect(run.output.contains("""
            todo> add
            New to-do (a to-do titled cancel: type "cancel" in quotes)
              Cancel (Ctrl-C or cancel)   Save (Enter), once the title holds text
            Title: 
            Save needs a title.
              Cancel (Ctrl-C or cancel)   Save (Enter), once the title holds text
            Title: Buy milk
              Cancel (Ctrl-C or cancel)   Save (Enter)
            Added 1 “Buy milk”.
            todo> add
            New to-do (a to-do titled cancel: type "cancel" in quotes)
              Cancel (Ctrl-C or cancel)   Save (Enter), once the title holds text
            Title: cancel
            Cancelled: nothing was added.
            todo> add
            New to-do (a to-do titled cancel: type "cancel" in quotes)
              Cancel (Ctrl-C or cancel)   Save (Enter), once the title holds text
            Title: "cancel"
              Cancel (Ctrl-C or cancel)   Save (Enter)
            Added 2 “cancel”.
            todo> 
            """))
        #expect(run.output.contains("Added 3 “Pay rent” (H)."))
        #expect(try cli.saved().unfinished.titles == ["Pay rent", "cancel", "Buy milk"])
        #expect(try cli.saved().unfinished.first?.plan.priority == .high)
    }

    @Test("CLI-55 In the add form, a title whose planning words are refused is asked for again, and Up brings it back")
    func addFormAsksAgain() async throws {
        let run = await cli.run([], input: ["add", "due:tomorrow pri:H", "Pay rent pri:X", "Pay rent pri:H"], terminal: true,
                                environment: ["NO_COLOR": "1"])

        #expect(run.output.contains("""
            Title: due:tomorrow pri:H
              Cancel (Ctrl-C or cancel)   Save (Enter)
            a title cannot be empty; Up brings the title back to mend, or type cancel
            Title: Pay rent pri:X
              Cancel (Ctrl-C or cancel)   Save (Enter)
            “X” is not a priority: H, M or L; Up brings the title back to mend, or type cancel
            Title: Pay rent pri:H
              Cancel (Ctrl-C or cancel)   Save (Enter)
            Added 1 “Pay rent” (H).
            todo> 
            """), "\(run.output)")
        #expect(try cli.saved().unfinished.map(\.plan.priority) == [.high])
        #expect(try cli.saved().unfinished.titles == ["Pay rent"])
    }

    @Test("SF-54 A line longer than 64 KiB typed into a form's field cancels the form, and the prompt goes on")
    func longLineInAForm() async throws {
        let run = await cli.run([], input: ["add", String(repeating: "a", count: 70_000), "add Buy milk"], terminal: true, environment: ["NO_COLOR": "1"])

        #expect(run.errors == "error: the line is longer than 64 KiB (65536 bytes), the most todo takes as one command; the form was cancelled\n")
        #expect(run.output.contains("Cancelled: nothing was added.\ntodo> add Buy milk\nAdded 1 “Buy milk”.\n"), "\(run.output.suffix(300))")
        #expect(try cli.saved().unfinished.titles == ["Buy milk"])
    }

    @Test("CLI-14 add without a title opens the add form at the prompt (Save dim, then green, in colour)")
    func addFormInColour() async throws {
        let run = await cli.run([], input: ["add", "", "Buy milk"], terminal: true)

        let dim = "  Cancel (Ctrl-C or cancel)   \u{1B}[2mSave (Enter)\u{1B}[0m\n"
        let green = "  Cancel (Ctrl-C or cancel)   \u{1B}[32mSave (Enter)\u{1B}[0m\n"
        #expect(run.output.contains("""
            todo> add
            New to-do (a to-do titled cancel: type "cancel" in quotes)
            \(dim)Title: 
            Save needs a title.
            \(dim)Title: Buy milk
            \(green)Added 1 “Buy milk”.
            """))
        #expect(try cli.saved().unfinished.titles == ["Buy milk"])
    }

    @Test("PC-10 user add alone opens the add form at the prompt")
    func peopleAddForm() async throws {
        let run = await cli.run([], input: ["user add", "Zoë", "", "R2D2", "Adams", "1990-03-14",
                                            "user add", "zoë", "adams", "14-03-1990", "maybe", "y",
                                            "user add", "Bo", "cancel",
                                            "user add", "\"Cancel\"", "Lee", "1990-01-01"], terminal: true, environment: ["NO_COLOR": "1"])

        #expect(run.output.contains("""
            todo> user add
            New person (a name that is cancel: type "cancel" in quotes)
              Cancel (Ctrl-C or cancel)   Save (Enter), once the three fields are filled
            First name: Zoë
            Last name: 
            The last name is needed.
            Last name: R2D2
            Invalid last name: the last name cannot hold “2”; a name holds letters, spaces, hyphens, apostrophes and periods
            Last name: Adams
            Date of birth (YYYY-MM-DD or DD-MM-YYYY): 1990-03-14
              Cancel (Ctrl-C or cancel)   Save (Enter)
            Added 1 Zoë Adams, born 14-03-1990.
            todo> user add
            New person (a name that is cancel: type "cancel" in quotes)
              Cancel (Ctrl-C or cancel)   Save (Enter), once the three fields are filled
            First name: zoë
            Last name: adams
            Date of birth (YYYY-MM-DD or DD-MM-YYYY): 14-03-1990
              Cancel (Ctrl-C or cancel)   Save (Enter)
            Zoë Adams (1) is in the list already.
            Add them again? (yes/no): maybe
            Type yes or no.
            Add them again? (yes/no): y
            Added 2 zoë adams, born 14-03-1990.
            todo> user add
            New person (a name that is cancel: type "cancel" in quotes)
              Cancel (Ctrl-C or cancel)   Save (Enter), once the three fields are filled
            First name: Bo
            Last name: cancel
            Cancelled: nobody was added.
            todo> user add
            """))
        #expect(run.output.contains("Added 3 Cancel Lee, born 01-01-1990."))
        #expect(try FileStore(url: cli.storeURL).loadPeople().everyone.map(\.fullName) == ["Zoë Adams", "zoë adams", "Cancel Lee"])

        // In colour, Save's state is its colour: dim until the three fields are filled, then green.
        let coloured = await cli.run([], input: ["user add", "Ann", "Lee", "1990-01-01", "user add", "Bo", "Lee", "someday", "cancel"],
                                     terminal: true)
        let dim = "  Cancel (Ctrl-C or cancel)   \u{1B}[2mSave (Enter)\u{1B}[0m\n"
        let green = "  Cancel (Ctrl-C or cancel)   \u{1B}[32mSave (Enter)\u{1B}[0m\n"
        let buttons = coloured.output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.contains("Cancel (Ctrl-C or cancel)") }.map { String($0) + "\n" }
        #expect(buttons == [dim, green, dim], "Ann Lee's form opens dim and turns green; Bo's, whose date is wrong, stays dim")
    }

    @Test("CLI-50 clear clears the screen, and back with nothing open says so")
    func clearAndBack() async throws {
        try cli.seed(todo: ["Buy milk"])

        let run = await cli.run([], input: ["clear", "back"], terminal: true, environment: ["NO_COLOR": "1"])
        let piped = await cli.run(["clear"])

        #expect(run.answer(to: "clear") == "\u{1B}[H\u{1B}[2J")
        #expect(run.answer(to: "back") == "Nothing is open: back closes an item opened with show N.\n")
        #expect(piped == Run(status: 0, output: "", errors: ""))
    }

    @Test("CLI-15 show at the prompt opens the detail, where check needs no number: a check of other items, or of more, checks those")
    func checkOtherThanTheOpenItem() async throws {
        try cli.seed(todo: ["Buy milk", "Call Ann", "Pay rent"])

        let run = await cli.run([], input: ["show 1", "check 2", "check 1 3"], terminal: true, environment: ["NO_COLOR": "1"])

        #expect(run.output.hasSuffix("""
            todo 1> check 2
            Checked 2 “Call Ann”.
            todo 1> check 1 3
            Checked 2 items: 1 “Buy milk” and 3 “Pay rent”.
            todo 1> \n
            """), "\(run.output)")
        #expect(try cli.saved().finished.titles == ["Pay rent", "Buy milk", "Call Ann"])

        // An open item a change takes away closes: the prompt is todo> again.
        try cli.seed(todo: ["Buy milk", "Call Ann"], finished: ["Pay rent"])
        let gone = await cli.run([], input: ["show 1", "delete 1", "check", "show 3", "clear-finished", "check",
                                             "add Water plants", "show 4", "undo", "check"],
                                 terminal: true, environment: ["NO_COLOR": "1"])
        #expect(gone.output.contains("todo 1> delete 1\nDeleted 1 “Buy milk”; undo brings it back.\ntodo> check\ntodo> show 3"), "\(gone.output)")
        #expect(gone.output.contains("todo 3> clear-finished\nCleared 1 finished item; undo brings it back.\ntodo> check\ntodo> add"), "\(gone.output)")
        #expect(gone.output.hasSuffix("todo 4> undo\nUndid: added “Water plants”.\ntodo> check\ntodo> \n"), "\(gone.output)")
        #expect(gone.errors == String(repeating: "error: check needs an item number; see: help check\n", count: 3),
                "no other program deleted them: \(gone.errors)")

        try cli.seed(todo: ["Buy milk"])
        let piped = await cli.run([], input: ["show 1", "check 1"])
        #expect(piped.output.components(separatedBy: "State:").count == 2, "the detail shown once: \(piped.output)")
        #expect(piped.output.hasSuffix("Checked 1 “Buy milk”.\n"), "\(piped.output)")
    }

    @Test("CLI-15 show at the prompt opens the detail, where check needs no number")
    func detailAtThePrompt() async throws {
        try cli.seed(todo: ["Buy milk"])

        let run = await cli.run([], input: ["show 1", "check", "back"], terminal: true, environment: ["NO_COLOR": "1"])
        let checked = try #require(try cli.saved().finished.first?.checked)

        #expect(run.output.contains("""
            todo> show 1
            1 Buy milk
              State:  to do
              Action: Check (check 1)
            todo 1> check
            Checked 1 “Buy milk”.
            1 Buy milk
              State:   finished
              Checked: \(CLIHarness.moment(checked))
              Action:  Uncheck (uncheck 1)
            todo 1> back
            Finished
              1 [x] Buy milk

            0 to do, 1 finished
            todo> 
            """))
        let turned = await cli.run([], input: ["show 1", "user list", "delete"], terminal: true, environment: ["NO_COLOR": "1"])
        #expect(turned.output.contains("todo 1> user list\n"))
        #expect(turned.output.hasSuffix("todo> delete\ntodo> \n"))
        #expect(turned.errors == "error: delete needs an item number; see: help delete\n")
        #expect(try cli.saved().finished.titles == ["Buy milk"])

        let otherProgram = FileStore(url: cli.storeURL)
        let deleted = await cli.run([], input: ["show 1", "check", "check"], terminal: true, environment: ["NO_COLOR": "1"]) { line in
            if line == 1 { _ = try? otherProgram.apply(TodoChange.delete([id(1)])) }
        }
        #expect(deleted.output.contains("todo 1> check\ntodo> check\ntodo> \n"))
        #expect(deleted.errors == "error: item 1, “Buy milk”, was deleted by another program; its detail is closed\n"
                + "error: check needs an item number; see: help check\n")
    }

    @Test("At the prompt, a change made in another terminal is seen by the next command")
    func promptRereadsTheStore() async throws {
        try cli.seed(todo: ["Buy milk"])
        let otherTerminal = FileStore(url: cli.storeURL)

        let run = await cli.run([], input: ["list", "list", "check 1"], terminal: true, environment: ["NO_COLOR": "1"]) { line in
            if line == 1 { _ = try? otherTerminal.apply(TodoChange.check([id(1)])) }
        }

        #expect(run.output.contains("todo> list\nTo do\n  1 [ ] Buy milk\n"))
        #expect(run.output.contains("todo> list\nFinished\n  1 [x] Buy milk\n"))
        #expect(run.output.contains("todo> check 1\n1 “Buy milk” was already finished; nothing was changed.\ntodo> \n"))
        #expect(run.status == 0)
        #expect(try cli.saved().finished.titles == ["Buy milk"])
    }

    /// Another program that takes the store's lock just before line `line` is typed, and holds it
    /// until todo says it waits for it: then it puts in place the list `change` leaves, and lets go.
    /// The command on that line has read the list as it was, and makes its own change to the new one.
    private final class OtherProgram {
        private let line: Int
        private let lockPath: String
        private let made: TemporaryFolder
        private let moves: [(from: String, to: String)]
        private var lock: Int32 = -1

        init(_ change: TodoChange, whileLine line: Int, storeIn folder: TemporaryFolder) throws {
            let made = try TemporaryFolder()
            try FileManager.default.copyItem(at: folder.file("store.json"), to: made.file("store.json"))
            try FileStore(url: made.file("store.json")).apply(change)
            moves = try made.contents().filter { !$0.hasSuffix(".lock") }.map { (made.file($0).path, folder.file($0).path) }
            (self.made, self.line, lockPath) = (made, line, folder.file("store.json.lock").path)
        }

        deinit {
            if lock >= 0 { close(lock) }
        }

        func beforeLine(_ typed: Int) {
            guard typed == line else { return }
            lock = open(lockPath, O_RDWR | O_CREAT, 0o600)
            #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        }

        func heard(_ said: String) {
            guard lock >= 0, said.contains("the store is being changed by") else { return }
            for (from, to) in moves { rename(from, to) }
            close(lock)
            lock = -1
        }
    }

    /// A change is made to the list as saved when the store's lock is had, which may be newer
    /// than the list the command read: the detail shown after it is the item as that change left it.
    @Test("An edit of the open item shows it as the store left it, though another program checked it while the edit waited for the store")
    func editOfAnItemCheckedMeanwhile() async throws {
        try cli.seed(todo: ["Buy milk"])

        let other = try OtherProgram(.check([id(1)]), whileLine: 1, storeIn: cli.folder)

        let run = await cli.run([], input: ["show 1", "edit pints"], terminal: true, environment: ["NO_COLOR": "1"],
                                beforeLine: other.beforeLine, heardOnErrors: other.heard)

        #expect(run.output.hasSuffix("""
            todo 1> edit pints
            Renamed 1 “Buy milk” to “pints”.
            1 pints
              State:  finished
              Action: Uncheck (uncheck 1)
            todo 1> \n
            """), "\(run.output)")
        #expect(try cli.saved().finished.titles == ["pints"])
    }

    @Test("A check of items another program checked one of while the check waited for the store names that one, and changes nothing")
    func checkOfAnItemCheckedMeanwhile() async throws {
        try cli.seed(todo: ["Buy milk", "Call Ann", "Pay rent"])

        let other = try OtherProgram(.check([id(2)]), whileLine: 0, storeIn: cli.folder)

        let run = await cli.run([], input: ["check 1 2 3"], beforeLine: other.beforeLine, heardOnErrors: other.heard)

        #expect(run.errors.hasSuffix("line 1: error: “Call Ann” is already finished; nothing was changed\n"), "\(run.errors)")
        #expect(try cli.saved().finished.titles == ["Call Ann"])
        #expect(try cli.saved().unfinished.titles == ["Buy milk", "Pay rent"])
    }

    @Test("An unbalanced quote around words is refused, and the prompt carries on; in a title it is kept")
    func unbalancedQuote() async throws {
        let run = await cli.run([], input: ["user add \"Mary Ann Lee 1990-05-01", "add \"Buy milk", "add Call Ann"])

        #expect(run.errors == "line 1: error: a quote is not closed (\")\n")
        #expect(try cli.saved().unfinished.titles == ["Call Ann", "\"Buy milk"])
        #expect(try FileStore(url: cli.storeURL).loadPeople().everyone.isEmpty)
    }
}
