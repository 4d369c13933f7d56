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

    /// The holder's number and the file's are the fifth and sixth fields; the range after them is
    /// not read, so a whole line that stops at the file still names its holder.
    @Test("A whole line that stops after the file it names still names the holder")
    func lineWithoutItsRange() {
        let short = Self.others + "20001: FLOCK  ADVISORY  WRITE 5150 fd:01:12345\n"
        let shorter = Self.others + "20001: FLOCK  ADVISORY  WRITE 5150\n"

        #expect(LockHolder.pid(holding: Self.lock, in: short) == 5150)
        #expect(LockHolder.pid(holding: Self.lock, in: shorter) == nil)
    }
}
