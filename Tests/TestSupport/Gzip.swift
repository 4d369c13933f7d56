import Foundation

/// A gzip body of `count` zero bytes, a thousand times smaller than what it unpacks to: what a
/// hostile server sends to make a client take gigabytes. Written with deflate's fixed codes:
/// one zero, then copies of the 258 bytes before, then the zeros left over.
public func gzippedZeros(count: Int) -> Data {
    var bits = BitWriter()
    bits.write(1, count: 1)  // the last block
    bits.write(1, count: 2)  // fixed Huffman codes
    var left = count
    if left > 0 {
        bits.writeCode(0x30, length: 8)  // the literal 0
        left -= 1
    }
    while left >= 258 {
        bits.writeCode(0xC5, length: 8)  // length 258 (code 285)
        bits.writeCode(0, length: 5)     // distance 1 (code 0)
        left -= 258
    }
    for _ in 0..<left {
        bits.writeCode(0x30, length: 8)
    }
    bits.writeCode(0, length: 7)  // end of block (code 256)
    var data = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255])
    data.append(contentsOf: bits.bytes)
    var crc = crc32(ofZeros: count)
    var size = UInt32(truncatingIfNeeded: count)
    withUnsafeBytes(of: &crc) { data.append(contentsOf: $0) }
    withUnsafeBytes(of: &size) { data.append(contentsOf: $0) }
    return data
}

private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 8

    /// Writes `value`'s low bits, least significant first, as deflate packs its header bits.
    mutating func write(_ value: UInt32, count: Int) {
        for bit in 0..<count {
            if used == 8 {
                bytes.append(0)
                used = 0
            }
            bytes[bytes.count - 1] |= UInt8((value >> UInt32(bit)) & 1) << UInt8(used)
            used += 1
        }
    }

    /// Writes a Huffman code, most significant bit first, as deflate packs its codes.
    mutating func writeCode(_ code: UInt32, length: Int) {
        var reversed: UInt32 = 0
        for bit in 0..<length where code & (1 << UInt32(bit)) != 0 {
            reversed |= 1 << UInt32(length - 1 - bit)
        }
        write(reversed, count: length)
    }
}

private func crc32(ofZeros count: Int) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for _ in 0..<count {
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
        }
    }
    return crc ^ 0xFFFF_FFFF
}
