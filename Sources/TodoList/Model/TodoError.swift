#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why the list refused a change. A refused change leaves the list exactly as it was.
public enum TodoError: Error, Equatable, Sendable, LocalizedError {
    case emptyTitle
    case noSuchItem
    case alreadyFinished(TodoItem.ID)
    case notFinished(TodoItem.ID)
    case nothingToUndo
    /// A repeat needs a due date to count from.
    case repeatWithoutDue
    /// A tag is a letter, then letters, digits, `-` or `_`.
    case notATag(String)
    /// A plan holds each tag once, whatever its case; only a store changed by hand holds one twice.
    case tagTwice(String)
    /// The step undo would take back does not fit the list as it is: it would bring back an
    /// item, or a number, the list already holds. Only a store changed by hand leads here.
    case undoDoesNotFit

    public var errorDescription: String? {
        switch self {
        case .emptyTitle: "a title cannot be empty"
        case .noSuchItem: "that item is no longer in the list"
        case .alreadyFinished: "that item is already finished"
        case .notFinished: "that item is not finished"
        case .nothingToUndo: "there is nothing to undo"
        case .repeatWithoutDue: "a repeat needs a due date to count from"
        case .notATag(let tag): "“\(tag)” is not a tag: a tag is a letter, then letters, digits, - or _"
        case .tagTwice(let tag): "the tag “\(tag)” is there twice: a tag is one whatever its case"
        case .undoDoesNotFit: "the last change cannot be undone: the list no longer fits its undo step"
        }
    }
}
