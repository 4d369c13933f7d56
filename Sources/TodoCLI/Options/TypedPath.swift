#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path as the user typed it, read as the system reads it. In `lnk/../s.json` the system goes
/// into the folder the link `lnk` leads to, then up from there; Foundation's file URLs tidy a
/// relative path as text first, taking `lnk/..` for nothing, and so named another file, which an
/// export then wrote over.
enum TypedPath {
    /// The path from the root: a relative one is taken from the folder todo runs in. Nothing in
    /// it is tidied but what names no other file: `.` and an empty name between two slashes.
    static func absolute(_ path: String) -> String {
        var whole = path
        if !path.hasPrefix("/"), let folder = currentFolder() {
            whole = folder + "/" + path
        }
        let names = whole.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let root = whole.hasPrefix("/") ? "/" : ""
        return names.isEmpty ? (root.isEmpty ? "." : root) : root + names.joined(separator: "/")
    }

    /// The path with `~` alone or before `/` read as the home folder, as a shell reads it; the
    /// prompt does this for a shell, which never sees its lines. Without a home, and for any
    /// other path (`~ann/list.txt` too), the path as it is.
    static func expandingHome(_ path: String, home: String?) -> String {
        guard let home, path == "~" || path.hasPrefix("~/") else { return path }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + path.dropFirst()
    }

    /// The file the path names, every link on the way followed, and the file itself when it
    /// is a link that leads to one: two paths are one file when these are the same. A file not
    /// there yet is named in its folder, followed as far as that folder is there.
    static func resolved(_ path: String) -> String {
        let whole = absolute(path)
        if let real = realPath(whole) { return real }
        let (folder, name) = split(whole)
        guard let folder, let real = realPath(folder) else { return whole }
        return (real == "/" ? "" : real) + "/" + name
    }

    /// Whether the path can only name a folder: it ends in `/`, or its last name is `.` or `..`.
    static func namesAFolder(_ path: String) -> Bool {
        path.hasSuffix("/") || [".", ".."].contains(split(path).name)
    }

    /// The folder a path is in, as written (nil for a bare name), and its last name.
    static func split(_ path: String) -> (folder: String?, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (nil, path) }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[path.index(after: slash)...]))
    }

    private static func currentFolder() -> String? {
        guard let raw = getcwd(nil, 0) else { return nil }
        defer { free(raw) }
        return String(validatingCString: raw)
    }

    private static func realPath(_ path: String) -> String? {
        guard let raw = realpath(path, nil) else { return nil }
        defer { free(raw) }
        return String(validatingCString: raw)
    }
}
