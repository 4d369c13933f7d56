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

// The table of every record the store's files hold but the file itself (DocumentTables.swift):
// a to-do, a person and their address, an undo step and what it puts back, and the records a
// journal line carries. Each is its keys (an enum, in the order written) and the `read` and
// `write` that take and give them in that order. This is the one place their keys are spelled;
// `Specs/store-format.md` tells how to add one.

extension TodoItem {
    /// `id` sorts first, and must: the fingerprint scan of an add looks for it at the start of
    /// every object (`FileStore.mentions`), so no key of a to-do may sort before it.
    enum Key: String, RecordKey {
        case id, isFinished, number, plan, times, title
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> TodoItem {
        try RecordReader.read(keys, &json) { record, json in
            let id = try record.uuid(.id, &json)
            let isFinished = try record.bool(.isFinished, &json)
            let number = try record.int(.number, &json)
            let plan = try record.optional(.plan, &json, TodoPlan.read) ?? TodoPlan()
            let times = try record.optional(.times, &json, Times.read)
            let title = try record.string(.title, &json)
            return TodoItem(id: id, number: number, title: title, isFinished: isFinished, plan: plan, added: times?.added,
                            checked: times?.checked)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.id, of: Self.keys)
            json.uuid(id)
            json.key(.isFinished, of: Self.keys)
            json.bool(isFinished)
            json.key(.number, of: Self.keys)
            json.int(number)
            json.optional(.plan, of: Self.keys, plan == .none ? nil : plan) { $1.write(to: &$0) }
            json.optional(.times, of: Self.keys, added == nil && checked == nil ? nil : Times(added: added, checked: checked)) {
                $1.write(to: &$0)
            }
            json.key(.title, of: Self.keys)
            json.string(title)
        }
    }

    /// What of a to-do a damaged file, or a file before numbers, still gives: all that was read.
    static func readWhatThereIs(_ json: inout JSONReader) throws
        -> (id: UUID?, isFinished: Bool?, number: Int?, plan: TodoPlan, times: Times?, title: String?) {
        try RecordReader.read(keys, &json) { record, json in
            (try record.optional(.id, &json) { try $0.readUUID() }, try record.optional(.isFinished, &json) { try $0.readBool() },
             try record.optional(.number, &json) { try $0.readInt() }, try record.optional(.plan, &json, TodoPlan.read) ?? .none,
             try record.optional(.times, &json, Times.read), try record.optional(.title, &json) { try $0.readString() })
        }
    }
}

/// When a to-do was added and last checked, as RFC 3339 text in UTC.
struct Times {
    let added: Date?
    let checked: Date?

    enum Key: String, RecordKey {
        case added, checked
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> Times {
        try RecordReader.read(keys, &json) { record, json in
            Times(added: try record.optional(.added, &json, readMoment), checked: try record.optional(.checked, &json, readMoment))
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.optional(.added, of: Self.keys, added) { $0.moment($1) }
            json.optional(.checked, of: Self.keys, checked) { $0.moment($1) }
        }
    }
}

/// What a to-do has beside its title, when it has anything: left out of a to-do without.
extension TodoPlan {
    enum Key: String, RecordKey {
        case due, priority, recur, tags
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> TodoPlan {
        try RecordReader.read(keys, &json) { record, json in
            let due = try record.optional(.due, &json) { try CalendarDate(json: &$0) }
            let priority = try record.optional(.priority, &json) { try $0.readEnum(Priority.self) }
            let recurrence = try record.optional(.recur, &json) { try $0.readEnum(Recurrence.self) }
            let tags = try record.optional(.tags, &json) { try $0.readArray { try $0.readString() } } ?? []
            return TodoPlan(tags: tags, due: due, priority: priority, recurrence: recurrence)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.optional(.due, of: Self.keys, due) { $0.string($1.iso) }
            json.optional(.priority, of: Self.keys, priority) { $0.string($1.rawValue) }
            json.optional(.recur, of: Self.keys, recurrence) { $0.string($1.rawValue) }
            json.optional(.tags, of: Self.keys, tags.isEmpty ? nil : tags) { $0.array($1) { $0.string($1) } }
        }
    }
}

/// The add of a to-do as a journal line carries it: the new to-do, and the number the list gave it.
struct LoggedAdd {
    let new: NewTodo
    let number: Int?

