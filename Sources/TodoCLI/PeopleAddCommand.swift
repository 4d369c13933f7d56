import Forms
import UserList

/// `user add`: from its arguments, or at the prompt through the add form with its fields,
/// Cancel and Save; a person already in the list is confirmed first.
extension Session {
    func addUser(_ words: [String]) throws {
        let again = words.contains(Self.againOption.name)
        let fields = words.filter { $0 != Self.againOption.name }
        if fields.isEmpty && isPrompt && !json {
            return try fillInUserForm(again: again)
        }
        guard fields.count == 3 else {
            throw CommandError.usage("user add takes a first name, a last name and a date of birth "
                                     + "(user add FIRST LAST YYYY-MM-DD; quote names with spaces)", command: "user add")
        }
        let form = userList.openAddForm()
        form.firstName = fields[0]
        form.lastName = fields[1]
        form.birthDate = fields[2]
        form.again = again
        guard form.saveButton.isEnabled else {
            form.cancel()
            throw CommandError.refused("a first name, a last name and a date of birth are all needed; nobody was added")
        }
        let person: Person
        do {
            person = try form.save()
        } catch PeopleError.alreadyThere(let existing) {
            form.cancel()
            throw CommandError.refused("\(existing.number) \(TerminalText.escaped(existing.displayName)), born "
                                       + "\(existing.birthDate?.dayMonthYear ?? BirthdayPage.notAvailable), is in the list "
                                       + "already; nobody was added. To add them again: \(typed("user add … --again"))")
        } catch {
            let message = form.alert?.message
            form.cancel()
            if let message {
                throw CommandError.refused(message + "; nobody was added")
            }
            throw error
        }
        sayAdded(person)
    }

    /// The add form at the prompt: it asks for each field in turn, and again for one that is
    /// empty or wrong, saying what is wrong as the form's alert does; `cancel` leaves it.
    private func fillInUserForm(again: Bool) throws {
        let form = userList.openAddForm()
        form.again = again
        let buttons = FormButtons(usesColour: peopleRendering.usesColour, saveNeeds: "the three fields are filled")
        say("New person (a name that is cancel: type \"cancel\" in quotes)")
        write(buttons.line(saveEnabled: form.saveButton.isEnabled))
        let fields: [(label: String, name: String, value: ReferenceWritableKeyPath<AddUserViewModel, String>, field: AddUserViewModel.Field)] = [
            ("First name: ", "first name", \.firstName, .firstName), ("Last name: ", "last name", \.lastName, .lastName),
            ("Date of birth (YYYY-MM-DD or DD-MM-YYYY): ", "date of birth", \.birthDate, .birthDate),
        ]
        for field in fields {
            while true {
                guard let line = readLine(prompt: field.label), line.trimmed.lowercased() != "cancel" else {
                    form.cancel()
                    return say("Cancelled: nobody was added.")
                }
                // Quotes around the whole field are taken off: "Cancel" in quotes is a name.
                form[keyPath: field.value] = Words.unquoted(line)
                guard !line.trimmed.isEmpty else {
                    say("The \(field.name) is needed.")
                    continue
                }
                guard let problem = form.problem(in: field.field) else { break }
                say("Invalid \(problem.field): \(TerminalText.escaped(problem.errorDescription ?? ""))")
            }
        }
        // Every field is what Save takes now; only someone already there stops it.
        write(buttons.line(saveEnabled: form.saveButton.isEnabled))
        do {
            let person: Person
            do {
                person = try form.save()
            } catch PeopleError.alreadyThere {
                say(TerminalText.escaped(form.alert?.message ?? "") + ".")
                guard askYesOrNo("Add them again? (yes/no): ") else {
                    form.cancel()
                    return say("Cancelled: nobody was added.")
                }
                form.again = true
                person = try form.save()
            }
            sayAdded(person)
        } catch {
            form.cancel()
            throw error
        }
    }

    /// What an add prints: the person, as data with `--json`.
    private func sayAdded(_ person: Person) {
        guard !json else { return write(personJSON(person).line) }
        say("Added \(person.number) \(TerminalText.escaped(person.displayName)), born "
            + "\(person.birthDate?.dayMonthYear ?? BirthdayPage.notAvailable).")
    }
}
