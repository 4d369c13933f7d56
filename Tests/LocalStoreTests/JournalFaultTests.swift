import Foundation
@testable import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList
import UserList

@Suite("A store that loses nothing: a journal is dropped only when the store proves it took it in")
struct JournalFaultTests {
    private let files: StoreFolder

    init() throws {
        files = try StoreFolder()
        try files.seed(todo: ["Buy milk", "Call Ann"])
        _ = try files.store().add(id: id(3), title: "Pay rent")
        try files.store().apply(TodoChange.check([id(1)]))
    }

    enum JournalChange: String, CaseIterable, Sendable {
        case carriageReturns = "carriage returns before its line breaks"
        case flippedHeader = "a hex digit of its first line flipped"
        case byteOrderMark = "a byte-order mark before its first line"
        case anotherStore = "it is the journal of another store"
        case noStore = "it lies beside a store that does not exist"
        case noStoreNorFirstLine = "it lies beside a store that does not exist, its first line gone"
        case takenInWithOtherLines = "it has the id of the journal the store took in, and other lines"
        case takenInWithALineAdded = "it is the journal the store took in, with a line added after"
    }

    /// Changes the journal of `files` as the row says.
    private static func damage(_ files: StoreFolder, _ change: JournalChange) throws {
        let text = String(decoding: files.journalBytes, as: UTF8.self)
        switch change {
        case .carriageReturns: try files.writeJournal(Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        case .flippedHeader:
            let header = files.journalLines[0]
            let flipped = header.replacingCharacters(in: header.index(header.startIndex, offsetBy: 12)...header.index(header.startIndex, offsetBy: 12),
                                                     with: header.dropFirst(12).first == "A" ? "B" : "A")
            try files.writeJournal(Data(text.replacingOccurrences(of: header, with: flipped).utf8))
        case .byteOrderMark: try files.writeJournal(Data([0xEF, 0xBB, 0xBF]) + files.journalBytes)
        case .anotherStore:
            let other = try StoreFolder()
            try other.seed(todo: ["Elsewhere"])
            _ = try other.store().add(id: id(50), title: "Not here")
            try files.writeJournal(other.journalBytes)
        case .noStore: try FileManager.default.removeItem(at: files.storeURL)
        case .noStoreNorFirstLine:
            try FileManager.default.removeItem(at: files.storeURL)
            try files.writeJournal(Data((files.journalLines.dropFirst().joined(separator: "\n") + "\n").utf8))
        case .takenInWithOtherLines:
            let lines = files.journalLines
            try files.store().update { $0.people = makePeople([person(9, "Ann", "Lee")]) }
            try files.writeJournal(Data((lines.dropLast().joined(separator: "\n") + "\n").utf8))
        case .takenInWithALineAdded:
            let taken = files.journalBytes
            try files.store().update { $0.people = makePeople([person(9, "Ann", "Lee")]) }
            try files.writeJournal(taken + Data("{\"checkTodos\":[\"\(id(2).uuidString)\"]}\n".utf8))
        }
    }

    /// Why every command refuses the journal of the row: the reason its error gives, and in words.
    private func reason(_ change: JournalChange) throws -> (mismatch: JournalMismatch, words: String) {
        switch change {
        case .carriageReturns, .byteOrderMark:
            return (.damagedLine(1, .ownerNotAsWritten), "line 1 does not name a store as todo writes it")
        case .flippedHeader: return (.damagedLine(2, .sumDoesNotMatch), "line 2 is not what todo wrote there: its sum does not match")
        case .anotherStore:
            let named = try #require(files.journalLines.first?.firstMatch(of: /"journal":"([0-9A-F-]{36})"/)?.1)
            let own = try #require(String(decoding: files.storeBytes, as: UTF8.self).firstMatch(of: /"journal":"([0-9A-F-]{36})"/)?.1)
            return (.namesAnotherStore(try #require(UUID(uuidString: String(named))), store: UUID(uuidString: String(own))),
                    "it names the store \(named), and this store is \(own)")
        case .noStore, .noStoreNorFirstLine: return (.noStoreBesideIt, "there is no store beside it")
        case .takenInWithOtherLines, .takenInWithALineAdded:
            return (.otherLinesThanTakenIn, "it has the id of the journal the store took in, and not its lines: "
                    + "it was changed since, or comes from a copy of the store")
        }
    }

    /// What doctor says of the journal of the row: what is wrong, and what a repair would lose;
    /// and the same in words.
    private func finding(_ change: JournalChange, reason: (mismatch: JournalMismatch, words: String))
        -> (finding: StoreReport.Finding, what: String, loses: String) {
        let keptAsACopy = " it holds: todo doctor --repair keeps only a copy of a journal that names another store"
        let (what, whatWords, loses, lossWords): (StoreReport.Finding.What, String, StoreReport.Finding.Loss, String) = switch change {
        case .carriageReturns, .byteOrderMark:
            (.journalNotTheStores(reason.mismatch), "it does not belong to the store (\(reason.words))",
             .nothingJournalBroughtIn, "nothing: todo doctor --repair brings in the changes it holds, and keeps a copy of it")
        case .flippedHeader:
            (.journalNotTheStores(reason.mismatch), "it does not belong to the store (\(reason.words))",
             .journalKeptOnlyAsACopy(changes: 2), "the 2 changes" + keptAsACopy)
        case .anotherStore, .takenInWithOtherLines:
            (.journalNotTheStores(reason.mismatch), "it does not belong to the store (\(reason.words))",
             .journalKeptOnlyAsACopy(changes: 1), "the 1 change" + keptAsACopy)
        case .takenInWithALineAdded:
            (.journalNotTheStores(reason.mismatch), "it does not belong to the store (\(reason.words))",
             .journalKeptOnlyAsACopy(changes: 3), "the 3 changes" + keptAsACopy)
        // The check of Buy milk, which was in the store alone, does not apply; nor, with the
        // first line gone, the add whose sum builds on it.
        case .noStore:
            (.journalWithoutStore, "a journal lies here without its store",
             .changesLeftOut(lines: [3]), "the change of line 3, which todo doctor --repair leaves out")
        case .noStoreNorFirstLine:
            (.journalWithoutStore, "a journal lies here without its store",
             .changesLeftOut(lines: [1, 2]), "the changes of lines 1 and 2, which todo doctor --repair leaves out")
        }
        return (StoreReport.Finding(file: files.journalURL.path, what: what, place: nil, loses: loses, isRepairable: true), whatWords, lossWords)
    }

    @Test("SF-1 A journal the store cannot account for is refused, named, and never written over", arguments: JournalChange.allCases)
    func unaccountedJournal(change: JournalChange) throws {
        try Self.damage(files, change)
        let (store, journal) = (files.storeBytes, files.journalBytes)
        let why = try reason(change)
        let refused = StoreError.journalNotAccounted(journal: files.journalURL.path, why.mismatch)

        for command in files.everyCommand() {
            #expect(throws: refused, "\(command.name)") { try command.run() }
        }
        let message = "the journal \(files.journalURL.path) does not belong to its store "
            + "(\(why.words)); both were left as they are. "
            + "todo doctor says what it holds, and todo doctor --repair keeps a copy and rebuilds the store"
        #expect(try files.todo("list") == Run(status: 1, output: "", errors: "error: \(message)\n"))

        let finding = finding(change, reason: why)
        #expect(try files.store().inspect().findings == [finding.finding])
        let doctor = try files.todo("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.output.hasSuffix("Problem in \(files.journalURL.path): \(finding.what)\n  A repair would lose: \(finding.loses)\n"))
        #expect(doctor.errors == "error: the store \(files.storeURL.path) has a problem; it was left as it is. "
                + "todo doctor --repair keeps a copy of each file and rebuilds the store from what they hold\n")

        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
    }

    enum LineChange: String, CaseIterable, Sendable {
        case letterChanged = "a letter of a title changed"
        case doubled = "a line doubled"
        case swapped = "two lines swapped"
        case middleDropped = "the middle line dropped"
        case carriageReturn = "a carriage return before one break"
    }

    @Test("SF-2 A journal line changed, doubled, moved or dropped is refused, not skipped", arguments: LineChange.allCases)
    func changedLine(change: LineChange) throws {
        try files.store().apply(TodoChange.rename(id(2), to: "Call Anna"))
        var lines = files.journalLines
        #expect(lines.count == 4)
        let damagedLine: Int
        switch change {
        case .letterChanged:
            lines[1] = lines[1].replacingOccurrences(of: "Pay rent", with: "Pay Rent")
            damagedLine = 2
        case .doubled:
            lines.insert(lines[2], at: 3)
            damagedLine = 4
        case .swapped:
            lines.swapAt(2, 3)
            damagedLine = 3
        case .middleDropped:
            lines.remove(at: 2)
            damagedLine = 3
        case .carriageReturn:
            lines[2] += "\r"
            damagedLine = 3
        }
        try files.writeJournal(Data((lines.joined(separator: "\n") + "\n").utf8))
        let store = files.storeBytes
        let journal = files.journalBytes
        let damaged = StoreError.damaged(path: files.storeURL.path, .journalLine(damagedLine, journal: "store.json.journal", .sumDoesNotMatch))

        for command in files.everyCommand() {
            #expect(throws: damaged, "\(command.name)") { try command.run() }
        }

        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
    }

    @Test("SF-3 A journal the store took in is discarded only then")
    func foldedJournal() throws {
        let taken = files.journalBytes
        try files.store().update { $0.people = makePeople([person(9, "Ann", "Lee")]) }
        try files.writeJournal(taken)
        let expected = list(todo: [todo(3, "Pay rent"), todo(2, "Call Ann")], finished: [finished(1, "Buy milk")], next: 4)

        #expect(try files.todos() == expected)
        #expect(try files.store().inspect().isSound)

        _ = try files.store().add(id: id(4), title: "Post letter")
        #expect(files.journalLines.count == 2)
        #expect(files.journalLines[0] != String(decoding: taken, as: UTF8.self).split(separator: "\n")[0])
        #expect(try files.todos() == list(todo: [todo(4, "Post letter")] + expected.unfinished, finished: expected.finished, next: 5))

        try files.writeJournal(taken)
        try files.store().update { $0.people = People() }
        #expect(!FileManager.default.fileExists(atPath: files.journalURL.path), "a fold removes a journal taken in before")
    }

    /// A line whose sum holds but which names no change this todo knows, as a newer one or a
    /// forger may write: a repair knows the journal the store took in by its bytes, not by
    /// what it can read of them, and sets it aside.
    @Test("SF-3 A journal the store took in is discarded only then: a repair knows it by its whole lines, one it cannot read included")
    func foldedJournalWithALineNotAChange() throws {
        var taken = Array(files.journalBytes)
        let previous = taken.withUnsafeBytes { Journal.read($0).sum }
        let body = Array(#"{"shout":"hi""#.utf8)
        taken += body + Array(#","sum":""#.utf8) + Checksum.hex(body.withUnsafeBytes { Checksum.xxh64($0, seed: previous) }) + Array("\"}\n".utf8)
        try files.store().update { $0.people = makePeople([person(9, "Ann", "Lee")]) }
        var store = String(decoding: files.storeBytes, as: UTF8.self)
        let folded = try #require(store.range(of: #""folded":\{"checksum":"[0-9a-f]{16}""#, options: .regularExpression))
        let sum = String(decoding: Checksum.hex(taken.withUnsafeBytes { Checksum.xxh64($0) }), as: UTF8.self)
        store.replaceSubrange(folded, with: #""folded":{"checksum":""# + sum + "\"")
        // Its end cut off, so that there is something to repair.
        let sealed = StoreHead.sealed(Array(store.utf8))
        try files.write(sealed.prefix(sealed.count - 10))
        // And after the line, one a crash cut off: the sum of every byte is not the store's.
        try files.writeJournal(Data(taken + Array(#"{"addTodo":{"id":""#.utf8)))

        let repaired = try #require(try files.store().repair(at: Date()))

        #expect(repaired.journalSetAside == .takenInAlready)
        #expect(try files.todos() == list(todo: [todo(3, "Pay rent"), todo(2, "Call Ann")], finished: [finished(1, "Buy milk")], next: 4))
    }

    enum JournalEnd: String, CaseIterable, Sendable {
        case wrongSum = "a whole last line, without its break, whose sum is wrong"
        case foreignBytes = "bytes todo never writes, without a line break"
        case unknownChange = "the start of a change todo does not know, without a line break"
        case zeros = "zero bytes where a line would be"
        case closedWithoutSum = "a whole change, closed, without its sum or its break"
        case longSum = "a whole last line, without its break, whose sum has a digit too many"
        case tooLarge = "more bytes than todo ever writes beside its store"
    }

    @Test("SF-20 A journal's end that todo did not write there is refused, not taken for a crash", arguments: JournalEnd.allCases)
    func foreignEnd(end: JournalEnd) throws {
        let reason: Damage
        switch end {
        case .wrongSum:
            var lines = files.journalLines
            let digit = lines[2].index(lines[2].endIndex, offsetBy: -3)
            lines[2].replaceSubrange(digit...digit, with: lines[2][digit] == "0" ? "1" : "0")
            try files.writeJournal(Data(lines.joined(separator: "\n").utf8))
            reason = .journalLine(3, journal: "store.json.journal", .sumDoesNotMatch)
        case .foreignBytes:
            try files.writeJournal(files.journalBytes + Data("rm -rf ~".utf8))
            reason = .journalLine(4, journal: "store.json.journal", .sumDoesNotMatch)
        case .unknownChange:
            try files.writeJournal(files.journalBytes + Data("{\"renameEverything\":".utf8))
            reason = .journalLine(4, journal: "store.json.journal", .sumDoesNotMatch)
        case .zeros:
            try files.writeJournal(files.journalBytes + Data(repeating: 0, count: 4096))
            reason = .journalLine(4, journal: "store.json.journal", .sumDoesNotMatch)
        case .closedWithoutSum, .longSum:
            // A crash cuts a line short: what it leaves never closes the line's object, which
            // closes only after the sum.
            var lines = files.journalLines
            let last = try #require(lines.last)
            lines.removeLast()
            let sum = try #require(last.range(of: #","sum":""#))
            let closed = end == .longSum ? last.replacingOccurrences(of: #""}"#, with: #"0"}"#) : last[..<sum.lowerBound] + "}"
            try files.writeJournal(Data((lines + [closed]).joined(separator: "\n").utf8))
            reason = .journalLine(lines.count + 1, journal: "store.json.journal", .sumDoesNotMatch)
        case .tooLarge:
            let handle = try FileHandle(forWritingTo: files.journalURL)
            try handle.truncate(atOffset: 40_000_000)
            try handle.close()
            reason = .journalTooLarge(journal: "store.json.journal", bytes: 40_000_000)
        }
        let (store, journal) = (files.storeBytes, files.journalBytes)

        #expect(throws: StoreError.damaged(path: files.storeURL.path, reason)) { try files.todos() }
        #expect(throws: StoreError.damaged(path: files.storeURL.path, reason)) {
            _ = try files.store().add(id: id(9), title: "Post letter")
        }

        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
    }

    @Test("SF-4 A whole last line that lost only its line break is kept")
    func lostLineBreak() throws {
        try files.writeJournal(files.journalBytes.dropLast())
        let expected = list(todo: [todo(3, "Pay rent"), todo(2, "Call Ann")], finished: [finished(1, "Buy milk")], next: 4)

        #expect(try files.todos() == expected)

        _ = try files.store().add(id: id(4), title: "Post letter")
        #expect(files.journalLines.count == 4)
        #expect(files.journalBytes.last == UInt8(ascii: "\n"))
        #expect(try files.todos() == list(todo: [todo(4, "Post letter")] + expected.unfinished, finished: expected.finished, next: 5))
    }

    @Test("SF-4 A whole last line that lost only its line break is kept: the first line, alone")
    func headerWithoutItsLineBreak() throws {
        let before = try files.todos()
        try files.store().update { $0.todos = Todos() }
        try files.store().update { $0.todos = before }
        let journal = try #require(try files.storeFile().journal)
        try files.writeJournal(Data(Journal.header(journal).dropLast()))

        #expect(try files.todos() == before)
        #expect(try files.store().inspect().isSound)
        _ = try files.store().add(id: id(9), title: "Post letter")
        #expect(try files.todos().unfinished.first?.title == "Post letter")
        #expect(files.journalLines.count == 2)
    }
}
