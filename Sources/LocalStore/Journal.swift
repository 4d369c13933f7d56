import FastJSON
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
    static func line(adding item: TodoItem) -> Data {
        var json = JSONWriter(capacity: 128)
        json.object { json in
            json.key("addTodo")
            item.write(to: &json)
        }
        return json.data + Data("\n".utf8)
    }

    /// The adds in the journal, oldest first; a last line cut short is left out.
    static func adds(in journal: Data, ofStore path: String) throws -> [TodoItem] {
        var lines = journal.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropFirst()
        lines.removeLast()
        return try zip(2..., lines).map { number, line in
            do {
                return try JSONReader.read(Data(line)) { json in
                    var item: TodoItem?
                    try json.readObject { json, key in
                        if key == "addTodo" { item = try TodoItem(json: &json) } else { try json.skipValue() }
                    }
                    return try json.required(item, "addTodo")
                }
            } catch {
                throw StoreError.damaged(path: path, reason: "line \(number) of its journal, \(name(ofStore: path)), is not an add")
            }
        }
    }

    /// Where the journal of the store at `path` is kept: beside it.
    static func path(ofStore path: String) -> String {
        path + ".journal"
    }

    private static func name(ofStore path: String) -> String {
        (Journal.path(ofStore: path) as NSString).lastPathComponent
    }
}
