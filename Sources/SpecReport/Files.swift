import Foundation

/// The files spec-report reads and writes, with errors that name the file and say why.
enum Files {
    /// A file that could not be read or written: which, and why, as the system says it.
    struct Fault: Error, CustomStringConvertible {
        let description: String

        static func cannot(_ doing: String, _ path: String, _ error: any Error) -> Fault {
            let posix = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
            let why = posix.flatMap { $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil }
            return Fault(description: "cannot \(doing) \(path): \(why ?? error.localizedDescription)")
        }
    }

    /// The bytes of a file, or of a pipe (`/dev/stdin`, `<(…)`), read to their end.
    static func read(_ path: String) throws(Fault) -> Data {
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            return try handle.readToEnd() ?? Data()
        } catch {
            throw .cannot("read", path, error)
        }
    }

    /// The text of a file; with `regularOnly`, a device or a pipe is refused rather than read,
    /// as reading `/dev/zero` or a pipe no one writes to never ends.
    static func readText(_ path: String, regularOnly: Bool = false) throws(Fault) -> String {
        if regularOnly {
            // One that is not there, or a link to nothing, is left to the read, which says why.
            let type = (try? FileManager.default.attributesOfItem(atPath: URL(fileURLWithPath: path).resolvingSymlinksInPath().path))?[.type]
                as? FileAttributeType
            guard type == nil || type == .typeRegular || type == .typeSymbolicLink else {
                throw Fault(description: "cannot read \(path): not a regular file")
            }
        }
        guard let text = String(validating: try read(path), as: UTF8.self) else {
            throw Fault(description: "cannot read \(path): it is not UTF-8 text")
        }
        return text
    }

    /// Runs `body` holding a lock on the folder the file is in, where its links lead: two runs
    /// that read and write one file take turns, so neither writes over what the other added.
    /// The lock goes with the process: a run stopped part way leaves none behind. A folder that
    /// cannot be locked (a file system without locks, one not there) is left to `body`, whose
    /// read or write then says what is wrong.
    static func whileLocking<T>(folderOf path: String, _ body: () throws -> T) throws -> T {
        let folder = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent().path
        let descriptor = open(folder, O_RDONLY)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        flock(descriptor, LOCK_EX)
        return try body()
    }

    /// Writes a file whole or not at all: into a file beside the one a link leads to, then renamed
    /// over it, so that a full disk or a stop part way leaves the old file as it was, and the link.
    /// A hard link to the old file keeps the old text.
    /// What is not a file (`/dev/null`, a pipe), or is a stream the shell opened (`/dev/stdout`,
    /// which leads to whatever file it was sent to), is added to as it is.
    static func write(_ text: String, to path: String) throws(Fault) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let before = try? FileManager.default.attributesOfItem(atPath: target.path)
        let type = before?[.type] as? FileAttributeType
        let isStream = ["/dev/", "/proc/"].contains { URL(fileURLWithPath: path).standardizedFileURL.path.hasPrefix($0) }
        if isStream || (type != nil && type != .typeRegular) {
            return try append(text, to: path)
        }
        do {
            try Data(text.utf8).write(to: target, options: .atomic)
            // The file put in its place keeps the old one's mode and owners: a private history stays private.
            if let before {
                let kept = before.filter { [.posixPermissions, .ownerAccountID, .groupOwnerAccountID].contains($0.key) }
                try FileManager.default.setAttributes(kept, ofItemAtPath: target.path)
            }
        } catch {
            throw .cannot("write", path, error)
        }
    }

    /// Writes at the end of what the file holds: a stream sent to a log with `>>` keeps the log.
    private static func append(_ text: String, to path: String) throws(Fault) {
        let descriptor = open(path, O_WRONLY | O_APPEND)
        guard descriptor >= 0 else { throw Fault(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw .cannot("write", path, error)
        }
    }
}

extension String {
    /// The lines of a text saved on any system, as Markdown reads them: Swift reads a Windows
    /// line ending, "\r\n", as one Character, which a split at "\n" never finds, and a lone "\r"
    /// (an old Mac's) ends a line too.
    var lines: [Substring] {
        split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }
}
