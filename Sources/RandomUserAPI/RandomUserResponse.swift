#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import UserList

/// Reads a randomuser.me answer as it really is, in versions 1.0 to 1.4.
public enum RandomUserResponse {
    /// The people in `data`, at most `count` of them. A person without a first or last name,
    /// or with a date that is not a real one, is not read (a request that filters fields can
    /// leave the names out); one without a date of birth is, and has none. Those not read are
    /// counted as unreadable, and those beyond `count` apart.
    public static func page(from data: Data, status: Int, count: Int) throws(FetchError) -> FetchedPage {
        let decoder = JSONDecoder()
        if let failure = try? decoder.decode(ErrorBody.self, from: data) {
            throw .api(String(failure.error.prefix(200)))
        }
        guard (200..<300).contains(status) else { throw .http(status) }
        guard let body = try? decoder.decode(Body.self, from: data) else { throw .notARandomUserResponse }
        let asked = body.results.prefix(max(count, 0))
        let people = asked.compactMap(\.details)
        return FetchedPage(people: people, unreadable: asked.count - people.count, beyondCount: body.results.count - asked.count)
    }

    private struct ErrorBody: Decodable {
        let error: String
    }

    private struct Body: Decodable {
        let results: [User]
    }

    /// Only the fields we use are read, each optional: a filtered request leaves any of them out,
    /// and fields we ignore cannot break the decoding. A field of an unexpected type counts as missing.
    private struct User: Decodable {
        struct Name: Decodable {
            let first: String?
            let last: String?
        }

        struct Location: Decodable {
            let street: Street?
            let city: String?
            let state: String?
            let country: String?

            /// `{"number": 9727, "name": "Walnut Hill Ln"}` in 1.3 and 1.4, the number maybe text;
            /// one text, `4523 w dallas st`, before.
            struct Street: Decodable {
                let text: String?

                init(from decoder: Decoder) throws {
                    if let text = try? decoder.singleValueContainer().decode(String.self) {
                        self.text = text
                        return
                    }
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    let number = (try? container.decode(Int.self, forKey: .number)).map(String.init)
                        ?? (try? container.decode(String.self, forKey: .number))
                    let name = try? container.decode(String.self, forKey: .name)
                    let parts = [number, name].compactMap { $0 }
                    text = parts.isEmpty ? nil : parts.joined(separator: " ")
                }

                private enum CodingKeys: String, CodingKey {
                    case number, name
                }
            }
        }

        struct Login: Decodable {
            let uuid: String?
        }

        /// A moment as each version writes it, in UTC: 1.3 and 1.4 an object holding the date,
        /// `{"date": "1977-11-24T10:11:34.559Z"}`; 1.1 and 1.2 a text, `1983-07-14 07:29:45`; 1.0 the
        /// seconds since 1970 (Unix time). Nil for an object without its date.
        struct Dated: Decodable {
            /// The calendar day of the moment in UTC; nil when there is no such day.
            let day: CalendarDate?

            init(from decoder: Decoder) throws {
                if let object = try? decoder.container(keyedBy: CodingKeys.self) {
                    day = RandomUserResponse.calendarDate(from: try object.decode(String.self, forKey: .date))
                } else if let seconds = try? decoder.singleValueContainer().decode(Int.self) {
                    let (days, rest) = seconds.quotientAndRemainder(dividingBy: 86_400)
                    day = CalendarDate(dayNumber: rest < 0 ? days - 1 : days)
                } else {
                    day = RandomUserResponse.calendarDate(from: try decoder.singleValueContainer().decode(String.self))
                }
            }

            private enum CodingKeys: String, CodingKey {
                case date
            }
        }

        struct Picture: Decodable {
            let large: String?
        }

        let name: Name?
        let location: Location?
        let email: String?
        let login: Login?
        let dob: Dated?
        let registered: Dated?
        let phone: String?
        let cell: String?
        let picture: Picture?

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try? container.decode(Name.self, forKey: .name)
            location = try? container.decode(Location.self, forKey: .location)
            email = try? container.decode(String.self, forKey: .email)
            login = try? container.decode(Login.self, forKey: .login)
            dob = try? container.decode(Dated.self, forKey: .dob)
            registered = try? container.decode(Dated.self, forKey: .registered)
            phone = try? container.decode(String.self, forKey: .phone)
            cell = try? container.decode(String.self, forKey: .cell)
            picture = try? container.decode(Picture.self, forKey: .picture)
        }

        private enum CodingKeys: String, CodingKey {
            case name, location, email, login, dob, registered, phone, cell, picture
        }

        var details: PersonDetails? {
            guard let first = name?.first, let last = name?.last else { return nil }
            var birthDate: CalendarDate?
            if let dob {
                guard let date = dob.day else { return nil }
                birthDate = date
            }
            let address = location.map {
                Address(street: $0.street?.text, city: $0.city, state: $0.state, country: $0.country)
            }
            return PersonDetails(firstName: first, lastName: last, birthDate: birthDate, email: email, phone: phone, cell: cell,
                                 address: address, registered: registered?.day,
                                 picture: picture?.large, remoteID: login?.uuid)
        }
    }

    /// The calendar day of an instant in UTC written as randomuser.me writes it,
    /// `1977-11-24T10:11:34.559Z` (or, before 1.3, `1983-07-14 07:29:45`): the date before the
    /// time, which must be a real day (a 30 February is refused, not moved to March), and a time
    /// in UTC after it.
    static func calendarDate(from text: String) -> CalendarDate? {
        let bytes = Array(text.utf8)
        let iso = bytes.count >= 20 && bytes.count <= 30 && bytes[10] == UInt8(ascii: "T") && bytes.last == UInt8(ascii: "Z")
        let plain = bytes.count == 19 && bytes[10] == UInt8(ascii: " ")
        guard iso || plain, bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else { return nil }
        let time = bytes[11..<19].enumerated().allSatisfy { offset, byte in
            offset == 2 || offset == 5 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        guard time else { return nil }
        return CalendarDate(iso: String(decoding: bytes[0..<10], as: UTF8.self))
    }
}
