import Foundation

/// Why the list refused a change. A refused change leaves the list exactly as it was.
public enum TodoError: Error, Equatable, Sendable, LocalizedError {
    case emptyTitle
    case noSuchItem
    case alreadyFinished
    case notFinished
    case nothingToUndo

    public var errorDescription: String? {
        switch self {
        case .emptyTitle: "a title cannot be empty"
        case .noSuchItem: "that item is no longer in the list"
        case .alreadyFinished: "that item is already finished"
        case .notFinished: "that item is not finished"
        case .nothingToUndo: "there is nothing to undo"
        }
    }
}
