import UserList

/// The commands for people and their birthdays, through the same view-models an app would use.
extension Session {
    static let peopleCommands: [Command] = [
        Command("user add", arguments: "FIRST LAST DATE", options: [againOption], summary: "Add a person (quote names with spaces).",
                details: "Names are 1 to 50 letters of any script, with spaces, hyphens, apostrophes and periods; "
                    + "the date of birth, typed YYYY-MM-DD or DD-MM-YYYY, is from 1900-01-01 up to today. "
                    + "Someone with the same names and date of birth as a person in the list is refused, unless "
                    + "--again is given. At the prompt, user add alone opens the add form.",
                reads: .people) { session, words in try session.addUser(words) },
        Command("user list", aliases: ["users"], options: [sortOption],
                summary: "Show the people, in the order chosen last.",
                details: "asc and desc sort by last name; added is the order they were added in. "
                    + "The order chosen is kept for next time. Each person shows the number they keep until deleted.",
                reads: .people) { session, words in try session.listUsers(words) },
        Command("user fetch", options: [countOption], summary: "Load the next N people (20) from randomuser.me.",
                details: "They are kept on this computer for use without a connection. People already here, "
                    + "or deleted, are not loaded again; a page that brings nobody new is followed by up to "
                    + "\(UserListViewModel.extraPages) more. On a terminal, a page that takes more than half a second "
                    + "shows what it waits for, and how long.",
                reads: .people) { session, words in try await session.fetchUsers(words) },
        Command("user search", arguments: "[TEXT...]", summary: "Show the people whose name or email holds TEXT.",
                details: "Case and accents are ignored; with no TEXT, everyone. A search that found nobody is "
                    + "remembered until people are added, and answers at once.",
                reads: .people, textAfter: 0) { session, words in try session.searchUsers(words) },
        Command("user show", arguments: "N", summary: "Show person N, with their age and details.",
                reads: .people) { session, words in try session.showUser(words) },
        Command("user delete", arguments: "N...", summary: "Delete people.",
                details: "Several numbers and ranges make one change; undo brings them back.",
                reads: .people) { session, words in try session.deleteUsers(words) },
        Command("home", summary: "Show the latest added person and the list.",
                reads: .people) { session, words in try session.home(words) },
        Command("birthdays", summary: "Show the next birthdays, soonest first.",
                reads: .people) { session, words in try session.birthdays(words) },
    ]

    /// `user add --again`: someone already in the list is added all the same.
    static let againOption = Option("--again")
    /// `user list --sort`: the order the people are listed in, kept for next time.
    static let sortOption = Option("--sort", choices: ["asc", "desc", "added"])
    /// `user fetch --count N`: how many people to load.
    static let countOption = Option("--count", value: "N")

    /// The fetch as it was asked for, to run again: with the store, the server and the count it
    /// used, options or environment alike (at the prompt, the server only when the line named
    /// another than the prompt's), each word as a shell takes it.
    private func retry(_ words: [String]) -> String {
        let fetch = (["user fetch"] + words.map(Words.shellQuoted)).joined(separator: " ")
        guard !readsLines else {
            guard let api = settings.api, api.text != startSettings.api?.text else { return fetch }
            return fetch + " --api " + Words.shellQuoted(api.text)
        }
        var start = ["todo"]
        if settings.storeIsNamed { start += ["--store", Words.shellQuoted(settings.storePath)] }
        if let api = settings.api { start += ["--api", Words.shellQuoted(api.text)] }
        return (start + [fetch]).joined(separator: " ")
    }

    private func listUsers(_ words: [String]) throws {
        if let order = try sortOrder(words) {
            try userList.sort(by: order)
        }
        if json {
            return write(JSON.object([("users", .array(userList.listed.map(personJSON)))]).line)
        }
        write(peopleRendering.list(userList.listed, order: userList.sortOrder, emptyHint: nobodyHint))
    }

