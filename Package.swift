// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TodoStories",
    platforms: [.macOS(.v14)],
    targets: [
        // Models and view-models of the to-do list: no I/O, no UI types.
        .target(name: "TodoList"),
        // The durable file store behind every list.
        .target(name: "LocalStore", dependencies: ["TodoList"]),

        .testTarget(name: "TodoListTests", dependencies: ["TodoList"]),
        .testTarget(name: "LocalStoreTests", dependencies: ["LocalStore", "TodoList"]),
        // Reads Specs/ and the test sources: every scenario has a test, every test a scenario.
        .testTarget(name: "SpecsTests"),
    ],
    swiftLanguageModes: [.v6]
)
