import FastJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TodoList

// The to-dos as the store file and the journal write them; ModelFormat.swift says how.

extension TodoItem {
    /// `number` is nil in the formats before 6, which had none: the caller gives one.
    static func read(_ json: inout JSONReader) throws -> (id: UUID, number: Int?, title: String, isFinished: Bool) {
        if let item = json.attempt(readAsWritten) { return item }
        var id: UUID?
        var isFinished: Bool?
        var number: Int?
        var title: String?
        try json.readObject { json, key in
            switch key {
            case "id": id = try json.readUUID()
            case "isFinished": isFinished = try json.readBool()
            case "number": number = try json.readInt()
            case "title": title = try json.readString()
            default: try json.skipValue()
            }
        }
        return (try json.required(id, "id"), number, try json.required(title, "title"), try json.required(isFinished, "isFinished"))
    }

    /// A to-do as `write(to:)` writes it, byte for byte: how each of the thousands of to-dos of
    /// a store todo wrote reads, without a string made of each key. Nil for any other text,
    /// which `read` reads in full, and says what is wrong with.
    private static func readAsWritten(_ json: inout JSONReader) throws -> (id: UUID, number: Int?, title: String, isFinished: Bool)? {
        guard json.readLiteral(#"{"id":"#) else { return nil }
        let id = try json.readUUID()
        guard json.readLiteral(#","isFinished":"#) else { return nil }
        let isFinished = try json.readBool()
        guard json.readLiteral(#","number":"#) else { return nil }
        let number = try json.readInt()
        guard json.readLiteral(#","title":"#) else { return nil }
        let title = try json.readString()
        guard json.readLiteral("}") else { return nil }
        return (id, number, title, isFinished)
    }

    init(json: inout JSONReader) throws {
        let read = try Self.read(&json)
        self.init(id: read.id, number: try json.required(read.number, "number"), title: read.title, isFinished: read.isFinished)
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id")
            json.uuid(id)
            json.key("isFinished")
            json.bool(isFinished)
            json.key("number")
            json.int(number)
            json.key("title")
            json.string(title)
        }
    }
}

extension Placement {
    init(json: inout JSONReader) throws {
        var index: Int?
        var item: TodoItem?
        try json.readObject { json, key in
            switch key {
            case "index": index = try json.readInt()
            case "item": item = try TodoItem(json: &json)
            default: try json.skipValue()
            }
        }
        self.init(item: try json.required(item, "item"), index: try json.required(index, "index"))
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("index")
            json.int(index)
            json.key("item")
            item.write(to: &json)
        }
    }
}

extension TodoStep {
    init(json: inout JSONReader) throws {
        var kind: Kind?
        var removing: [UUID]?
        var restoring: [Placement]?
        try json.readObject { json, key in
            switch key {
            case "kind": kind = try json.readEnum(Kind.self)
            case "removing": removing = try json.readArray { try $0.readUUID() }
            case "restoring": restoring = try json.readArray(of: Placement.init(json:))
            default: try json.skipValue()
            }
        }
        self.init(kind: try json.required(kind, "kind"), removing: try json.required(removing, "removing"),
                  restoring: try json.required(restoring, "restoring"))
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("kind")
            json.string(kind.rawValue)
            json.key("removing")
            json.array(removing) { $0.uuid($1) }
            json.key("restoring")
            json.array(restoring) { $1.write(to: &$0) }
        }
    }
}
