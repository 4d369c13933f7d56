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
    /// store, throws `JSONReader.Error` saying where it went wrong.
    static func read(_ data: Data) throws -> ReadDocument {
        do {
            let file = try JSONReader.read(data) { json -> FileDocument? in
                let parts = try Parts(json: &json)
                return parts.version >= 6 ? try parts.file(&json) : nil
            }
            if let file {
                return ReadDocument(file: file, isProven: StoreHead.isProven(data), isLegacy: false)
            }
        } catch {
            guard let version = version(in: data), version < 6 else { throw error }
        }
        let file = try JSONReader.read(data) { json in try LegacyParts(json: &json).file(&json) }
        return ReadDocument(file: file, isProven: false, isLegacy: true)
    }

    /// The format a file says it is in, read without the rest; nil when it is not a JSON
    /// object with a whole-number version.
    static func version(in data: Data) -> Int? {
        try? JSONReader.read(data) { json in
            var version: Int?
            try json.readObject { json, key in
                if key == "version" { version = try json.readInt() } else { try json.skipValue() }
            }
            return try json.required(version, "version")
        }
    }

    /// The file's bytes in format 6: keys in sorted order, and first a checksum of everything
    /// after it, so a reader can prove the file is as written without reading it whole.
    var bytes: Data {
        let (todos, people, history) = (document.todos, document.people, document.history)
        let items = todos.unfinished.count + todos.finished.count
        var json = JSONWriter(capacity: 512 + 110 * items + 250 * (people.everyone.count + people.deleted.count))
        json.object { json in
            json.key("checksum")
            json.string(String(repeating: "0", count: 16))
            json.optional("folded", folded) { json, folded in
                json.object { json in
                    json.key("checksum")
                    json.string(String(decoding: Checksum.hex(folded.checksum), as: UTF8.self))
                    json.key("id")
                    json.uuid(folded.id)
                }
            }
            json.optional("journal", journal) { $0.uuid($1) }
            json.key("nextPersonNumber")
            json.int(people.nextNumber)
            json.key("nextTodoNumber")
            json.int(todos.nextNumber)
            json.key("people")
            json.object { json in
                json.key("deleted")
                json.array(people.deleted) { $1.write(to: &$0) }
                json.key("everyone")
                json.array(people.everyone) { $1.write(to: &$0) }
                json.optional("fetchProgress", people.fetchProgress) { $1.write(to: &$0) }
                json.key("sortOrder")
                json.string(people.sortOrder.rawValue)
                json.key("unmatchedSearches")
                json.array(people.unmatchedSearches) { $0.string($1) }
            }
            json.key("todos")
            json.object { json in
                json.key("finished")
                json.array(todos.finished) { $1.write(to: &$0) }
                json.key("todo")
                json.array(todos.unfinished) { $1.write(to: &$0) }
            }
            json.key("undo")
            json.array(history) { $1.write(to: &$0) }
            json.key("version")
            json.int(version)
        }
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

    /// The head of a proven file in format 6, read from its first bytes; nil for any other.
    static func read(_ bytes: UnsafeRawBufferPointer) -> StoreHead? {
        let ending = Array(",\"version\":\(StoreFormat.current)}".utf8)
        guard bytes.count > 200, bytes[(bytes.count - ending.count)...].elementsEqual(ending), isProven(bytes),
              let checksum = Checksum.value(ofHex: bytes[opening.count..<(opening.count + 16)]) else { return nil }
        var position = sealedFrom
        func literal(_ text: String) -> Bool {
            let expected = Array(text.utf8)
            guard bytes.count - position >= expected.count, bytes[position..<(position + expected.count)].elementsEqual(expected)
            else { return false }
            position += expected.count
            return true
        }
        func uuid() -> UUID? {
            guard bytes.count - position >= 37, bytes[position + 36] == UInt8(ascii: "\"") else { return nil }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + 36)]), as: UTF8.self)
            position += 37
            return UUID(uuidString: text)
        }
        func number() -> Int? {
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]), position - start < 18 {
                position += 1
            }
            return Int(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
        }
        var folded: FoldedJournal?
        if literal("\"folded\":{\"checksum\":\"") {
            guard bytes.count - position > 16, let sum = Checksum.value(ofHex: bytes[position..<(position + 16)]) else { return nil }
            position += 16
            guard literal("\",\"id\":\""), let id = uuid(), literal("},") else { return nil }
            folded = FoldedJournal(id: id, checksum: sum)
        }
        guard literal("\"journal\":\""), let journal = uuid(), literal(",\"nextPersonNumber\":"), number() != nil,
              literal(",\"nextTodoNumber\":"), let nextTodoNumber = number(), literal(",") else { return nil }
        return StoreHead(checksum: checksum, folded: folded, journal: journal, nextTodoNumber: nextTodoNumber)
    }
}

