import FastJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoList
import UserList

/// What `todo doctor` found in a store: where it is, what it holds, and each thing wrong with
/// it, said so that a user can decide what to do.
public struct StoreReport: Sendable {
    /// One thing wrong with the store or its journal.
    public struct Finding: Sendable, Equatable {
        /// The file it is in.
        public let file: String
        /// What is wrong, in words.
        public let what: String
        /// Where in the file: `byte 1234`, `line 7`; nil when it is the whole file.
        public let place: String?
        /// What `todo doctor --repair` could not bring back.
        public let loses: String
        /// Whether `todo doctor --repair` can do anything about it.
        public let isRepairable: Bool

        public init(file: String, what: String, place: String?, loses: String, isRepairable: Bool) {
            self.file = file
            self.what = what
            self.place = place
            self.loses = loses
            self.isRepairable = isRepairable
        }
    }

    public let path: String
    /// False when there is no file yet: an empty store, made on the first change.
    public let exists: Bool
    public let bytes: Int
    /// The format the file says it is in, when it says.
    public let format: Int?
    /// The lists, journal and all, when they read.
    public let document: StoreDocument?
    public let journalPath: String
    public let journalBytes: Int
    /// The changes in the journal that are part of the lists.
    public let journalChanges: Int
    /// Notes on the journal that are not problems: a change cut off by a crash, a journal the
    /// store took in and the next change removes.
    public let journalNotes: [String]
    /// Temporary files a crashed save left beside the store; the next change removes them.
    public let leftOvers: [String]
    public let findings: [Finding]

    public var isSound: Bool { findings.isEmpty }
}

extension FileStore {
    /// What the store holds and whether it is sound, read without the lock and without
    /// changing anything. It reads what every command reads, and checks what every command
    /// checks, so a store it calls sound every command can open; where one is not sound, it
    /// says what, where, and what a repair would lose. Throws only for a store path that
    /// leads nowhere (a dangling link, a loop, something that is not a file).
    public func inspect() throws -> StoreReport {
        let files = try StoreFiles.at(url.path)
        try files.refuseWhatIsNotAFile()
        let store = try StoreFiles.open(files.path, followLink: true)
        let data = try store?.contents() ?? Data()
        let journalData = try StoreFiles.open(files.journal)?.contents() ?? Data()
        var findings: [StoreReport.Finding] = []
        var notes: [String] = []
        var document: StoreDocument?
        var changes = 0
        let format = StoreDocument.version(in: data)

        if store != nil {
            do {
                let read = try Self.readForDoctor(data, files: files)
                var lists = read.document
                let journal = journalData.withUnsafeBytes { Journal.read($0, legacy: read.isLegacy) }
                let (journalFindings, applied) = Self.inspect(journal, onto: &lists, read: read, files: files,
                                                              held: Self.changeLines(in: journalData), notes: &notes)
                findings += journalFindings
                changes = applied
                document = read.isLegacy ? lists.numberedAsShown() : lists
            } catch let finding as FindingError {
                findings.append(finding.finding)
            }
        } else if !journalData.isEmpty {
            let journal = journalData.withUnsafeBytes { Journal.read($0, parsing: false) }
            if journal.owner != nil || journal.damage != nil {
                findings.append(.init(file: files.journal, what: "a journal lies here without its store", place: nil,
                                      loses: "nothing: todo doctor --repair builds a store from the changes in it",
                                      isRepairable: true))
            }
        }
        var status = stat()
        if lstat(files.lock, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            findings.append(.init(file: files.lock, what: "the lock file is \(StoreFiles.kind(of: status)): no change can be made "
                                  + "while it is there; remove it, todo makes it again", place: nil, loses: "nothing",
                                  isRepairable: false))
        }
        return StoreReport(path: files.path, exists: store != nil, bytes: data.count, format: format, document: document,
                           journalPath: files.journal, journalBytes: journalData.count, journalChanges: changes,
                           journalNotes: notes, leftOvers: files.leftOverTemporaryFiles(), findings: findings)
    }

    /// A finding that stops the store from being read any further.
    private struct FindingError: Error {
        let finding: StoreReport.Finding
    }

