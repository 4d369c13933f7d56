import Testing

/// The objects a test made, which must all be gone when it ends: a parent and a child that
/// hold each other strongly leak in an app, and only a check like this notices.
///
/// Keep one as the first stored property of a suite (a struct) and let `makeSUT` track what it
/// makes; keep what it makes in the test's own variables. When the test ends, the suite goes,
/// and with it the tracker, last: each object still alive then is an issue at the line that
/// tracked it.
public final class LeakTracker: @unchecked Sendable {
    private struct Tracked {
        weak var object: AnyObject?
        let name: String
        let sourceLocation: SourceLocation
    }

    private var tracked: [Tracked] = []

    public init() {}

    public func track(_ object: AnyObject, sourceLocation: SourceLocation = #_sourceLocation) {
        tracked.append(Tracked(object: object, name: String(describing: type(of: object)), sourceLocation: sourceLocation))
    }

    deinit {
        for entry in tracked where entry.object != nil {
            Issue.record("\(entry.name) is still alive after the test: something holds it in a cycle",
                         sourceLocation: entry.sourceLocation)
        }
    }
}
