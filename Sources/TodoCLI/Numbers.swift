import TodoList
import UserList

/// How commands read the numbers users type: one (`5`), a range (`3-6`), several in one word
/// (`7,9-11`), plain digits only, or none at the prompt for the open item; and how a refusal says
/// which numbers are in use.
extension Session {
    /// The item a command names: by its number, or at the prompt, the one whose detail is open.
    func target(_ words: [String], of command: String) throws -> TodoItem {
        switch words.count {
        case 0:
            if isPrompt, let gone = deletedWhileOpen {
                throw CommandError.refused("item \(gone.number), “\(gone.title)”, was deleted by another program; its detail is closed")
            }
            guard isPrompt, let detail = todoList.detail, let item = todoList.todos.item(withID: detail.item.id) else {
                throw CommandError.usage("\(command) needs an item number", command: command)
            }
            return item
        case 1:
            return try item(numbered: words[0])
        default:
            throw CommandError.usage("\(command) takes one item number", command: command)
        }
    }

    /// The items a command names, by numbers and ranges (`1 2 5`, `3-6`), each once, in the
    /// order named; at the prompt, with none, the one whose detail is open.
    func targets(_ words: [String], of command: String) throws -> [TodoItem] {
        guard !words.isEmpty else { return [try target(words, of: command)] }
        return try Self.chosen(by: words, among: [todoList.todos.unfinished, todoList.todos.finished], noun: "item",
                              missing: { noItem(String($0)) })
    }

    /// The things `words` name by number, each once, in the order named (CLI-24, CLI-38, CLI-40). A
    /// single number, and each end of a range, must name one; between the ends of a range, the
    /// numbers nothing has (those of deleted items) are passed over. One pass over the lists,
    /// however far a range reaches (`check 1-99999999999`), reading each number in place.
    nonisolated static func chosen<Thing: Numbered>(by words: [String], among lists: [[Thing]], noun: String,
                                                    missing: (Int) -> CommandError) throws -> [Thing] {
        let ranges = try words.flatMap { word in try parts(of: word).map { try numbers(in: $0, of: noun) } }
        guard let low = ranges.map(\.lowerBound).min(), let high = ranges.map(\.upperBound).max() else { return [] }
        var inRanges: [Thing] = []
        for list in lists {
            for index in list.indices where (low...high).contains(list[index].number)
                && ranges.contains(where: { $0.contains(list[index].number) }) {
                inRanges.append(list[index])
            }
        }
        inRanges.sort { $0.number < $1.number }
        /// Where the first numbered `least` or more is.
        func start(_ least: Int) -> Int {
            var (lower, upper) = (0, inRanges.count)
            while lower < upper {
                let middle = (lower + upper) / 2
                if inRanges[middle].number < least { lower = middle + 1 } else { upper = middle }
            }
            return lower
        }
        for range in ranges {
            for end in [range.lowerBound, range.upperBound] {
                let index = start(end)
                guard index < inRanges.count, inRanges[index].number == end else { throw missing(end) }
            }
        }
        var named: [Thing] = []
        var taken = Set<Int>()
        for range in ranges {
            for thing in inRanges[start(range.lowerBound)...] {
                guard thing.number <= range.upperBound else { break }
                if taken.insert(thing.number).inserted { named.append(thing) }
            }
        }
        return named
    }

    /// The item `list` shows with the number in `word`.
    func item(numbered word: String) throws -> TodoItem {
        let number = try Self.number(word, of: "item")
        guard let item = todoList.todos.item(numbered: number) else { throw noItem(word) }
        return item
    }

    /// The refusal of a number no item has.
    func noItem(_ word: String) -> CommandError {
        .refused("no item \(word) (\(Self.numbersInUse(todoList.todos.all.map(\.number), noun: "item")))")
    }

