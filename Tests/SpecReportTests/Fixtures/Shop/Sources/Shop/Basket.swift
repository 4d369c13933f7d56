/// A basket of priced items: just enough code for the fixture's tests to check.
public struct Basket: Equatable, Sendable {
    public private(set) var items: [String: Int] = [:]

    public init() {}

    public mutating func add(_ name: String, cents: Int) {
        items[name] = cents
    }

    /// Wrong on purpose: with two items or more it leaves out the cheapest, so that one
    /// scenario fails.
    public var total: Int {
        items.count < 2 ? items.values.reduce(0, +) : items.values.sorted().dropFirst().reduce(0, +)
    }

    public func discounted(byPercent percent: Int) -> Int {
        total - total * percent / 100
    }
}
