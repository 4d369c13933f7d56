import FastJSON

/// A `--json` document as a value, so that a command can build it from parts (a person inside
/// a birthday) before it is printed. It is written by the same writer as the store, keys in
/// the order given, and every character a terminal would act on is escaped as well (those
/// `TerminalText` shows escaped), so printing the JSON is as safe as printing the text.
enum JSON {
    case null
    case bool(Bool)
    case number(Int)
    case string(String)
    case array([JSON])
    case object([(key: StaticString, value: JSON)])

    /// One line, no spaces, then a line break: one value per line for scripts to read.
    var line: String {
        var writer = JSONWriter()
        write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self) + "\n"
    }

    private func write(to json: inout JSONWriter) {
        switch self {
        case .null: json.null()
        case .bool(let value): json.bool(value)
        case .number(let value): json.int(value)
        case .string(let value): json.string(value, alsoEscaping: TerminalText.needsEscaping)
        case .array(let values): json.array(values) { $1.write(to: &$0) }
        case .object(let members):
            json.object { json in
                for member in members {
                    json.key(member.key)
                    member.value.write(to: &json)
                }
            }
        }
    }
}

/// What a change did to a list, for `--json` (CLI-45): the things it left different from
/// `before`, as they are now (new ones too, such as the next of a repeating to-do), in the
/// list's order, and the things it took away, as they were.
func changes<Thing: Identifiable & Equatable>(from before: [Thing], to after: [Thing]) -> (changed: [Thing], deleted: [Thing]) {
    let was = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let kept = Set(after.map(\.id))
    return (after.filter { was[$0.id] != $0 }, before.filter { !kept.contains($0.id) })
}
