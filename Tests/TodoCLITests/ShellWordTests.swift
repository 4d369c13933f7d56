import Foundation
import Testing
@testable import TodoCLI

/// The retry hint of a failed fetch is pasted into a shell (RU-8): each word in it must read back
/// in bash as the word it was.
@Suite("The todo command: words quoted for a shell")
struct ShellWordTests {
    @Test("RU-8 A word quoted for a shell reads back in bash as itself", .enabled(if: FileManager.default.fileExists(atPath: "/bin/bash")),
          arguments: ["store.json", "my lists/Ann's.json", "http://127.0.0.1:9/?x=1&y=2", "a\nb", "tab\there", "$HOME `id` \\ \" ! *",
                      "bell\u{7}", "del\u{7F}", "Zoë's café", "~user", "", "zero\u{200B}width", "turned\u{202E}round",
                      "mark\u{FEFF}", "line\u{2028}separator", "next\u{85}line", "soft\u{AD}hyphen",
                      // An escape followed by what reads as more of its digits: "\x07" then "add", not "\x7a" then "dd".
                      "bell\u{7}add", "soft\u{AD}cafe"])
    func roundTrip(word: String) throws {
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", "printf '%s' " + Words.shellQuoted(word)]
        let output = Pipe()
        bash.standardOutput = output
        try bash.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        bash.waitUntilExit()

        #expect(String(decoding: printed, as: UTF8.self) == word, "\(Words.shellQuoted(word))")
        #expect(bash.terminationStatus == 0)
    }
}
