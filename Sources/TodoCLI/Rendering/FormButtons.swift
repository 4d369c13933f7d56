/// The buttons of an add form, as a terminal shows them: each with the key that presses it,
/// Save dim while it cannot save (the seeds' grey button) and green once it can; in words
/// where there is no colour. Drawn when the form opens and after each line typed into it.
struct FormButtons {
    let usesColour: Bool
    /// What Save waits for, said when there is no colour to show it: "the title holds text".
    let saveNeeds: String

    func line(saveEnabled: Bool) -> String {
        let save = switch (saveEnabled, usesColour) {
        case (true, true): "\u{1B}[32mSave (Enter)\u{1B}[0m"
        case (false, true): "\u{1B}[2mSave (Enter)\u{1B}[0m"
        case (true, false): "Save (Enter)"
        case (false, false): "Save (Enter), once \(saveNeeds)"
        }
        return "  Cancel (Ctrl-C or cancel)   \(save)\n"
    }
}
