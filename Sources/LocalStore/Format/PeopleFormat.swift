import FastJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import UserList

// The people as the store file and the journal write them; ModelFormat.swift says how.

extension Address {
    init(json: inout JSONReader) throws {
        self.init()
        try json.readObject { json, key in
            switch key {
            case "city": city = try json.readString()
            case "country": country = try json.readString()
            case "state": state = try json.readString()
            case "street": street = try json.readString()
            default: try json.skipValue()
            }
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.optional("city", city) { $0.string($1) }
            json.optional("country", country) { $0.string($1) }
            json.optional("state", state) { $0.string($1) }
            json.optional("street", street) { $0.string($1) }
        }
    }
}

extension PersonDetails {
    /// The details and the keys every person has, in whatever order they come.
    static func read(_ json: inout JSONReader) throws -> (id: UUID, number: Int?, addedAt: Date, details: PersonDetails) {
        var addedAt: Date?
        var address: Address?
        var birthDate: CalendarDate?
        var cell: String?
        var email: String?
        var firstName: String?
        var id: UUID?
        var lastName: String?
        var number: Int?
        var phone: String?
        var picture: String?
        var registered: CalendarDate?
        var remoteID: String?
        try json.readObject { json, key in
            switch key {
            case "addedAt": addedAt = Date(timeIntervalSinceReferenceDate: try json.readDouble())
            case "address": address = try json.readNull() ? nil : Address(json: &json)
            case "birthDate": birthDate = try json.readNull() ? nil : CalendarDate(json: &json)
            case "cell": cell = try json.readOptionalString()
            case "email": email = try json.readOptionalString()
            case "firstName": firstName = try json.readString()
            case "id": id = try json.readUUID()
            case "lastName": lastName = try json.readString()
            case "number": number = try json.readInt()
            case "phone": phone = try json.readOptionalString()
            case "picture": picture = try json.readOptionalString()
            case "registered": registered = try json.readNull() ? nil : CalendarDate(json: &json)
            case "remoteID": remoteID = try json.readOptionalString()
            default: try json.skipValue()
            }
        }
        let details = PersonDetails(firstName: try json.required(firstName, "firstName"), lastName: try json.required(lastName, "lastName"),
                                    birthDate: birthDate, email: email, phone: phone, cell: cell, address: address,
                                    registered: registered, picture: picture, remoteID: remoteID)
        return (try json.required(id, "id"), number, try json.required(addedAt, "addedAt"), details)
    }

    /// The details' keys, each in its sorted place among `id`, `addedAt` and the number when
    /// there is one (a person in the list), or without it (a person on the way in).
    func write(to json: inout JSONWriter, id: UUID, number: Int?, addedAt: Date) {
        json.object { json in
            json.key("addedAt")
            json.double(addedAt.timeIntervalSinceReferenceDate)
            json.optional("address", address) { $1.write(to: &$0) }
            json.optional("birthDate", birthDate) { $0.string($1.iso) }
            json.optional("cell", cell) { $0.string($1) }
            json.optional("email", email) { $0.string($1) }
            json.key("firstName")
            json.string(firstName)
            json.key("id")
            json.uuid(id)
            json.key("lastName")
            json.string(lastName)
            json.optional("number", number) { $0.int($1) }
            json.optional("phone", phone) { $0.string($1) }
            json.optional("picture", picture) { $0.string($1) }
            json.optional("registered", registered) { $0.string($1.iso) }
            json.optional("remoteID", remoteID) { $0.string($1) }
        }
    }
}

extension Person {
    init(json: inout JSONReader) throws {
        let read = try PersonDetails.read(&json)
        self.init(id: read.id, number: try json.required(read.number, "number"), addedAt: read.addedAt, details: read.details)
    }

    func write(to json: inout JSONWriter) {
        details.write(to: &json, id: id, number: number, addedAt: addedAt)
    }
}

extension NewPerson {
    init(json: inout JSONReader) throws {
        let read = try PersonDetails.read(&json)
        self.init(id: read.id, details: read.details, addedAt: read.addedAt)
    }

    /// As a person is written, without the number the list will give them.
    func write(to json: inout JSONWriter) {
        details.write(to: &json, id: id, number: nil, addedAt: addedAt)
    }
}

extension PersonPlacement {
    init(json: inout JSONReader) throws {
        var index: Int?
        var person: Person?
        try json.readObject { json, key in
            switch key {
            case "index": index = try json.readInt()
            case "person": person = try Person(json: &json)
            default: try json.skipValue()
            }
        }
        self.init(person: try json.required(person, "person"), index: try json.required(index, "index"))
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("index")
            json.int(index)
            json.key("person")
            person.write(to: &json)
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

extension PeopleStep {
    init(json: inout JSONReader) throws {
        var fetchProgress: FetchProgress?
        var kind: Kind?
        var removing: [UUID]?
        var restoring: [PersonPlacement]?
        var sortOrder: PeopleOrder?
        try json.readObject { json, key in
            switch key {
            case "fetchProgress": fetchProgress = try json.readNull() ? nil : FetchProgress(json: &json)
            case "kind": kind = try json.readEnum(Kind.self)
            case "removing": removing = try json.readArray { try $0.readUUID() }
            case "restoring": restoring = try json.readArray(of: PersonPlacement.init(json:))
            case "sortOrder": sortOrder = try json.readNull() ? nil : json.readEnum(PeopleOrder.self)
            default: try json.skipValue()
            }
        }
        self.init(kind: try json.required(kind, "kind"), removing: try json.required(removing, "removing"),
                  restoring: try json.required(restoring, "restoring"), sortOrder: sortOrder, fetchProgress: fetchProgress)
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.optional("fetchProgress", fetchProgress) { $1.write(to: &$0) }
            json.key("kind")
            json.string(kind.rawValue)
            json.key("removing")
            json.array(removing) { $0.uuid($1) }
            json.key("restoring")
            json.array(restoring) { $1.write(to: &$0) }
            json.optional("sortOrder", sortOrder) { $0.string($1.rawValue) }
        }
    }
}
