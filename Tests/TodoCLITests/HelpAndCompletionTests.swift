import Foundation
import LocalStore
import TestSupport
import Testing
@testable import TodoCLI
import TodoList

/// Help, Tab completion, the completion scripts and the manual page: all made from the one
/// table of commands, so each test checks every command is there.
@MainActor
@Suite("Help, completion and the manual page")
struct HelpAndCompletionTests {
    private let cli: CLIHarness

    init() throws {
        cli = try CLIHarness()
    }

    /// Every command's usage, as `help` lists it.
    static let usages = [
        "add [TITLE...]", "list [FILTER...] [--sort ORDER]", "search WORDS...", "show N", "check N...", "uncheck N...",
        "edit N WORDS...", "delete N...", "clear-finished", "undo", "back",
        "user add FIRST LAST DATE [--again]", "user list [--sort asc|desc|added]", "user fetch [--count N]",
        "user search [TEXT...]", "user show N", "user delete N...", "home", "birthdays",
        "doctor [--repair] [--yes]", "help [COMMAND]", "clear", "quit", "import FILE [--format FORMAT]", "export --format FORMAT [--output FILE]",
    ]

    private func widest(_ text: String) -> Int {
        text.split(separator: "\n").map(\.count).max() ?? 0
    }

    @Test("CLI-32 help at the prompt fits a 24-line terminal; help COMMAND holds the detail")
    func helpFits() async {
        let run = await cli.run([], input: ["help", "help user add"], terminal: true, columns: 80)
        let help = run.answer(to: "help") ?? ""
        let detail = run.answer(to: "help user add") ?? ""

        #expect(help.split(separator: "\n", omittingEmptySubsequences: false).count - 1 <= 23, "\(help)")
        for heading in ["To-dos:", "People:", "The store, help and the prompt:"] {
            #expect(help.contains("\n\(heading)\n"))
        }
        for usage in Self.usages {
            #expect(help.contains(usage), "\(usage)")
        }
        #expect(!help.contains("--store") && !help.contains("--version"))
        #expect(widest(help) <= 80)
        #expect(detail.hasPrefix("Usage: user add FIRST LAST DATE [--again]\nAdd a person (quote names with spaces).\n"))
        #expect(detail.contains("unless\n--again is given") || detail.contains("unless --again is given"))

        let narrow = await cli.run([], input: ["help", "help user add"], terminal: true, columns: 50)
        let commandLine = await cli.run(["--help"], environment: ["COLUMNS": "50"])
        #expect(widest(narrow.answer(to: "help") ?? "") <= 50)
        #expect(widest(narrow.answer(to: "help user add") ?? "") <= 50)
        #expect(widest(commandLine.output) <= 50)
        #expect(commandLine.output.contains("  user list [--sort asc|desc|added]\n      Show the people, in the order chosen last."))
        #expect(Self.flowing(help).contains(Self.flowing("--json, --today and --api hold for their line alone. " + Help.keys)), "\(help)")
        let list = await cli.run("help", "list")
        #expect(list.output.hasSuffix("\nAlso: ls\n"), "\(list)")
    }

