import UserList

/// How people look in the terminal and in `--json`.
struct PeopleRendering {
    let usesColour: Bool

    func home(latest: LatestUserCard, people: [Person], order: PeopleOrder, emptyHint: String) -> String {
        """
        \(heading("Latest added"))
          First name:    \(TerminalText.escaped(latest.firstName))
          Last name:     \(TerminalText.escaped(latest.lastName))
          Date of birth: \(latest.birthDate)

        """ + "\n" + list(people, order: order, emptyHint: emptyHint)
    }

    /// `People (by last name, A to Z)`, then `  1 14-03-1990  Zoë Adams` for each, with the
    /// number each keeps; the date comes first so the columns line up whatever the names' scripts.
    /// `emptyHint` is what is said instead when the list is empty.
    func list(_ people: [Person], order: PeopleOrder, emptyHint: String) -> String {
        guard !people.isEmpty else { return emptyHint + "\n" }
        let width = String(people.map(\.number).max() ?? 0).count
        var text = heading("People (\(Self.describe(order)))") + "\n"
        for person in people {
            let number = String(person.number)
            let born = person.birthDate?.dayMonthYear ?? Self.padded(BirthdayPage.notAvailable, to: 10)
            text += "  " + String(repeating: " ", count: width - number.count) + number + " "
            text += born + "  " + TerminalText.escaped(person.displayName) + "\n"
        }
        return text
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// A person's page: what the Birthdays seed shows, then what randomuser.me told of them.
    func page(_ page: BirthdayPage) -> String {
        let details = page.person.details
        var text = """
            \(page.person.number) \(TerminalText.escaped(page.fullName)) (\(TerminalText.escaped(page.initials)))
              Born:       \(page.birthday)
              Age:        \(page.ageText)

            """
        let lines: [(String, String?)] = [
            ("Email", details.email), ("Phone", details.phone), ("Cell", details.cell),
            ("Address", details.address.map(\.line).flatMap { $0.isEmpty ? nil : $0 }),
            ("Registered", details.registered?.dayMonthYear), ("Picture", details.picture),
        ]
        for case let (label, value?) in lines {
            text += "  " + Self.padded(label + ":", to: 12) + TerminalText.escaped(value) + "\n"
        }
        return text
    }

    /// The upcoming birthdays, then who they leave out and why.
    func birthdays(_ upcoming: [UpcomingBirthday], leftOut: [Person], emptyHint: String) -> String {
        guard !upcoming.isEmpty || !leftOut.isEmpty else {
            return "No birthdays to show: \(emptyHint.prefix(1).lowercased() + emptyHint.dropFirst())\n"
        }
        var text = ""
        if !upcoming.isEmpty {
            let width = upcoming.map(\.when.count).max() ?? 0
            text += heading("Upcoming birthdays") + "\n"
            for birthday in upcoming {
                let when = birthday.when + String(repeating: " ", count: width - birthday.when.count)
                text += "  \(when)  \(birthday.date.dayMonthYear)  "
                text += "\(TerminalText.escaped(birthday.person.displayName)) turns \(birthday.turning)\n"
            }
        }
        let (undated, unborn) = (leftOut.filter { $0.birthDate == nil }, leftOut.filter { $0.birthDate != nil })
        if !undated.isEmpty {
            text += "Left out, with no date of birth to count from: \(Self.names(undated))\n"
        }
        if !unborn.isEmpty {
            text += "Left out, born after the day counted from: \(Self.names(unborn))\n"
        }
        return text
    }

    private static func names(_ people: [Person]) -> String {
        people.map { TerminalText.escaped($0.displayName) }.joined(separator: ", ")
    }

    static func describe(_ order: PeopleOrder) -> String {
        switch order {
        case .added: "in the order added"
        case .ascending: "by last name, A to Z"
        case .descending: "by last name, Z to A"
        }
    }

    private func heading(_ title: String) -> String {
        usesColour ? "\u{1B}[1m\(title)\u{1B}[0m" : title
    }

    // MARK: - JSON

    static func json(_ person: Person, age: Int?) -> JSON {
        let details = person.details
        func text(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
        let address: JSON = details.address.map { address in
            let members: [(key: StaticString, value: JSON)] = [
                ("street", text(address.street)), ("city", text(address.city)), ("state", text(address.state)),
                ("country", text(address.country)),
            ]
            return .object(members)
        } ?? .null
        let members: [(key: StaticString, value: JSON)] = [
            ("number", .number(person.number)),
            ("id", .string(person.id.uuidString)),
            ("firstName", .string(person.firstName)),
            ("lastName", .string(person.lastName)),
            ("birthDate", text(person.birthDate?.iso)),
            ("birthday", text(person.birthDate?.dayMonthYear)),
            ("age", age.map(JSON.number) ?? .null),
            ("initials", .string(person.initials)),
            ("email", text(details.email)),
            ("phone", text(details.phone)),
            ("cell", text(details.cell)),
            ("address", address),
            ("registered", text(details.registered?.iso)),
            ("picture", text(details.picture)),
        ]
        return .object(members)
    }
}
