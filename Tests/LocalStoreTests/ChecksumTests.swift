import Foundation
@testable import LocalStore
import ListEngine
import Testing

@Suite("The store's checksum")
struct ChecksumTests {
    /// Values from the reference implementation of XXH64.
    @Test("XXH64 gives the reference values, at every length its steps treat apart", arguments: [
        (Data(), UInt64(0), UInt64(0xEF46_DB37_51D8_E999)),
        (Data(), 42, 0x98B1_582B_0977_E704),
        (Data("a".utf8), 0, 0xD24E_C4F1_A98C_6E5B),
        (Data("abc".utf8), 42, 0x13C1_D910_7027_70E6),
        (Data("0123456789abcdef0123456789abcdef!".utf8), 0, 0x8AFF_F4DA_AC4E_677E),
        (Data((0..<768).map { UInt8($0 % 256) }), 42, 0x5A08_DEAD_05DF_1080),
        (Data((0..<31).map { UInt8($0) }), 0, 0xC346_D2B5_9B4D_8EE1),
        (Data((0..<32).map { UInt8($0) }), 0, 0xCBF5_9C51_16FF_32B4),
        (Data((0..<36).map { UInt8($0) }), 0, 0xDDE0_EF85_E3AE_F05C),
        (Data((0..<40).map { UInt8($0) }), 0, 0xF5DA_40F1_B117_41E9),
        (Data((0..<64).map { UInt8($0) }), 0, 0xF7C6_7301_DB67_13F0),
    ])
    func referenceValues(bytes: Data, seed: UInt64, expected: UInt64) {
        #expect(Checksum.xxh64(bytes, seed: seed) == expected)
    }

    @Test("A checksum is written as sixteen lower-case hex digits, and read back only so")
    func hex() {
        let written = Checksum.hex(0x0123_4567_89AB_CDEF)

        #expect(String(decoding: written, as: UTF8.self) == "0123456789abcdef")
        #expect(Checksum.value(ofHex: written) == 0x0123_4567_89AB_CDEF)
        #expect(Checksum.value(ofHex: Array("0123456789ABCDEF".utf8)) == nil)
        #expect(Checksum.value(ofHex: Array("0123456789abcde".utf8)) == nil)
    }
}
