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
import LocalStore
import UserList

/// What the store's refusals and findings say, in words: the store hands back values, and
/// this is the one place that turns them into sentences.
enum StoreText {
    /// What a user runs to learn more, or to rebuild the store from what is left.
    static let repairHint = "todo doctor says what it holds, and todo doctor --repair keeps a copy and rebuilds the store"

    static func message(_ error: StoreError) -> String {
        switch error {
        case let .damaged(path, damage):
            "the store \(path) is damaged (\(self.damage(damage))); it was left as it is. \(repairHint)"
        case let .newerVersion(path, version):
            "the store \(path) was written by a newer todo (format \(version); this one reads up to "
                + "\(StoreFormat.current)); update todo to open it. The file was left as it is"
        case let .notAFile(path, kind):
            "\(path) is \(self.kind(kind)), not a file; nothing was read or written"
        case let .isALink(path):
            "\(path) is a link; todo never follows a link beside its store, so nothing was read or written"
        case let .madeALink(path):
            "the store \(path) was made a link while todo waited for it, by another program; nothing was read or written"
        case let .linkLoop(path):
            "the store \(path) is a link that leads back to itself; nothing was written"
        case let .tooManyLinks(path):
            "the store \(path) is a link that leads on through more links than the system follows; nothing was written"
        case let .leavesAMissingFolder(path, folder):
            "the store path \(path) goes up out of \(folder), which does not exist; nothing was read or written"
        case let .linkLoopInFolders(path):
            "a folder on the way to the store \(path) is a link that leads back to itself; nothing was read or written"
        case let .nameTooLong(path, longest):
            "the name of the store \(path) is \(path.split(separator: "/").last?.utf8.count ?? 0) bytes long; the files todo keeps "
                + "beside it need longer names still, and a store's name there may be at most \(longest) bytes. Nothing was written"
        case let .danglingLink(path, target):
            "the store \(path) is a link to \(target), which does not exist; nothing was written"
        case let .journalNotAccounted(journal, mismatch):
            "the journal \(journal) does not belong to its store (\(self.mismatch(mismatch))); both were left as they are. \(repairHint)"
        case let .wouldBeRefused(path, problems):
            "the change was not saved: the store \(path) would break a rule every reader checks ("
                + problems.map(problem).joined(separator: "; ") + "); it was left as it was"
        case let .cannotRead(path, failure):
            "cannot read \(path): \(read(failure))"
        case let .cannotWrite(path, failure):
            "cannot save to \(path): \(write(failure)); the store was left as it was"
        case let .cannotCreate(path, number):
            "cannot create \(path): \(system(number)); the store was left as it was"
        case let .cannotOpen(path, number):
            "cannot open \(path) to write it: \(system(number)); the store was left as it was"
        case let .cannotRemove(path, number):
            "cannot remove \(path): \(system(number)); the store was left as it was"
        case let .cannotRename(path, target, number):
            "cannot rename \(path) to \(target): \(system(number)); the store was left as it was"
        case let .cannotLock(path, number):
            "cannot lock \(path): \(system(number)); the store was left as it was"
        case let .lockHeld(path, holder, waited):
            "the store \(path) is being changed by \(self.holder(holder)); nothing was changed after waiting \(seconds(waited)). "
                + (holder.flatMap { $0.isStopped ? "Resume it (kill -CONT \($0.pid)) or end it, or wait longer" : nil } ?? "Wait longer")
                + " with --wait SECONDS or TODO_LOCK_WAIT"
        }
    }

    /// What a change says while it waits for another program's lock.
    static func waiting(for holder: LockHolder?, upTo timeout: Duration) -> String {
        "the store is being changed by \(self.holder(holder)); waiting up to \(seconds(timeout)) for it (--wait SECONDS)"
    }

    /// "process 1234 (todo add x), which is stopped", a long command cut; "another program" where
    /// the system does not say.
    static func holder(_ holder: LockHolder?) -> String {
        guard let holder else { return "another program" }
        let command = holder.command.map { " (\($0.count > 80 ? $0.prefix(79) + "…" : $0))" } ?? ""
        return "process \(holder.pid)\(command)" + (holder.isStopped ? ", which is stopped" : "")
    }

