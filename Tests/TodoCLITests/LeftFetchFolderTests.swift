import Foundation
import TestSupport
import Testing

@Suite("What a killed loader left in the temporary folder")
struct LeftFetchFolderTests {
    private let todo: TodoFolder
    private let temporary: TemporaryFolder

    init() throws {
        todo = try TodoFolder()
        temporary = try TemporaryFolder()
    }

    /// The number of a process that has ended.
    private func endedProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("SF-44 Folders a killed loader left in the temporary folder are swept, and only those")
    func sweptWhenTheirProcessIsGone() throws {
        let gone = "todo-fetch-\(try endedProcess())-A1B2C3D4"
        let running = "todo-fetch-\(getpid())-0f0f0f0f"
        let alike = "todo-fetch-notes"
        let ended = try endedProcess()
        let lookAlikes = [alike, "todo-fetch-\(ended)--A1B2C3D4", "todo-fetch--\(ended)-A1B2C3D4", "todo-fetch-\(ended)-A1B2C3D",
                          "todo-fetch-\(ended)-A1B2C3D4E", "todo-fetch-\(ended)-A1B2C3G4", "todo-fetch-\(ended)-A1B2C3D4-1"]
        let link = "todo-fetch-\(try endedProcess())-12345678"
        for name in [gone, running] + lookAlikes {
            try FileManager.default.createDirectory(at: temporary.file(name + "/inside"), withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: temporary.file(link).path, withDestinationPath: temporary.file(alike).path)

        let fetched = try todo.run(["user", "fetch"], environment: ["TMPDIR": temporary.url.path, "RANDOMUSER_API": "http://127.0.0.1:1/"])

        #expect(fetched.status == 1, "\(fetched)")
        #expect(try temporary.contents() == (lookAlikes + [link, running]).sorted())
        for name in lookAlikes + [running] {
            #expect(try temporary.contents(of: name) == ["inside"], "\(name)")
        }
    }
}
