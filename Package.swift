// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TodoStories",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "todo", targets: ["todo"]),
        .executable(name: "spec-report", targets: ["spec-report"]),
        .executable(name: "todo-fetch", targets: ["todo-fetch"]),
    ],
    targets: [
        // What the forms of every feature share: the state of their Save button.
        .target(name: "Forms"),
        // A JSON reader and writer that go straight between bytes and values: the store's hot path.
        .target(name: "FastJSON"),
        // Finding typed text in titles and names, ignoring case and accents.
        .target(name: "TextSearch"),
        // What undo took back, as a value both lists hand to their views, whichever list it was to.
        .target(name: "Undo"),
        // Days on the calendar (a birthday, a due date) and moments in time, as values, with the
        // arithmetic and the text both lists need.
        .target(name: "Dates"),
        // Models and view-models of the to-do list: no I/O, no UI types.
        .target(name: "TodoList", dependencies: ["Forms", "TextSearch", "Undo", "Dates"]),
        // Models and view-models of people and their birthdays: no I/O, no UI types.
        .target(name: "UserList", dependencies: ["Forms", "TextSearch", "Undo", "Dates"]),
        // randomuser.me's API: what to ask for a page, and its answers read as they really are.
        // It needs no network library, so that linking it loads no HTTP stack.
        .target(name: "RandomUserAPI", dependencies: ["UserList"]),
        // The small program `todo user fetch` runs to load one page: the only one that loads HTTP.
        .executableTarget(name: "todo-fetch", dependencies: ["RandomUserAPI", "UserList"]),
        // The lists as one document: every change as a value, apply, undo, replay and the checks
        // every store makes. No file and no JSON: each store wraps it, the tests' stores too.
        .target(name: "ListEngine", dependencies: ["TodoList", "UserList", "Undo"]),
        // Other tools' lists, in and out: Taskwarrior's JSON, todo.txt and iCalendar, read into
        // and written from the lists' values. No file and no words for the user.
        .target(name: "Interchange", dependencies: ["TodoList", "Dates", "FastJSON"]),
        // The durable file store behind every list: the engine's document in files.
        .target(name: "LocalStore", dependencies: ["ListEngine", "TodoList", "UserList", "Undo", "Dates", "FastJSON"]),
        // The command line: options, commands, the prompt and what they print.
        // It works on injected input and output, so tests run it in-process.
        // It never imports RandomUserAPI: `user fetch` runs todo-fetch, so the HTTP stack and
        // its libraries are not loaded by the commands that don't need them.
        .target(name: "TodoCLI", dependencies: ["Forms", "TodoList", "UserList", "Undo", "Dates", "ListEngine", "LocalStore", "FastJSON",
                                                "Interchange"]),
        // The `todo` executable: only hands the process over to TodoCLI.
        // todo runs todo-fetch, beside it, for `user fetch`: it depends on that program, so that
        // building or running todo builds both. (An executable's own code is not linked in; the
        // libraries it uses are, which is why the HTTP stack is in todo-fetch's own target.)
        .executableTarget(name: "todo", dependencies: ["TodoCLI", "todo-fetch"]),
        // Living documentation: Specs/ with the status each scenario's tests give it.
        .target(name: "SpecReport"),
        .executableTarget(name: "spec-report", dependencies: ["SpecReport"]),

        // What several test targets need: predictable ids, a temporary folder on the real file system,
        // in-memory stores around the engine.
        .target(name: "TestSupport", dependencies: ["TodoList", "UserList", "Undo", "Dates", "ListEngine"], path: "Tests/TestSupport"),
        .testTarget(name: "FormsTests", dependencies: ["Forms"]),
        .testTarget(name: "FastJSONTests", dependencies: ["FastJSON"]),
        .testTarget(name: "TextSearchTests", dependencies: ["TextSearch"]),
        .testTarget(name: "DatesTests", dependencies: ["Dates"]),
        // Taskwarrior's, todo.txt's and iCalendar's rules; the files recorded from the real tools.
        .testTarget(name: "InterchangeTests", dependencies: ["Interchange", "TodoList", "Dates"], exclude: ["Fixtures"]),
        .testTarget(name: "TodoListTests", dependencies: ["TodoList", "Dates", "Forms", "Undo", "TestSupport"]),
        .testTarget(name: "UserListTests", dependencies: ["UserList", "Forms", "Undo", "TestSupport"]),
        .testTarget(name: "ListEngineTests", dependencies: ["ListEngine", "TodoList", "UserList", "Undo", "TestSupport"]),
        // Real responses decoded, and the client against a real HTTP server on 127.0.0.1.
        .testTarget(name: "RandomUserAPITests", dependencies: ["RandomUserAPI", "todo-fetch", "UserList", "TestSupport"],
                    exclude: ["Fixtures"]),
        // Where a scenario's Then is an exit status or a printed line, its test runs the real `todo` too.
        .testTarget(name: "LocalStoreTests", dependencies: ["LocalStore", "ListEngine", "TodoList", "Dates", "UserList", "Undo", "TestSupport", "todo"]),
        // In-process runs of the command line, plus a few of the real `todo` binary.
        .testTarget(name: "TodoCLITests", dependencies: ["TodoCLI", "todo", "ListEngine", "LocalStore", "TodoList", "UserList", "Undo", "RandomUserAPI",
                                                      "Dates", "TestSupport"]),
        .testTarget(name: "SpecReportTests", dependencies: ["SpecReport", "spec-report", "TestSupport"], exclude: ["Fixtures"]),
        // Reads Specs/ and the test sources: every scenario has a test, every test a scenario.
        .testTarget(name: "SpecsTests", dependencies: ["SpecReport"]),
    ],
    swiftLanguageModes: [.v6]
)
