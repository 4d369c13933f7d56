import Dates
import FastJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListEngine
import TodoList
import UserList

/// Each change as a journal line writes it, under one key naming it (`{"addTodo":…}`), and read
/// back; `Specs/store-format.md` gives every key. JournalFormat.swift frames the lines and sums them.
extension Journal {
    enum ChangeKey: String, RecordKey {
        case addPerson, addPersonAgain, addTodo, checkTodos, clearFinished, deletePeople, deleteTodos, editTodo, importTodos,
             loadPeople, rememberUnmatched, renameTodo, sortPeople, sortTodos, uncheckTodos, undo
    }

    static let changeKeys = RecordKeys<ChangeKey>()

    /// Writes the key naming the change, then what the change carries.
    static func write(_ logged: LoggedChange, to json: inout JSONWriter) {
        func key(_ key: ChangeKey) { json.key(key, of: changeKeys) }
        switch logged.change {
        case let .todos(.add(id, title, plan, at)):
            key(.addTodo)
            LoggedAdd(new: NewTodo(id: id, title: title, plan: plan, added: at), number: logged.number).write(to: &json)
        case let .todos(.check(ids, checking)):
            key(.checkTodos)
            if let checking {
                LoggedCheck(ids: ids, checking: checking).write(to: &json)
            } else {
                json.array(ids) { $0.uuid($1) }
            }
        case .todos(.uncheck(let ids)):
            key(.uncheckTodos)
            json.array(ids) { $0.uuid($1) }
        case .todos(.delete(let ids)):
            key(.deleteTodos)
            json.array(ids) { $0.uuid($1) }
        case let .todos(.rename(id, title)):
            key(.renameTodo)
            LoggedRename(id: id, title: title).write(to: &json)
        case let .todos(.edit(id, edit)):
            key(.editTodo)
            LoggedEdit(id: id, edit: edit).write(to: &json)
        case .todos(.sort(let order)):
            key(.sortTodos)
            json.string(order.rawValue)
        case .todos(.importTodos(let new)):
            key(.importTodos)
            json.array(new) { $1.write(to: &$0) }
        case .todos(.clearFinished):
            key(.clearFinished)
            json.bool(true)
        case let .people(.add(person, again)):
            key(again ? .addPersonAgain : .addPerson)
            person.write(to: &json)
        case .people(.delete(let ids)):
            key(.deletePeople)
            json.array(ids) { $0.uuid($1) }
        case .people(.sort(let order)):
            key(.sortPeople)
            json.string(order.rawValue)
        case let .people(.load(page, seed, people)):
            key(.loadPeople)
            LoadedPage(page: page, people: people, seed: seed).write(to: &json)
        case .people(.rememberUnmatched(let query)):
            key(.rememberUnmatched)
            json.string(query)
        case .undo:
            key(.undo)
            json.bool(true)
        }
    }

    /// Reads what the change named `key` carries, the reader at it.
    static func read(_ key: ChangeKey, _ json: inout JSONReader) throws -> LoggedChange {
        func ids() throws -> [UUID] { try json.readArray { try $0.readUUID() } }
        func flag() throws {
            guard try json.readBool() else { throw json.error(expected: "true") }
        }
        switch key {
        case .addTodo:
            let add = try LoggedAdd.read(&json)
            return LoggedChange(.todos(.add(id: add.new.id, title: add.new.title, plan: add.new.plan, at: add.new.added)),
                                number: add.number)
        case .checkTodos:
            // A list of ids, as format 6 wrote every check; or the check and its moment.
            if let ids = json.attempt({ try $0.readArray { try $0.readUUID() } }) { return LoggedChange(.todos(.check(ids))) }
            let check = try LoggedCheck.read(&json)
            return LoggedChange(.todos(.check(check.ids, check.checking)))
        case .uncheckTodos: return LoggedChange(.todos(.uncheck(try ids())))
        case .deleteTodos: return LoggedChange(.todos(.delete(try ids())))
        case .renameTodo:
            let rename = try LoggedRename.read(&json)
            return LoggedChange(.todos(.rename(rename.id, to: rename.title)))
        case .editTodo:
            let edit = try LoggedEdit.read(&json)
            return LoggedChange(.todos(.edit(edit.id, edit.edit)))
        case .sortTodos: return LoggedChange(.todos(.sort(try json.readEnum(TodoOrder.self))))
        case .importTodos: return LoggedChange(.todos(.importTodos(try json.readArray { try NewTodo.read(&$0) })))
        case .clearFinished:
            try flag()
            return LoggedChange(.todos(.clearFinished))
        case .addPerson, .addPersonAgain:
            return LoggedChange(.people(.add(try NewPerson.read(&json), again: key == .addPersonAgain)))
        case .deletePeople: return LoggedChange(.people(.delete(try ids())))
        case .sortPeople: return LoggedChange(.people(.sort(try json.readEnum(PeopleOrder.self))))
        case .loadPeople:
            let loaded = try LoadedPage.read(&json)
            return LoggedChange(.people(.load(page: loaded.page, seed: loaded.seed, people: loaded.people)))
        case .rememberUnmatched: return LoggedChange(.people(.rememberUnmatched(try json.readString())))
        case .undo:
            try flag()
            return LoggedChange(.undo)
        }
    }
}

/// A page of people loaded, as the journal line of the load carries it.
private struct LoadedPage {
    let page: Int
    let people: [NewPerson]
    let seed: String

    enum Key: String, RecordKey {
        case page, people, seed
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> LoadedPage {
        try RecordReader.read(keys, &json) { record, json in
            let page = try record.int(.page, &json)
            let people = try record.value(.people, &json) { try $0.readArray(of: NewPerson.read) }
            return LoadedPage(page: page, people: people, seed: try record.string(.seed, &json))
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.page, of: Self.keys)
            json.int(page)
            json.key(.people, of: Self.keys)
            json.array(people) { $1.write(to: &$0) }
            json.key(.seed, of: Self.keys)
            json.string(seed)
        }
    }
}
