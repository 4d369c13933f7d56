@testable import LocalStore
import Testing

@Suite("Who holds the store's lock, as /proc/locks tells it")
struct LockHolderTests {
    private static let lock = (major: UInt64(0xfd), minor: UInt64(0x01), inode: UInt64(12345))
    private static let others = "1: POSIX  ADVISORY  WRITE 4242 fd:01:999 0 0\n2: FLOCK  ADVISORY  WRITE 4243 fd:02:12345 0 EOF\n"

    @Test("SF-53 The holder of the lock is read from whole lines of /proc/locks only")
    func wholeLinesOnly() {
        let cut = Self.others + "20001: FLOCK  ADVISORY  WRITE 5150 fd:01:12345"
        let whole = Self.others + "20001: FLOCK  ADVISORY  WRITE 5150 fd:01:12345 0 EOF\n"

        #expect(LockHolder.pid(holding: Self.lock, in: cut) == nil)
        #expect(LockHolder.pid(holding: Self.lock, in: whole) == 5150)
    }
}