    private func fetchUsers(_ words: [String]) async throws {
        let count = try fetchCount(words)
        do {
            _ = try settings.apiURL()
        } catch {
            throw CommandError.usage(error.message, command: "user fetch")
        }
        let before = userList.people
        let outcome = try await userList.fetchMore(count: count)
        if case .failed(.stopped, _) = outcome {
            throw CommandError.refused("stopped with Ctrl-C; nothing was loaded")
        }
        switch outcome {
        case .loaded(let report):
            let pages = report.pages.count == 1 ? "page \(report.pages[0])" : "pages \(report.pages[0]) to \(report.pages[report.pages.count - 1])"
            // Each reason a person was left out is counted apart, and said when there was one.
            let counts = (["\(counted(report.new, "new person", "new people"))", "\(report.repeated) here already or deleted"]
                + (report.invalid > 0 ? ["\(report.invalid) invalid"] : [])
                + (report.beyondCount > 0 ? ["\(report.beyondCount) beyond the \(count) asked for"] : []))
                .joined(separator: ", ")
            if report.new == 0 {
                sayChanged([.words("Nothing new came from \(pages): \(counts). Try again later with: \(retry(words))")], since: before)
            } else {
                sayChanged([.words("Loaded \(pages): \(counts).")], since: before)
            }
        case .failed(let error, let saved) where saved == 0:
            throw CommandError.refused("\(FetchText.failure(error, api: try? settings.apiURL())), and nobody is saved on this computer yet; "
                                       + "try again with: \(retry(words))")
        case .failed(let error, let saved) where printer.toTerminal && !json:
            // A person at a terminal sees what is kept, as the seed apps show it offline (RU-9).
            write(peopleRendering.list(userList.listed, order: userList.sortOrder, emptyHint: nobodyHint))
            throw CommandError.refused("\(FetchText.failure(error, api: try? settings.apiURL())); showing the "
                                       + "\(counted(saved, "person", "people")) saved on this computer. Try again with: \(retry(words))")
        case .failed(let error, let saved):
            // A script is told how many are kept, not handed the whole list.
            throw CommandError.refused("\(FetchText.failure(error, api: try? settings.apiURL())); \(counted(saved, "person is", "people are")) "
                                       + "saved on this computer (\(typed("user list")) shows them). Try again with: \(retry(words))")
        }
    }

    private func searchUsers(_ words: [String]) throws {
        let query = words.joined(separator: " ")
        let result = userList.search(query)
        if json {
            return write(JSON.object([("users", .array(result.people.map(personJSON)))]).line)
        }
        if userList.isEmpty {
            return say(nobodyHint)
        }
        guard !result.people.isEmpty else {
            let remembered = result.rememberedUnmatched.map { " (answered from memory: a search for \(quoted($0)) found nobody)" } ?? ""
            return say("Nobody matches \(quoted(query))\(remembered). Load more people with: \(typed("user fetch"))")
        }
        write(peopleRendering.list(result.people, order: userList.sortOrder, emptyHint: nobodyHint))
    }

    private func showUser(_ words: [String]) throws {
        guard words.count == 1 else { throw CommandError.usage("user show takes one person number", command: "user show") }
        let person = try self.person(numbered: words[0])
        guard let page = userList.page(for: person.id) else { throw PeopleError.noSuchPerson }
        write(json ? personJSON(person).line : peopleRendering.page(page))
    }

    private func deleteUsers(_ words: [String]) throws {
        guard !words.isEmpty else { throw CommandError.usage("user delete needs a person number", command: "user delete") }
        let people = try Self.chosen(by: words, among: [userList.people.everyone], noun: "person", missing: noPerson)
        let before = userList.people
        try userList.delete(people.map(\.id))
        sayChanged([.words("Deleted "), .counted(people.map(Sentence.Named.init), plural: "people"),
                    .words("; \(typed("undo")) brings \(people.count == 1 ? "them" : "them all") back.")], since: before)
    }

