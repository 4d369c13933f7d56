import Foundation
import TestSupport
import Testing
@testable import TodoCLI
#if canImport(Glibc)
import Glibc
#endif

@Suite("The heap settings todo starts with")
struct HeapSettingsTests {
    /// Where glibc is, it must take them: a lookup or a value it refused would leave a large
    /// list's read paying 10,000 page faults, which no other test would see.
    @Test("glibc's allocator takes the settings for large steps")
    func glibcTakesThem() {
        #if canImport(Glibc)
        #expect(HeapSettings.growInLargeSteps())
        #else
        #expect(!HeapSettings.growInLargeSteps())
        #endif
    }

    #if canImport(Glibc)
    @Test("Where the system caps the memory todo may map, the settings are taken at 4 GiB or more, and not under it")
    func cappedAddressSpace() async {
        await #expect(processExitsWith: .success) {
            let resource = __rlimit_resource_t(RLIMIT_AS.rawValue)
            var limit = rlimit()
            getrlimit(resource, &limit)
            let original = limit
            limit.rlim_cur = rlim_t(HeapSettings.leastAddressSpace)
            setrlimit(resource, &limit)
            let atTheLeast = HeapSettings.growInLargeSteps()
            limit.rlim_cur = rlim_t(HeapSettings.leastAddressSpace - 4096)
            setrlimit(resource, &limit)
            let under = HeapSettings.growInLargeSteps()
            var restored = original
            setrlimit(resource, &restored)
            #expect(atTheLeast)
            #expect(!under)
        }
    }

    @Test("Once the settings are taken, an array larger than glibc ever maps apart by itself stays in the heap")
    func largeArraysStayInTheHeap() async {
        await #expect(processExitsWith: .success) {
            #expect(HeapSettings.growInLargeSteps())
            // Past 32 MB, glibc gives a block pages of its own unless told otherwise.
            let block = malloc(48 << 20)
            // glibc marks such a block with the second bit of the size kept before it.
            let mappedApart = block.map { $0.load(fromByteOffset: -MemoryLayout<Int>.size, as: Int.self) & 2 != 0 }
            free(block)
            #expect(mappedApart == false)
        }
    }

    /// The settings are for the program as users run it: the real `todo`, once it has answered
    /// a line, has a heap the size of one 64 MB step, where glibc alone grows it 128 KB at a time.
    @Test("The real todo starts with them: its heap grows 64 MB at a time",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps") && HeapSettingsTests.addressSpaceTakesThem))
    func realTodoTakesThem() throws {
        let folder = try TemporaryFolder()
        let process = Process()
        process.executableURL = try RealBinary().url
        process.arguments = ["--store", folder.file("store.json").path]
        let (input, output) = (Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data("help\n".utf8))
        let answered = output.fileHandleForReading.availableData
        let maps = try String(contentsOfFile: "/proc/\(process.processIdentifier)/maps", encoding: .utf8)
        try input.fileHandleForWriting.close()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        #expect(!answered.isEmpty)
        // A line of the map: "START-END permissions offset device inode [heap]", in hexadecimal.
        let heap = maps.split(separator: "\n").first { $0.hasSuffix("[heap]") }.map { line in
            line.prefix { $0 != " " }.split(separator: "-").compactMap { Int($0, radix: 16) }
        }
        #expect(heap.map { $0.count == 2 && $0[1] - $0[0] >= 64 << 20 } == true, "\(maps)")
        #expect(process.terminationStatus == 0)
    }

    /// Whether this process's memory is uncapped, or capped at 4 GiB or more: todo inherits the cap.
    static var addressSpaceTakesThem: Bool {
        var limit = rlimit()
        return getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0
            && (limit.rlim_cur == rlim_t.max || limit.rlim_cur >= rlim_t(HeapSettings.leastAddressSpace))
    }
    #endif
}
