import FastJSON
import Foundation
import Testing

/// The reader against Foundation's, on documents made from a seed: valid ones, and each of
/// them with one byte changed, dropped or doubled. Where the two differ on purpose, the test
/// says so; everywhere else what one reads the other reads, to the same values.
@Suite("The JSON reader against JSONSerialization")
struct DifferentialTests {
    /// A JSON value as both readers can be asked for it.
    indirect enum Value: Sendable {
        case null, bool(Bool), int(Int), double(Double), string(String)
        case array([Value]), object([(String, Value)])
    }

    /// A small random-number source that gives the same documents on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    static let characters: [String] = ["a", "Z", " ", "é", "李", "😀", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{7F}", "\u{2028}"]

    static func value(depth: Int, _ random: inout Seeded) -> Value {
        switch Int.random(in: 0..<(depth > 2 ? 5 : 7), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(Int.random(in: -1_000_000...1_000_000, using: &random))
        case 3: return .double(Double(Int.random(in: -99_999...99_999, using: &random)) / 64)
        case 4: return .string((0..<Int.random(in: 0...6, using: &random)).map { _ in characters.randomElement(using: &random)! }.joined())
        case 5: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1, &random) })
        default:
            return .object((0..<Int.random(in: 0...4, using: &random)).map { index in ("k\(index)", value(depth: depth + 1, &random)) })
        }
    }

    static func text(_ value: Value) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double(let number): "\(number)"
        case .string(let string):
            "\"" + string.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\n": "\\n"
                case "\t": "\\t"
                case _ where scalar.value < 0x20: String(format: "\\u%04x", scalar.value)
                default: String(scalar)
                }
            }.joined() + "\""
        case .array(let values): "[" + values.map(text).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { text(.string($0.0)) + ":" + text($0.1) }.joined(separator: ", ") + "}"
        }
    }

    /// The valid documents, and from each, copies with one byte changed, dropped or doubled.
    static let documents: [(valid: Bool, bytes: [UInt8])] = {
        var random = Seeded(state: 17)
        var documents: [(Bool, [UInt8])] = []
        for _ in 0..<150 {
            let bytes = Array(text(.array([value(depth: 1, &random)])).utf8)
            documents.append((true, bytes))
            for _ in 0..<6 {
                var broken = bytes
                let at = Int.random(in: 0..<broken.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: broken[at] = Array("{}[]\",:0-.eE\\ tnul".utf8).randomElement(using: &random)!
                case 1: broken.remove(at: at)
                default: broken.insert(broken[at], at: at)
                }
                documents.append((false, broken))
            }
        }
        return documents
    }()

    /// The one leniency of JSONSerialization on Linux the reader does not share: a comma
    /// before a closing bracket or brace, which JSON does not allow.
    static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        return text.contains(",]") || text.contains(",}")
    }

    @Test("A generated document is read by the reader exactly when JSONSerialization reads it")
    func sameAcceptance() {
        var differences: [String] = []
        for (valid, bytes) in Self.documents {
            let foundation = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
            let fast = (try? JSONReader.read(Data(bytes)) { try $0.skipValue() }) != nil
            if valid && !fast || foundation != fast && !(foundation && Self.hasTrailingComma(bytes)) {
                differences.append("\(foundation ? "Foundation" : "FastJSON") alone reads: \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")
        #expect(Self.documents.filter(\.valid).count == 150)
        #expect(Self.documents.filter { !$0.valid }.count == 900)
    }

    /// Text where JSON libraries are known to part ways, and what both readers make of it.
    static let edges: [(name: String, json: String, read: String?)] = [
        ("a key given twice takes the last value", #"{"a":"first","a":"last"}"#, "last"),
        ("a byte-order mark before the text", "\u{FEFF}{\"a\":\"x\"}", "x"),
        ("a lone high surrogate", #"{"a":"\ud800"}"#, nil),
        ("a lone low surrogate", #"{"a":"\udc00"}"#, nil),
        ("a surrogate pair", #"{"a":"\ud83d\ude00"}"#, "😀"),
        ("a whole number written 5.0", #"{"a":5.0}"#, "5"),
        ("an exponent", #"{"a":1E2}"#, "100"),
        ("a negative exponent", #"{"a":25e-1}"#, "2.5"),
        ("a number past Double", #"{"a":1e400}"#, nil),
    ]

    /// A number as the table above writes it: 5, 2.5.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    @Test("Where JSON libraries part ways, the reader reads what JSONSerialization reads", arguments: edges)
    func edgeCases(name: String, json: String, read expected: String?) throws {
        let data = Data(json.utf8)
        let isText = json.contains(#":""#)
        let found = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["a"]
        let foundation = isText ? found as? String : (found as? NSNumber).map { Self.number($0.doubleValue) }
        let fast = try? JSONReader.read(data) { json -> String? in
            var value: String?
            try json.readObject { json, _ in
                value = isText ? try json.readString() : Self.number(try json.readDouble())
            }
            return value
        }

        #expect(fast == expected, "\(name)")
        #expect(foundation == expected, "\(name): JSONSerialization read \(foundation ?? "nothing")")
    }
}
