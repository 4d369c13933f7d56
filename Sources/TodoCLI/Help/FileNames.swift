import Foundation

/// The names Tab offers at the prompt where a file is named (`import FILE`): those in the
/// folder the typed part names, the current one when it names none, that start with the rest
/// of it, as typed; a folder's with `/` after it, so that Tab goes on into it. Only what can be
/// typed as one word, and shows as it is, is offered: a name with a space, a control character
/// (which a listing would send to the terminal as it is), an invisible one or one that turns the
/// text around (U+200B, U+202E), or bytes that are not UTF-8, is not; nor a hidden one unless
/// its dot is typed. `~/` is the home folder, as the prompt reads it in a file's name.
enum FileNames {
    static func completing(_ typed: String, home: String?) -> [String] {
        let slash = typed.lastIndex(of: "/")
        let folder = slash.map { String(typed[...$0]) } ?? ""
        let start = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        let read = TypedPath.expandingHome(folder, home: home)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: read.isEmpty ? "." : read) else { return [] }
        return names.filter { name in
            name.hasPrefix(start) && (start.hasPrefix(".") || !name.hasPrefix("."))
                && !name.unicodeScalars.contains { scalar in
                    scalar.properties.isWhitespace || [.control, .format].contains(scalar.properties.generalCategory) || scalar == "\u{FFFD}"
                }
        }.map { name in
            var isFolder: ObjCBool = false
            return folder + name + (FileManager.default.fileExists(atPath: read + name, isDirectory: &isFolder) && isFolder.boolValue ? "/" : "")
        }.sorted()
    }
}
