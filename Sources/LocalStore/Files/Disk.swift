#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How bytes reach the disk and files leave it: `write(2)` and `unlink(2)`, unless a test says
/// otherwise, to make a write fail part-way or a file refuse to go, as a full disk or an
/// immutable file does.
public struct Disk: Sendable {
    public var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
    /// Removes the file at the path: 0, or the error number the system gave.
    public var remove: @Sendable (_ path: String) -> Int32

    public init(write: @escaping @Sendable (Int32, UnsafeRawPointer, Int) -> Int = Disk.systemWrite,
                remove: @escaping @Sendable (String) -> Int32 = Disk.systemRemove) {
        self.write = write
        self.remove = remove
    }

    public static let system = Disk()

    @Sendable public static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    @Sendable public static func systemRemove(_ path: String) -> Int32 {
        unlink(path) == 0 ? 0 : errno
    }

    /// Writes all of `data`; a write that makes no progress is a full disk, whatever errno says.
    func writeAll<Bytes: ContiguousBytes>(_ data: Bytes, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                errno = 0
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    throw StoreError.cannotWrite(path: path, .system(errno: written == 0 || errno == 0 ? ENOSPC : errno))
                }
                offset += written
            }
        }
    }
}


/// `open(2)` with a mode, under one name on every platform.
func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.open(path, flags, mode)
    #else
    Darwin.open(path, flags, mode)
    #endif
}