    private func home(_ words: [String]) throws {
        guard words.isEmpty else { throw CommandError.usage("home takes no arguments", command: "home") }
        if json {
            return write(JSON.object([
                ("latest", userList.people.latest.map(personJSON) ?? .null),
                ("users", .array(userList.listed.map(personJSON))),
            ]).line)
        }
        write(peopleRendering.home(latest: userList.latest, people: userList.listed, order: userList.sortOrder,
                                   emptyHint: nobodyHint))
    }

    private func birthdays(_ words: [String]) throws {
        guard words.isEmpty else { throw CommandError.usage("birthdays takes no arguments", command: "birthdays") }
        let (upcoming, leftOut) = (userList.upcomingBirthdays, userList.withoutUpcomingBirthday)
        guard json else { return write(peopleRendering.birthdays(upcoming, leftOut: leftOut, emptyHint: nobodyHint)) }
        write(JSON.object([
            ("birthdays", .array(upcoming.map { birthday -> JSON in
                let members: [(key: StaticString, value: JSON)] = [
                    ("date", .string(birthday.date.iso)), ("daysAway", .number(birthday.daysAway)),
                    ("turning", .number(birthday.turning)), ("person", personJSON(birthday.person)),
                ]
                return .object(members)
            })),
            ("leftOut", .array(leftOut.map(personJSON))),
        ]).line)
    }

    // MARK: - Helpers

    /// `--count N` (or `--count=N`), 1 to 5,000 as the API allows; 20 when not given.
    private func fetchCount(_ words: [String]) throws -> Int {
        guard let text = try onlyOption(Self.countOption, in: words, command: "user fetch") else { return 20 }
        guard Self.isPlainNumber(text), let count = Int(text), (1...5000).contains(count) else {
            throw CommandError.usage("--count takes a number from 1 to 5000, not \(quoted(text))", command: "user fetch")
        }
        return count
    }

    /// The value of `option` (`--name VALUE` or `--name=VALUE`) when `words` are that option
    /// alone; nil when there are no words.
    private func onlyOption(_ option: Option, in words: [String], command: String) throws -> String? {
        let name = option.name
        switch words.count {
        case 0: return nil
        case 1 where words[0].hasPrefix(name + "="): return String(words[0].dropFirst(name.count + 1))
        case 2 where words[0] == name: return words[1]
        default: throw CommandError.usage("\(command) takes only \(name)", command: command)
        }
    }

    /// What the people commands say when nobody is stored: how to add someone, and how to load people.
    private var nobodyHint: String {
        "\(UserListViewModel.nobodyYet) Add someone with: \(typed("user add FIRST LAST YYYY-MM-DD")), "
            + "or load people with: \(typed("user fetch"))"
    }

    func personJSON(_ person: Person) -> JSON {
        PeopleRendering.json(person, age: userList.age(of: person))
    }

    /// The person the list shows with the number in `word`.
    private func person(numbered word: String) throws -> Person {
        let number = try Self.number(word, of: "person")
        guard let person = userList.people.person(numbered: number) else { throw noPerson(number) }
        return person
    }

    /// The refusal of a number no person has.
    private func noPerson(_ number: Int) -> CommandError {
        .refused("no person \(number) (\(Self.numbersInUse(userList.people.everyone.map(\.number), noun: "person", plural: "people")))")
    }

    /// The order `--sort asc|desc|added` (or `--sort=…`) asks for; nil when none is given.
    private func sortOrder(_ words: [String]) throws -> PeopleOrder? {
        guard let value = try onlyOption(Self.sortOption, in: words, command: "user list") else { return nil }
        switch value {
        case "asc", "ascending": return .ascending
        case "desc", "descending": return .descending
        case "added": return .added
        default: throw CommandError.usage("--sort takes asc, desc or added, not \(quoted(value))", command: "user list")
        }
    }
}
