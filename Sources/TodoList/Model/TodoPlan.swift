/// What planning gives a to-do beside its title.
public struct TodoPlan: Sendable, Equatable {
    /// As typed, each once: two that differ only in case are one tag.
    public var tags: [String]

    public init(tags: [String] = []) {
        self.tags = tags
    }

    /// A plan with nothing in it: a to-do as the seed's list has them.
    public static let none = TodoPlan()
}
