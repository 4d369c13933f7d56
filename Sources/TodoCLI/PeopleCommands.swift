import UserList

/// The commands for people and their birthdays, through the same view-models an app would use.
extension Session {
    static let peopleCommands: [Command] = [
        Command("user add", arguments: "FIRST LAST YYYY-MM-DD", summary: "Add a person (quote names with spaces).",
                details: "Names are 1 to 50 letters of any script, with spaces, hyphens, apostrophes and periods; "
                    + "the date of birth is between 1950-01-01 and 2022-12-31.",
                reads: .people) { session, words in try session.addUser(words) },
        Command("user list", aliases: ["users"], arguments: "[--sort ORDER]",
                summary: "Show the people; ORDER is asc, desc or added.",
                details: "asc and desc sort by last name; added is the order they were added in. "
                    + "The order chosen is kept for next time.",
                reads: .people) { session, words in try session.listUsers(words) },
        Command("user fetch", arguments: "[--count N]", summary: "Load the next N people (20) from randomuser.me.",
                details: "They are kept on this computer for use without a connection. People already here, "
                    + "or deleted, are not loaded again.",
                reads: .people) { session, words in try await session.fetchUsers(words) },
        Command("user search", arguments: "[TEXT...]", summary: "Show the people whose name or email holds TEXT.",
                details: "Case and accents are ignored; with no TEXT, everyone. A search that found nobody is "
                    + "remembered until people are added, and answers at once.",
                reads: .people) { session, words in try session.searchUsers(words) },
        Command("user show", arguments: "N", summary: "Show person N, with their age.",
                reads: .people) { session, words in try session.showUser(words) },
        Command("user delete", arguments: "N", summary: "Delete person N.",
                reads: .people) { session, words in try session.deleteUser(words) },
        Command("home", summary: "Show the latest added person and the list.",
                reads: .people) { session, words in try session.home(words) },
        Command("birthdays", summary: "Show the next birthdays, soonest first.",
                reads: .people) { session, words in try session.birthdays(words) },
    ]

    private func addUser(_ words: [String]) throws {
        guard words.count == 3 else {
            throw CommandError.usage("user add needs a first name, a last name and a date of birth "
                                     + "(user add FIRST LAST YYYY-MM-DD; quote names with spaces)", command: "user add")
        }
        let form = userList.openAddForm()
        form.firstName = words[0]
        form.lastName = words[1]
        form.birthDate = words[2]
        guard form.saveButton.isEnabled else {
            form.cancel()
            throw CommandError.refused("a first name, a last name and a date of birth are all needed; nobody was added")
        }
        let person: Person
        do {
            person = try form.save()
        } catch {
            let message = form.alert?.message
            form.cancel()
            if let message {
                throw CommandError.refused(message + "; nobody was added")
            }
            throw error
        }
        say("Added \(TerminalText.escaped(person.fullName)), born \(person.birthDate.dayMonthYear).")
    }

    private func listUsers(_ words: [String]) throws {
        if let order = try sortOrder(words) {
            try userList.sort(by: order)
        }
        if options.json {
            return write(JSON.object([("users", .array(numberedUsers.map(personJSON)))]).line)
        }
        write(peopleRendering.list(numberedUsers, order: userList.sortOrder))
    }

    private func fetchUsers(_ words: [String]) async throws {
        let count = try fetchCount(words)
        switch try await userList.fetchMore(count: count) {
        case .loaded(let page, let received, let new) where new == received:
            say("Loaded page \(page): \(Self.people(new)) new.")
        case .loaded(let page, let received, let new):
            say("Loaded page \(page): \(Self.people(new)) new of the \(received) sent; "
                + "the others were here already, or deleted.")
        case .failed(let error, let saved) where saved == 0:
            throw CommandError.refused("\(error.localizedDescription), and nobody is saved on this computer yet; "
                                       + "try again with: user fetch")
        case .failed(let error, let saved):
            write(peopleRendering.list(numberedUsers, order: userList.sortOrder))
            throw CommandError.refused("\(error.localizedDescription); showing the \(Self.people(saved)) saved on this "
                                       + "computer. Try again with: user fetch")
        }
    }

