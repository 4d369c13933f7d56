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
import ListEngine
import TodoList
import UserList

/// What `todo doctor` found in a store: where it is, what it holds, and each thing wrong with
/// it, so that a user can decide what to do.
public struct StoreReport: Sendable {
    /// One thing wrong with the store or its journal.
    public struct Finding: Sendable, Equatable {
        public enum What: Sendable, Equatable {
            case empty
            case newerVersion(Int)
            /// The file says it is in a format no version of todo wrote.
            case noSuchFormat(Int)
            /// The bytes do not read as a store: where they stop, and what was expected there.
            case notAStore(FormatFailure)
            case problems([Problem])
            case journalChange(line: Int, ReplayFailure.Reason)
            case journalLine(Int, JournalLineDamage)
            case journalNotTheStores(JournalMismatch)
            case journalWithoutStore
            /// The lock is not a regular file: no change can be made while it is there.
            case lockIsNotAFile(FileKind)
        }

        /// What `todo doctor --repair` could not bring back.
        public enum Loss: Sendable, Equatable {
            case nothing
            /// An empty file holds nothing to lose.
            case nothingInIt
            /// All but the to-dos and people a repair rebuilds: those written whole in the file, with
            /// the journal's changes brought in.
            case allButFound(todos: Int, people: Int)
            /// Nothing, once todo is updated to a version that reads the file.
            case nothingOnceUpdated
            /// The changes of these lines of the journal, which a repair leaves out: they do not
            /// read, were changed since todo wrote them, or do not apply. None: a repair brings in
            /// every change.
            case changesLeftOut(lines: [Int])
            /// Nothing: a repair brings in the changes the journal holds, and keeps a copy of it.
            case nothingJournalBroughtIn
            /// The changes a journal that names another store holds: a repair keeps only a copy.
            case journalKeptOnlyAsACopy(changes: Int)
            /// Nothing: a repair builds a store from the changes in the journal.
            case nothingStoreBuiltFromJournal
        }

        public enum Place: Sendable, Equatable {
            case byte(Int)
            case line(Int)
        }

        /// The file it is in.
        public let file: String
        public let what: What
        /// Where in the file; nil when it is the whole file.
        public let place: Place?
        public let loses: Loss
        /// Whether `todo doctor --repair` can do anything about it.
        public let isRepairable: Bool

        public init(file: String, what: What, place: Place?, loses: Loss, isRepairable: Bool) {
            self.file = file
            self.what = what
            self.place = place
            self.loses = loses
            self.isRepairable = isRepairable
        }
    }

    /// Something about the journal that is not a problem.
    public enum JournalNote: Sendable, Equatable {
        /// Bytes at its end are a change a crash cut off, never acknowledged; the next change removes them.
        case torn(bytes: Int)
        /// The store took this journal in when it was written; the next change removes it.
        case takenIn
    }

    public let path: String
    /// False when there is no file yet: an empty store, made on the first change.
    public let exists: Bool
    public let bytes: Int
    /// The format the file says it is in, when it says.
    public let format: Int?
    /// The lists, journal and all, when they read.
    public let document: Document?
    public let journalPath: String
    public let journalBytes: Int
    /// The changes in the journal that are part of the lists; where the store file does not
    /// read, the lines of changes the journal holds.
    public let journalChanges: Int
    public let journalNotes: [JournalNote]
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
        let files = try StoreFiles.at(path)
        try files.refuseWhatIsNotAFile()
        let store = try files.openStore()
        let data = try store?.contents() ?? Data()
        let journalData = try StoreFiles.open(files.journal)?.contents() ?? Data()
        var findings: [StoreReport.Finding] = []
        var notes: [StoreReport.JournalNote] = []
        var document: Document?
        var changes = 0
        let format = FileDocument.version(in: data)
        // What a repair rebuilds, worked out as the repair does, once, and only when a finding needs it.
        var rebuild: (Rebuild, setAside: RepairReport.SetAside?)?
        func rebuilt() -> (Rebuild, setAside: RepairReport.SetAside?) {
            if let rebuild { return rebuild }
            let journal = journalData.isEmpty ? nil : journalData.prefix(Journal.largest(besideStoreOf: data.count))
            rebuild = Self.rebuild(store: store == nil ? nil : data, journal: journal)
            return rebuild!
        }

