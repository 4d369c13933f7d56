import Foundation
import Testing
@testable import TodoCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `import` reads its file and `export` writes one, on real descriptors. A read or a write
/// that never ends is stopped by an alarm in a process of its own.
@Suite("Reading a file to import, and writing an export")
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

    @Test("An export leaves no file open: a prompt may export again and again", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func nothingLeftOpen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("list.txt").path

        try OutputFile.save(Array("Call Ann\n".utf8), to: file)
        try OutputFile.save(Array("Buy milk\n".utf8), to: file)

        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
        }
        #expect(!open.contains { $0.hasPrefix(folder.path) }, "\(open)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "Buy milk\n")
    }

    @Test("A write the system refuses part-way (a cap on file sizes) fails the export, which leaves nothing behind")
    func refusedPartWay() async {
        await #expect(processExitsWith: .success) {
            alarm(10)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-export-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            signal(SIGXFSZ, SIG_IGN)
            var cap = rlimit(rlim_cur: 16, rlim_max: rlim_t.max)
            #if canImport(Glibc)
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &cap)
            #else
            setrlimit(RLIMIT_FSIZE, &cap)
            #endif

            #expect(throws: CommandError.self) {
                try OutputFile.save(Array(repeating: UInt8(ascii: "x"), count: 100), to: folder.appendingPathComponent("list.txt").path)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
        }
    }
}
