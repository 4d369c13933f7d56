import Foundation

/// The `todo-fetch` processes running against the server on `port`, read from /proc.
func runningFetchers(against port: UInt16) -> [String] {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return processes.filter { Int($0) != nil }.compactMap { pid in
        guard let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
        let text = String(decoding: command, as: UTF8.self)
        return text.contains("todo-fetch") && text.contains("127.0.0.1:\(port)") ? pid : nil
    }
}