    enum Key: String, RecordKey {
        case added, id, number, plan, title
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> LoggedAdd {
        try RecordReader.read(keys, &json) { record, json in
            let added = try record.optional(.added, &json, readMoment)
            let id = try record.uuid(.id, &json)
            let number = try record.optional(.number, &json) { try $0.readInt() }
            let plan = try record.optional(.plan, &json, TodoPlan.read) ?? .none
            let title = try record.string(.title, &json)
            return LoggedAdd(new: NewTodo(id: id, title: title, plan: plan, added: added), number: number)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.optional(.added, of: Self.keys, new.added) { $0.moment($1) }
            json.key(.id, of: Self.keys)
            json.uuid(new.id)
            json.optional(.number, of: Self.keys, number) { $0.int($1) }
            json.optional(.plan, of: Self.keys, new.plan == .none ? nil : new.plan) { $1.write(to: &$0) }
            json.key(.title, of: Self.keys)
            json.string(new.title)
        }
    }
}

/// A to-do an import brings, as its journal line carries it: what an add carries, and whether
/// it came finished, and when it was checked.
extension NewTodo {
    enum Key: String, RecordKey {
        case id, isFinished, plan, times, title
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> NewTodo {
        try RecordReader.read(keys, &json) { record, json in
            let id = try record.uuid(.id, &json)
            let isFinished = try record.optional(.isFinished, &json) { try $0.readBool() } ?? false
            let plan = try record.optional(.plan, &json, TodoPlan.read) ?? .none
            let times = try record.optional(.times, &json, Times.read)
            let title = try record.string(.title, &json)
            return NewTodo(id: id, title: title, plan: plan, added: times?.added, isFinished: isFinished, checked: times?.checked)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.id, of: Self.keys)
            json.uuid(id)
            json.optional(.isFinished, of: Self.keys, isFinished ? true : nil) { $0.bool($1) }
            json.optional(.plan, of: Self.keys, plan == .none ? nil : plan) { $1.write(to: &$0) }
            json.optional(.times, of: Self.keys, added == nil && checked == nil ? nil : Times(added: added, checked: checked)) {
                $1.write(to: &$0)
            }
            json.key(.title, of: Self.keys)
            json.string(title)
        }
    }
}

/// A check as a journal line carries it: the items, when they were checked, and what a repeat
/// of one of them needs.
struct LoggedCheck {
    let ids: [UUID]
    let checking: Checking

    enum Key: String, RecordKey {
        case at, ids, repeats, today
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> LoggedCheck {
        try RecordReader.read(keys, &json) { record, json in
            let at = try record.value(.at, &json, readMoment)
            let ids = try record.value(.ids, &json) { try $0.readArray { try $0.readUUID() } }
            let repeats = try record.value(.repeats, &json, readRepeats)
            // A repeat of a to-do the line does not check would be read and left out.
            guard repeats.keys.allSatisfy(ids.contains) else { throw json.error(expected: "repeats of the to-dos it checks, and of no other") }
            let today = try record.value(.today, &json) { try CalendarDate(json: &$0) }
            return LoggedCheck(ids: ids, checking: Checking(at: at, today: today, repeatIDs: repeats))
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.at, of: Self.keys)
            json.moment(checking.at)
            json.key(.ids, of: Self.keys)
            json.array(ids) { $0.uuid($1) }
            json.key(.repeats, of: Self.keys)
            json.object { json in
                for (checked, new) in checking.repeatIDs.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
                    json.key(uuid: checked)
                    json.uuid(new)
                }
            }
            json.key(.today, of: Self.keys)
            json.string(checking.today.iso)
        }
    }
}

/// The new to-dos' ids by the ids of the items checked: an object whose keys are ids.
private func readRepeats(_ json: inout JSONReader) throws -> [UUID: UUID] {
    var repeats: [UUID: UUID] = [:]
    try json.readObject { json, key in
        guard let checked = UUID(uuidString: key) else { throw json.error(expected: "a UUID for a key") }
        guard repeats[checked] == nil else { throw json.error(expected: "the repeat of each to-do once, not \(key) again") }
        repeats[checked] = try json.readUUID()
    }
    return repeats
}

/// An edit as a journal line carries it: what it leaves out it keeps, `null` clears.
struct LoggedEdit {
    let id: UUID
    let edit: TodoEdit