/// The top-level keys of a format 6 file, read in one pass.
private struct Parts {
    var version = 0
    var folded: FoldedJournal?
    var journal: UUID?
    var nextPersonNumber: Int?
    var nextTodoNumber: Int?
    var people: (everyone: [Person], deleted: [Person], order: PeopleOrder, progress: FetchProgress?, unmatched: [String])?
    var todos: (todo: [TodoItem], finished: [TodoItem])?
    var history: [HistoryStep]?

    init(json: inout JSONReader) throws {
        var version: Int?
        try json.readObject { json, key in
            switch key {
            case "folded": folded = try json.readNull() ? nil : Self.folded(&json)
            case "journal": journal = try json.readNull() ? nil : json.readUUID()
            case "nextPersonNumber": nextPersonNumber = try json.readInt()
            case "nextTodoNumber": nextTodoNumber = try json.readInt()
            case "people": people = try Self.people(&json)
            case "todos": todos = try Self.todos(&json)
            case "undo": history = try json.readArray(of: HistoryStep.init(json:))
            case "version": version = try json.readInt()
            default: try json.skipValue()
            }
        }
        self.version = try json.required(version, "version")
    }

    /// The file, read: `json` stands at its end, where a key it lacks is missed.
    func file(_ json: inout JSONReader) throws -> FileDocument {
        guard let todos, let people, let history, let nextTodoNumber, let nextPersonNumber, let journal else {
            throw json.error(expected: "the keys journal, nextPersonNumber, nextTodoNumber, people, todos and undo")
        }
        let document = Document(
            todos: Todos(unfinished: todos.todo, finished: todos.finished, nextNumber: nextTodoNumber),
            people: People(everyone: people.everyone, sortOrder: people.order, deleted: people.deleted,
                           fetchProgress: people.progress, unmatchedSearches: people.unmatched, nextNumber: nextPersonNumber),
            history: history)
        return FileDocument(document: document, version: version, journal: journal, folded: folded)
    }

    private static func folded(_ json: inout JSONReader) throws -> FoldedJournal {
        var checksum: UInt64?
        var id: UUID?
        try json.readObject { json, key in
            switch key {
            case "checksum":
                let text = try json.readString()
                guard let value = Checksum.value(ofHex: Array(text.utf8)) else { throw json.error(expected: "sixteen hex digits") }
                checksum = value
            case "id": id = try json.readUUID()
            default: try json.skipValue()
            }
        }
        return FoldedJournal(id: try json.required(id, "id"), checksum: try json.required(checksum, "checksum"))
    }

    private static func todos(_ json: inout JSONReader) throws -> (todo: [TodoItem], finished: [TodoItem]) {
        var finished: [TodoItem]?
        var todo: [TodoItem]?
        try json.readObject { json, key in
            switch key {
            case "finished": finished = try json.readArray(of: TodoItem.init(json:))
            case "todo": todo = try json.readArray(of: TodoItem.init(json:))
            default: try json.skipValue()
            }
        }
        return (try json.required(todo, "todo"), try json.required(finished, "finished"))
    }

    private static func people(_ json: inout JSONReader) throws
        -> (everyone: [Person], deleted: [Person], order: PeopleOrder, progress: FetchProgress?, unmatched: [String]) {
        var deleted: [Person]?
        var everyone: [Person]?
        var progress: FetchProgress?
        var order: PeopleOrder?
        var unmatched: [String]?
        try json.readObject { json, key in
            switch key {
            case "deleted": deleted = try json.readArray(of: Person.init(json:))
            case "everyone": everyone = try json.readArray(of: Person.init(json:))
            case "fetchProgress": progress = try json.readNull() ? nil : FetchProgress(json: &json)
            case "sortOrder": order = try json.readEnum(PeopleOrder.self)
            case "unmatchedSearches": unmatched = try json.readArray { try $0.readString() }
            default: try json.skipValue()
            }
        }
        return (try json.required(everyone, "everyone"), try json.required(deleted, "deleted"), try json.required(order, "sortOrder"),
                progress, try json.required(unmatched, "unmatchedSearches"))
    }
}
