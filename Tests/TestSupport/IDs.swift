import Foundation

/// Ids 1, 2, 3… written as UUIDs, so a test can name an item's id without storing it.
public func id(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!
}

/// Hands out ids 1, 2, 3… in order, as the app's random ones would be handed out.
public final class SequentialIDs: @unchecked Sendable {
    private var next: Int

    public init(startingAt first: Int = 1) {
        next = first
    }

    public func callAsFunction() -> UUID {
        defer { next += 1 }
        return id(next)
    }
}