    enum Key: String, RecordKey {
        case addTags, due, id, priority, recur, removeTags, title
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> LoggedEdit {
        try RecordReader.read(keys, &json) { record, json in
            let adding = try record.optional(.addTags, &json) { try $0.readArray { try $0.readString() } } ?? []
            let due = try setting(.due, &record, &json) { try CalendarDate(json: &$0) }
            let id = try record.uuid(.id, &json)
            let priority = try setting(.priority, &record, &json) { try $0.readEnum(Priority.self) }
            let recurrence = try setting(.recur, &record, &json) { try $0.readEnum(Recurrence.self) }
            let removing = try record.optional(.removeTags, &json) { try $0.readArray { try $0.readString() } } ?? []
            let title = try record.optional(.title, &json) { try $0.readString() }
            return LoggedEdit(id: id, edit: TodoEdit(title: title, addingTags: adding, removingTags: removing, due: due,
                                                     priority: priority, recurrence: recurrence))
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.optional(.addTags, of: Self.keys, edit.addingTags.isEmpty ? nil : edit.addingTags) { $0.array($1) { $0.string($1) } }
            Self.write(.due, edit.due, to: &json) { $0.string($1.iso) }
            json.key(.id, of: Self.keys)
            json.uuid(id)
            Self.write(.priority, edit.priority, to: &json) { $0.string($1.rawValue) }
            Self.write(.recur, edit.recurrence, to: &json) { $0.string($1.rawValue) }
            json.optional(.removeTags, of: Self.keys, edit.removingTags.isEmpty ? nil : edit.removingTags) { $0.array($1) { $0.string($1) } }
            json.optional(.title, of: Self.keys, edit.title) { $0.string($1) }
        }
    }

    /// A setting: left out, it keeps; `null`, it clears; a value, it sets.
    private static func setting<Value>(_ key: Key, _ record: inout RecordReader<Key>, _ json: inout JSONReader,
                                       _ read: (inout JSONReader) throws -> Value) throws -> TodoEdit.Setting<Value> {
        guard let value = try record.optional(key, &json, { json -> Value? in try json.readNull() ? nil : read(&json) }) else { return .keep }
        return value.map { .set($0) } ?? .clear
    }

    private static func write<Value>(_ key: Key, _ setting: TodoEdit.Setting<Value>, to json: inout JSONWriter,
                                     _ value: (inout JSONWriter, Value) -> Void) {
        switch setting {
        case .keep: break
        case .clear:
            json.key(key, of: keys)
            json.null()
        case .set(let new):
            json.key(key, of: keys)
            value(&json, new)
        }
    }
}

/// The rename of a to-do as a journal line carries it.
struct LoggedRename {
    let id: UUID
    let title: String

