#if canImport(Glibc)
import Glibc
#endif

/// How the C library's allocator grows the heap, set once at start.
///
/// glibc grows the heap 128 KB at a time, gives each array of more than about 128 KB pages of
/// its own, and hands them back to the system when freed. Reading 100,000 to-dos makes arrays of
/// several MB, copies them and frees them: 10,000 page faults, a third of a check's time
/// (Benchmarks/profile.md). Asked to grow in 64 MB steps, to keep arrays in the heap and not to
/// give memory back, a process faults each page it uses once. Pages it never touches cost
/// nothing, so a small list's memory stays as it was.
enum HeapSettings {
    /// Whether the allocator took the settings; false where there is no glibc to ask.
    /// Where the system caps how much memory todo may map (`ulimit -v`) below this, the heap is
    /// left to grow as glibc grows it: a 64 MB step past the cap would fail every allocation,
    /// `todo --version`'s included.
    static let leastAddressSpace = 4 << 30

    @discardableResult
    static func growInLargeSteps() -> Bool {
        #if canImport(Glibc)
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur == rlim_t.max || limit.rlim_cur >= leastAddressSpace else {
            return false
        }
        // `mallopt` is not in the Glibc module; looked up by name, as the dynamic loader has it.
        // Its parameters, from <malloc.h>: M_TRIM_THRESHOLD -1, M_TOP_PAD -2, M_MMAP_THRESHOLD -3.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        // mallopt says 1 for a setting it took.
        return mallopt(-1, 1 << 30) == 1 && mallopt(-2, 64 << 20) == 1 && mallopt(-3, 1 << 30) == 1
        #else
        return false
        #endif
    }
}
