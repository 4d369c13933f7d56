#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dates
import TodoList

/// The todo.txt format, as todo.txt-cli writes and reads it: one to-do a line, `x DATE` before a
/// finished one, `(A)` before one with a priority, a creation date, then the text with its
/// `+project`, `@context` and `key:value` words.
enum TodoTxtFormat {
    // MARK: - Reading

    static func read(_ bytes: [UInt8], zone: LocalZone) throws(ImportFailure) -> ImportedList {
        var list = ImportedList()
        list.isNamedByLine = true
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            var line = line
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if index == 0, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            guard isUTF8(line) else { throw ImportFailure(.line(index + 1), .notUTF8) }
            let trimmed = String(decoding: line, as: UTF8.self).trimmedOfSpaces
            guard !trimmed.isEmpty else { continue }
            list.todos.append(try todo(String(trimmed), line: index + 1, zone: zone, into: &list))
        }
        return list
    }

    private static func todo(_ text: String, line: Int, zone: LocalZone, into list: inout ImportedList) throws(ImportFailure) -> NewTodo {
        var words = text.split(separator: " ", omittingEmptySubsequences: false)[...]
        var plan = TodoPlan()
        var finished = false
        var checked: CalendarDate?
        var added: CalendarDate?
        if words.first == "x", words.count > 1 {
            finished = true
            words = words.dropFirst()
            if let day = try dayWord(words.first, line: line) {
                checked = day
                words = words.dropFirst()
                added = try dayWord(words.first, line: line)
                if added != nil { words = words.dropFirst() }
            }
        } else {
            if let first = words.first, let priority = priority(first) {
                plan.priority = priority
                words = words.dropFirst()
            }
            added = try dayWord(words.first, line: line)
            if added != nil { words = words.dropFirst() }
        }
        var title: [Substring] = []
        var repeatPeriod: String?
        for word in words {
            if word.first == "\\", isWrittenEscaped(word, first: title.isEmpty) {
                title.append(word.dropFirst())
            } else if let sign = word.first, sign == "+" || sign == "@", TodoPlan.isTag(word.dropFirst()) {
                plan.add(tag: String(word.dropFirst()))
            } else if word.hasPrefix("due:") {
                let value = String(word.dropFirst(4))
                guard let due = CalendarDate(iso: value) else { throw ImportFailure(.line(line), .notADay(field: "due", text: value)) }
                guard plan.due == nil else { throw ImportFailure(.line(line), .givenTwice(field: "due")) }
                plan.due = due
            } else if word.hasPrefix("pri:"), word.count == 5, plan.priority == nil, let priority = priority("(\(word.dropFirst(4)))") {
                plan.priority = priority
            } else if word.hasPrefix("rec:"), let period = period(word.dropFirst(4)) {
                guard repeatPeriod == nil else { throw ImportFailure(.line(line), .givenTwice(field: "rec")) }
                repeatPeriod = period
            } else {
                title.append(word)
            }
        }
        if let repeatPeriod {
            list.place(repeat: repeatPeriod, as: periods[repeatPeriod.filter { $0 != "+" }], on: &plan)
        }
        guard let name = TodoItem.normalizedTitle(title.joined(separator: " ")) else { throw ImportFailure(.line(line), .emptyTitle) }
        return NewTodo(id: NameBasedID.make(text, in: NameBasedID.todoTxtLines), title: name, plan: plan,
                       added: added.map(zone.start(of:)), isFinished: finished,
                       checked: checked.map(zone.start(of:)))
    }

    /// The day a word writes, nil for a word that is not written as one, and a refusal for one
    /// written as one that is not in the calendar (`2026-02-30`).
    private static func dayWord(_ word: Substring?, line: Int) throws(ImportFailure) -> CalendarDate? {
        guard let word, word.utf8.count == 10,
              word.utf8.enumerated().allSatisfy({ [4, 7].contains($0.offset) ? $0.element == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0.element) })
        else { return nil }
        guard let day = CalendarDate(iso: String(word)) else { throw ImportFailure(.line(line), .notADay(field: "date", text: String(word))) }
        return day
    }

    /// Whether `bytes` are UTF-8 throughout.
    private static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Whether a word of a title would be read as something else than a word, were it written
    /// as it is: a project, a context or a key anywhere, and first in the title also what the start
    /// of a line says (`x`, a priority, a date). Such a word is written with a backslash before it.
    private static func isPlanned(_ word: Substring, first: Bool) -> Bool {
        // todo.txt-cli takes any `+word` for a project and any `@word` for a context.
        if let sign = word.first, sign == "+" || sign == "@", word.count > 1 { return true }
        if word.hasPrefix("due:") || (word.hasPrefix("pri:") && word.count == 5) { return true }
        if word.hasPrefix("rec:"), period(word.dropFirst(4)) != nil { return true }
        return first && (word == "x" || priority(word) != nil || (try? dayWord(word, line: 0)) != nil
                         || (word.utf8.count == 10 && word.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }))
    }

    /// Whether a word of a title is written with a backslash before it: it would be read as a
    /// plan, or it is such a word behind backslashes of its own, of which the import takes one off
    /// (`\+1` is written `\\+1`). A word with a backslash before anything else is written as it is.
    private static func isWrittenEscaped(_ word: Substring, first: Bool) -> Bool {
        isPlanned(word.drop { $0 == "\\" }, first: first)
    }

    /// `(A)` is high, `(B)` medium, `(C)` to `(Z)` low.
    private static func priority(_ word: Substring) -> Priority? {
        let bytes = Array(word.utf8)
        guard bytes.count == 3, bytes[0] == UInt8(ascii: "("), bytes[2] == UInt8(ascii: ")"),
              (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[1]) else { return nil }
        return bytes[1] == UInt8(ascii: "A") ? .high : bytes[1] == UInt8(ascii: "B") ? .medium : .low
    }

    /// A period as the todo.txt tools that repeat write it, `1w` or `+2m`; nil for other words.
    private static func period(_ text: Substring) -> String? {
        let digits = text.drop { $0 == "+" }.dropLast()
        guard let unit = text.last, "dwmy".contains(unit), !digits.isEmpty, digits.allSatisfy(\.isASCII), Int(digits) != nil,
              text.prefix(while: { $0 == "+" }).count <= 1 else { return nil }
        return String(text)
    }

    private static let periods: [String: Recurrence] = ["1d": .daily, "1w": .weekly, "1m": .monthly, "1y": .yearly]

    // MARK: - Writing

    /// The items, one line each, as todo.txt-cli writes them. A line break or another control
    /// character in a title is written as a space.
    static func write(_ items: [TodoItem], zone: LocalZone) -> String {
        items.map { line($0, zone: zone) + "\n" }.joined()
    }

    /// The id a line is known by when it is imported: that of the line `item` is written as.
    static func lineID(of item: TodoItem, zone: LocalZone) -> UUID {
        NameBasedID.make(line(item, zone: zone), in: NameBasedID.todoTxtLines)
    }

    private static func line(_ item: TodoItem, zone: LocalZone) -> String {
        var words: [String] = []
        let added = item.added.flatMap { zone.day(of: $0) }
        if item.isFinished {
            words.append("x")
            // A creation date stands only after a completion date.
            if let checked = item.checked.flatMap({ zone.day(of: $0) }) {
                words.append(checked.iso)
                if let added { words.append(added.iso) }
            }
        } else {
            if let priority = item.plan.priority { words.append("(\(letter(priority)))") }
            if let added { words.append(added.iso) }
        }
        let title = item.title.map { isControl($0) ? " " : $0 }.reduce(into: "") { $0.append($1) }
        words += title.split(separator: " ", omittingEmptySubsequences: false).enumerated().map { index, word in
            isWrittenEscaped(word, first: index == 0) ? "\\" + word : String(word)
        }
        words += item.plan.tags.map { "+" + $0 }
        if let due = item.plan.due { words.append("due:" + due.iso) }
        if let recurrence = item.plan.recurrence { words.append("rec:1" + recurrence.rawValue.prefix(1)) }
        if item.isFinished, let priority = item.plan.priority { words.append("pri:" + letter(priority)) }
        return words.joined(separator: " ")
    }

    /// A line break, which would split the line, or another control character: a NUL makes
    /// the file no text, an escape plays on the terminal that shows it (IE-26).
    private static func isControl(_ character: Character) -> Bool {
        character.isNewline || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    private static func letter(_ priority: Priority) -> String {
        switch priority {
        case .high: "A"
        case .medium: "B"
        case .low: "C"
        }
    }
}