    /// `text` with each run of spaces and line breaks made one space: text as read, however wrapped.
    private static func flowing(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("CLI-32 help at the prompt fits a 24-line terminal; help COMMAND holds the detail: breaks, columns and tables at every width",
          arguments: [30, 50, 59, 60, 61, 80, 100, 120])
    func helpLaidOut(width: Int) {
        let first = String(repeating: "a", count: width - 4)
        #expect(Help.wrapped(first + " bbb", width: width) == first + " bbb\n", "a line as long as the width is kept whole")
        #expect(Help.wrapped(first + " bbb", width: width - 1) == first + "\nbbb\n")
        // Each group's usages, in the columns chosen: at the width they take up, the same columns.
        let prompt = Help.promptOverview(CommandTable.groups, width: width)
        for group in CommandTable.groups {
            let block = Self.block(of: group.title, in: prompt)
            let taken = block.map(\.count).max() ?? 0
            #expect(Self.block(of: group.title, in: Help.promptOverview(CommandTable.groups, width: taken)) == block, "\(group.title) at \(width)")
            #expect(block.allSatisfy { !$0.hasSuffix(" ") }, "\(block)")
            let shown: Set<String> = Set(block.flatMap { $0.split(separator: " ").map(String.init) })
            let usages: Set<String> = Set(group.commands.flatMap { $0.usage.split(separator: " ").map(String.init) })
            #expect(shown == usages)
        }
        // What a command does, beside its usage where that leaves it 30 columns, else under it.
        let overview = Help.overview(CommandTable.groups, width: width)
        for group in CommandTable.groups {
            let first = group.commands[0]
            let nameWidth = group.commands.map(\.usage.count).max() ?? 0
            let beside = width - (2 + nameWidth + 2) >= 30
            let line = Self.block(of: group.title, in: overview).first ?? ""
            let besideIt = line.count > 2 + first.usage.count
            #expect(line.hasPrefix("  \(first.usage)") && besideIt == beside, "\(line) at \(width)")
        }
        let flowing = Self.flowing(overview)
        for command in CommandTable.all {
            let aliases = command.aliases.isEmpty ? "" : " (also \(command.aliases.joined(separator: ", ")))"
            #expect(flowing.contains(Self.flowing(command.usage + " " + command.summary + aliases)), "\(command.usage) at \(width)")
        }
        for text in [Help.description, Help.numbering, Help.piped, Help.exitStatus, Help.colour] + Help.options.map(\.summary) {
            #expect(flowing.contains(Self.flowing(text)), "\(text) at \(width)")
        }
        for title in CommandTable.groups.map(\.title) {
            #expect(overview.contains("\n\(title):\n"))
        }
    }

    /// The lines under `title:` in `text`, to the next empty line.
    private static func block(of title: String, in text: String) -> [String] {
        let after = text.components(separatedBy: "\n\(title):\n").dropFirst().first ?? ""
        return Array(after.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map(String.init))
    }

    /// The word being typed, what Tab turns it into, and the choices it lists.
    nonisolated static let completions: [(typed: String, completed: String, choices: [String])] = [
        ("li", "list", []),
        ("user f", "fetch", []),
        ("help us", "user", ["user", "users"]),
        ("help user f", "fetch", []),
        ("help user s", "s", ["search", "show"]),
        ("list f", "finished", []),
        ("user list --s", "--sort", []),
        ("user list --sort d", "desc", []),
        ("un", "un", ["uncheck", "undo", "undone"]),
        ("user ", "", ["add", "delete", "fetch", "list", "search", "show"]),
        ("add Buy m", "", []),
        ("user list --sort=d", "desc", []),
        ("--js", "--json", []),
        ("check ", "", []),
        ("add --", "--", ["--api", "--json", "--today"]),
        ("imp", "import", []),
        ("export --format ", "", ["ics", "taskwarrior", "todotxt"]),
        ("import --format todo", "todotxt", []),
        ("export --", "--", ["--api", "--format", "--json", "--output", "--today"]),
        ("list --sort ", "", ["added", "due", "priority"]),
        ("list ov", "overdue", []),
        ("add Pay rent pri:", "pri:", ["pri:H", "pri:L", "pri:M"]),
        ("edit 2 recur:w", "recur:weekly", []),
        ("add Call Ann due:to", "due:to", ["due:today", "due:tomorrow"]),
        ("add Call Ann due:F", "due:friday", []),
        ("list pri:h", "pri:H", []),
        ("add Buy p", "", []),
        ("search pri:", "", []),
        ("add Rent pri:H pri:", "", []),
    ]

    @Test("CLI-33 Tab completes commands, subcommands, options and their values", arguments: completions)
    func tabCompletes(_ example: (typed: String, completed: String, choices: [String])) async {
        let run = await cli.run(["--complete-line", "todo " + example.typed], withStore: false)
        let offered = run.output.split(separator: "\n").map(String.init)
        let expected = example.choices.isEmpty && !example.completed.isEmpty ? [example.completed] : example.choices

        #expect(run.status == 0)
        #expect(offered == expected)
        #expect(Completion.candidates(forLine: example.typed) == expected, "at the prompt")
        let shared = offered.dropFirst().reduce(offered.first ?? "") { String($0.commonPrefix(with: $1)) }
        #expect(shared == example.completed)
    }

    /// CLI-54's examples: the word being typed, what Tab turns it into, and the choices it lists.
    nonisolated static let tagCompletions: [(typed: String, completed: String, choices: [String])] = [
        ("add Water plants +h", "+home", []),
        ("list +H", "+HOME", []),
        ("list +h", "+home", []),
        ("list +", "+", ["+bills", "+home", "+workshop", "+ΣΊΣΥΦΟΣ"]),
        ("list +ΣΊ", "+ΣΊΣΥΦΟΣ", []),
        ("edit 1 -b", "-bills", []),
        ("edit +home +h", "+home", []),
        ("list -w", "-workshop", []),
        ("add Call Ann -h", "", []),
        ("search +h", "", []),
        ("add Call Ann +x", "", []),
    ]

    @Test("CLI-54 At the prompt, Tab completes the tags the list already has", arguments: tagCompletions)
    func tabCompletesTags(_ example: (typed: String, completed: String, choices: [String])) async throws {
        try seedTags()

        await cli.run([], terminal: true)
        let offered = cli.tabAtLastPrompt?(example.typed) ?? []
        let expected = example.choices.isEmpty && !example.completed.isEmpty ? [example.completed] : example.choices

        #expect(offered == expected)
        let typedWord = String(example.typed.split(separator: " ").last ?? "")
        #expect(Completion.replacement(for: typedWord, matches: offered) == (offered.isEmpty ? typedWord : example.completed))
    }

    /// CLI-54's list: tags in several cases and alphabets, of to-dos and a finished item.
    private func seedTags() throws {
        try FileStore(url: cli.storeURL).update {
            $0.todos = Todos(unfinished: [TodoItem(id: id(1), number: 1, title: "Pay rent", plan: TodoPlan(tags: ["home", "bills"])),
                                          TodoItem(id: id(2), number: 2, title: "Call Ann", plan: TodoPlan(tags: ["HOME", "ΣΊΣΥΦΟΣ"]))],
                             finished: [TodoItem(id: id(3), number: 3, title: "Fix bike", isFinished: true,
                                                 plan: TodoPlan(tags: ["home", "workshop", "Σίσυφος"]))],
                             nextNumber: 4)
        }
    }

    @Test("CLI-59 The shells' Tab completes the tags of the store the line would use", arguments: tagCompletions)
    func shellsCompleteTags(_ example: (typed: String, completed: String, choices: [String])) async throws {
        try seedTags()
        let expected = example.choices.isEmpty && !example.completed.isEmpty ? [example.completed] : example.choices

        let offered = await cli.run(["--complete-line", "todo " + example.typed])

        #expect(offered == Run(status: 0, output: expected.map { $0 + "\n" }.joined(), errors: ""))
    }

    @Test("CLI-59 The shells' Tab completes the tags of the store the line would use: the store --store names, and none that cannot be read")
    func shellsCompleteTagsOfTheNamedStore() async throws {
        try seedTags()
        let home = cli.folder.file("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let other = home.appendingPathComponent("other.json")
        try FileStore(url: other).update {
            $0.todos = Todos(unfinished: [TodoItem(id: id(1), number: 1, title: "Fix bike", plan: TodoPlan(tags: ["workshop", "Home-2", "home"]))],
                             finished: [], nextNumber: 2)
        }

        let made = try FileManager.default.contentsOfDirectory(atPath: home.path).sorted()

        #expect(await cli.run(["--complete-line", "todo --store \(other.path) list +w"]).output == "+workshop\n")
        #expect(await cli.run(["--complete-line", "todo --store \(other.path) list +h"]).output == "+home\n+home-2\n",
                "each starts as typed: bash puts in the start they share, letter case and all")
        #expect(await cli.run(["--complete-line", "todo --store ~/other.json list +w"], environment: ["HOME": home.path]).output
                == "+workshop\n")
        #expect(await cli.run(["--complete-line", "todo --store=~/other.json list +"], environment: ["HOME": home.path]).output == "",
                "after =, the shells leave ~ alone, and todo reads a folder named ~ (SF-49)")

