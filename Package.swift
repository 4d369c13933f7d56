// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TodoStories",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "todo", targets: ["todo"]),
    ],
    targets: [
        // Models and view-models of the to-do list: no I/O, no UI types.
        .target(name: "TodoList"),
        // The durable file store behind every list.
        .target(name: "LocalStore", dependencies: ["TodoList"]),
        // The command line: options, commands, the prompt and what they print.
        // It works on injected input and output, so tests run it in-process.
        .target(name: "TodoCLI", dependencies: ["TodoList", "LocalStore"]),
        // The `todo` executable: only hands the process over to TodoCLI.
        .executableTarget(name: "todo", dependencies: ["TodoCLI"]),

        // What several test targets need: a temporary folder on the real file system.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TodoListTests", dependencies: ["TodoList"]),
        .testTarget(name: "LocalStoreTests", dependencies: ["LocalStore", "TodoList", "TestSupport"]),
        // In-process runs of the command line, plus a few of the real `todo` binary.
        .testTarget(name: "TodoCLITests", dependencies: ["TodoCLI", "todo", "LocalStore", "TodoList", "TestSupport"]),
        // Reads Specs/ and the test sources: every scenario has a test, every test a scenario.
        .testTarget(name: "SpecsTests"),
    ],
    swiftLanguageModes: [.v6]
)
