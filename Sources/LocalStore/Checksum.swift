#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// XXH64, a fast 64-bit hash: the store's proof that a file is byte for byte what `todo` wrote.
///
/// It is not a defence against someone who means harm (they could recompute it); it tells a
/// file `todo` wrote, and therefore checked, from one changed since by a crash, a disk or a
/// person. It reads 32 bytes a step, so proving a store of 100,000 to-dos costs about a
/// millisecond, where reading it whole costs tens.
enum Checksum {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    static func xxh64(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        var offset = 0
        var hash: UInt64
        if count >= 32 {
            var lanes = (seed &+ prime1 &+ prime2, seed &+ prime2, seed, seed &- prime1)
            while offset + 32 <= count {
                lanes.0 = round(lanes.0, word(bytes, offset))
                lanes.1 = round(lanes.1, word(bytes, offset + 8))
                lanes.2 = round(lanes.2, word(bytes, offset + 16))
                lanes.3 = round(lanes.3, word(bytes, offset + 24))
                offset += 32
            }
            hash = rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
            hash = merge(hash, lanes.0)
            hash = merge(hash, lanes.1)
            hash = merge(hash, lanes.2)
            hash = merge(hash, lanes.3)
        } else {
            hash = seed &+ prime5
        }
        hash &+= UInt64(count)
        while offset + 8 <= count {
            hash ^= round(0, word(bytes, offset))
            hash = rotate(hash, 27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= count {
            hash ^= UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian) &* prime1
            hash = rotate(hash, 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash ^= UInt64(bytes[offset]) &* prime5
            hash = rotate(hash, 11) &* prime1
            offset += 1
        }
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }

    static func xxh64<Bytes: ContiguousBytes>(_ bytes: Bytes, seed: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBytes { xxh64($0, seed: seed) }
    }

    /// Sixteen lower-case hex digits, as the store and the journal write a checksum.
    static func hex(_ value: UInt64) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return (0..<16).map { digits[Int((value >> (60 - 4 * UInt64($0))) & 0xF)] }
    }

    /// The value of sixteen lower-case hex digits, as they are written; nil for anything else.
    static func value<Bytes: Collection<UInt8>>(ofHex bytes: Bytes) -> UInt64? {
        guard bytes.count == 16 else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    private static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
    }

    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
        (hash ^ round(0, lane)) &* prime1 &+ prime4
    }
}
