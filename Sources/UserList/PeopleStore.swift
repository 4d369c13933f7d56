/// Where the people are kept. View-models depend on this, never on a file.
public protocol PeopleStore {
    /// The people as last saved; nobody when nothing was ever saved.
    func loadPeople() throws -> People
    /// Applies `change` to the people as saved now, saves them and returns the result.
    /// When it throws, nothing was saved.
    func apply(_ change: PeopleChange) throws -> People
}
