import Dates
import Foundation
@testable import Interchange
import Testing
import TodoList

/// What every import does before a format reads the file, and after: the kind found from the
/// content, the file's limits, and the lines of a list exported before known again.
@Suite("Other tools' formats: reading a file of either")
struct ImportFormatTests {
    private static let zone = LocalZone.fixed(secondsEast: 0)
    private static let task = #"{"uuid":"5f1c9b8e-2d4a-4e7b-9c3d-5a8b7e6f4d21","description":"Pay rent","status":"pending"}"#

    @Test("The kind of a file is found from its first byte after a byte-order mark and white space", arguments: [
        ("[" + task + "]", "Pay rent", false), ("\u{FEFF} \t\r\n[" + task + "]", "Pay rent", false),
        ("Pay rent", "Pay rent", true), ("\u{FEFF}\nPay rent [x]", "Pay rent [x]", true),
    ])
    func foundFromContent(file: String, title: String, isTodoTxt: Bool) throws {
        let read = try ImportFormat.read(Array(file.utf8), as: nil, zone: Self.zone)

        #expect(read.todos.map(\.title) == [title])
        #expect(read.isNamedByLine == isTodoTxt)
    }

    @Test("An object is found to be JSON, and refused as not an export")
    func objectIsJSON() {
        #expect(throws: ImportFailure(.file, .notAnExport)) { try ImportFormat.read(Array("  {}".utf8), as: nil, zone: Self.zone) }
    }

    @Test("A kind named is read as that kind, whatever the content looks like")
    func namedKind() throws {
        let read = try ImportFormat.read(Array("[x] Pay rent".utf8), as: .todotxt, zone: Self.zone)

        #expect(read.todos.map(\.title) == ["[x] Pay rent"])
        #expect(throws: ImportFailure(.file, .notAnExport)) { try ImportFormat.read(Array("\"a\"".utf8), as: .taskwarrior, zone: Self.zone) }
    }

    @Test("A file that is empty or not text is refused before it is read", arguments: [
        (Array(" \n\t\r\n".utf8), ImportFailure(.file, .empty)),
        ([], ImportFailure(.file, .empty)),
        ([0xEF, 0xBB, 0xBF, 0x20], ImportFailure(.file, .empty)),
        (Array("Pay\0 rent".utf8), ImportFailure(.file, .notText)),
        (Array("[\0]".utf8), ImportFailure(.file, .notText)),
    ])
    func refusedWhole(bytes: [UInt8], failure: ImportFailure) {
        #expect(throws: failure) { try ImportFormat.read(bytes, as: nil, zone: Self.zone) }
    }

    @Test("A file of the largest size is read on, and one a byte larger is refused unread")
    func largestFile() {
        // A NUL first: a file read on stops there, as not text, without reading the rest.
        var bytes = [UInt8](repeating: 0x20, count: ImportFormat.largestFile)
        bytes[0] = 0

        #expect(throws: ImportFailure(.file, .notText)) { try ImportFormat.read(bytes, as: nil, zone: Self.zone) }
        bytes.append(0x20)
        #expect(throws: ImportFailure(.file, .tooLarge(limit: ImportFormat.largestFile))) {
            try ImportFormat.read(bytes, as: nil, zone: Self.zone)
        }
    }

    @Test("A todo.txt line that is an item's line takes its id; the first item of two with one line wins; others keep theirs")
    func recognizesLines() throws {
        let first = TodoItem(id: UUID(), number: 1, title: "Buy milk")
        let twin = TodoItem(id: UUID(), number: 2, title: "Buy milk")
        let other = TodoItem(id: UUID(), number: 3, title: "Sell car", plan: TodoPlan(priority: .high))
        let read = try ImportFormat.read(Array("Buy milk\nSell car\n(A) Pay rent".utf8), as: nil, zone: Self.zone)

        let recognized = read.recognizing([first, twin, other], zone: Self.zone)

        #expect(recognized.todos.map(\.id) == [first.id, read.todos[1].id, read.todos[2].id])
        #expect(recognized.todos.map(\.title) == ["Buy milk", "Sell car", "Pay rent"])
        #expect(recognized.todos.map(\.plan) == [TodoPlan(), TodoPlan(), TodoPlan(priority: .high)])
        #expect(recognized.isNamedByLine)
    }

    @Test("A recognized line keeps what the file says of it: its plan, its days and whether it is finished")
    func recognizedLineKeepsFields() throws {
        let item = TodoItem(id: UUID(), number: 1, title: "Buy milk", isFinished: true, plan: TodoPlan(priority: .low),
                            added: Date(rfc3339: "2026-11-20T00:00:00Z"), checked: Date(rfc3339: "2026-11-21T00:00:00Z"))
        let read = try ImportFormat.read(Array("x 2026-11-21 2026-11-20 Buy milk pri:C".utf8), as: nil, zone: Self.zone)

        let recognized = read.recognizing([item], zone: Self.zone)

        #expect(recognized.todos == [NewTodo(id: item.id, title: "Buy milk", plan: item.plan, added: item.added, isFinished: true,
                                             checked: item.checked)])
    }

    @Test("Spaces and tabs are trimmed at both ends of a line, and nothing else", arguments: [
        (" \t a b \t ", "a b"), ("ab", "ab"), ("  ", ""), ("\u{A0}a\u{A0}", "\u{A0}a\u{A0}"), (" a", "a"), ("a ", "a"),
    ])
    func trimmedOfSpaces(text: String, trimmed: String) {
        #expect(text.trimmedOfSpaces == trimmed)
    }
}
