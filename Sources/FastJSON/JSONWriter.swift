#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes JSON as bytes, value by value, with no white space: the same bytes Foundation's
/// `JSONEncoder` writes with `.withoutEscapingSlashes`, when the caller writes each object's keys
/// in the order `.sortedKeys` would.
public struct JSONWriter {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next value or key follows another, and needs a comma first.
    private var followsValue = false

    /// `capacity`: the bytes to make room for at once, when the caller can tell.
    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    public var data: Data { Data(bytes) }

    // MARK: - Objects and arrays

    /// Writes an object; `fields` writes each key, then its value.
    public mutating func object(_ fields: (inout JSONWriter) -> Void) {
        startValue()
        bytes.append(UInt8(ascii: "{"))
        followsValue = false
        fields(&self)
        bytes.append(UInt8(ascii: "}"))
        followsValue = true
    }

    /// Writes an array of `elements`, each written by `write`.
    public mutating func array<Elements: Sequence>(_ elements: Elements, _ write: (inout JSONWriter, Elements.Element) -> Void) {
        startValue()
        bytes.append(UInt8(ascii: "["))
        followsValue = false
        for element in elements {
            write(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
        followsValue = true
    }

    /// Writes a key of the object being written; its value comes next. Keys are plain ASCII
    /// names, written as they are.
    public mutating func key(_ name: StaticString) {
        startValue()
        bytes.append(UInt8(ascii: "\""))
        append(name)
        append("\":")
        followsValue = false
    }

    /// Writes an id as a key of the object being written, for a map from ids: its value comes next.
    public mutating func key(uuid: UUID) {
        self.uuid(uuid)
        bytes.append(UInt8(ascii: ":"))
        followsValue = false
    }

    /// Writes a key given as the bytes `"key":`, made once by a caller that writes the same keys
    /// many times; its value comes next.
    public mutating func key(quoted literal: UnsafeRawBufferPointer) {
        startValue()
        bytes.append(contentsOf: literal)
        followsValue = false
    }

    // MARK: - Values

    /// Escapes `"`, `\` and control characters; everything else, `/` and non-ASCII included,
    /// is written as it is.
    public mutating func string(_ value: String) {
        startValue()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var plain = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<index]))
                appendEscaped(byte)
                plain = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain...]))
        }
        bytes.append(UInt8(ascii: "\""))
        followsValue = true
    }

    /// Writes `value` as `string(_:)` does, and also escapes as `\uXXXX` every character
    /// `extra` names: for text that will be shown on a terminal, which would act on some
    /// characters JSON lets through (C1 controls, the marks that reorder text).
    public mutating func string(_ value: String, alsoEscaping extra: (Unicode.Scalar) -> Bool) {
        guard value.unicodeScalars.contains(where: { $0.value >= 0x20 && extra($0) }) else { return string(value) }
        startValue()
        bytes.append(UInt8(ascii: "\""))
        for scalar in value.unicodeScalars {
            if scalar.value < 0x20 || scalar == "\"" || scalar == "\\" {
                appendEscaped(UInt8(scalar.value))
            } else if extra(scalar) {
                for unit in String(scalar).utf16 {
                    append("\\u")
                    for shift in stride(from: 12, through: 0, by: -4) {
                        bytes.append(Self.lowercaseHexDigits[Int((unit >> UInt16(shift)) & 0x0F)])
                    }
                }
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        followsValue = true
    }

    /// `null`, for a value that is absent where a reader expects its key.
    public mutating func null() {
        startValue()
        append("null")
        followsValue = true
    }

    /// Upper-case, as `UUID.uuidString`.
    public mutating func uuid(_ value: UUID) {
        startValue()
        bytes.append(UInt8(ascii: "\""))
        withUnsafeBytes(of: value.uuid) { raw in
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    bytes.append(UInt8(ascii: "-"))
                }
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
        bytes.append(UInt8(ascii: "\""))
        followsValue = true
    }

    public mutating func int(_ value: Int) {
        startValue()
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        let start = bytes.count
        var magnitude = value.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
        followsValue = true
    }

    /// A whole number of at most 2⁵³ is written without a fraction, as `JSONEncoder` does;
    /// any other in Swift's shortest form that reads back as the same `Double`.
    /// JSON has no infinity or NaN: writing one is a programming error.
    public mutating func double(_ value: Double) {
        precondition(value.isFinite, "JSON has no \(value)")
        if value.rounded() == value, value.magnitude <= 0x1p53, !(value == 0 && value.sign == .minus) {
            int(Int(value))
            return
        }
        startValue()
        var text = value.description
        if text.hasSuffix(".0") {
            text.removeLast(2)
        }
        bytes.append(contentsOf: text.utf8)
        followsValue = true
    }

    public mutating func bool(_ value: Bool) {
        startValue()
        append(value ? "true" : "false")
        followsValue = true
    }

    // MARK: - Private

    /// Ids are written in upper case, as `UUID.uuidString`; escapes in lower case, as `JSONEncoder`.
    private static let hexDigits = Array("0123456789ABCDEF".utf8)
    private static let lowercaseHexDigits = Array("0123456789abcdef".utf8)

    private mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private mutating func startValue() {
        if followsValue {
            bytes.append(UInt8(ascii: ","))
        }
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            append("u00")
            bytes.append(Self.lowercaseHexDigits[Int(byte >> 4)])
            bytes.append(Self.lowercaseHexDigits[Int(byte & 0x0F)])
        }
    }
}
