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
    #endif
}