    private func searchUsers(_ words: [String]) throws {
        let query = words.joined(separator: " ")
        let result = try userList.search(query)
        let found = Set(result.people.map(\.id))
        let shown = numberedUsers.filter { found.contains($0.person.id) }
        if options.json {
            return write(JSON.object([("users", .array(shown.map(personJSON)))]).line)
        }
        if userList.isEmpty {
            return say("\(UserListViewModel.nobodyYet) \(PeopleRendering.howToAdd), or load people with: user fetch")
        }
        guard !shown.isEmpty else {
            let remembered = result.rememberedNoMatch.map { " (answered from memory: a search for \(quoted($0)) found nobody)" } ?? ""
            return say("Nobody matches \(quoted(query))\(remembered). Load more people with: user fetch")
        }
        write(peopleRendering.list(shown, order: userList.sortOrder))
    }

    private func showUser(_ words: [String]) throws {
        let entry = try user(words, of: "user show")
        guard let page = userList.page(for: entry.person.id) else { throw PeopleError.noSuchPerson }
        write(options.json ? personJSON(entry).line : peopleRendering.page(page))
    }

    private func deleteUser(_ words: [String]) throws {
        let entry = try user(words, of: "user delete")
        try userList.delete(entry.person.id)
        say("Deleted \(TerminalText.escaped(entry.person.fullName)).")
    }

    private func home(_ words: [String]) throws {
        guard words.isEmpty else { throw CommandError.usage("home takes no arguments", command: "home") }
        let users = numberedUsers
        if options.json {
            let latest = users.first { $0.person.id == userList.people.latest?.id }
            return write(JSON.object([
                ("latest", latest.map(personJSON) ?? .null),
                ("users", .array(users.map(personJSON))),
            ]).line)
        }
        write(peopleRendering.home(latest: userList.latest, users: users, order: userList.sortOrder))
    }

    private func birthdays(_ words: [String]) throws {
        guard words.isEmpty else { throw CommandError.usage("birthdays takes no arguments", command: "birthdays") }
        write(peopleRendering.birthdays(userList.upcomingBirthdays))
    }

    // MARK: - Helpers

    /// `--count N` (or `--count=N`), 1 to 5,000 as the API allows; 20 when not given.
    private func fetchCount(_ words: [String]) throws -> Int {
        guard let text = try onlyOption("--count", in: words, command: "user fetch") else { return 20 }
        guard Self.isPlainNumber(text), let count = Int(text), (1...5000).contains(count) else {
            throw CommandError.usage("--count takes a number from 1 to 5000, not \(quoted(text))", command: "user fetch")
        }
        return count
    }

    /// The value of `option` (`--name VALUE` or `--name=VALUE`) when `words` are that option
    /// alone; nil when there are no words.
    private func onlyOption(_ option: String, in words: [String], command: String) throws -> String? {
        switch words.count {
        case 0: return nil
        case 1 where words[0].hasPrefix(option + "="): return String(words[0].dropFirst(option.count + 1))
        case 2 where words[0] == option: return words[1]
        default: throw CommandError.usage("\(command) takes only \(option)", command: command)
        }
    }

    private static func people(_ count: Int) -> String {
        count == 1 ? "1 person" : "\(count) people"
    }

    private var numberedUsers: [NumberedPerson] {
        userList.users.enumerated().map { NumberedPerson(number: $0.offset + 1, person: $0.element) }
    }

    private func personJSON(_ entry: NumberedPerson) -> JSON {
        PeopleRendering.json(entry, age: userList.age(of: entry.person))
    }

    private func user(_ words: [String], of command: String) throws -> NumberedPerson {
        guard words.count == 1 else {
            throw CommandError.usage("\(command) takes one person number", command: command)
        }
        let number = try position(words[0], among: userList.users.count, of: (one: "person", many: "people"))
        return NumberedPerson(number: number, person: userList.users[number - 1])
    }

    /// The order `--sort asc|desc|added` (or `--sort=…`) asks for; nil when none is given.
    private func sortOrder(_ words: [String]) throws -> PeopleOrder? {
        guard let value = try onlyOption("--sort", in: words, command: "user list") else { return nil }
        switch value {
        case "asc", "ascending": return .ascending
        case "desc", "descending": return .descending
        case "added": return .added
        default: throw CommandError.usage("--sort takes asc, desc or added, not \(quoted(value))", command: "user list")
        }
    }
}