        let notAStore = cli.folder.file("notes.txt")
        try Data("my own notes\n".utf8).write(to: notAStore)
        for store in [home.path, notAStore.path] {
            #expect(await cli.run(["--complete-line", "todo list +"], environment: ["TODO_STORE": store], withStore: false)
                    == Run(status: 0, output: "", errors: ""), "\(store)")
        }
        #expect(try Data(contentsOf: notAStore) == Data("my own notes\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).sorted() == made, "nothing was made beside it")
    }

    @Test("CLI-54 At the prompt, Tab completes the tags the list already has: what replaces the word is the start every match shares, in any case, and never shorter than the word",
          arguments: [("+h", ["+home", "+Home2"], "+home"), ("+H", ["+home", "+hobby"], "+ho"), ("+hom", ["+HOME", "+home"], "+HOME"),
                      ("+HOME", ["+home"], "+home"), ("+x", [], "+x")])
    func tabReplacement(typed: String, matches: [String], replacement: String) {
        #expect(Completion.replacement(for: typed, matches: matches) == replacement)
    }

    @Test("CLI-54 At the prompt, Tab completes the tags the list already has: where the store cannot be read, none, and the store is left as it is")
    func tabOffersNoTagsFromADamagedStore() async throws {
        let damaged = Data(#"{"format": 3, "todos": [{"title": "Pay rent +home"#.utf8)
        try damaged.write(to: cli.storeURL)

        await cli.run([], terminal: true)

        #expect(cli.tabAtLastPrompt?("list +") == [])
        #expect(cli.tabAtLastPrompt?("li") == ["list"])
        #expect(try cli.storeBytes() == damaged)
    }

    @Test("CLI-33 Tab completes commands, subcommands, options and their values: on an empty line, every command")
    func tabOnAnEmptyLine() async {
        await cli.run([], terminal: true)

        let offered = cli.tabAtLastPrompt?("") ?? []

        #expect(offered.count == Set(offered).count)
        #expect(Set(CommandTable.all.map { String($0.name.split(separator: " ")[0]) }).isSubset(of: offered), "\(offered)")
        #expect(["back", "quit", "exit"].allSatisfy(offered.contains), "\(offered)")
    }

    @Test("CLI-33 Tab completes commands, subcommands, options and their values: a file's name, at the prompt")
    func tabCompletesFileNamesAtThePrompt() async throws {
        let folder = cli.folder.url.path
        try FileManager.default.createDirectory(atPath: folder + "/lists", withIntermediateDirectories: false)
        for name in ["list.json", ".list.json", "list two.json", "list\u{1B}]2;x\u{7}.json", "list\n.json", "list\u{202E}nosj.exe",
                     "list\u{200B}.json"] {
            try Data().write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        // A name that is not UTF-8 would be offered as one that does not exist, U+FFFD in its place.
        let notUTF8 = Array("\(folder)/list".utf8CString.dropLast()) + [CChar(bitPattern: 0xFF), 0]
        let made = creat(notUTF8, 0o644)
        try #require(made >= 0)
        close(made)
        await cli.run([], terminal: true)
        let tab = { (line: String) in self.cli.tabAtLastPrompt?(line) ?? [] }

        #expect(tab("import \(folder)/li") == ["\(folder)/list.json", "\(folder)/lists/"])
        #expect(tab("import --format todotxt \(folder)/li") == ["\(folder)/list.json", "\(folder)/lists/"])
        #expect(tab("export --format ics --output=\(folder)/list.") == ["\(folder)/list.json"])
        #expect(tab("import \(folder)/.li") == ["\(folder)/.list.json"])
        #expect(tab("import \(folder)/lists/") == [])
        #expect(tab("import --f") == ["--format"])
        #expect(tab("import ~/") == [], "~ is a name like any other, as import reads it")
    }

    @Test("CLI-34 todo --completion SHELL prints the completion script for bash, zsh or fish")
    func completionScripts() async throws {
        let zsh = await cli.run(["--completion", "zsh"], withStore: false)
        let fish = await cli.run(["--completion", "fish"], withStore: false)
        let tcsh = await cli.run(["--completion", "tcsh"], withStore: false)

        #expect(zsh.status == 0 && zsh.output.contains("--complete-line") && zsh.output.contains("compdef _todo todo"))
        #expect(fish.status == 0 && fish.output.contains("complete -c todo -f -a '(todo --complete-line (commandline -cp))'"))
        #expect(tcsh == Run(status: 2, output: "",
                            errors: "error: there is no completion script for “tcsh”; there is one for bash, zsh, fish; see: todo --help\n"))
        #expect(await cli.run(["--complete-line", "todo --store "], withStore: false).output == "")
        #expect(await cli.run(["--complete-line", "todo --completion "], withStore: false).output == "bash\nfish\nzsh\n")
        #expect(await cli.run(["--complete-line", "todo --store x.json --json user f"], withStore: false).output == "fetch\n")
        for line in [#"todo --store my\ store.json li"#, #"todo "user" li"#, "todo --api http://127.0.0.1:9/ li",
                     "todo --store 'my store.json' li"] {
            #expect(await cli.run(["--complete-line", line], withStore: false).output == "list\n", "\(line)")
        }
        #expect(await cli.run(["--complete-line", "todo --store=st"], withStore: false).output == "")
        #expect(await cli.run(["--complete-line", "  todo  user  f"], withStore: false).output == "fetch\n")
        // The store a line names is the one whose tags are offered, by the name the shell passes.
        let folder = cli.folder.url.path
        try FileStore(url: cli.folder.file("say \"hi\" here.json")).update {
            $0.todos = Todos(unfinished: [TodoItem(id: id(1), number: 1, title: "Pay rent", plan: TodoPlan(tags: ["home"]))], finished: [], nextNumber: 2)
        }
        for named in [#"\#(folder)/say\ \"hi\"\ here.json"#, #"'\#(folder)/say "hi" here.json'"#, #""\#(folder)/say \"hi\" here.json""#] {
            #expect(await cli.run(["--complete-line", "todo --store \(named) list +h"], withStore: false).output == "+home\n", "\(named)")
        }
        for line in ["import ", "import li", "export --format ics --output ", "export --output=li"] {
            #expect(Completion.candidates(forLine: line) == nil, "a file's name, at the prompt: \(line)")
        }
        #expect(Completion.candidates(forLine: "import list.json --format t") == ["taskwarrior", "todotxt"])
        let commands = await cli.run(["--complete-line", "todo "], withStore: false).output.split(separator: "\n")
        #expect(commands.contains("list") && !commands.contains("back") && !commands.contains("quit") && !commands.contains("exit"))
        #expect(await cli.run(["--completion", "bash", "list"], withStore: false)
                == Run(status: 2, output: "", errors: "error: --completion takes a shell and nothing else; see: todo --help\n"))
    }

    @Test("CLI-35 todo --man prints the manual page, made from the table of commands")
    func manualPage() async throws {
        let run = await cli.run(["--man"], withStore: false)
        let page = run.output

        #expect(run.status == 0)
        #expect(page.hasPrefix(".TH TODO 1 "))
        for usage in Self.usages {
            #expect(page.contains("\n.B \(usage.replacingOccurrences(of: "-", with: "\\-"))\n"), "\(usage)")
        }
        for alias in ["ls", "find", "done", "undone", "rename", "rm", "users", "exit"] {
            #expect(page.contains("Also: \(alias)."), "\(alias)")
        }
        for section in ["OPTIONS", "THE PROMPT AND SCRIPTS", "COMPLETION", "EXIT STATUS", "ENVIRONMENT", "FILES"] {
            #expect(page.contains("\n.SH \(section)\n"))
        }
        for option in ["\\-\\-store PATH", "\\-\\-json", "\\-\\-today DATE", "\\-\\-api URL", "\\-\\-completion SHELL", "\\-\\-man"] {
            #expect(page.contains("\n.B \(option)\n"), "\(option)")
        }
        #expect(page.contains("stays theirs until they are deleted"))
        for title in ["To\\-dos", "People", "The store, help and the prompt"] {
            #expect(page.contains("\n.SS \(title)\n"), "\(title)")
        }
        // Each detail up to its first character roff spells otherwise.
        for detail in CommandTable.all.compactMap(\.details).map({ $0.prefix { $0 != "-" && $0 != "\\" && $0.isASCII } }) {
            #expect(detail.count >= 10 && page.contains(detail), "\(detail)")
        }
        #expect(page.contains("line N: error: \\[u2026], the rest still run"))
        // ASCII stays as it is, up to the tilde.
        #expect(page.contains("else ~/.local/share/todo\\-stories/store.json"))
        for key in ["Tab completes", "twice lists the choices", "Ctrl\\-C drops the line, cancels a form or stops a fetch",
                    "Ctrl\\-U deletes before the cursor", "Ctrl\\-Z and fg bring the line back", "Ctrl\\-D, quit or exit leave",
                    "Up brings back earlier commands"] {
            #expect(page.contains(key), "\(key)")
        }
        #expect(page.contains("\n.SH EXIT STATUS\nExit status: 0 done, 1 refused (nothing was changed) or the output not written, 2 a usage error.\n"))
        for variable in ["TODO_STORE", "XDG_DATA_HOME", "XDG_STATE_HOME", "RANDOMUSER_API", "NO_COLOR"] {
            #expect(page.contains("\n.B \(variable)\n"), "\(variable)")
        }
        #expect(await cli.run(["--man", "list"], withStore: false)
                == Run(status: 2, output: "", errors: "error: --man takes nothing else on the line; see: todo --help\n"))

        let man = try #require(["/usr/bin/man", "/usr/local/bin/man"].first(where: FileManager.default.isExecutableFile(atPath:)),
                               "man renders the page: install it to check this step")
        let file = cli.folder.file("todo.1")
        try page.write(to: file, atomically: true, encoding: .utf8)
        let rendered = try RealBinary(url: URL(fileURLWithPath: man))
            .run(["--warnings", "-l", file.path], environment: ["MANWIDTH": "80", "MANPAGER": "cat"])
        #expect(rendered.status == 0)
        #expect(rendered.errors == "")
        #expect(rendered.output.contains("user add FIRST LAST DATE [--again]"))
    }

    @Test("CLI-36 With --json every command prints one JSON document")
    func everyCommandSpeaksJSON() async throws {
        try cli.seed(todo: ["Buy milk"])

        let runs = [
            await cli.run("--json", "add", "Call", "Ann"), await cli.run("check", "1", "--json"), await cli.run("--json", "undo"),
            await cli.run("birthdays", "--json"), await cli.run("--json", "user", "list"), await cli.run("doctor", "--json"),
            await cli.run("--json", "user", "add", "Ada", "Lovelace", "1990-12-10"),
            await cli.run(["--json", "clear"], terminal: true), await cli.run("quit", "--json"), await cli.run("--json", "exit"),
        ]
        for run in runs {
            #expect(run.status == 0)
            #expect(run.output.hasSuffix("\n") && run.output.dropLast().split(separator: "\n").count == 1, "\(run.output)")
            #expect((try? JSONSerialization.jsonObject(with: Data(run.output.utf8))) != nil, "\(run.output)")
        }
        let added = try #require(try JSONSerialization.jsonObject(with: Data(runs[0].output.utf8)) as? [String: Any])
        #expect(added["number"] as? Int == 2)
        #expect(added["title"] as? String == "Call Ann")
        #expect(added["finished"] as? Bool == false)
        let checked = try #require(try JSONSerialization.jsonObject(with: Data(runs[1].output.utf8)) as? [String: Any])
        #expect(checked["message"] as? String == "Checked 1 “Buy milk”.")
        #expect((checked["finished"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Buy milk"])
        let undone = try #require(try JSONSerialization.jsonObject(with: Data(runs[2].output.utf8)) as? [String: Any])
        #expect(undone["message"] as? String == "Undid: checked “Buy milk”.")
        #expect((undone["todo"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Buy milk"])
        #expect(runs[3].output == #"{"birthdays":[],"leftOut":[]}"# + "\n")
        #expect(runs[4].output == #"{"users":[]}"# + "\n")
        let doctor = try #require(try JSONSerialization.jsonObject(with: Data(runs[5].output.utf8)) as? [String: Any])
        #expect(doctor["sound"] as? Bool == true)
        #expect(doctor["todo"] as? Int == 2)
        #expect(doctor["path"] as? String == cli.storeURL.path)
        let person = try #require(try JSONSerialization.jsonObject(with: Data(runs[6].output.utf8)) as? [String: Any])
        #expect(person["firstName"] as? String == "Ada")
        #expect(person["birthDate"] as? String == "1990-12-10")
        #expect(runs[7...].map(\.output) == Array(repeating: #"{"message":""}"# + "\n", count: 3))
        let prompt = await cli.run([], input: ["--json add", "--json user add", "user add --json", "show 1", "check --json"],
                                   terminal: true, environment: ["NO_COLOR": "1"])
        #expect(!prompt.output.contains("Title:") && !prompt.output.contains("First name:"))
        let userAdd = "error: user add takes a first name, a last name and a date of birth (user add FIRST LAST YYYY-MM-DD; "
            + "quote names with spaces); see: help user add\n"
        #expect(prompt.errors == "error: add needs a title; see: help add\n" + userAdd + userAdd)
        let afterCheck = prompt.output.components(separatedBy: "todo 1> check --json\n")[1]
        #expect(afterCheck.hasPrefix(#"{"message":"Checked 1 “Buy milk”.","todo":[],"finished":[{"number":1,"#))
        #expect(afterCheck.hasSuffix(#""deleted":[]}"# + "\ntodo 1> \n") && afterCheck.split(separator: "\n").count == 2, "\(afterCheck)")

        // A repair, with its copies and what it brought in, is one document too.
        try Data(try cli.storeBytes().dropLast(5)).write(to: cli.storeURL)
        let repair = await cli.run("--json", "doctor", "--repair")
        #expect(repair.status == 0 && repair.output.dropLast().split(separator: "\n").count == 1, "\(repair)")
        let repaired = try #require(try JSONSerialization.jsonObject(with: Data(repair.output.utf8)) as? [String: Any])
        #expect((repaired["copies"] as? [String])?.count == 2)
        #expect(repaired["todos"] as? Int == 2 && repaired["people"] as? Int == 1)
        #expect(repaired["linesLeftOut"] as? [Int] == [])
        #expect(repaired["journalSetAside"] is NSNull)

        // Birthdays, with a row and one left out.
        try FileStore(url: cli.storeURL).update {
            $0.people = makePeople([TestSupport.person(1, "Bo", "Bee", born: "1985-11-23"), TestSupport.person(2, "Ann", "Ay", born: nil)])
        }
        let birthdays = try #require(try JSONSerialization.jsonObject(with: Data(await cli.run("birthdays", "--today", "2026-11-22", "--json").output.utf8))
                                     as? [String: Any])
        let rows = try #require(birthdays["birthdays"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["date"] as? String == "2026-11-23")
        #expect(rows.first?["daysAway"] as? Int == 1)
        #expect(rows.first?["turning"] as? Int == 41)
        #expect((rows.first?["person"] as? [String: Any])?["firstName"] as? String == "Bo")
        #expect((birthdays["leftOut"] as? [[String: Any]])?.map { $0["firstName"] as? String } == ["Ann"])
    }
}
