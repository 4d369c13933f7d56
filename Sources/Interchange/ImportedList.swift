#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dates
import TodoList

/// What a file of another tool holds for the list: the to-dos, in the order of the file, and
/// what had no place in `todo`, counted so that an import can say what it left behind.
public struct ImportedList: Sendable, Equatable {
    public var todos: [NewTodo] = []
    /// Taskwarrior tasks marked deleted, passed over.
    public var deleted = 0
    /// The templates Taskwarrior keeps for a repeating task (its pending instances are imported).
    public var recurringTemplates = 0
    /// Taskwarrior's notes on a task, which a to-do has no place for.
    public var annotations = 0
    /// Repeats other than daily, weekly, monthly and yearly, as the file wrote them; each
    /// to-do is imported without its repeat.
    public var repeatsLeftOut: [String] = []
    /// Repeats todo keeps, of to-dos with no due date to count them from, as the file wrote them;
    /// each to-do is imported without its repeat.
    public var repeatsWithoutDue: [String] = []
    /// The repeats of Taskwarrior's templates none of whose tasks is left to do, as the file
    /// wrote them: no to-do here carries them on.
    public var repeatsWithNothingToDo: [String] = []
    /// Whether the to-dos are known by the text of their lines, as a todo.txt file's are.
    var isNamedByLine = false

    /// Puts on `plan` the repeat a file wrote as `written`, when todo keeps it, as `recurrence`,
    /// and the to-do has a due date to count it from; otherwise, with `counting`, counts it among
    /// those left out, so that the import can say which and why. Whether it was left out: a
    /// repeat another to-do of it left out already is not counted again.
    @discardableResult
    mutating func place(repeat written: String, as recurrence: Recurrence?, on plan: inout TodoPlan, counting: Bool = true) -> Bool {
        switch (recurrence, plan.due) {
        case (let recurrence?, _?):
            plan.recurrence = recurrence
            return false
        case (_?, nil) where counting: repeatsWithoutDue.append(written)
        case (nil, _) where counting: repeatsLeftOut.append(written)
        default: break
        }
        return true
    }

    /// The to-dos whose lines are what `items` are written as in todo.txt take those items'
    /// ids: a list exported to todo.txt and imported back is already here, whatever ids its
    /// items had. A Taskwarrior task keeps its own uuid.
    public func recognizing(_ items: [TodoItem], zone: LocalZone) -> ImportedList {
        guard isNamedByLine else { return self }
        let lines = Dictionary(items.map { (TodoTxtFormat.lineID(of: $0, zone: zone), $0.id) }) { first, _ in first }
        var recognized = self
        recognized.todos = todos.map { todo in
            guard let id = lines[todo.id] else { return todo }
            return NewTodo(id: id, title: todo.title, plan: todo.plan, added: todo.added, isFinished: todo.isFinished,
                           checked: todo.checked)
        }
        return recognized
    }
}

/// Why a file was not imported, and where: nothing of it is, so that fixing the file and
/// importing it again gives the whole list once.
public struct ImportFailure: Error, Sendable, Equatable {
    public enum Place: Sendable, Equatable {
        case file
        /// A line of a todo.txt file, from 1.
        case line(Int)
        /// An element of a Taskwarrior export's array, from 1.
        case task(Int)
    }

    public enum Reason: Sendable, Equatable {
        /// Nothing but white space.
        case empty
        case tooLarge(limit: Int)
        /// Bytes no text file holds (a NUL).
        case notText
        /// A line that is not UTF-8.
        case notUTF8
        /// Content that starts as JSON does and is not whole JSON: what was expected, and the
        /// line it was expected on.
        case notJSON(expected: String, line: Int)
        /// JSON, but not an array of tasks.
        case notAnExport
        case notATask
        case missing(field: String)
        case emptyTitle
        case notAnID(String)
        case notAMoment(field: String, text: String)
        case notADay(field: String, text: String)
        /// A moment of a field that is outside what `todo` keeps of it: an entry or end outside
        /// the days of the years 1 to 9999 in every time zone, a due date on no such day here.
        case outOfRange(field: String, text: String)
        /// A field a line or task may give once, given twice: which was meant, the file does not say.
        case givenTwice(field: String)
        case unknownStatus(String)
        case notAPriority(String)
        /// A value of a known field that is not of its kind (a number for a description).
        case wrongKind(field: String)
        /// An iCalendar file, as the export to ics writes: read as todo.txt, each of its lines
        /// would be a to-do.
        case calendar
    }

