#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LocalStore

/// `doctor`: what the store holds and whether every command can open it; with `--repair`,
/// a copy of each damaged file kept beside it and the store rebuilt from what is left.
extension Session {
    func doctor(_ words: [String]) throws {
        switch words {
        case []: try diagnose()
        case ["--repair"]: try repair(bringingBack: false)
        case ["--repair", "--yes"], ["--yes", "--repair"]: try repair(bringingBack: true)
        default: throw CommandError.usage("doctor takes only --repair, and --yes with it", command: "doctor")
        }
    }

    private func diagnose() throws {
        let report = try store.inspect()
        if json {
            write(Self.json(report).line)
        } else {
            describe(report)
        }
        guard report.isSound else {
            let count = report.findings.count == 1 ? "a problem" : "\(report.findings.count) problems"
            let repair = report.findings.allSatisfy(\.isRepairable)
                ? "\(typed("doctor --repair")) keeps a copy of each file and rebuilds the store from what they hold"
                : "\(typed("doctor --repair")) cannot mend all of it; see above"
            throw CommandError.refused("the store \(TerminalText.escaped(report.path)) has \(count); it was left as it is. \(repair)")
        }
        if !json && report.exists {
            say("The store is sound.")
        }
    }

    private func describe(_ report: StoreReport) {
        guard report.exists || !report.findings.isEmpty else {
            return say("No store at \(TerminalText.escaped(report.path)) yet: it is made on the first change.")
        }
        var text = "Store: \(TerminalText.escaped(report.path))\n"
        if let format = report.format {
            text += "  Format:    \(format) (this todo reads up to \(StoreFormat.current))\n"
        }
        let journal = report.journalBytes == 0 ? "" : ", and a journal of \(report.journalBytes) bytes: "
            + "\(report.journalChanges) \(report.journalChanges == 1 ? "change" : "changes") since the store was written"
        text += "  Size:      \(report.bytes) bytes\(journal)\n"
        if let document = report.document {
            let todos = document.todos
            let people = document.people
            text += "  To-dos:    \(todos.unfinished.count) to do, \(todos.finished.count) finished\n"
            text += "  People:    \(people.everyone.count), \(people.deleted.count) deleted, "
                + "\(people.unmatchedSearches.count) \(people.unmatchedSearches.count == 1 ? "search" : "searches") remembered\n"
            text += "  Undo:      \(document.history.count) \(document.history.count == 1 ? "change" : "changes") can be undone\n"
        }
        for note in report.journalNotes {
            text += "  Journal:   \(DoctorText.note(note))\n"
        }
        let leftOvers = report.leftOvers.isEmpty
            ? "none"
            : "\(report.leftOvers.count) temporary file(s) from a save that did not finish; the next change removes them"
        text += "  Left over: \(leftOvers)\n"
        for finding in report.findings {
            let place = finding.place.map { ", \(DoctorText.place($0))" } ?? ""
            text += "Problem in \(TerminalText.escaped(finding.file))\(place): \(TerminalText.escaped(DoctorText.what(finding.what)))\n"
            text += "  A repair would lose: \(TerminalText.escaped(DoctorText.loss(finding.loses)))\n"
        }
        write(text)
    }

    /// The report as data: the same facts `doctor` prints, under names a script can use.
    private static func json(_ report: StoreReport) -> JSON {
        var members: [(key: StaticString, value: JSON)] = [
            ("path", .string(report.path)), ("exists", .bool(report.exists)), ("sound", .bool(report.isSound)),
            ("format", report.format.map(JSON.number) ?? .null), ("bytes", .number(report.bytes)),
            ("journalBytes", .number(report.journalBytes)), ("journalChanges", .number(report.journalChanges)),
        ]
        if let document = report.document {
            members += [
                ("todo", .number(document.todos.unfinished.count)), ("finished", .number(document.todos.finished.count)),
                ("people", .number(document.people.everyone.count)), ("deletedPeople", .number(document.people.deleted.count)),
                ("searchesRemembered", .number(document.people.unmatchedSearches.count)),
                ("undoable", .number(document.history.count)),
            ]
        }
        members += [
            ("journalNotes", .array(report.journalNotes.map { .string(DoctorText.note($0)) })),
            ("leftOvers", .array(report.leftOvers.map(JSON.string))),
            ("problems", .array(report.findings.map { finding in
                .object([("file", .string(finding.file)), ("place", finding.place.map { .string(DoctorText.place($0)) } ?? .null),
                         ("what", .string(DoctorText.what(finding.what))), ("repairLoses", .string(DoctorText.loss(finding.loses))),
                         ("repairable", .bool(finding.isRepairable))])
            })),
        ]
        return .object(members)
    }

