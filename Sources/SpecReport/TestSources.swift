import Foundation

/// The test sources, read for what Swift Testing's event stream does not say: the conditions a
/// test or its suite runs under (`.enabled(if:)`, `.disabled`), and whether its body asserts
/// anything that could fail. A test is found by the place the compiler gave it, never by
/// looking for `@Test` in the text, so text that only looks like a test is never read as one.
public final class TestSources: @unchecked Sendable {
    private struct File {
        let source: [UInt8]
        let code: SwiftCode
    }

    private let texts: [String: String]

    /// The test sources' paths, relative to the package (`Tests/…`).
    var paths: [String] { Array(texts.keys) }
    /// What has been read so far: a file is lexed when a test in it is first asked about, and
    /// the helpers only when a test asserts nothing itself, so that a check of one scenario
    /// reads one file. `lock` guards both.
    private var read: [String: File] = [:]
    private var helpers: Set<String>?
    private let lock = NSLock()

    /// `files`: each test source's text, by its path relative to the package (`Tests/…`).
    public init(files: [String: String]) {
        texts = files
    }

    private func file(_ path: String) -> File? {
        lock.withLock {
            if let file = read[path] { return file }
            guard let text = texts[path] else { return nil }
            let file = File(source: Array(text.utf8), code: SwiftCode(text))
            read[path] = file
            return file
        }
    }

    /// Functions declared in the test sources whose bodies assert, directly or through another:
    /// a test that calls one of them asserts too (helpers that take `sourceLocation`).
    private func assertingHelpers() -> Set<String> {
        if let known = lock.withLock({ helpers }) { return known }
        var found: [(name: String, body: Body)] = []
        for path in texts.keys.sorted() {
            guard let file = file(path) else { continue }
            found += Self.functions(in: file.code).map { ($0.name, Self.scan(file.code, in: $0.body)) }
        }
        var asserting = Set(found.filter(\.body.asserts).map(\.name))
        var grew = true
        while grew {
            let more = found.filter { !asserting.contains($0.name) && !$0.body.calls.isDisjoint(with: asserting) }.map(\.name)
            asserting.formUnion(more)
            grew = !more.isEmpty
        }
        lock.withLock { helpers = asserting }
        return asserting
    }

    /// The condition traits on the declaration of `test` (a function or a suite), as written:
    /// `.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"))`. None for a suite
    /// Swift Testing made up for functions outside any `@Suite`.
    public func conditions(of test: TestRun.Test) -> [String] {
        guard let file = file(test.file), let arguments = attributeArguments(of: test, in: file) else { return [] }
        var found: [String] = []
        var index = arguments.lowerBound
        while index < arguments.upperBound {
            let rest = file.code.bytes[index..<arguments.upperBound]
            guard let dot = rest.firstIndex(of: UInt8(ascii: ".")) else { break }
            index = dot + 1
            for name in ["enabled", "disabled"] where Self.word(name, at: dot + 1, in: file.code) {
                let open = file.code.skippingSpace(from: dot + 1 + name.utf8.count)
                let end = file.code.balanced(from: open)?.upperBound ?? (dot + 1 + name.utf8.count)
                found.append(String(decoding: file.source[dot..<end], as: UTF8.self))
                index = end
            }
        }
        return found
    }

    /// Whether the body of test function `test` holds an assertion that could fail: `#expect`
    /// or `#require` of something that is not a constant, `Issue.record`, a confirmation, or a
    /// call of a helper that asserts. Nil when its declaration is not where the compiler said.
    public func asserts(_ test: TestRun.Test) -> Bool? {
        guard let file = file(test.file), let arguments = attributeArguments(of: test, in: file),
              let body = Self.body(after: arguments.upperBound, in: file.code) else { return nil }
        let scanned = Self.scan(file.code, in: body)
        return scanned.asserts || !scanned.calls.isDisjoint(with: assertingHelpers())
    }

    /// The code inside the parentheses of the `@Test` or `@Suite` attribute at the test's line,
    /// or an empty range just after the attribute when it has none.
    private func attributeArguments(of test: TestRun.Test, in file: File) -> Range<Int>? {
        guard let at = file.code.attribute(test.isSuite ? "Suite" : "Test", onLine: test.line) else { return nil }
        let after = at + (test.isSuite ? 6 : 5)
        let open = file.code.skippingSpace(from: after)
        if open < file.code.bytes.count, file.code.bytes[open] == UInt8(ascii: "("), let range = file.code.balanced(from: open) {
            return (range.lowerBound + 1)..<(range.upperBound - 1)
        }
        return after..<after
    }

    /// Whether `name` stands at `position` as a whole word.
    private static func word(_ name: String, at position: Int, in code: SwiftCode) -> Bool {
        guard SwiftCode.matches(name, at: position, in: code.bytes) else { return false }
        let end = position + name.utf8.count
        let before = position > 0 ? code.bytes[position - 1] : UInt8(ascii: " ")
        let after = end < code.bytes.count ? code.bytes[end] : UInt8(ascii: " ")
        let startsAWord = before == UInt8(ascii: ".") || before == UInt8(ascii: "#") || !SwiftCode.isIdentifierByte(before)
        return startsAWord && !SwiftCode.isIdentifierByte(after)
    }