    public let place: Place
    public let reason: Reason

    public init(_ place: Place, _ reason: Reason) {
        self.place = place
        self.reason = reason
    }
}

/// The formats a list is imported from.
public enum ImportFormat: String, Sendable, CaseIterable {
    case taskwarrior, todotxt

    /// The largest file an import reads: far beyond any list a person keeps, and small enough
    /// to read whole. 64 MB as people count them, in millions of bytes, as it is told.
    public static let largestFile = 64_000_000

    /// Reads `bytes` as `format`, or, when it is nil, as the format its content shows (see
    /// `shown(by:)`); a calendar is refused then. `zone` says which day a moment falls on, and at
    /// what moment a day starts.
    public static func read(_ bytes: [UInt8], as format: ImportFormat?, zone: LocalZone) throws(ImportFailure) -> ImportedList {
        guard bytes.count <= largestFile else { throw ImportFailure(.file, .tooLarge(limit: largestFile)) }
        guard let shown = shown(by: bytes) else { throw ImportFailure(.file, .empty) }
        guard !bytes.contains(0) else { throw ImportFailure(.file, .notText) }
        if format == nil && opening(bytes).prefix(15).map(lowercased).elementsEqual("begin:vcalendar".utf8) {
            throw ImportFailure(.file, .calendar)
        }
        switch format ?? shown {
        case .taskwarrior: return try TaskwarriorFormat.read(bytes, zone: zone)
        case .todotxt: return try TodoTxtFormat.read(bytes, zone: zone)
        }
    }

    /// The format a file's content shows: JSON (its first byte other than a byte-order mark and
    /// white space `[` or `{`) is a Taskwarrior export, anything else todo.txt; nil when it
    /// holds nothing but those.
    public static func shown(by bytes: [UInt8]) -> ImportFormat? {
        opening(bytes).first.map { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") ? .taskwarrior : .todotxt }
    }

    /// The bytes from the first that is not a byte-order mark, which some editors put first and
    /// is neither JSON's nor a to-do's, or white space.
    private static func opening(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return text.drop(while: isSpace)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

/// The formats a list is exported to.
public enum ExportFormat: String, Sendable, CaseIterable {
    case todotxt, taskwarrior, ics

    /// The items (in the order given: oldest first reads back in the same order) as `format`
    /// writes them; a calendar holds `events` too, and `stamp` says when it was made. Days are
    /// `zone`'s.
    public static func write(_ items: [TodoItem], events: [YearlyEvent], as format: ExportFormat, stamp: Date,
                             zone: LocalZone) -> String {
        switch format {
        case .todotxt: TodoTxtFormat.write(items, zone: zone)
        case .taskwarrior: TaskwarriorFormat.write(items, zone: zone)
        case .ics: ICalendarFormat.write(items, events: events, stamp: stamp)
        }
    }
}

extension TodoItem {
    /// Whether a later to-do of this one's repeat is among `toDo`, on one of its days: the repeat
    /// goes on in that one, and an export gives the rule to it alone, or a calendar or
    /// Taskwarrior would hold the series twice.
    func hasLaterToDo(among toDo: [TodoItem]) -> Bool {
        guard let recurrence = plan.recurrence, let due = plan.due else { return false }
        let days = Set(toDo.filter { !$0.isFinished && $0.sharesRepeat(with: self) }.compactMap(\.plan.due))
        return !recurrence.days(among: days, after: due).isEmpty
    }
}

extension StringProtocol {
    /// Without the spaces and tabs at either end.
    var trimmedOfSpaces: SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = firstIndex { !isSpace($0) } ?? endIndex
        let end = lastIndex { !isSpace($0) }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
