import FastJSON
import Foundation

// The list read and written as the store keeps it: the same JSON as the Codable conformances,
// keys in sorted order, but straight between bytes and values, for a list of thousands.

extension TodoItem {
    public init(json: inout JSONReader) throws {
        var id: UUID?
        var isFinished: Bool?
        var title: String?
        try json.readObject { json, key in
            switch key {
            case "id": id = try json.readUUID()
            case "isFinished": isFinished = try json.readBool()
            case "title": title = try json.readString()
            default: try json.skipValue()
            }
        }
        self.init(id: try json.required(id, "id"), title: try json.required(title, "title"),
                  isFinished: try json.required(isFinished, "isFinished"))
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id")
            json.uuid(id)
            json.key("isFinished")
            json.bool(isFinished)
            json.key("title")
            json.string(title)
        }
    }
}

extension Todos {
    public init(json: inout JSONReader) throws {
        var finished: [TodoItem]?
        var todo: [TodoItem]?
        var undoSteps: [UndoStep]?
        try json.readObject { json, key in
            switch key {
            case "finished": finished = try json.readArray(of: TodoItem.init(json:))
            case "todo": todo = try json.readArray(of: TodoItem.init(json:))
            case "undoSteps": undoSteps = try json.readArray(of: UndoStep.init(json:))
            default: try json.skipValue()
            }
        }
        self.init(todo: try json.required(todo, "todo"), finished: try json.required(finished, "finished"),
                  undoSteps: try json.required(undoSteps, "undoSteps"))
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("finished")
            json.array(finished) { $1.write(to: &$0) }
            json.key("todo")
            json.array(todo) { $1.write(to: &$0) }
            json.key("undoSteps")
            json.array(undoSteps) { $1.write(to: &$0) }
        }
    }
}

extension UndoStep {
    init(json: inout JSONReader) throws {
        var removing: [UUID]?
        var restoring: [Placement]?
        try json.readObject { json, key in
            switch key {
            case "removing": removing = try json.readArray { try $0.readUUID() }
            case "restoring": restoring = try json.readArray(of: Placement.init(json:))
            default: try json.skipValue()
            }
        }
        self.init(removing: try json.required(removing, "removing"), restoring: try json.required(restoring, "restoring"))
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("removing")
            json.array(removing) { $0.uuid($1) }
            json.key("restoring")
            json.array(restoring) { $1.write(to: &$0) }
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
