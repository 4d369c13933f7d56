import FastJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListEngine
import TodoList
import UserList

/// A store file as read: the lists, and what its bytes proved.
struct ReadDocument {
    var file: FileDocument
    /// The file starts with a checksum of the rest of its bytes, and it matches: `todo` wrote
    /// it as it is, and checked it before it did, so it need not be checked again.
    var isProven: Bool
    /// Written in a format before 6: its journal holds lines in the old form, and once they are
    /// replayed the items are numbered as the list showed them.
    var isLegacy: Bool
}

extension FileDocument {
    /// The bytes of a store file, whatever its format: format 6 read as it is, an older one
    /// read into format 6 (see `Specs/store-format.md`). A file that is not JSON, or not a
    /// store, throws a `FormatFailure` saying where it went wrong.
    static func read(_ data: Data) throws -> ReadDocument {
        do {
            let file = try JSONReader.read(data) { json in try readCurrent(&json) }
            if let file {
                return ReadDocument(file: file, isProven: StoreHead.isProven(data), isLegacy: false)
            }
        } catch {
            guard let version = version(in: data), version < 6 else { throw error }
        }
        let file = try JSONReader.read(data) { json in try LegacyParts(json: &json).file(&json) }
        return ReadDocument(file: file, isProven: false, isLegacy: true)
    }

    /// Why a store file is not opened: it was written by a newer todo, or it is damaged so.
    enum Refusal: Error {
        case newer(version: Int)
        case empty
        case notAStore(FormatFailure)
        case doesNotFit(format: Int, FormatFailure)
        case noSuchFormat(Int)
        case problems([Problem])
    }

    /// The bytes of a store file read and checked as every command reads them, and `doctor` and
    /// a repair too: one check, so that a file doctor calls sound is one every command opens.
    /// Whatever else of the file does not read, a newer format is said first.
    static func checked(_ data: Data) throws(Refusal) -> ReadDocument {
        guard !data.isEmpty else { throw .empty }
        let read: ReadDocument
        do {
            read = try FileDocument.read(data)
        } catch {
            // The readers of the format throw where they stopped, and nothing else.
            let failure = error as? FormatFailure ?? FormatFailure(offset: 0, expected: "a store")
            guard let version = version(in: data) else { throw .notAStore(failure) }
            guard version <= StoreFormat.current else { throw .newer(version: version) }
            guard version >= 1 else { throw .noSuchFormat(version) }
            throw .doesNotFit(format: version, failure)
        }
        let version = read.file.version
        guard version <= StoreFormat.current else { throw .newer(version: version) }
        guard version >= 1 else { throw .noSuchFormat(version) }
        let problems = read.file.document.problems
        guard problems.isEmpty else { throw .problems(problems) }
        return read
    }

    /// The format a file says it is in, read without the rest; nil when it is not a JSON
    /// object with a whole-number version.
    static func version(in data: Data) -> Int? {
        try? JSONReader.read(data) { json in
            var version: Int?
            try json.readObject { json, key in
                if key == Key.version.rawValue { version = try json.readInt() } else { try json.skipValue() }
            }
            return try json.required(version, Key.version.rawValue)
        }
    }

    /// The file's bytes in format 6: keys in sorted order, and first a checksum of everything
    /// after it, so a reader can prove the file is as written without reading it whole.
    var bytes: Data {
        let items = document.todos.unfinished.count + document.todos.finished.count
        let people = document.people.everyone.count + document.people.deleted.count
        var json = JSONWriter(capacity: 512 + 110 * items + 250 * people)
        write(to: &json)
        return StoreHead.sealed(json.bytes)
    }
}

/// What a store file starts with: `{"checksum":"<16 hex digits>",` and then the rest, which
/// the checksum is of; `folded`, `journal` and the next numbers follow, so the first bytes
/// of a proven file tell an add all it needs.
struct StoreHead: Equatable {
    let checksum: UInt64
    let folded: FoldedJournal?
    let journal: UUID
    let nextTodoNumber: Int

    private static let opening = Array("{\"checksum\":\"".utf8)
    /// Where the bytes the checksum is of begin: after `{"checksum":"`, 16 digits and `",`.
    static let sealedFrom = opening.count + 18

    /// The bytes with the checksum of their rest written in, over the zeros in its place.
    static func sealed(_ bytes: [UInt8]) -> Data {
        var bytes = bytes
        let checksum = bytes.withUnsafeBytes { Checksum.xxh64(UnsafeRawBufferPointer(rebasing: $0[sealedFrom...])) }
        bytes.replaceSubrange(opening.count..<(opening.count + 16), with: Checksum.hex(checksum))
        return Data(bytes)
    }

    /// Whether the file starts with a checksum that matches the rest of it.
    static func isProven(_ data: Data) -> Bool {
        data.withUnsafeBytes { isProven($0) }
    }

    static func isProven(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > sealedFrom, bytes.starts(with: opening),
              bytes[sealedFrom - 2] == UInt8(ascii: "\""), bytes[sealedFrom - 1] == UInt8(ascii: ","),
              let written = Checksum.value(ofHex: bytes[opening.count..<(opening.count + 16)]) else { return false }
        return Checksum.xxh64(UnsafeRawBufferPointer(rebasing: bytes[sealedFrom...])) == written
    }

    /// The head of a proven file in the current format, read from its first bytes as the file's
    /// table writes them; nil for any other.
    static func read(_ data: Data) -> StoreHead? {
        let proven = data.withUnsafeBytes { bytes -> UInt64? in
            let ending = Array(",\"\(FileDocument.Key.version.rawValue)\":\(StoreFormat.current)}".utf8)
            guard bytes.count > 200, bytes[(bytes.count - ending.count)...].elementsEqual(ending), isProven(bytes) else { return nil }
            return Checksum.value(ofHex: bytes[opening.count..<(opening.count + 16)])
        }
        guard let checksum = proven else { return nil }
        let head = try? JSONReader.read(data, from: 0) { json -> StoreHead? in
            RecordReader.readStart(FileDocument.keys, &json) { record, json -> StoreHead? in
                try record.value(.checksum, &json) { try $0.skipValue() }
                let folded = try record.optional(.folded, &json, FoldedJournal.read)
                let journal = try record.uuid(.journal, &json)
                _ = try record.int(.nextPersonNumber, &json)
                let nextTodoNumber = try record.int(.nextTodoNumber, &json)
                return json.readLiteral(",") ? StoreHead(checksum: checksum, folded: folded, journal: journal, nextTodoNumber: nextTodoNumber) : nil
            } ?? nil
        }
        return head?.value ?? nil
    }
}