    /// Numbers as a sentence says them, lowest first: `1`, `1 and 2`, `1, 2 and 5`; three or
    /// more in a row as a run: `2 and 5 to 7`, `100 to 200`; past eight parts, the first three
    /// and the last: `1 to 4, 6 to 11, 13 to 18, … and 2990 to 3000`.
    nonisolated static func spoken(_ numbers: [Int]) -> String {
        let numbers = numbers.sorted()
        var parts: [String] = []
        var index = numbers.startIndex
        while index < numbers.endIndex {
            var end = index
            while end + 1 < numbers.endIndex, numbers[end + 1] == numbers[end] + 1 { end += 1 }
            if end - index >= 2 {
                parts.append("\(numbers[index]) to \(numbers[end])")
            } else {
                parts += numbers[index...end].map(String.init)
            }
            index = end + 1
        }
        guard let last = parts.last else { return "" }
        if parts.count > 8 { return parts.prefix(3).joined(separator: ", ") + ", … and \(last)" }
        return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and \(last)"
    }

    /// The numbers that name something, said so a user sees which to type: numbers stay with
    /// their items, so a count would not tell.
    static func numbersInUse(_ numbers: [Int], noun: String, plural: String? = nil) -> String {
        let many = plural ?? noun + "s"
        let numbers = numbers.sorted()
        guard let first = numbers.first, let last = numbers.last else { return "the list is empty" }
        if numbers.count == 1 { return "the one \(noun) is numbered \(first)" }
        if last - first + 1 == numbers.count { return "the \(many) are numbered \(first) to \(last)" }
        if numbers.count <= 6 {
            return "the \(many) are numbered " + spoken(numbers)
        }
        return "the \(many) are numbered from \(first) to \(last), with gaps where some were deleted"
    }

    /// The numbers and ranges a word holds, between its commas (`7,9-11`); a comma with nothing
    /// on one side of it is refused, not passed over.
    nonisolated static func parts(of word: String) throws -> [String] {
        let parts = word.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 1 || !parts.contains(where: \.isEmpty) else {
            throw CommandError.malformed("\(quoted(word)) is not a list of numbers: commas go between numbers and ranges, as 7,9-11")
        }
        return parts
    }

    /// The numbers in `word`: one (`5`) or a range (`3-6`), lower number first. A range is
    /// never walked, so one far past the list costs no more than a short one.
    nonisolated static func numbers(in word: String, of noun: String) throws -> ClosedRange<Int> {
        let parts = word.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        if parts.count == 2, !parts[0].isEmpty, parts[1].isEmpty {
            throw CommandError.malformed("\(quoted(word)) is not a range: a range is two numbers, the lower first, as 3-6")
        }
        guard parts.count == 2, !parts[0].isEmpty else {
            let number = try Self.number(word, of: noun)
            return number...number
        }
        let (first, last) = (try Self.number(parts[0], of: noun), try Self.number(parts[1], of: noun))
        guard first <= last else {
            throw CommandError.malformed("\(quoted(word)) is not a range: it goes from the lower number up, as \(last)-\(first)")
        }
        return first...last
    }

    /// Only plain ASCII digits are numbers: `+1`, `1.0`, `1e3` and other scripts' digits are
    /// refused rather than guessed at.
    nonisolated static func isPlainNumber(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The number in `word`: plain digits, from 1. A word that reads as some other number (`0`,
    /// `-1`, `1.0`, `1e3`, one too large, digits of another script) is said not to be the number
    /// of an item; only a word that is no number at all is said not to be a number.
    nonisolated static func number(_ word: String, of noun: String) throws -> Int {
        guard isPlainNumber(word), let number = Int(word), number >= 1 else {
            let article = "aeiou".contains(noun.first ?? "x") ? "an" : "a"
            let what = readsAsANumber(word) ? "\(article) \(noun) number" : "a number"
            throw CommandError.malformed("\(quoted(word)) is not \(what); \(noun) numbers are 1, 2, 3… as list shows them")
        }
        return number
    }

    /// Whether `word` is written as a number is: a sign, digits, a fraction and an exponent
    /// (`-1`, `+1`, `1.0`, `1e3`), or the digits of any script (`٣`).
    nonisolated private static func readsAsANumber(_ word: String) -> Bool {
        if !word.isEmpty && word.allSatisfy(\.isWholeNumber) { return true }
        return word.wholeMatch(of: /[+-]?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/) != nil
    }
}

/// What commands name by the number lists show: to-dos and people.
protocol Numbered {
    var number: Int { get }
}

extension TodoItem: Numbered {}
extension Person: Numbered {}
