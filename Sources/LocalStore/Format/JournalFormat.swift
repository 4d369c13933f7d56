import FastJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListEngine
import TodoList
import UserList

/// The lines of `<store>.journal`: the changes made since the store file was last written.
///
/// The first line names the store the journal belongs to, `{"journal":"<id>"}`. Each other
/// line is one change, a JSON object with one key naming it, and ends with `"sum"`: a checksum
/// of the line before it that also takes in the sum of the line before that, back to the
/// first line. A line changed, cut, doubled, dropped from the middle or moved no longer
/// carries the sum that its place asks for, so a journal is either what `todo` wrote or
/// refused; and a journal `todo` wrote holds only changes it checked before it wrote them.
/// `Specs/store-format.md` gives every line.
enum Journal {
    /// Where the journal of the store at `path` is kept: beside it.
    static func path(ofStore path: String) -> String {
        path + ".journal"
    }

    /// The most a journal beside a store of `storeSize` bytes holds: the fold comes before it is
    /// as large as the store (formats 4 and 5 folded there, this one much sooner), and one line (a
    /// page of 5,000 people) may take it past that.
    static func largest(besideStoreOf storeSize: Int) -> Int {
        storeSize + 32_000_000
    }

    /// The first line of a journal that belongs to the store with this id, line break included.
    static func header(_ id: UUID) -> [UInt8] {
        Array("{\"journal\":\"\(id.uuidString)\"}\n".utf8)
    }

    /// The sum the first change line builds on: the header's own.
    static func firstSum(_ id: UUID) -> UInt64 {
        Checksum.xxh64(header(id).dropLast())
    }

    /// A change as one whole line, line break included, summed on from `previous`, and its sum.
    /// `number` is the number an add of a to-do gives the new item.
    static func line(for change: Change, number: Int?, after previous: UInt64) -> (bytes: [UInt8], sum: UInt64) {
        var json = JSONWriter(capacity: 160)
        json.object { json in
            write(LoggedChange(change, number: number), to: &json)
            json.key("sum")
            json.string("")
        }
        var bytes = json.bytes
        // The object ends `,"sum":""}`: the sum is of what comes before its key.
        let body = bytes.count - 10
        let sum = bytes.withUnsafeBytes { Checksum.xxh64(UnsafeRawBufferPointer(rebasing: $0[..<body]), seed: previous) }
        bytes.insert(contentsOf: Checksum.hex(sum), at: bytes.count - 2)
        bytes.append(UInt8(ascii: "\n"))
        return (bytes, sum)
    }

    /// One change the journal holds, with the number of its line (the header is line 1).
    struct Entry {
        let line: Int
        let change: Change
        /// For the add of a to-do: the number the new item was given.
        let number: Int?

        var logged: LoggedChange { LoggedChange(change, number: number) }
    }

    /// What a journal's bytes hold.
    struct Contents {
        /// The store the header names; nil when there is no header line at all yet.
        var owner: UUID?
        var entries: [Entry] = []
        /// Where the last line read whole ends: where the next change goes, once `needsLineBreak`
        /// is seen to.
        var end = 0
        /// The last whole line has no line break after it: a change whose line break a crash
        /// cut off. It is kept, and the next change writes the line break first.
        var needsLineBreak = false
        /// The sum the next line builds on.
        var sum: UInt64 = 0
        /// Bytes at the end that are not a whole line: a change cut off by a crash before its
        /// line was written out, never acknowledged. They are not read, and the next change cuts them.
        var torn = 0
        /// The first line that is not what `todo` wrote: its number and what is wrong with it.
        /// Nothing from it on is read.
        var damage: (line: Int, what: JournalLineDamage)?
        /// A checksum of the whole lines, the first line included: what tells this journal
        /// from another under the same id once a store has taken it in.
        var checksum: UInt64 = 0
        /// A checksum of every byte, whatever they hold: what a repair, which takes in a journal
        /// however damaged, tells it by.
        var everyByte: UInt64 = 0
    }

