import Foundation
@testable import LocalStore
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file the store reads (the store, its journal, and what the system says of a lock's
/// holder) is read whole: mapped where it can be, else read until the system says it ends.
@Suite("Keeping the list on this machine: a file is read whole")
struct FileReadTests {
    @Test("A file the system makes as it is read says it is empty, and is read past its first 4 KiB",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline") && FileManager.default.fileExists(atPath: "/bin/sleep")))
    func madeAsItIsRead() throws {
        let words = ["30"] + Array(repeating: "0", count: 3_000)
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = words
        try sleeper.run()
        defer { kill(sleeper.processIdentifier, SIGKILL); sleeper.waitUntilExit() }
        let path = "/proc/\(sleeper.processIdentifier)/cmdline"
        // Until the child has started sleep, the file says what it ran before.
        for _ in 0..<500 where (try? Data(contentsOf: URL(fileURLWithPath: path)))?.starts(with: Data("/bin/sleep\0".utf8)) != true {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let file = try #require(try StoreFiles.open(path))
        #expect(file.size == 0)

        let read = try file.contents()

        let written = Data((["/bin/sleep"] + words).map { $0 + "\0" }.joined().utf8)
        #expect(written.count > 6_000)
        #expect(read == written)
    }

    /// `errno` says why the last call that failed failed; a read that ends (0 bytes) does not set
    /// it, so an interruption long past must not be taken for this read's, and read again forever.
    @Test("An empty file is read as empty, whatever reason an earlier call left behind")
    func emptyAfterAnInterruption() throws {
        let folder = try TemporaryFolder()
        let empty = folder.file("empty")
        try Data().write(to: empty)
        let reading = Reading(try #require(try StoreFiles.open(empty.path)))

        Thread.detachNewThread {
            errno = EINTR
            reading.run()
        }

        #expect(reading.finished.wait(timeout: .now() + 10) == .success, "the read never ended")
        #expect(try reading.read?.get().isEmpty == true)
    }

    /// A read on a thread of its own, so that one that never ends fails the test, not hangs it.
    private final class Reading: @unchecked Sendable {
        let file: StoreFiles.OpenFile
        let finished = DispatchSemaphore(value: 0)
        private(set) var read: Result<Data, any Error>?

        init(_ file: StoreFiles.OpenFile) { self.file = file }

        func run() {
            read = Result { try file.contents() }
            finished.signal()
        }
    }
}
