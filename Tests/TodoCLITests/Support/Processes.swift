import Foundation

/// The `todo-fetch` processes running against the server on `port`, read from /proc.
func runningFetchers(against port: UInt16) -> [String] {
    runningFetchers(holding: "127.0.0.1:\(port)")
}

/// The `todo-fetch` processes whose command line holds `text`, read from /proc.
func runningFetchers(holding text: String) -> [String] {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return processes.filter { Int($0) != nil }.compactMap { pid in
        guard let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
        let line = String(decoding: command, as: UTF8.self)
        return line.contains("todo-fetch") && line.contains(text) ? pid : nil
    }
}
