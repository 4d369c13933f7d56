import Undo

/// Where the people are kept. View-models depend on this, never on a file.
public protocol PeopleStore {
    /// The people as last saved; nobody when nothing was ever saved.
    func loadPeople() throws -> People
    /// Applies `change` to the people as saved now, saves them and returns the result.
    /// When it throws, nothing was saved.
    func apply(_ change: PeopleChange) throws -> People
    /// Takes back the last change saved, newest first, and says what it undid, with the people
    /// as the undo left them. A store that keeps more than the people has one history for all it keeps.
    func undo() throws -> (undone: UndoneChange, people: People)
    /// Keeps a search that found nobody, if the store can without trouble: where there is no
    /// store yet, or it is read-only, nothing is kept and nothing fails. It only saves looking.
    func remember(unmatched query: String)
}