    private static func readForDoctor(_ data: Data, files: StoreFiles) throws -> ReadDocument {
        func finding(_ what: String, place: String? = nil, repairable: Bool = true) -> FindingError {
            let salvage = Salvage.document(from: data)
            let loses = repairable
                ? "all but the \(count(salvage.todos.all.count, "to-do")) and \(count(salvage.people.everyone.count, "person", "people")) "
                    + "todo doctor --repair finds in it"
                : "nothing, if todo is updated"
            return FindingError(finding: .init(file: files.path, what: what, place: place, loses: loses, isRepairable: repairable))
        }
        guard !data.isEmpty else {
            throw FindingError(finding: .init(file: files.path, what: "it is empty", place: nil,
                                              loses: "nothing: there is nothing in it", isRepairable: true))
        }
        let read: ReadDocument
        do {
            read = try StoreDocument.read(data)
        } catch {
            // As every reader says it: a newer format first, whatever else of the file does not read.
            if let version = StoreDocument.version(in: data), version > StoreDocument.currentVersion {
                throw finding("it was written by a newer todo (format \(version))", repairable: false)
            }
            if let error = error as? JSONReader.Error {
                throw finding("it does not read as a todo store: \(error.expected) was expected there", place: "byte \(error.offset)")
            }
            throw finding("it is not a todo store: \(error)")
        }
        guard read.document.version <= StoreDocument.currentVersion else {
            throw finding("it was written by a newer todo (format \(read.document.version))", repairable: false)
        }
        let problems = read.document.problems
        guard problems.isEmpty else { throw finding(problems.joined(separator: "; ")) }
        return read
    }

    /// Replays what of the journal belongs to the store, and says what does not.
    /// `held`: the lines of changes the journal holds, those that do not read included.
    private static func inspect(_ journal: Journal.Contents, onto lists: inout StoreDocument, read: ReadDocument,
                                files: StoreFiles, held: Int, notes: inout [String]) -> (findings: [StoreReport.Finding], applied: Int) {
        if journal.torn > 0 {
            notes.append("\(journal.torn) bytes at its end are a change a crash cut off, never acknowledged; the next change removes them")
        }
        if let owner = journal.owner, owner == read.document.journal {
            do {
                try lists.replay(journal.entries)
            } catch {
                return ([.init(file: files.journal, what: "line \(error.line) does not apply (\(error.reason))", place: "line \(error.line)",
                               loses: "the changes from line \(error.line) on that do not apply", isRepairable: true)],
                        journal.entries.count { $0.line < error.line })
            }
            guard let damage = journal.damage else { return ([], journal.entries.count) }
            return ([.init(file: files.journal, what: "line \(damage.line) \(damage.reason)", place: "line \(damage.line)",
                           loses: "what todo doctor --repair cannot read from line \(damage.line) on", isRepairable: true)],
                    journal.entries.count)
        }
        if let folded = read.document.folded, folded.isTakenIn(journal) {
            notes.append("the store took this journal in when it was written; the next change removes it")
            return ([], 0)
        }
        guard journal.owner != nil || journal.damage != nil else { return ([], 0) }
        let why: String
        if let owner = journal.owner, owner == read.document.folded?.id {
            why = FoldedJournal.otherLines
        } else {
            why = journal.damage.map { "line \($0.line) \($0.reason)" }
                ?? "it names the store \(journal.owner?.uuidString ?? "?"), and this store is "
                + (read.document.journal?.uuidString ?? "not one that keeps a journal")
        }
        let loses = journal.owner == nil
            ? "nothing: todo doctor --repair brings in the changes it holds, and keeps a copy of it"
            : "the \(count(held, "change")) it holds: todo doctor --repair keeps only a copy of a journal "
                + "that names another store"
        return ([.init(file: files.journal, what: "it does not belong to the store (\(why))", place: nil, loses: loses,
                       isRepairable: true)], 0)
    }
}

extension FileStore {
    /// The lines after a journal's first that hold anything: what a repair that keeps only a
    /// copy of it leaves out of the lists, whether or not their sums match.
    static func changeLines(in journal: Data) -> Int {
        journal.split(separator: UInt8(ascii: "\n")).dropFirst().count { line in
            line.contains { !" \t\r".utf8.contains($0) }
        }
    }
}

func count(_ number: Int, _ one: String, _ many: String? = nil) -> String {
    "\(number) \(number == 1 ? one : many ?? one + "s")"
}
