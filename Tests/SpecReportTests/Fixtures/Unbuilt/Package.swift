// swift-tools-version:6.0
// A package whose test is written before the code it tests, so that it does not compile: what
// spec-report shows for a red that is a build error. Scripts/record-fixtures keeps the
// compiler's words in build-output.txt.
import PackageDescription

let package = Package(
    name: "Unbuilt",
    targets: [
        .target(name: "Receipts"),
        .testTarget(name: "ReceiptsTests", dependencies: ["Receipts"]),
    ],
    swiftLanguageModes: [.v6]
)
