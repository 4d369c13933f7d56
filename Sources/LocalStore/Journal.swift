import Foundation
import TodoList

/// The lines of `<store>.journal`: the adds made since the store file was last written.
///
/// The first line names the store the journal belongs to (`{"journal":"<id>"}`), each other
/// line is one add (`{"addTodo":{…}}`), and every line ends with a newline. A last line without
/// one is an add cut off by a crash: it was never acknowledged, so it is not part of the list.
enum Journal {
    /// The first line of a journal that belongs to the store with this id.
    static func header(_ id: UUID) -> Data {
        Data("{\"journal\":\"\(id.uuidString)\"}\n".utf8)
    }

    /// The store id on the first line, or nil when the bytes do not start like a journal.
    static func id(of journal: Data) -> UUID? {
        guard let id = id(atStartOf: journal), journal.starts(with: header(id)) else { return nil }
        return id
    }

    /// The id in bytes that start `{"journal":"<id>"`, as both a journal and a store file in
    /// the current format do (the store's keys are sorted, and `journal` comes first).
    static func id(atStartOf bytes: some BidirectionalCollection<UInt8>) -> UUID? {
        let opening = Data("{\"journal\":\"".utf8)
        let text = bytes.prefix(opening.count + 37)
        guard text.count == opening.count + 37, text.starts(with: opening), text.last == UInt8(ascii: "\"") else { return nil }
        return UUID(uuidString: String(decoding: text.dropFirst(opening.count).dropLast(), as: UTF8.self))
    }

    /// The line that records one add.
    static func line(adding item: TodoItem) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Line(addTodo: item)) + Data("\n".utf8)
    }

    /// The adds in the journal, oldest first; a last line cut short is left out.
    static func adds(in journal: Data, ofStore path: String) throws -> [TodoItem] {
        var lines = journal.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropFirst()
        lines.removeLast()
        guard !lines.isEmpty else { return [] }
        let decoder = JSONDecoder()
        let all = Data("[".utf8) + Data(lines.joined(separator: Data(",".utf8))) + Data("]".utf8)
        if let decoded = try? decoder.decode([Line].self, from: all) {
            return decoded.map(\.addTodo)
        }
        for (number, line) in zip(2..., lines) where (try? decoder.decode(Line.self, from: Data(line))) == nil {
            throw StoreError.damaged(path: path, reason: "line \(number) of its journal, \(name(ofStore: path)), is not an add")
        }
        throw StoreError.damaged(path: path, reason: "its journal, \(name(ofStore: path)), does not read")
    }

    /// Where the journal of the store at `path` is kept: beside it.
    static func path(ofStore path: String) -> String {
        path + ".journal"
    }

    private static func name(ofStore path: String) -> String {
        (Journal.path(ofStore: path) as NSString).lastPathComponent
    }

    private struct Line: Codable {
        let addTodo: TodoItem
    }
}