    /// The body `{…}` of the first function declared at or after `start`.
    private static func body(after start: Int, in code: SwiftCode) -> Range<Int>? {
        var index = start
        while index < code.bytes.count && !word("func", at: index, in: code) { index += 1 }
        guard index < code.bytes.count else { return nil }
        index = code.skippingSpace(from: index + 4)
        if index < code.bytes.count && code.bytes[index] == UInt8(ascii: "`") {
            index += 1
            while index < code.bytes.count && code.bytes[index] != UInt8(ascii: "`") { index += 1 }
        }
        while index < code.bytes.count && code.bytes[index] != UInt8(ascii: "(") { index += 1 }
        guard let parameters = code.balanced(from: index) else { return nil }
        index = parameters.upperBound
        while index < code.bytes.count && code.bytes[index] != UInt8(ascii: "{") {
            // A declaration without a body (a protocol's) is followed by the next declaration.
            if code.bytes[index] == UInt8(ascii: "}") || ["func", "var", "let", "init", "case"].contains(where: { word($0, at: index, in: code) }) {
                return nil
            }
            index += 1
        }
        return code.balanced(from: index)
    }

    /// Every function declared in a file, by name, with its body.
    private static func functions(in code: SwiftCode) -> [(name: String, body: Range<Int>)] {
        var found: [(name: String, body: Range<Int>)] = []
        var index = 0
        while index < code.bytes.count {
            if word("func", at: index, in: code) {
                let nameStart = code.skippingSpace(from: index + 4)
                var nameEnd = nameStart
                while nameEnd < code.bytes.count && SwiftCode.isIdentifierByte(code.bytes[nameEnd]) { nameEnd += 1 }
                if nameEnd > nameStart, let body = body(after: index, in: code) {
                    found.append((code.text(nameStart..<nameEnd), body))
                }
                index = nameEnd
            } else {
                index += 1
            }
        }
        return found
    }

    /// What a function's body does: assert something that could fail itself, and call which
    /// functions by name (`check(…)`, not `list.check(…)`).
    private struct Body {
        var asserts = false
        var calls: Set<String> = []
    }

    private static func scan(_ code: SwiftCode, in range: Range<Int>) -> Body {
        var body = Body()
        var index = range.lowerBound
        while index < range.upperBound {
            guard SwiftCode.isIdentifierByte(code.bytes[index]), index == 0 || !SwiftCode.isIdentifierByte(code.bytes[index - 1]) else {
                index += 1
                continue
            }
            var end = index
            while end < range.upperBound && SwiftCode.isIdentifierByte(code.bytes[end]) { end += 1 }
            let before = index > 0 ? code.bytes[index - 1] : UInt8(ascii: " ")
            let open = code.skippingSpace(from: end)
            let next = open < range.upperBound ? code.bytes[open] : UInt8(ascii: " ")
            if next == UInt8(ascii: "{") && SwiftCode.matches("confirmation", at: index, in: code.bytes) && end - index == 12 {
                body.asserts = true
            } else if next == UInt8(ascii: "(") {
                let name = code.text(index..<end)
                if before == UInt8(ascii: "#") && (name == "expect" || name == "require") {
                    if let arguments = code.balanced(from: open), !isConstant(firstArgument(of: arguments, in: code)) { body.asserts = true }
                } else if name == "record" && index >= 6 && SwiftCode.matches("Issue.", at: index - 6, in: code.bytes) {
                    body.asserts = true
                } else if name == "confirmation" {
                    body.asserts = true
                } else if before != UInt8(ascii: ".") {
                    body.calls.insert(name)
                }
            }
            index = end
        }
        return body
    }

    /// The first argument in the parentheses `arguments`, up to a comma outside any bracket.
    private static func firstArgument(of arguments: Range<Int>, in code: SwiftCode) -> String {
        var depth = 0
        var end = arguments.lowerBound + 1
        while end < arguments.upperBound - 1 {
            let byte = code.bytes[end]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { depth -= 1 }
            if byte == UInt8(ascii: ",") && depth == 0 { break }
            end += 1
        }
        return code.text((arguments.lowerBound + 1)..<end)
    }

    /// An expression that names nothing but literals (`true`, `Bool(true)`, `1 == 1`) has
    /// the same value in every run: an expectation of it can never fail.
    private static func isConstant(_ expression: String) -> Bool {
        var names: [String] = []
        var name = ""
        for character in expression + " " {
            if character.isLetter || character == "_" || (!name.isEmpty && character.isNumber) {
                name.append(character)
            } else if !name.isEmpty {
                names.append(name)
                name = ""
            }
        }
        return names.allSatisfy { ["true", "false", "nil", "Bool"].contains($0) }
    }
}
