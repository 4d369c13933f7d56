import FastJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListEngine
import TodoList
import UserList

/// Each change as a journal line writes it, one key naming it (`{"addTodo":…}`), and read
/// back; `Specs/store-format.md` gives every key. JournalFormat.swift frames the lines and sums them.
extension Journal {
    static func write(_ change: Change, number: Int?, to json: inout JSONWriter) {
        switch change {
        case .todos(.add(let id, let title)):
            json.key("addTodo")
            json.object { json in
                json.key("id")
                json.uuid(id)
                json.optional("number", number) { $0.int($1) }
                json.key("title")
                json.string(title)
            }
        case .todos(.check(let ids)):
            json.key("checkTodos")
            json.array(ids) { $0.uuid($1) }
        case .todos(.uncheck(let ids)):
            json.key("uncheckTodos")
            json.array(ids) { $0.uuid($1) }
        case .todos(.delete(let ids)):
            json.key("deleteTodos")
            json.array(ids) { $0.uuid($1) }
        case .todos(.rename(let id, let title)):
            json.key("renameTodo")
            json.object { json in
                json.key("id")
                json.uuid(id)
                json.key("title")
                json.string(title)
            }
        case .todos(.clearFinished):
            json.key("clearFinished")
            json.bool(true)
        case .people(.add(let person, let again)):
            json.key(again ? "addPersonAgain" : "addPerson")
            person.write(to: &json)
        case .people(.delete(let ids)):
            json.key("deletePeople")
            json.array(ids) { $0.uuid($1) }
        case .people(.sort(let order)):
            json.key("sortPeople")
            json.string(order.rawValue)
        case .people(.load(let page, let seed, let people)):
            json.key("loadPeople")
            json.object { json in
                json.key("page")
                json.int(page)
                json.key("people")
                json.array(people) { $1.write(to: &$0) }
                json.key("seed")
                json.string(seed)
            }
        case .people(.rememberUnmatched(let query)):
            json.key("rememberUnmatched")
            json.string(query)
        case .undo:
            json.key("undo")
            json.bool(true)
        }
    }

    static func change(_ key: String, _ json: inout JSONReader) throws -> (change: Change, number: Int?) {
        switch key {
        case "addTodo":
            var id: UUID?
            var number: Int?
            var title: String?
            try json.readObject { json, key in
                switch key {
                case "id": id = try json.readUUID()
                case "number": number = try json.readInt()
                case "title": title = try json.readString()
                default: try json.skipValue()
                }
            }
            return (.todos(.add(id: try json.required(id, "id"), title: try json.required(title, "title"))), number)
        case "checkTodos": return (.todos(.check(try json.readArray { try $0.readUUID() })), nil)
        case "uncheckTodos": return (.todos(.uncheck(try json.readArray { try $0.readUUID() })), nil)
        case "deleteTodos": return (.todos(.delete(try json.readArray { try $0.readUUID() })), nil)
        case "renameTodo":
            let (id, title) = try rename(&json)
            return (.todos(.rename(id, to: title)), nil)
        case "clearFinished":
            guard try json.readBool() else { throw json.error(expected: "true") }
            return (.todos(.clearFinished), nil)
        case "addPerson", "addPersonAgain":
            return (.people(.add(try NewPerson(json: &json), again: key == "addPersonAgain")), nil)
        case "deletePeople": return (.people(.delete(try json.readArray { try $0.readUUID() })), nil)
        case "sortPeople": return (.people(.sort(try json.readEnum(PeopleOrder.self))), nil)
        case "loadPeople":
            var page: Int?
            var people: [NewPerson]?
            var seed: String?
            try json.readObject { json, key in
                switch key {
                case "page": page = try json.readInt()
                case "people": people = try json.readArray(of: NewPerson.init(json:))
                case "seed": seed = try json.readString()
                default: try json.skipValue()
                }
            }
            return (.people(.load(page: try json.required(page, "page"), seed: try json.required(seed, "seed"),
                                  people: try json.required(people, "people"))), nil)
        case "rememberUnmatched": return (.people(.rememberUnmatched(try json.readString())), nil)
        case "undo":
            guard try json.readBool() else { throw json.error(expected: "true") }
            return (.undo, nil)
        default: throw json.error(expected: "a change")
        }
    }

    /// The lines of formats 4 and 5: to-dos only, one id where format 6 takes a list.
    static func legacyChange(_ key: String, _ json: inout JSONReader) throws -> (change: Change, number: Int?) {
        switch key {
        case "addTodo":
            let item = try TodoItem.read(&json)
            return (.todos(.add(id: item.id, title: item.title)), nil)
        case "checkTodo": return (.todos(.check([try json.readUUID()])), nil)
        case "uncheckTodo": return (.todos(.uncheck([try json.readUUID()])), nil)
        case "deleteTodo": return (.todos(.delete([try json.readUUID()])), nil)
        case "renameTodo":
            let (id, title) = try rename(&json)
            return (.todos(.rename(id, to: title)), nil)
        case "clearFinished", "undo":
            guard try json.readBool() else { throw json.error(expected: "true") }
            return (key == "undo" ? .undo : .todos(.clearFinished), nil)
        default: throw json.error(expected: "a change to the to-dos")
        }
    }

    private static func rename(_ json: inout JSONReader) throws -> (UUID, String) {
        var id: UUID?
        var title: String?
        try json.readObject { json, key in
            switch key {
            case "id": id = try json.readUUID()
            case "title": title = try json.readString()
            default: try json.skipValue()
            }
        }
        return (try json.required(id, "id"), try json.required(title, "title"))
    }
}