    enum Key: String, RecordKey {
        case id, title
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> LoggedRename {
        try RecordReader.read(keys, &json) { record, json in
            LoggedRename(id: try record.uuid(.id, &json), title: try record.string(.title, &json))
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.id, of: Self.keys)
            json.uuid(id)
            json.key(.title, of: Self.keys)
            json.string(title)
        }
    }
}

/// Where an undo step puts a to-do or a person back: its place in its list, and the item.
enum PlacementKey: String, RecordKey {
    case index, item, person
}

let placementKeys = RecordKeys<PlacementKey>()

extension Placement {
    static func read(_ json: inout JSONReader) throws -> Placement {
        try RecordReader.read(placementKeys, &json) { record, json in
            let index = try record.int(.index, &json)
            return Placement(item: try record.value(.item, &json, TodoItem.read), index: index)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.index, of: placementKeys)
            json.int(index)
            json.key(.item, of: placementKeys)
            item.write(to: &json)
        }
    }
}

extension PersonPlacement {
    static func read(_ json: inout JSONReader) throws -> PersonPlacement {
        try RecordReader.read(placementKeys, &json) { record, json in
            let index = try record.int(.index, &json)
            return PersonPlacement(person: try record.value(.person, &json, Person.read), index: index)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.index, of: placementKeys)
            json.int(index)
            json.key(.person, of: placementKeys)
            person.write(to: &json)
        }
    }
}

/// An undo step, of the to-dos or of the people: which change it undoes, the items it takes away
/// and those it puts back; a step of the people also the order before a sort, or where loading was.
enum StepKey: String, RecordKey {
    case fetchProgress, kind, removing, restoring, sortOrder
}

let stepKeys = RecordKeys<StepKey>()

extension TodoStep {
    static func read(_ json: inout JSONReader) throws -> TodoStep {
        try RecordReader.read(stepKeys, &json) { record, json in
            let kind = try record.value(.kind, &json) { try $0.readEnum(Kind.self) }
            let removing = try record.value(.removing, &json) { try $0.readArray { try $0.readUUID() } }
            let restoring = try record.value(.restoring, &json) { try $0.readArray(of: Placement.read) }
            let order = try record.optional(.sortOrder, &json) { try $0.readEnum(TodoOrder.self) }
            return TodoStep(kind: kind, removing: removing, restoring: restoring, order: order)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.kind, of: stepKeys)
            json.string(kind.rawValue)
            json.key(.removing, of: stepKeys)
            json.array(removing) { $0.uuid($1) }
            json.key(.restoring, of: stepKeys)
            json.array(restoring) { $1.write(to: &$0) }
            json.optional(.sortOrder, of: stepKeys, order) { $0.string($1.rawValue) }
        }
    }
}

extension PeopleStep {
    static func read(_ json: inout JSONReader) throws -> PeopleStep {
        try RecordReader.read(stepKeys, &json) { record, json in
            let progress = try record.optional(.fetchProgress, &json) { try $0.readNull() ? nil : FetchProgress.read(&$0) } ?? nil
            let kind = try record.value(.kind, &json) { try $0.readEnum(Kind.self) }
            let removing = try record.value(.removing, &json) { try $0.readArray { try $0.readUUID() } }
            let restoring = try record.value(.restoring, &json) { try $0.readArray(of: PersonPlacement.read) }
            let order = try record.optional(.sortOrder, &json) { try $0.readNull() ? nil : $0.readEnum(PeopleOrder.self) } ?? nil
            return PeopleStep(kind: kind, removing: removing, restoring: restoring, sortOrder: order, fetchProgress: progress)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.optional(.fetchProgress, of: stepKeys, fetchProgress) { $1.write(to: &$0) }
            json.key(.kind, of: stepKeys)
            json.string(kind.rawValue)
            json.key(.removing, of: stepKeys)
            json.array(removing) { $0.uuid($1) }
            json.key(.restoring, of: stepKeys)
            json.array(restoring) { $1.write(to: &$0) }
            json.optional(.sortOrder, of: stepKeys, sortOrder) { $0.string($1.rawValue) }
        }
    }
}

extension Address {
    enum Key: String, RecordKey {
        case city, country, state, street
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> Address {
        try RecordReader.read(keys, &json) { record, json in
            let city = try record.optional(.city, &json) { try $0.readString() }
            let country = try record.optional(.country, &json) { try $0.readString() }
            let state = try record.optional(.state, &json) { try $0.readString() }
            let street = try record.optional(.street, &json) { try $0.readString() }
            return Address(street: street, city: city, state: state, country: country)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.optional(.city, of: Self.keys, city) { $0.string($1) }
            json.optional(.country, of: Self.keys, country) { $0.string($1) }
            json.optional(.state, of: Self.keys, state) { $0.string($1) }
            json.optional(.street, of: Self.keys, street) { $0.string($1) }
        }
    }
}

/// A person as the files keep them: in the list (with a number), or on the way in (without).
struct StoredPerson {
    let id: UUID
    let number: Int?
    let addedAt: Date
    let details: PersonDetails

