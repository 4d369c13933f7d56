/// What the till knows so far: the items rung up, and nothing yet of receipts.
public struct Till: Sendable {
    public var items: [String] = []

    public init() {}
}
