// swift-tools-version:6.0
// A small package whose tests spec-report's own tests read the results of: honest tests, one
// failing, and each trick that once made a scenario look covered when it was not.
// Scripts/record-fixtures runs its tests and keeps what Swift Testing said in events.jsonl.
import PackageDescription

let package = Package(
    name: "Shop",
    targets: [
        .target(name: "Shop"),
        // Tests/ShopTests/Excluded is left out of the build; Tests/Loose belongs to no target.
        .testTarget(name: "ShopTests", dependencies: ["Shop"], exclude: ["Excluded"]),
    ],
    swiftLanguageModes: [.v6]
)
