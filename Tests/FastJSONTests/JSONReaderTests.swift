import FastJSON
import Foundation
import Testing

@Suite("Reading JSON strictly")
struct JSONReaderTests {
    @Test("A string reads back as it was written, whatever it holds", arguments: JSONWriterTests.strings)
    func stringRoundTrip(value: String) throws {
        var writer = JSONWriter()
        writer.string(value)

        #expect(try JSONReader.read(writer.data) { try $0.readString() } == value)
    }

    @Test("Escapes are undone: short ones, \\u, and surrogate pairs", arguments: [
        (#""a\"b\\c\/d\b\f\n\r\t""#, "a\"b\\c/d\u{8}\u{C}\n\r\t"),
        (#""\u00e9t\u00C9""#, "étÉ"),
        (#""\ud83d\ude00 smile""#, "😀 smile"),
        (#""plain, then \u0041""#, "plain, then A"),
    ])
    func escapes(json: String, expected: String) throws {
        #expect(try JSONReader.read(Data(json.utf8)) { try $0.readString() } == expected)
    }

    @Test("A number reads back as the same Double", arguments: JSONWriterTests.doubles)
    func doubleRoundTrip(value: Double) throws {
        var writer = JSONWriter()
        writer.double(value)

        #expect(try JSONReader.read(writer.data) { try $0.readDouble() } == value)
    }

    @Test("Whole numbers read up to the limits of Int", arguments: [0, -1, 42, Int.max, Int.min])
    func intRoundTrip(value: Int) throws {
        #expect(try JSONReader.read(Data(String(value).utf8)) { try $0.readInt() } == value)
    }

    @Test("A UUID reads in either case", arguments: ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"])
    func uuid(text: String) throws {
        let expected = try #require(UUID(uuidString: text))

        #expect(try JSONReader.read(Data("\"\(text)\"".utf8)) { try $0.readUUID() } == expected)
    }

    @Test("An object gives each key with the reader at its value; white space anywhere between is fine")
    func objectWithWhiteSpace() throws {
        let json = " {\n\t\"b\" : [ true , false ] ,\r\n \"a\":null, \"c\": {\"skipped\": [1, {\"x\": \"y\"}]} } "
        var fields: [String] = []
        var flags: [Bool] = []
        var isNull = false

        try JSONReader.read(Data(json.utf8)) { json in
            try json.readObject { json, key in
                fields.append(key)
                switch key {
                case "a": isNull = try json.readNull()
                case "b": flags = try json.readArray { try $0.readBool() }
                default: try json.skipValue()
                }
            }
        }

        #expect(fields == ["b", "a", "c"])
        #expect(flags == [true, false])
        #expect(isNull)
    }

    @Test("Keys known as bytes are found written plainly or with escapes, and any other is nil", arguments: [
        (#"{"id": 1, "idx": 2, "i": 3, "\u0069d": 4, "title": 5}"#, [0, nil, nil, 0, 1]),
        (#"{"tit\u006ce": 1, "": 2, "ID": 3}"#, [1, nil, nil]),
        (#"{"id":1,"title":2}"#, [0, 1]),
        (#"{"title":1,"id":2,"title":3}"#, [1, 0, 1]),
        (#"{"id" :1,"title"  :  2,"idx":3,"id":4}"#, [0, 1, nil, 0]),
        (#"{"id":1,"id":2,"titles":3,"title":4}"#, [0, 0, nil, 1]),
    ])
    func knownKeys(json: String, expected: [Int?]) throws {
        var found: [Int?] = []

        try JSONReader.read(Data(json.utf8)) { json in
            try json.readObject(keys: JSONReader.Keys(["id", "title"])) { json, key in
                found.append(key)
                try json.skipValue()
            }
        }

        #expect(found == expected)
    }

    @Test("A key known as bytes breaks the rules of JSON as any string does", arguments: [
        Array(#"{"id"#.utf8), Array("{\"i\nd\": 1}".utf8), [UInt8(ascii: "{"), UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: "1"), UInt8(ascii: "}")],
        Array(#"{"id" 1}"#.utf8),
    ])
    func brokenKnownKeys(bytes: [UInt8]) {
        #expect(throws: JSONReader.Error.self) {
            try JSONReader.read(Data(bytes)) { json in
                try json.readObject(keys: JSONReader.Keys(["id"])) { json, _ in try json.skipValue() }
            }
        }
    }

    @Test("A missing key is named in the error")
    func missingKey() throws {
        let error = #expect(throws: JSONReader.Error.self) {
            try JSONReader.read(Data("{\"a\":1}".utf8)) { json in
                var id: Int?
                try json.readObject { json, key in
                    if key == "id" { id = try json.readInt() } else { try json.skipValue() }
                }
                return try json.required(id, "id")
            }
        }

        #expect(error?.description == "expected the key \"id\" before the end of the object at byte 7")
    }

    static let brokenStrings: [(name: String, bytes: [UInt8])] = [
        ("cut short", Array(#""Buy mi"#.utf8)),
        ("raw line break", Array("\"Buy\nmilk\"".utf8)),
        ("raw tab", Array("\"Buy\tmilk\"".utf8)),
        ("bytes that are not UTF-8", [UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\"")]),
        ("not UTF-8 after an escape", [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), 0xFF, UInt8(ascii: "\"")]),
        ("unknown escape", Array(#""\x41""#.utf8)),
        ("short \\u", Array(#""\u00e""#.utf8)),
        ("lone high surrogate", Array(#""\ud83d smile""#.utf8)),
        ("lone low surrogate", Array(#""\ude00""#.utf8)),
        ("single quotes", Array("'milk'".utf8)),
    ]

    @Test("A string that breaks a rule of JSON is an error", arguments: brokenStrings)
    func brokenString(name: String, bytes: [UInt8]) {
        #expect(throws: JSONReader.Error.self, "\(name)") {
            try JSONReader.read(Data(bytes)) { try $0.readString() }
        }
    }

    @Test("A number that breaks a rule of JSON, or does not fit, is an error", arguments: [
        "01", "-", "1.", ".5", "1e", "1e+", "+1", "0x10", "NaN", "Infinity", "1e400", "- 1",
    ])
    func brokenDouble(text: String) {
        #expect(throws: JSONReader.Error.self) { try JSONReader.read(Data(text.utf8)) { try $0.readDouble() } }
    }

    @Test("A number with a fraction, or past 64 bits, is not an Int", arguments: [
        "1.5", "1e-3", "9223372036854775808", "-9223372036854775809", "9.3e18", "1e400",
    ])
    func notAnInt(text: String) {
        #expect(throws: JSONReader.Error.self) { try JSONReader.read(Data(text.utf8)) { try $0.readInt() } }
    }

    @Test("A whole number written with a fraction or an exponent is an Int, as JSONDecoder reads it", arguments: [
        ("1.0", 1), ("1e3", 1000), ("5.00", 5), ("1E2", 100), ("-0.0", 0),
    ])
    func wholeNumberWrittenOtherwise(text: String, value: Int) throws {
        #expect(try JSONReader.read(Data(text.utf8)) { try $0.readInt() } == value)
        struct Number: Decodable { let value: Int }
        #expect(try JSONDecoder().decode(Number.self, from: Data("{\"value\":\(text)}".utf8)).value == value)
    }

    /// Every byte in every place of a UUID: read when the text is a UUID as uuidString writes it,
    /// in either case, to the value Foundation reads; an error for anything else, even what
    /// Foundation's more lenient reader takes (a dash moved or left out).
    @Test("A UUID with any byte in any place reads only as uuidString writes it")
    func everyByteOfAUUID() throws {
        let valid = Array("E621E1F8-C36C-495A-93FC-0C247A3E6E5F".utf8)
        let dashes: Set = [8, 13, 18, 23]
        let hexDigits = Set("0123456789abcdefABCDEF".utf8)
        for place in valid.indices {
            for byte in UInt8.min...UInt8.max {
                var text = valid
                text[place] = byte
                let read = try? JSONReader.read(Data([UInt8(ascii: "\"")] + text + [UInt8(ascii: "\"")])) { try $0.readUUID() }
                let written = dashes.contains(place) ? byte == UInt8(ascii: "-") : hexDigits.contains(byte)
                #expect((read != nil) == written, "byte \(byte) at \(place)")
                if let read {
                    #expect(read == UUID(uuidString: String(decoding: text, as: UTF8.self)), "byte \(byte) at \(place)")
                }
            }
        }
    }

    @Test("An id that is not a UUID is an error", arguments: [
        "\"E621E1F8C36C495A93FC0C247A3E6E5F\"", "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5\"",
        "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5G\"", "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F0\"", "42",
    ])
    func brokenUUID(text: String) {
        #expect(throws: JSONReader.Error.self) { try JSONReader.read(Data(text.utf8)) { try $0.readUUID() } }
    }

    @Test("Objects and arrays that break a rule of JSON are errors, even where skipped", arguments: [
        "{\"a\":1,}", "[1,]", "[1 2]", "{\"a\" 1}", "{a:1}", "{\"a\":1", "[", "{\"a\":tru}", "{\"a\":nul}",
        "{\"a\":[1,{\"b\":01}]}", "{\"a\":1} x", "{\"a\":1}{}", "", "   ", "// comment\n{}",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
    func brokenStructure(text: String) {
        #expect(throws: JSONReader.Error.self) { try JSONReader.read(Data(text.utf8)) { try $0.skipValue() } }
    }

    @Test("An error says at which byte the text stops being what was expected")
    func errorOffset() {
        let error = #expect(throws: JSONReader.Error.self) {
            try JSONReader.read(Data("[1, 2, 3 4]".utf8)) { try $0.skipValue() }
        }

        #expect(error?.offset == 9)
        #expect(error?.expected == "a comma or the end of the array")
    }
}
