#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListEngine

/// The version of the store file's format. A file carries it, so that a file written by a newer
/// `todo` is refused instead of being misread and then overwritten.
///
/// - 1: the to-dos.
/// - 2: the people beside them.
/// - 3: loaded people: deleted ones set aside, the paging seed, the searches that found nobody.
/// - 4: the id of the journal that belongs to this file (adds made since it was written).
/// - 5: the journal may hold any change to the to-dos, not only adds.
/// - 6: numbers that stay with their item, one undo history for to-dos and people, people with
///   the details randomuser.me gives (or without a date of birth), every change in the journal,
///   the id of the journal this file folded in, and a checksum of its own bytes.
/// - 7: a to-do's plan: its tags.
///
/// Every one of them was written by a `todo` that people used, so a file in any of them is read,
/// and written in the current format by its first change; `Specs/store-format.md` tells each.
public enum StoreFormat {
    /// The format this version writes and the newest it can read.
    public static let current = 7
}

/// The lists as a store file holds them: the engine's document, and what ties the file to its
/// journal.
struct FileDocument: Equatable {
    var document: Document
    var version = StoreFormat.current
    /// New with every file written, so a journal left from an older file is never applied.
    var journal: UUID?
    /// The journal this file took in when it replaced the store before it: a journal with
    /// that id and those very bytes is known to be folded in, and may go.
    var folded: FoldedJournal?
}

/// A journal a store took in: its id, and a checksum of its whole lines, so that another
/// journal under the same id (from a copy of the store, say) is not taken for it.
struct FoldedJournal: Sendable, Equatable {
    let id: UUID
    let checksum: UInt64
}
