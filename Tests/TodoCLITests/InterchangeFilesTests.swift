import Foundation
import Testing
@testable import TodoCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `import` reads its file, on a real descriptor. A read that never ends is stopped by an
/// alarm in a process of its own.
@Suite("Reading a file to import")
struct InterchangeFilesTests {
    @Test("A file is read whole though errno holds the EINTR of an earlier call")
    func oldEINTR() async {
        await #expect(processExitsWith: .success) {
            alarm(10)
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("todo-import-\(UUID().uuidString)").path
            try Data("Call Ann\n".utf8).write(to: URL(fileURLWithPath: path))
            let descriptor = open(path, O_RDONLY)
            unlink(path)
            errno = EINTR
            let bytes = try InputFile.bytes(descriptor: descriptor, name: path, limit: 100)
            #expect(bytes == Array("Call Ann\n".utf8))
        }
    }
}
