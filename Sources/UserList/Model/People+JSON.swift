import FastJSON
import Foundation

// People read and written as the store keeps them: the same JSON as the Codable conformances,
// keys in sorted order, but straight between bytes and values, for a list of thousands.

extension People {
    public init(json: inout JSONReader) throws {
        var blacklist: [String]?
        var deleted: [Person]?
        var everyone: [Person]?
        var fetchProgress: FetchProgress?
        var sortOrder: PeopleOrder?
        try json.readObject { json, key in
            switch key {
            case "blacklist": blacklist = try json.readNull() ? nil : json.readArray { try $0.readString() }
            case "deleted": deleted = try json.readNull() ? nil : json.readArray(of: Person.init(json:))
            case "everyone": everyone = try json.readArray(of: Person.init(json:))
            case "fetchProgress": fetchProgress = try json.readNull() ? nil : FetchProgress(json: &json)
            case "sortOrder": sortOrder = try PeopleOrder(json: &json)
            default: try json.skipValue()
            }
        }
        self.init(everyone: try json.required(everyone, "everyone"), sortOrder: try json.required(sortOrder, "sortOrder"),
                  deleted: deleted ?? [], fetchProgress: fetchProgress, blacklist: blacklist ?? [])
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("blacklist")
            json.array(blacklist) { $0.string($1) }
            json.key("deleted")
            json.array(deleted) { $1.write(to: &$0) }
            json.key("everyone")
            json.array(everyone) { $1.write(to: &$0) }
            if let fetchProgress {
                json.key("fetchProgress")
                fetchProgress.write(to: &json)
            }
            json.key("sortOrder")
            json.string(sortOrder.rawValue)
        }
    }
}

extension Person {
    public init(json: inout JSONReader) throws {
        var addedAt: Date?
        var birthDate: CalendarDate?
        var email: String?
        var firstName: String?
        var id: UUID?
        var lastName: String?
        var remoteID: String?
        try json.readObject { json, key in
            switch key {
            case "addedAt": addedAt = Date(timeIntervalSinceReferenceDate: try json.readDouble())
            case "birthDate": birthDate = try CalendarDate(json: &json)
            case "email": email = try json.readNull() ? nil : json.readString()
            case "firstName": firstName = try json.readString()
            case "id": id = try json.readUUID()
            case "lastName": lastName = try json.readString()
            case "remoteID": remoteID = try json.readNull() ? nil : json.readString()
            default: try json.skipValue()
            }
        }
        self.init(id: try json.required(id, "id"), firstName: try json.required(firstName, "firstName"),
                  lastName: try json.required(lastName, "lastName"), birthDate: try json.required(birthDate, "birthDate"),
                  addedAt: try json.required(addedAt, "addedAt"), email: email, remoteID: remoteID)
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("addedAt")
            json.double(addedAt.timeIntervalSinceReferenceDate)
            json.key("birthDate")
            json.string(birthDate.iso)
            if let email {
                json.key("email")
                json.string(email)
            }
            json.key("firstName")
            json.string(firstName)
            json.key("id")
            json.uuid(id)
            json.key("lastName")
            json.string(lastName)
            if let remoteID {
                json.key("remoteID")
                json.string(remoteID)
            }
        }
    }
}

extension FetchProgress {
    init(json: inout JSONReader) throws {
        var nextPage: Int?
        var seed: String?
        try json.readObject { json, key in
            switch key {
            case "nextPage": nextPage = try json.readInt()
            case "seed": seed = try json.readString()
            default: try json.skipValue()
            }
        }
        self.init(seed: try json.required(seed, "seed"), nextPage: try json.required(nextPage, "nextPage"))
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("nextPage")
            json.int(nextPage)
            json.key("seed")
            json.string(seed)
        }
    }
}

extension PeopleOrder {
    init(json: inout JSONReader) throws {
        let text = try json.readString()
        guard let order = PeopleOrder(rawValue: text) else {
            throw json.error(expected: "one of \(PeopleOrder.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = order
    }
}

extension CalendarDate {
    init(json: inout JSONReader) throws {
        guard let date = CalendarDate(iso: try json.readString()) else {
            throw json.error(expected: "a day written YYYY-MM-DD")
        }
        self = date
    }
}
