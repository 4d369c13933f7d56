#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Ids made from a name, as RFC 9562 makes version 5 UUIDs: the same name gives the same id on
/// every machine and in every run. A todo.txt line has no id of its own; its text made into one
/// is what lets a second import of the same file know the line is already there.
enum NameBasedID {
    /// The namespace of todo.txt lines: an id of this project's own, so that no other tool's
    /// version 5 ids of the same text are these.
    static let todoTxtLines = UUID(uuidString: "6F1C9B8E-2D4A-4E7B-9C3D-5A8B7E6F4D21")!
    /// The namespace of the templates of repeating tasks an export to Taskwarrior writes, each
    /// named by the id of its to-do.
    static let repeatTemplates = UUID(uuidString: "0B7D2E4F-8A1C-4F3E-B5D6-9C2A1E8F7B34")!

    static func make(_ name: String, in namespace: UUID) -> UUID {
        var message = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        message += Array(name.utf8)
        var bytes = Array(SHA1.digest(message)[0..<16])
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}

/// SHA-1 (RFC 3174), which version 5 ids are made with; the toolchain on Linux has none. It
/// names, it does not guard: a line that collides with another on purpose only keeps itself out.
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var padded = message + [0x80]
        padded += [UInt8](repeating: 0, count: (56 - padded.count % 64 + 64) % 64)
        let bits = UInt64(message.count) * 8
        padded += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * $0)) }
        var words = [UInt32](repeating: 0, count: 80)
        for block in stride(from: 0, to: padded.count, by: 64) {
            for index in 0..<16 {
                words[index] = (0..<4).reduce(0) { $0 << 8 | UInt32(padded[block + index * 4 + $1]) }
            }
            for index in 16..<80 {
                let mixed = words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]
                words[index] = mixed << 1 | mixed >> 31
            }
            var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32) = switch index {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
                let next = (a << 5 | a >> 27) &+ f &+ e &+ k &+ words[index]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
            }
            state = [state[0] &+ a, state[1] &+ b, state[2] &+ c, state[3] &+ d, state[4] &+ e]
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
    }
}
