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

    /// 18 digits and fewer are read as digits; longer ones as the standard library reads them.
    @Test("Whole numbers read up to the limits of Int", arguments: [
        0, -1, 42, 999_999_999_999_999_999, -999_999_999_999_999_999, 1_000_000_000_000_000_000,
        -1_000_000_000_000_000_000, Int.max, Int.min,
    ])
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
                case "a": isNull = json.readNull()
                case "b": flags = try json.readArray { try $0.readBool() }
                default: try json.skipValue()
                }
            }
        }

        #expect(fields == ["b", "a", "c"])
        #expect(flags == [true, false])
        #expect(isNull)
    }

    @Test("A literal is read only when the bytes are exactly it", arguments: [
        (#"{"id":1}"#, true), (#"{ "id":1}"#, false), (#"{"ID":1}"#, false), (#"{"id""#, false),
    ])
    func literal(text: String, isRead: Bool) throws {
        let rest = try JSONReader.read(Data(text.utf8), from: 0) { json in json.readLiteral(#"{"id":"#) }

        #expect(rest.value == isRead)
        #expect(rest.end == (isRead ? 6 : 0))
    }

    /// The shortcut reads two numbers with nothing between; anything else is left to the full
    /// reading, from the start, which says what is wrong.
    @Test("A shortcut that gives up or fails leaves the reader where it was", arguments: [
        ("[1,2]", [1, 2], "shortcut"), ("[1, 2]", [1, 2], "full"), ("[1,2,3]", [1, 2, 3], "full"), ("[1,x]", nil, "full"),
    ])
    func attempt(text: String, expected: [Int]?, reader: String) throws {
        var readBy = ""
        let read = try? JSONReader.read(Data(text.utf8)) { json in
            if let pair = json.attempt({ json -> [Int]? in
                guard json.readLiteral("[") else { return nil }
                let first = try json.readInt()
                guard json.readLiteral(",") else { return nil }
                let second = try json.readInt()
                guard json.readLiteral("]") else { return nil }
                return [first, second]
            }) {
                readBy = "shortcut"
                return pair
            }
            readBy = "full"
            return try json.readArray(of: { try $0.readInt() })
        }

        #expect(read == expected)
        #expect(readBy == reader)
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

    static let brokenStrings: [(name: String, bytes: [UInt8], offset: Int, expected: String)] = [
        ("cut short", Array(#""Buy mi"#.utf8), 7, "the end of the string"),
        ("cut short after a backslash", Array(#""Buy\"#.utf8), 5, "an escape"),
        ("cut short after \\u and its four digits", Array(#""\u0041"#.utf8), 7, "the end of the string"),
        ("raw line break", Array("\"Buy\nmilk\"".utf8), 4, "a control character to be escaped"),
        ("raw tab after an escape", Array("\"\\n\tx\"".utf8), 3, "a control character to be escaped"),
        ("bytes that are not UTF-8", [UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\"")], 1, "UTF-8 text"),
        ("a lone continuation byte", [UInt8(ascii: "\""), UInt8(ascii: "a"), 0x80, UInt8(ascii: "\"")], 1, "UTF-8 text"),
        ("not UTF-8 after an escape", [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), 0xFF, UInt8(ascii: "\"")], 1, "UTF-8 text"),
        ("unknown escape", Array(#""\x41""#.utf8), 2, #"one of \" \\ \/ \b \f \n \r \t \u"#),
        ("short \\u", Array(#""\u00e""#.utf8), 3, "four hexadecimal digits"),
        ("lone high surrogate", Array(#""\ud83d smile""#.utf8), 7, "the second half of a surrogate pair"),
        ("lone low surrogate", Array(#""\ude00""#.utf8), 7, "a character, not half of a surrogate pair"),
        ("single quotes", Array("'milk'".utf8), 0, "a string"),
    ]

    @Test("A string that breaks a rule of JSON is an error that says at which byte, and what was expected there",
          arguments: brokenStrings)
    func brokenString(name: String, bytes: [UInt8], offset: Int, expected: String) {
        let error = #expect(throws: JSONReader.Error.self, "\(name)") {
            try JSONReader.read(Data(bytes)) { try $0.readString() }
        }

        #expect(error?.offset == offset, "\(name)")
        #expect(error?.expected == expected, "\(name)")
    }

    @Test("A number that breaks a rule of JSON, or does not fit, is an error, and the reader stays where it was", arguments: [
        "01", "-", "1.", ".5", "1e", "1e+", "+1", "NaN", "Infinity", "1e400", "-1e400", "- 1",
    ])
    func brokenDouble(text: String) {
        #expect(failedRead(text) { try $0.readDouble() }.offset == 0)
    }

    /// Not whole however near: a `Double` would make 1 of the first three, and 0 of the next.
    @Test("A number with a fraction, or past 64 bits, is not an Int, and the reader stays where it was", arguments: [
        "1.5", "1e-3", "9223372036854775808", "-9223372036854775809", "9.3e18", "1e400",
        "0.99999999999999999", "1.0000000000000001", "4.9999999999999999e-0", "1e-400", "10e-2", "1e1000001",
    ])
    func notAnInt(text: String) {
        let (error, offset) = failedRead(text) { try $0.readInt() }
        #expect(offset == 0)
        #expect(error?.offset == 0)
    }

    @Test("A number that breaks a rule of JSON is not an Int either, and the reader stays where it was", arguments: [
        "01", "00", "-01", "-", "--1", "+1", "- 1", "1.", "1e", "1E+", ".5", "-x",
    ])
    func brokenInt(text: String) {
        #expect(failedRead(text) { try $0.readInt() }.offset == 0)
    }

    /// Worked out on the digits: through a `Double`, Int.max would round past itself.
    @Test("A whole number at the limits of Int, written with an exponent, reads exactly", arguments: [
        ("922337203685477580.7e1", Int.max), ("-9.223372036854775808e18", Int.min), ("1.2345678901234567e18", 1_234_567_890_123_456_700),
    ])
    func wholeNumberAtTheLimits(text: String, value: Int) throws {
        #expect(try JSONReader.read(Data(text.utf8)) { try $0.readInt() } == value)
    }

    @Test("A whole number written with a fraction or an exponent is an Int, as JSONDecoder reads it", arguments: [
        ("1.0", 1), ("1e3", 1000), ("5.00", 5), ("1E2", 100), ("-0.0", 0), ("-0", 0), ("100e-2", 1), ("0.1e1", 1),
        ("0e400", 0), ("0.00e-7", 0),
        ("1000000000000000000", 1_000_000_000_000_000_000), ("12.500e+1", 125),
        ("0.00000000000000000001e20", 1),
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

    /// Random UUIDs, each digit in either case at random: every digit's value counts.
    @Test("Any UUID reads, in any mix of cases, as Foundation reads it")
    func randomUUIDs() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = String(UUID().uuidString.map { Bool.random(using: &generator) ? Character($0.lowercased()) : $0 })

            #expect(try JSONReader.read(Data("\"\(text)\"".utf8)) { try $0.readUUID() } == UUID(uuidString: text), "\(text)")
        }
    }

    /// Strings are passed over eight bytes at a time where they are plain: each kind of byte
    /// that is not plain, in each place of the first words, ends, escapes or breaks the string.
    @Test("A string reads the same wherever a quote, an escape, a control character or a letter past ASCII falls in it",
          arguments: 0..<26)
    func bytesInEveryPlace(place: Int) throws {
        let plain = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        func read(_ middle: [UInt8]) throws -> String {
            let text = [UInt8(ascii: "\"")] + plain[..<place] + middle + plain[place...] + [UInt8(ascii: "\"")]
            return try JSONReader.read(Data(text), from: 0) { try $0.readString() }.value
        }
        let head = String(decoding: plain[..<place], as: UTF8.self), tail = String(decoding: plain[place...], as: UTF8.self)

        #expect(try read(Array("\\n".utf8)) == head + "\n" + tail)
        #expect(try read(Array("é".utf8)) == head + "é" + tail)
        #expect(try read(Array("\"".utf8)) == head)
        #expect(throws: JSONReader.Error.self) { try read([0x1F]) }
        #expect(throws: JSONReader.Error.self) { try read([0xFF]) }
        #expect(throws: JSONReader.Error.self) { try read([0x00]) }
        #expect(try read([0x20, 0x7F]) == head + " \u{7F}" + tail)
    }

    @Test("An id that is not a UUID is an error, and the reader stays where it was", arguments: [
        "\"E621E1F8C36C495A93FC0C247A3E6E5F\"", "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5\"",
        "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5G\"", "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F0\"", "42",
    ])
    func brokenUUID(text: String) {
        #expect(failedRead(text) { try $0.readUUID() }.offset == 0)
    }

    @Test("Objects and arrays that break a rule of JSON are errors, even where skipped", arguments: [
        "{\"a\":1,}", "[1,]", "[1 2]", "{\"a\" 1}", "{a:1}", "{\"a\":1", "[", "{\"a\":tru}", "{\"a\":nul}",
        "{\"a\":[1,{\"b\":01}]}", "{\"a\":1} x", "{\"a\":1}{}", "", "   ", "// comment\n{}", "0x10",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
    func brokenStructure(text: String) {
        #expect(throws: JSONReader.Error.self) { try JSONReader.read(Data(text.utf8)) { try $0.skipValue() } }
    }

    @Test("White space may stand between any two tokens, inside an empty object or array too", arguments: [
        "{ }", "[ ]", " { \"a\" : [ 1 , { } , [ ] ] , \"b\" : null } ", "\n{\r\n\t}\n",
    ])
    func whiteSpace(text: String) throws {
        try JSONReader.read(Data(text.utf8)) { try $0.skipValue() }
    }

    @Test("Arrays and objects nest 512 deep, and one level deeper is an error naming the limit", arguments: [
        ("[", "[]", "]", 512, nil), ("[", "[]", "]", 513, "values nested no deeper than 512"),
        ("{\"a\":", "{}", "}", 512, nil), ("{\"a\":", "{}", "}", 513, "values nested no deeper than 512"),
    ] as [(String, String, String, Int, String?)])
    func nestingLimit(open: String, innermost: String, close: String, depth: Int, refused: String?) throws {
        let text = String(repeating: open, count: depth - 1) + innermost + String(repeating: close, count: depth - 1)
        var refusal: String?

        do {
            try JSONReader.read(Data(text.utf8)) { try $0.skipValue() }
        } catch let error as JSONReader.Error {
            refusal = error.expected
        }

        #expect(refusal == refused)
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

/// Reads `text` with `read`, which is expected to throw: the error, and where it left the reader.
private func failedRead<Value>(_ text: String, sourceLocation: SourceLocation = #_sourceLocation,
                               _ read: (inout JSONReader) throws -> Value) -> (error: JSONReader.Error?, offset: Int?) {
    var offset: Int?
    let error = #expect(throws: JSONReader.Error.self, sourceLocation: sourceLocation) {
        try JSONReader.read(Data(text.utf8)) { json in
            defer { offset = json.offset }
            return try read(&json)
        }
    }
    return (error, offset)
}