        if store != nil {
            do {
                let read = try Self.readForDoctor(data, journal: journalData, files: files, rebuilt: rebuilt)
                var lists = read.file.document
                let journal = journalData.withUnsafeBytes { Journal.read($0, legacy: read.isLegacy) }
                let (journalFindings, applied) = Self.inspect(journal, onto: &lists, read: read, files: files,
                                                              held: Self.changeLines(in: journalData), leftOut: { rebuilt().0.leftOut },
                                                              notes: &notes)
                findings += journalFindings
                changes = applied
                document = read.isLegacy ? lists.numberedAsShown() : lists
            } catch let finding as FindingError {
                findings.append(finding.finding)
                // The journal's changes, where a repair brings them in; none of one it sets aside.
                let (repair, setAside) = rebuilt()
                changes = setAside == nil ? Self.changeLines(in: journalData) : 0
                // A damaged line of a journal the repair brings in is named as beside a sound store.
                let journal = journalData.withUnsafeBytes { Journal.read($0, legacy: format.map { $0 < 6 } ?? false) }
                if setAside == nil, let damage = journal.damage {
                    findings.append(.init(file: files.journal, what: .journalLine(damage.line, damage.what), place: .line(damage.line),
                                          loses: .changesLeftOut(lines: repair.leftOut), isRepairable: true))
                }
            }
        } else if !journalData.isEmpty {
            let journal = journalData.withUnsafeBytes { Journal.read($0, parsing: false) }
            if journal.owner != nil || journal.damage != nil {
                let leftOut = rebuilt().0.leftOut
                findings.append(.init(file: files.journal, what: .journalWithoutStore, place: nil,
                                      loses: leftOut.isEmpty ? .nothingStoreBuiltFromJournal : .changesLeftOut(lines: leftOut), isRepairable: true))
            }
            changes = Self.changeLines(in: journalData)
        }
        var status = stat()
        if lstat(files.lock, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            findings.append(.init(file: files.lock, what: .lockIsNotAFile(StoreFiles.kind(of: status)), place: nil,
                                  loses: .nothing, isRepairable: false))
        }
        return StoreReport(path: files.path, exists: store != nil, bytes: data.count, format: format, document: document,
                           journalPath: files.journal, journalBytes: journalData.count, journalChanges: changes,
                           journalNotes: notes, leftOvers: files.leftOverTemporaryFiles(), findings: findings)
    }

    /// A finding that stops the store from being read any further.
    private struct FindingError: Error {
        let finding: StoreReport.Finding
    }

    private static func readForDoctor(_ data: Data, journal: Data, files: StoreFiles,
                                      rebuilt: () -> (Rebuild, setAside: RepairReport.SetAside?)) throws -> ReadDocument {
        func finding(_ what: StoreReport.Finding.What, place: StoreReport.Finding.Place? = nil) -> FindingError {
            let rebuilt = rebuilt().0.document
            let loses = StoreReport.Finding.Loss.allButFound(todos: rebuilt.todos.all.count, people: rebuilt.people.everyone.count)
            return FindingError(finding: .init(file: files.path, what: what, place: place, loses: loses, isRepairable: true))
        }
        func newer(_ version: Int) -> FindingError {
            FindingError(finding: .init(file: files.path, what: .newerVersion(version), place: nil, loses: .nothingOnceUpdated,
                                        isRepairable: false))
        }
        do {
            return try FileDocument.checked(data)
        } catch {
            switch error {
            case .newer(let version): throw newer(version)
            case .empty where journal.isEmpty:
                throw FindingError(finding: .init(file: files.path, what: .empty, place: nil, loses: .nothingInIt, isRepairable: true))
            case .empty: throw finding(.empty)
            case .notAStore(let failure), .doesNotFit(_, let failure): throw finding(.notAStore(failure), place: .byte(failure.offset))
            case .noSuchFormat(let version): throw finding(.noSuchFormat(version))
            case .problems(let problems): throw finding(.problems(problems))
            }
        }
    }

    /// Replays what of the journal belongs to the store, and says what does not.
    /// `held`: the lines of changes the journal holds, those that do not read included.
    private static func inspect(_ journal: Journal.Contents, onto lists: inout Document, read: ReadDocument,
                                files: StoreFiles, held: Int, leftOut: () -> [Int],
                                notes: inout [StoreReport.JournalNote]) -> (findings: [StoreReport.Finding], applied: Int) {
        if journal.torn > 0 {
            notes.append(.torn(bytes: journal.torn))
        }
        if let owner = journal.owner, owner == read.file.journal {
            do {
                try lists.replay(journal.entries.map(\.logged))
            } catch {
                let line = journal.entries[error.index].line
                return ([.init(file: files.journal, what: .journalChange(line: line, error.reason), place: .line(line),
                               loses: .changesLeftOut(lines: leftOut()), isRepairable: true)],
                        error.index)
            }
            guard let damage = journal.damage else { return ([], journal.entries.count) }
            return ([.init(file: files.journal, what: .journalLine(damage.line, damage.what), place: .line(damage.line),
                           loses: .changesLeftOut(lines: leftOut()), isRepairable: true)],
                    journal.entries.count)
        }
        if let folded = read.file.folded, folded.isTakenIn(journal) {
            notes.append(.takenIn)
            return ([], 0)
        }
        let mismatch: JournalMismatch
        if let owner = journal.owner, owner == read.file.folded?.id {
            mismatch = .otherLinesThanTakenIn
        } else if let damage = journal.damage {
            mismatch = .damagedLine(damage.line, damage.what)
        } else if let owner = journal.owner {
            mismatch = .namesAnotherStore(owner, store: read.file.journal)
        } else {
            return ([], 0)
        }
        let lost = journal.owner == nil ? leftOut() : []
        let loses: StoreReport.Finding.Loss = journal.owner != nil ? .journalKeptOnlyAsACopy(changes: held)
            : lost.isEmpty ? .nothingJournalBroughtIn : .changesLeftOut(lines: lost)
        return ([.init(file: files.journal, what: .journalNotTheStores(mismatch), place: nil, loses: loses, isRepairable: true)], 0)
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