    enum Key: String, RecordKey {
        case addedAt, address, birthDate, cell, email, firstName, id, lastName, number, phone, picture, registered, remoteID
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> StoredPerson {
        try RecordReader.read(keys, &json) { record, json in
            let addedAt = try record.value(.addedAt, &json, readMomentOrSeconds)
            let address = try record.optional(.address, &json) { try $0.readNull() ? nil : Address.read(&$0) } ?? nil
            let birthDate = try record.optional(.birthDate, &json) { try $0.readNull() ? nil : CalendarDate(json: &$0) } ?? nil
            let cell = try record.optionalString(.cell, &json)
            let email = try record.optionalString(.email, &json)
            let firstName = try record.string(.firstName, &json)
            let id = try record.uuid(.id, &json)
            let lastName = try record.string(.lastName, &json)
            let number = try record.optional(.number, &json) { try $0.readInt() }
            let phone = try record.optionalString(.phone, &json)
            let picture = try record.optionalString(.picture, &json)
            let registered = try record.optional(.registered, &json) { try $0.readNull() ? nil : CalendarDate(json: &$0) } ?? nil
            let remoteID = try record.optionalString(.remoteID, &json)
            let details = PersonDetails(firstName: firstName, lastName: lastName, birthDate: birthDate, email: email, phone: phone,
                                        cell: cell, address: address, registered: registered, picture: picture, remoteID: remoteID)
            return StoredPerson(id: id, number: number, addedAt: addedAt, details: details)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.addedAt, of: Self.keys)
            json.moment(addedAt)
            json.optional(.address, of: Self.keys, details.address) { $1.write(to: &$0) }
            json.optional(.birthDate, of: Self.keys, details.birthDate) { $0.string($1.iso) }
            json.optional(.cell, of: Self.keys, details.cell) { $0.string($1) }
            json.optional(.email, of: Self.keys, details.email) { $0.string($1) }
            json.key(.firstName, of: Self.keys)
            json.string(details.firstName)
            json.key(.id, of: Self.keys)
            json.uuid(id)
            json.key(.lastName, of: Self.keys)
            json.string(details.lastName)
            json.optional(.number, of: Self.keys, number) { $0.int($1) }
            json.optional(.phone, of: Self.keys, details.phone) { $0.string($1) }
            json.optional(.picture, of: Self.keys, details.picture) { $0.string($1) }
            json.optional(.registered, of: Self.keys, details.registered) { $0.string($1.iso) }
            json.optional(.remoteID, of: Self.keys, details.remoteID) { $0.string($1) }
        }
    }

    init(id: UUID, number: Int?, addedAt: Date, details: PersonDetails) {
        self.id = id
        self.number = number
        self.addedAt = addedAt
        self.details = details
    }

    init(_ person: Person) {
        self.init(id: person.id, number: person.number, addedAt: person.addedAt, details: person.details)
    }

    init(_ person: NewPerson) {
        self.init(id: person.id, number: nil, addedAt: person.addedAt, details: person.details)
    }
}

extension Person {
    /// A person of the list: one read without a number is refused.
    static func read(_ json: inout JSONReader) throws -> Person {
        let stored = try StoredPerson.read(&json)
        guard let number = stored.number else {
            throw json.error(expected: "the key \"\(StoredPerson.Key.number.rawValue)\" before the end of the object")
        }
        return Person(id: stored.id, number: number, addedAt: stored.addedAt, details: stored.details)
    }

    func write(to json: inout JSONWriter) {
        StoredPerson(self).write(to: &json)
    }
}

extension NewPerson {
    static func read(_ json: inout JSONReader) throws -> NewPerson {
        let start = json.offset
        let stored = try StoredPerson.read(&json)
        // The list numbers a person it adds: a number given here would be read and left out.
        if stored.number != nil { try json.refuseKey("number", ofObjectAt: start) }
        return NewPerson(id: stored.id, details: stored.details, addedAt: stored.addedAt)
    }

    func write(to json: inout JSONWriter) {
        StoredPerson(self).write(to: &json)
    }
}

extension FetchProgress {
    enum Key: String, RecordKey {
        case nextPage, seed
    }

    static let keys = RecordKeys<Key>()

    static func read(_ json: inout JSONReader) throws -> FetchProgress {
        try RecordReader.read(keys, &json) { record, json in
            let nextPage = try record.int(.nextPage, &json)
            return FetchProgress(seed: try record.string(.seed, &json), nextPage: nextPage)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key(.nextPage, of: Self.keys)
            json.int(nextPage)
            json.key(.seed, of: Self.keys)
            json.string(seed)
        }
    }
}
