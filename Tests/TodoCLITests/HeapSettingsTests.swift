import Testing
@testable import TodoCLI

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
}