    /// A repair that would bring back what the user had removed asks first: a person typing is
    /// asked, and says yes or no; anything else (a script, `--json`) goes on only with `--yes`.
    private func repair(bringingBack: Bool) throws {
        let asks = inputIsAPerson && !json
        var declined = false
        let answer = try store.repair { plan in
            guard !bringingBack else { return true }
            if asks {
                say("A repair would bring back what was removed: \(DoctorText.cameBack(plan.cameBack)).")
                declined = !askYesOrNo("Repair all the same? (yes/no): ")
            } else {
                declined = true
            }
            return !declined
        }
        guard let repaired = answer else {
            return say("The store is sound; there is nothing to repair.")
        }
        if declined && asks {
            return say("Cancelled: nothing was repaired, and the store was left as it is.")
        }
        if declined {
            throw CommandError.refused("a repair would bring back what was removed: \(DoctorText.cameBack(repaired.cameBack)); "
                                       + "nothing was changed. \(typed("doctor --repair --yes")) repairs all the same")
        }
        if json {
            let copies: [JSON] = repaired.copies.map { .string($0) }
            // The first thousand: a journal of garbage may hold millions.
            let leftOut: [JSON] = repaired.linesLeftOut.prefix(1000).map { .number($0) }
            let setAside: JSON = repaired.journalSetAside.map { .string(DoctorText.setAside($0)) } ?? .null
            let cameBack: [JSON] = repaired.cameBack.map { .object([("name", .string($0.name)), ("how", .string(DoctorText.how($0.how)))]) }
            let members: [(key: StaticString, value: JSON)] = [
                ("copies", .array(copies)), ("todos", .number(repaired.todos)), ("people", .number(repaired.people)),
                ("changesBroughtIn", .number(repaired.changesBroughtIn)), ("linesLeftOut", .array(leftOut)),
                ("linesLeftOutCount", .number(repaired.linesLeftOut.count)),
                ("journalSetAside", setAside), ("broughtBack", .array(cameBack)),
            ]
            write(JSON.object(members).line)
            return try refuseWhatIsLeft(repaired)
        }
        for copy in repaired.copies {
            say("Kept a copy as \(TerminalText.escaped(copy)).")
        }
        var text = "Rebuilt the store: \(counted(repaired.todos, "to-do")) and \(counted(repaired.people, "person", "people"))"
        if repaired.changesBroughtIn > 0 || !repaired.linesLeftOut.isEmpty {
            text += "; \(counted(repaired.changesBroughtIn, "change")) from the journal brought in"
        }
        if !repaired.linesLeftOut.isEmpty {
            // Runs said as runs, and past a few of them cut, however many lines a journal held.
            let lines = Self.spoken(repaired.linesLeftOut)
            text += repaired.linesLeftOut.count == 1
                ? ", line \(lines) left out (it did not read or apply)"
                : ", lines \(lines) left out (they did not read or apply)"
        }
        if let setAside = repaired.journalSetAside {
            text += "; the journal was not brought in: \(DoctorText.setAside(setAside))"
        }
        if !repaired.cameBack.isEmpty {
            text += "; brought back what was removed: \(DoctorText.cameBack(repaired.cameBack))"
        }
        say(text + ".")
        try refuseWhatIsLeft(repaired)
    }

    /// A journal the rebuilt store took in and the system would not let go of: the lists read,
    /// and no change can be saved until it goes, which the exit status says too.
    private func refuseWhatIsLeft(_ repaired: RepairReport) throws {
        guard let left = repaired.journalLeft else { return }
        throw CommandError.refused("the rebuilt store took in the journal \(left.path), which could not be removed "
                                   + "(\(StoreText.system(left.errno))): every command reads the lists, and changes are refused "
                                   + "until it can be removed")
    }
}
