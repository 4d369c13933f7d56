import FastJSON
import Foundation
import Testing

@Suite("Writing JSON as JSONEncoder does")
struct JSONWriterTests {
    static let strings = [
        "", "Buy milk", "quote \" and backslash \\", "a/b </script>", "line\nbreak\ttab\rreturn",
        "bell \u{7} backspace \u{8} form feed \u{C} unit \u{1F} delete \u{7F}", "Zoë, Ærøskøbing, 東京, 😀👩‍👩‍👧",
        "line separator \u{2028} and paragraph \u{2029}", "e\u{301} combining", "\u{0}nul",
    ]

    @Test("A string is escaped exactly as JSONEncoder escapes it", arguments: strings)
    func stringAsJSONEncoder(value: String) throws {
        #expect(write { $0.string(value) } == (try encoded(value)))
    }

    @Test("Characters the caller names are escaped too, and the text reads back the same", arguments: strings)
    func stringWithMoreEscaped(value: String) throws {
        let nonASCII: (Unicode.Scalar) -> Bool = { $0.value >= 0x7F }
        let written = write { $0.string(value, alsoEscaping: nonASCII) }

        #expect(written.unicodeScalars.allSatisfy { $0.value < 0x7F })
        #expect(try JSONReader.read(Data(written.utf8)) { try $0.readString() } == value)
        #expect(try JSONDecoder().decode(String.self, from: Data(written.utf8)) == value)
        #expect(write { $0.string(value, alsoEscaping: { _ in false }) } == write { $0.string(value) })
        let inAnArray = write { $0.array([value, "x", value]) { json, text in json.string(text, alsoEscaping: nonASCII) } }
        #expect(try JSONDecoder().decode([String].self, from: Data(inAnArray.utf8)) == [value, "x", value])
    }

    @Test("The marks that reorder text are written as escapes, in lower case as JSONEncoder writes its own")
    func reorderingMarks() {
        #expect(write { $0.string("a\u{202E}b\u{1F600}", alsoEscaping: { $0.value > 0x7F }) } == #""a\u202eb\ud83d\ude00""#)
        #expect(write { $0.array([1, 2]) { json, _ in json.null() } } == "[null,null]")
    }

    @Test("A character from the space up that the caller names is escaped; a control character keeps JSON's own escape")
    func namedCharacters() {
        #expect(write { $0.string("a b", alsoEscaping: { $0 == " " }) } == #""a\u0020b""#)
        #expect(write { $0.string("a\tb", alsoEscaping: { $0 == "\t" }) } == #""a\tb""#)
    }

    @Test("The caller is never asked about a control character, which JSON escapes anyway")
    func controlCharactersNotAsked() {
        var asked: [Unicode.Scalar] = []

        let written = write { $0.string("\u{1}a\u{1F}é", alsoEscaping: { asked.append($0); return $0 == "é" }) }

        #expect(written == #""\u0001a\u001f\u00e9""#)
        #expect(!asked.contains { $0.value < 0x20 })
    }

    @Test("A writer told how many bytes it will write makes room for them at once")
    func capacity() {
        #expect(JSONWriter(capacity: 100).bytes.capacity >= 100)
    }

    static let doubles: [Double] = [
        0, 1, -1, 1.5, -2.25, 0.1, 1e-7, 1e15, 1e16, 1e20, 123_456_789.125, 785_000_000.123_456,
        -785_000_000.5, 0x1p53, 0x1p53 + 2, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -0.0,
    ]

    @Test("A number is written as JSONEncoder writes it", arguments: doubles)
    func doubleAsJSONEncoder(value: Double) throws {
        #expect(write { $0.double(value) } == (try encoded(value)))
    }

    @Test("A whole number is written in digits", arguments: [0, 7, -7, 10, 1_000_000, Int.max, Int.min])
    func intAsJSONEncoder(value: Int) throws {
        #expect(write { $0.int(value) } == (try encoded(value)))
    }

    @Test("A UUID is written in upper case, as uuidString")
    func uuidAsJSONEncoder() throws {
        let value = try #require(UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))

        #expect(write { $0.uuid(value) } == "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"")
        #expect(write { $0.uuid(value) } == (try encoded(value)))
    }

    @Test("Objects and arrays nest with commas between values and none after the last")
    func nesting() throws {
        struct Shape: Encodable {
            let a: [Int]
            let b: Bool
            let c: [[String: Bool]]
            let d: [Int]
            let e: [[Int]]
            let f: [Double]
            let g: [Bool]
        }
        let expected = try encoded(Shape(a: [1, 2, 3], b: true, c: [["x": false], ["x": true]], d: [], e: [[1, 2], [], [3]],
                                         f: [0.5, 2, 1e20], g: [false, true]))

        let written = write { json in
            json.object { json in
                json.key("a")
                json.array([1, 2, 3]) { $0.int($1) }
                json.key("b")
                json.bool(true)
                json.key("c")
                json.array([false, true]) { json, value in
                    json.object { json in
                        json.key("x")
                        json.bool(value)
                    }
                }
                json.key("d")
                json.array([Int]()) { $0.int($1) }
                json.key("e")
                json.array([[1, 2], [], [3]]) { json, inner in json.array(inner) { $0.int($1) } }
                json.key("f")
                json.array([0.5, 2, 1e20]) { $0.double($1) }
                json.key("g")
                json.array([false, true]) { $0.bool($1) }
            }
        }

        #expect(written == expected)
    }

    // MARK: - Helpers

    private func write(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        body(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