    /// Reads a journal. With `parsing` false only the sums are checked, which is all an add
    /// needs to know the journal is what `todo` wrote. `legacy`: the journal of a store in
    /// format 4 or 5, whose lines carry no sums.
    static func read(_ bytes: UnsafeRawBufferPointer, legacy: Bool = false, parsing: Bool = true) -> Contents {
        var contents = readLines(bytes, legacy: legacy, parsing: parsing)
        contents.checksum = Checksum.xxh64(UnsafeRawBufferPointer(rebasing: bytes[..<contents.end]))
        contents.everyByte = contents.end == bytes.count ? contents.checksum : Checksum.xxh64(bytes)
        return contents
    }

    private static func readLines(_ bytes: UnsafeRawBufferPointer, legacy: Bool, parsing: Bool) -> Contents {
        var contents = Contents()
        guard let firstBreak = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            // No line at all: a first write cut off (nothing was acknowledged), or no journal.
            if !bytes.isEmpty && !isStartOfHeader(bytes) {
                contents.damage = (1, .noOwner)
            }
            contents.torn = bytes.count
            return contents
        }
        guard let owner = owner(of: UnsafeRawBufferPointer(rebasing: bytes[..<firstBreak])) else {
            contents.damage = (1, .ownerNotAsWritten)
            return contents
        }
        contents.owner = owner
        contents.sum = firstSum(owner)
        var start = firstBreak + 1
        contents.end = start
        var number = 1
        while start < bytes.count {
            number += 1
            let lineBreak = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            let line = UnsafeRawBufferPointer(rebasing: bytes[start..<(lineBreak ?? bytes.count)])
            // Format 4 and 5 kept no sums: there, a last line without its line break was cut off.
            let sum = legacy ? (lineBreak == nil ? nil : contents.sum) : verifiedSum(of: line, after: contents.sum)
            guard let sum else {
                if lineBreak == nil && isStartOfALine(line) {
                    contents.torn = line.count
                } else {
                    contents.damage = (number, .sumDoesNotMatch)
                }
                return contents
            }
            if parsing {
                do {
                    let entry = try entry(line, number: number, legacy: legacy)
                    contents.entries.append(entry)
                } catch {
                    // The readers of the format throw where they stopped, and nothing else.
                    contents.damage = (number, .notAChange(error as? FormatFailure ?? FormatFailure(offset: 0, expected: "a change")))
                    return contents
                }
            }
            contents.sum = sum
            start = (lineBreak ?? (bytes.count - 1)) + 1
            contents.end = start
            contents.needsLineBreak = lineBreak == nil
        }
        return contents
    }

    /// The store id in a header line (without its line break); nil for anything else.
    static func owner(of line: UnsafeRawBufferPointer) -> UUID? {
        let opening = Array("{\"journal\":\"".utf8)
        guard line.count == opening.count + 38, line.starts(with: opening),
              line[line.count - 2] == UInt8(ascii: "\""), line[line.count - 1] == UInt8(ascii: "}") else { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: line[opening.count..<(line.count - 2)]), as: UTF8.self)
        guard let id = UUID(uuidString: text), id.uuidString == text else { return nil }
        return id
    }

    /// Whatever of a damaged journal still reads: the store its first line names, and every
    /// other line that reads as a change, in either format, whatever white space, carriage
    /// return or byte-order mark was added around it; and the numbers of the lines that do not.
    /// A line with a sum is taken only if the sum holds, on from the line before it or from any
    /// other line (lines moved are still todo's own); one changed by hand is left out, and given
    /// apart (`untrusted`) when it still reads as a change, so a repair can say what leaving it
    /// out brings back.
    static func salvage(_ data: Data) -> (owner: UUID?, entries: [Entry], unreadable: [Int], untrusted: [Entry]) {
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        func trimmed(_ line: Data.SubSequence) -> [UInt8] {
            var bytes = Array(line)
            if bytes.starts(with: bom) { bytes.removeFirst(3) }
            while let last = bytes.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
                bytes.removeLast()
            }
            while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { bytes.removeFirst() }
            return bytes
        }
        guard let first = lines.first else { return (nil, [], [], []) }
        let owner = trimmed(first).withUnsafeBytes { self.owner(of: $0) }
        let all = lines.map(trimmed)
        let closing = Array(",\"sum\":\"".utf8)
        let written: [UInt64?] = all.map { bytes in
            guard bytes.count > closing.count + 18, bytes[(bytes.count - 18 - closing.count)...].starts(with: closing) else { return nil }
            return Checksum.value(ofHex: bytes[(bytes.count - 18)..<(bytes.count - 2)])
        }
        let seeds = [owner.map(firstSum)].compactMap { $0 } + written.compactMap { $0 }
        var previous = owner.map(firstSum)
        var entries: [Entry] = []
        var untrusted: [Entry] = []
        // A first line that names no store is not passed over in silence.
        var unreadable = owner == nil && !all[0].isEmpty ? [1] : []
        for (offset, bytes) in all.enumerated().dropFirst() {
            guard !bytes.isEmpty else { continue }
            defer { previous = written[offset] ?? previous }
            let read = bytes.withUnsafeBytes { bytes in
                (try? entry(bytes, number: offset + 1, legacy: false)) ?? (try? entry(bytes, number: offset + 1, legacy: true))
            }
            if written[offset] != nil {
                let holds = bytes.withUnsafeBytes { line in
                    [previous].compactMap { $0 }.contains { verifiedSum(of: line, after: $0) != nil }
                        || seeds.contains { verifiedSum(of: line, after: $0) != nil }
                }
                guard holds else {
                    unreadable.append(offset + 1)
                    if let read { untrusted.append(read) }
                    continue
                }
            }
            if let read { entries.append(read) } else { unreadable.append(offset + 1) }
        }
        return (owner, entries, unreadable, untrusted)
    }

    // MARK: - Private

    /// Whether the bytes could be what a crash left of a line on its way: the start of a change
    /// as `todo` writes one, short of its sum. A last line that has its sum, and it is wrong,
    /// was changed; bytes that start otherwise were not written by `todo`, nor is an object that
    /// closes: a line's closes only after its sum.
    private static func isStartOfALine(_ line: UnsafeRawBufferPointer) -> Bool {
        let opening = Array("{\"".utf8)
        guard line.count > opening.count else { return line.elementsEqual(opening.prefix(line.count)) }
        guard line.starts(with: opening) else { return false }
        let key = line.dropFirst(2).prefix { $0 != UInt8(ascii: "\"") }
        guard ChangeKey.allCases.contains(where: { $0.rawValue.utf8.starts(with: key) }) else { return false }
        let closing = Array(",\"sum\":\"".utf8)
        guard !(line.count >= closing.count + 18 && line[(line.count - 18 - closing.count)...].starts(with: closing)) else { return false }
        return (try? JSONReader.read(Data(line)) { try $0.skipValue() }) == nil
    }

    /// Whether the bytes could be the start of a header cut off by a crash.
    private static func isStartOfHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let opening = Array("{\"journal\":\"".utf8)
        if bytes.count <= opening.count { return bytes.elementsEqual(opening.prefix(bytes.count)) }
        let allowed = Set(Array("0123456789ABCDEF-\"}".utf8))
        return bytes.starts(with: opening) && bytes.dropFirst(opening.count).allSatisfy(allowed.contains)
            && bytes.count <= opening.count + 38
    }

    /// The sum a line carries, when it is the sum its bytes and `previous` make.
    private static func verifiedSum(of line: UnsafeRawBufferPointer, after previous: UInt64) -> UInt64? {
        let closing = Array(",\"sum\":\"".utf8)
        guard line.count > closing.count + 18, line[line.count - 2] == UInt8(ascii: "\""), line[line.count - 1] == UInt8(ascii: "}"),
              line[(line.count - 18 - closing.count)...].starts(with: closing),
              let written = Checksum.value(ofHex: line[(line.count - 18)..<(line.count - 2)]) else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: line[..<(line.count - 18 - closing.count)])
        return Checksum.xxh64(body, seed: previous) == written ? written : nil
    }

    private static func entry(_ line: UnsafeRawBufferPointer, number: Int, legacy: Bool) throws -> Entry {
        try JSONReader.read(Data(line)) { json in
            var change: LoggedChange?
            try json.readObject { json, key in
                if key == "sum" && !legacy { return try json.skipValue() }
                guard change == nil else { throw json.error(expected: "one change on a line") }
                if legacy {
                    change = try legacyChange(key, &json)
                } else {
                    guard let key = ChangeKey(rawValue: key) else { throw json.error(expected: "a change") }
                    change = try Self.read(key, &json)
                }
            }
            let logged = try json.required(change, "a change")
            return Entry(line: number, change: logged.change, number: logged.number)
        }
    }
}
