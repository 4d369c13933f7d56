import UserList

/// A person with the number the list of people shows them with, in the chosen order, from 1.
struct NumberedPerson {
    let number: Int
    let person: Person
}

/// How people look in the terminal and in `--json`.
struct PeopleRendering {
    let usesColour: Bool

    static let howToAdd = "Add someone with: user add FIRST LAST YYYY-MM-DD"

    func home(latest: LatestUserCard, users: [NumberedPerson], order: PeopleOrder) -> String {
        """
        \(heading("Latest added"))
          First name:    \(TerminalText.escaped(latest.firstName))
          Last name:     \(TerminalText.escaped(latest.lastName))
          Date of birth: \(latest.birthDate)

        """ + "\n" + list(users, order: order)
    }

    /// `Users (by last name, A to Z)`, then `  1 14-03-1990  Zoë Adams` for each; the date
    /// comes first so the columns line up whatever the names' scripts.
    func list(_ users: [NumberedPerson], order: PeopleOrder) -> String {
        guard !users.isEmpty else { return "\(UserListViewModel.nobodyYet) \(Self.howToAdd)\n" }
        let width = String(users.map(\.number).max() ?? 0).count
        var text = heading("Users (\(Self.describe(order)))") + "\n"
        for entry in users {
            let number = String(entry.number)
            text += "  " + String(repeating: " ", count: width - number.count) + number + " "
            text += entry.person.birthDate.dayMonthYear + "  " + TerminalText.escaped(entry.person.fullName) + "\n"
        }
        return text
    }

    func page(_ page: BirthdayPage) -> String {
        var text = """
            \(TerminalText.escaped(page.fullName)) (\(TerminalText.escaped(page.initials)))
              Born:  \(page.birthday)
              Age:   \(page.ageText)

            """
        if let email = page.person.email {
            text += "  Email: \(TerminalText.escaped(email))\n"
        }
        return text
    }

    func birthdays(_ upcoming: [UpcomingBirthday]) -> String {
        guard !upcoming.isEmpty else {
            return "No birthdays to show: \(UserListViewModel.nobodyYet.lowercased()) \(Self.howToAdd)\n"
        }
        let width = upcoming.map(\.when.count).max() ?? 0
        var text = heading("Upcoming birthdays") + "\n"
        for birthday in upcoming {
            let when = birthday.when + String(repeating: " ", count: width - birthday.when.count)
            text += "  \(when)  \(birthday.date.dayMonthYear)  "
            text += "\(TerminalText.escaped(birthday.person.fullName)) turns \(birthday.turning)\n"
        }
        return text
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

    static func json(_ entry: NumberedPerson, age: Int) -> JSON {
        let person = entry.person
        return .object([
            ("number", .number(entry.number)),
            ("id", .string(person.id.uuidString)),
            ("firstName", .string(person.firstName)),
            ("lastName", .string(person.lastName)),
            ("birthDate", .string(person.birthDate.iso)),
            ("birthday", .string(person.birthDate.dayMonthYear)),
            ("age", .number(age)),
            ("initials", .string(person.initials)),
            ("email", person.email.map(JSON.string) ?? .null),
        ])
    }
}
