import Foundation
import LocalStore
import ListEngine
import TestSupport
import Testing
import TodoList
import UserList

/// A repair writes nothing where the user said nothing may be written, and two at once repair once.
@Suite("doctor --repair where it may not write, or twice at once")
struct DoctorRepairLimitsTests {
    private let files: StoreFolder
    private let now = Date(timeIntervalSinceReferenceDate: 785_500_000)

    init() throws {
        files = try StoreFolder()
        try files.seedWithAJournal()
    }

    enum Unwritable: String, CaseIterable, Sendable {
        case newer = "a store of another format version, newer than todo"
        case readOnly = "a damaged store file that is read-only"
    }

    @Test("SF-26 doctor --repair writes nothing, not even a copy, where it may not write", arguments: Unwritable.allCases)
    func repairRefused(damage: Unwritable) throws {
        let refused: StoreError, message: String
        switch damage {
        case .newer:
            try files.write(Data("{\"version\": 99, \"todos\": {}}".utf8))
            refused = .newerVersion(path: files.storeURL.path, version: 99)
            message = "the store \(files.storeURL.path) was written by a newer todo (format 99; this one reads up to "
                + "\(StoreFormat.current)); update todo to open it. The file was left as it is"
        case .readOnly:
            try files.write(files.storeBytes.prefix(files.storeBytes.count / 2))
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: files.storeURL.path)
            refused = .cannotWrite(path: files.storeURL.path, .readOnlyFile)
            message = "cannot save to \(files.storeURL.path): the file is read-only; the store was left as it was"
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: files.storeURL.path) }
        let (store, journal) = (files.storeBytes, files.journalBytes)

        #expect(throws: refused) { try files.store().repair(at: now) }
        #expect(try files.todo("doctor", "--repair") == Run(status: 1, output: "", errors: "error: \(message)\n"))

        #expect(files.storeBytes == store)
        #expect(files.journalBytes == journal)
        #expect(try files.contents() == ["store.json", "store.json.journal", "store.json.lock"])
        #expect(try files.store().inspect().findings.map(\.isRepairable) == [damage == .readOnly])
    }

    @Test("SF-23 Two repairs at the same time repair once")
    func concurrentRepairs() async throws {
        try files.write(files.storeBytes.prefix(files.storeBytes.count / 2))
        let store = files.storeURL
        let when = now

        let reports = try await withThrowingTaskGroup(of: RepairReport?.self) { group in
            for _ in 0..<2 {
                group.addTask { try FileStore(url: store).repair(at: when) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(reports.compactMap { $0 }.count == 1)
        #expect(try files.contents() == ["store.json", "store.json.damaged-20251122-102640", "store.json.journal.damaged-20251122-102640",
                                         "store.json.lock"])
        #expect(try files.store().inspect().isSound)
    }
}
