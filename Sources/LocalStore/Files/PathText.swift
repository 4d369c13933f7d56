/// A path's last name and the folder it is in, taken from its text alone, as the shell and
/// `dirname` take them: the disk is not asked, so a path that does not exist yet has both.
enum PathText {
    /// "notes/todo.json" → "todo.json"; a trailing slash is not a name.
    static func lastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        let name = trimmed[trimmed.index(after: slash)...]
        return name.isEmpty ? "/" : String(name)
    }

    /// "notes/todo.json" → "notes", "/todo.json" → "/", "todo.json" → "".
    static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.last == "/" { path = path.dropLast() }
        return String(path)
    }
}
