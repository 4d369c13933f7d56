import Dates
import Foundation
@testable import Interchange
import Testing
import TodoList

/// The rules of each format that the command's scenarios lean on, checked one by one.
@Suite("Other tools' formats: the rules each is written by")
struct FormatRulesTests {
    @Test("SHA1 gives the digests RFC 3174 gives", arguments: [
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
    ])
    func sha1(message: String, digest: String) {
        #expect(SHA1.digest(Array(message.utf8)).map { String(format: "%02x", $0) }.joined() == digest)
    }

    @Test("A name-based id is RFC 9562's version 5: the DNS namespace and www.example.com")
    func versionFiveID() {
        let dns = UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!

        #expect(NameBasedID.make("www.example.com", in: dns) == UUID(uuidString: "2ed6657d-e927-568b-95e1-2665a8aea6a2"))
    }

    @Test("Taskwarrior's moments are UTC in the basic form; anything else is not one", arguments: [
        ("20261201T050000Z", "2026-12-01T05:00:00Z"), ("2026-12-01T05:00:00Z", nil), ("20261301T000000Z", nil),
        ("20260230T000000Z", nil), ("20261201T250000Z", nil), ("20261201T050000", nil), ("2026120XT050000Z", nil),
    ] as [(String, String?)])
    func basicMoments(text: String, moment: String?) {
        #expect(TaskwarriorFormat.basicMoment(text) == moment.flatMap { Date(rfc3339: $0) })
    }

    @Test("A project or tag becomes a tag todo can keep", arguments: [
        ("Errands", "project-", "Errands"), ("Home.Repair", "project-", "Home-Repair"), ("2026", "project-", "project-2026"),
        ("a b", "tag-", "a-b"), ("1st", "tag-", "tag-1st"), ("  ", "tag-", nil), ("home_office", "tag-", "home_office"),
        ("to-do", "tag-", "to-do"),
    ] as [(String, String, String?)])
    func tagNames(text: String, prefix: String, tag: String?) {
        let name = TaskwarriorFormat.tagName(text, prefix: prefix)

        #expect(name == tag)
        #expect(name.map(TodoPlan.isTag) ?? true)
    }

    @Test("A todo.txt line is known by its text, and a Taskwarrior task by its uuid, even one that is a line's id",
          arguments: [ImportFormat.todotxt, .taskwarrior])
    func recognizedItems(format: ImportFormat) throws {
        let zone = LocalZone.fixed(secondsEast: 0)
        let item = TodoItem(id: UUID(), number: 1, title: "Buy milk")
        let lineID = TodoTxtFormat.lineID(of: item, zone: zone)
        let file = format == .todotxt ? "Buy milk\n"
            : #"[{"uuid":"\#(lineID.uuidString.lowercased())","description":"Buy milk","status":"pending","entry":"20261120T140000Z"}]"#

        let read = try ImportFormat.read(Array(file.utf8), as: format, zone: zone)

        #expect(read.todos.map(\.id) == [lineID])
        #expect(read.recognizing([item], zone: zone).todos.map(\.id) == [format == .todotxt ? item.id : lineID])
    }

    @Test("iCalendar text escapes backslashes, semicolons, commas and line breaks, and drops other controls")
    func calendarText() {
        #expect(ICalendarFormat.text("a\\b;c,d\ne\r\nf\u{7}g") == "a\\\\b\\;c\\,d\\ne\\nf g")
    }

    @Test("An iCalendar line is folded at 75 octets, never inside a character's bytes", arguments: [
        String(repeating: "a", count: 200), String(repeating: "é", count: 100), "SUMMARY:" + String(repeating: "😀", count: 40),
        String(repeating: "a", count: 75), String(repeating: "a", count: 76),
    ])
    func folding(line: String) {
        let folded = ICalendarFormat.folded(line)
        let lines = folded.components(separatedBy: "\r\n")

        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        // Cut no sooner than it must: a line ends only where the next character would not fit.
        #expect(zip(lines, lines.dropFirst()).allSatisfy { line, next in
            line.utf8.count + String(next.unicodeScalars.dropFirst().prefix(1)).utf8.count > 75
        })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(lines.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == line)
    }
}