    /// "10 s", "0.4 s".
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let thousandths = Int(attoseconds / 1_000_000_000_000_000)
        guard thousandths > 0 else { return "\(seconds) s" }
        var fraction = String(thousandths + 1000).dropFirst()
        while fraction.last == "0" { fraction = fraction.dropLast() }
        return "\(seconds).\(fraction) s"
    }

    static func damage(_ damage: Damage) -> String {
        switch damage {
        case .empty: "it is empty"
        case .notAStore(let failure): "it is not a todo store: \(failure)"
        case let .doesNotFit(format, failure): "its contents do not fit format \(format): \(failure)"
        case .noSuchFormat(let format): "no version wrote format \(format)"
        case .problems(let problems): problems.map(problem).joined(separator: "; ")
        case let .journalLine(line, journal, what): "line \(line) of its journal, \(journal), \(journalLine(what))"
        case let .journalChange(line, journal, reason): "line \(line) of its journal, \(journal), does not apply (\(replay(reason)))"
        case let .journalTooLarge(journal, bytes): "its journal, \(journal), is \(bytes) bytes, more than todo ever writes beside it"
        }
    }

    static func journalLine(_ damage: JournalLineDamage) -> String {
        switch damage {
        case .noOwner: "does not name the store the journal belongs to"
        case .ownerNotAsWritten: "does not name a store as todo writes it"
        case .sumDoesNotMatch: "is not what todo wrote there: its sum does not match"
        case .notAChange(let failure): "is not a change (\(failure))"
        }
    }

    static func mismatch(_ mismatch: JournalMismatch) -> String {
        switch mismatch {
        case .noStoreBesideIt:
            "there is no store beside it"
        case .otherLinesThanTakenIn:
            "it has the id of the journal the store took in, and not its lines: it was changed since, or comes from a copy of the store"
        case let .namesAnotherStore(owner, store):
            "it names the store \(owner.uuidString), and this store is \(store?.uuidString ?? "not one that keeps a journal")"
        case let .damagedLine(line, what):
            "line \(line) \(journalLine(what))"
        }
    }

    static func replay(_ reason: ReplayFailure.Reason) -> String {
        switch reason {
        case let .numberDiffers(given, expected): "it gives the new to-do the number \(given), where the list gives \(expected)"
        case .alreadyHeld: "it adds what the lists hold already"
        case .todos(let error): error.errorDescription ?? "\(error)"
        case .people(let error): error.errorDescription ?? "\(error)"
        }
    }

    static func kind(_ kind: FileKind) -> String {
        switch kind {
        case .folder: "a folder"
        case .fifo: "a FIFO"
        case .device: "a device"
        case .socket: "a socket"
        case .link: "a link"
        case .socketOrFIFO: "a socket or a FIFO"
        case .other: "not a regular file"
        }
    }

    static func read(_ failure: ReadFailure) -> String {
        switch failure {
        case .system(let number): system(number)
        case .keptBeingReplaced: "it kept being replaced while it was read"
        }
    }

    static func write(_ failure: WriteFailure) -> String {
        switch failure {
        case .system(let number): system(number)
        case .readOnlyFile: "the file is read-only"
        case .readOnlyJournal: "the journal is read-only"
        case .readOnlyFolder(let folder): "its folder \(folder) is read-only"
        case .cannotMakeFolder(let folder): "cannot create the folder \(folder)"
        case .cannotMakeLock(let lock): "cannot make the lock file \(lock)"
        case .cannotMakeJournal: "it could not be made"
        case .noNameForACopy: "every name for a copy beside it is taken"
        }
    }

    /// What the system says of an error number; a plain word when it gave none.
    static func system(_ number: Int32) -> String {
        number == 0 ? "the system gave no reason" : String(cString: strerror(number))
    }

    static func problem(_ problem: Problem) -> String {
        func record(_ record: Problem.Record) -> String { record == .todo ? "to-do" : "person" }
        switch problem {
        case .finishedInToDo: return "a to-do in the To do section is marked finished"
        case .unfinishedInFinished: return "an item in the Finished section is not marked finished"
        case .emptyTitle(let id): return "the to-do \(id.uuidString) has an empty title"
        case let .plan(id, error): return "the to-do \(id.uuidString) has a plan the list refuses: \(error.errorDescription ?? "\(error)")"
        case let .repeatedID(what, id): return "the \(record(what)) id \(id.uuidString) is used more than once"
        case let .numberOutOfRange(what, number, next):
            return "a \(record(what)) is numbered \(number), outside 1 to \(next - 1) (the next number is \(next))"
        case let .nextNumberOutOfRange(what, next):
            return "the next \(record(what)) number, \(next), is not between 1 and \(Document.largestNumber)"
        case let .repeatedNumber(what, number): return "the \(record(what)) number \(number) is used more than once"
        case .nameless(let id): return "the person \(id.uuidString) has no first or last name"
        case .pageOutOfRange(let page): return "the next page to load, \(page), is not between 1 and \(FetchProgress.lastPage)"
        case .historyTooLong(let count): return "the undo history holds \(count) steps, more than \(Document.undoLimit)"
        case let .sortWithoutOrder(step, count): return "undo step \(step) of \(count) undoes a sort without saying the order before it"
        case let .positionOutOfRange(step, count, position): return "undo step \(step) of \(count) puts an item back at position \(position)"
        case let .repeatedPosition(step, count, position): return "undo step \(step) of \(count) puts two items back at position \(position)"
        case let .numberOutOfRangeInStep(step, count, number): return "undo step \(step) of \(count) brings back an item numbered \(number)"
        case let .inStep(step, count, problem): return "undo step \(step) of \(count) brings back what the lists refuse: \(self.problem(problem))"
        }
    }
}
