#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ids a change names, asked about once for every item of the list: does this item hold
/// one of them? Almost every item does not, and a bit for each fingerprint of an id says so
/// without hashing it; hashing every id of a list of 100,000 cost more than the rest of a check.
struct IDSet {
    private let ids: Set<TodoItem.ID>
    private var bits = [UInt64](repeating: 0, count: 64)

    init(_ ids: some Sequence<TodoItem.ID>) {
        self.ids = Set(ids)
        for id in self.ids {
            let mark = Self.fingerprint(of: id)
            bits[mark >> 6] |= 1 << (mark & 63)
        }
    }

    func contains(_ id: TodoItem.ID) -> Bool {
        let mark = Self.fingerprint(of: id)
        return bits[mark >> 6] & 1 << (mark & 63) != 0 && ids.contains(id)
    }

    /// Twelve bits that depend on all sixteen bytes of the id.
    private static func fingerprint(of id: TodoItem.ID) -> Int {
        withUnsafeBytes(of: id.uuid) { raw in
            let folded = (raw.loadUnaligned(as: UInt64.self) ^ raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: folded >> 52)
        }
    }
}
