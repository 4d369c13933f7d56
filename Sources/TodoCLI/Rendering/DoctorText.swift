import LocalStore

/// What `doctor` says of what it found, in words.
enum DoctorText {
    static func what(_ what: StoreReport.Finding.What) -> String {
        switch what {
        case .empty: "it is empty"
        case .newerVersion(let version): "it was written by a newer todo (format \(version))"
        case .noSuchFormat(let format): "it says it is in format \(format), which no version of todo wrote"
        case .notAStore(let failure): "it does not read as a todo store: \(failure.expected) was expected there"
        case .problems(let problems): problems.map(StoreText.problem).joined(separator: "; ")
        case let .journalChange(line, reason): "line \(line) does not apply (\(StoreText.replay(reason)))"
        case let .journalLine(line, damage): "line \(line) \(StoreText.journalLine(damage))"
        case .journalNotTheStores(let mismatch): "it does not belong to the store (\(StoreText.mismatch(mismatch)))"
        case .journalWithoutStore: "a journal lies here without its store"
        case .lockIsNotAFile(let kind):
            "the lock file is \(StoreText.kind(kind)): no change can be made while it is there; remove it, todo makes it again"
        }
    }

    static func loss(_ loss: StoreReport.Finding.Loss) -> String {
        switch loss {
        case .nothing: "nothing"
        case .nothingInIt: "nothing: there is nothing in it"
        case let .allButFound(todos, people):
            "all but the \(counted(todos, "to-do")) and \(counted(people, "person", "people")) todo doctor --repair rebuilds"
        case .nothingOnceUpdated: "nothing, if todo is updated"
        case .changesLeftOut(let lines) where lines.isEmpty: "nothing: todo doctor --repair brings in every change"
        case .changesLeftOut(let lines):
            lines.count == 1 ? "the change of line \(Session.spoken(lines)), which todo doctor --repair leaves out"
                : "the changes of lines \(Session.spoken(lines)), which todo doctor --repair leaves out"
        case .nothingJournalBroughtIn: "nothing: todo doctor --repair brings in the changes it holds, and keeps a copy of it"
        case .journalKeptOnlyAsACopy(let changes):
            "the \(counted(changes, "change")) it holds: todo doctor --repair keeps only a copy of a journal that names another store"
        case .nothingStoreBuiltFromJournal: "nothing: todo doctor --repair builds a store from the changes in it"
        }
    }

    static func place(_ place: StoreReport.Finding.Place) -> String {
        switch place {
        case .byte(let byte): "byte \(byte)"
        case .line(let line): "line \(line)"
        }
    }

    static func note(_ note: StoreReport.JournalNote) -> String {
        switch note {
        case .torn(let bytes): "\(bytes) bytes at its end are a change a crash cut off, never acknowledged; the next change removes them"
        case .takenIn: "the store took this journal in when it was written; the next change removes it"
        }
    }

    /// What a repair brings back, by title, grouped by how it had gone: the first few of each.
    static func cameBack(_ items: [RepairReport.CameBack]) -> String {
        let hows: [RepairReport.CameBack.How] = [.deleted, .checked, .cleared, .personDeleted]
        return hows.compactMap { how -> String? in
            let names = items.filter { $0.how == how }.map { quoted(TerminalText.escaped($0.name)) }
            guard let last = names.last else { return nil }
            let listed = names.count > 5 ? names.prefix(4).joined(separator: ", ") + " and \(names.count - 4) more"
                : names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
            return listed + ", which \(names.count == 1 ? "had" : "had all") been " + self.how(how)
        }.joined(separator: "; ")
    }

    static func how(_ how: RepairReport.CameBack.How) -> String {
        switch how {
        case .deleted: "deleted"
        case .checked: "checked"
        case .cleared: "cleared"
        case .personDeleted: "deleted from the people"
        }
    }

    static func setAside(_ reason: RepairReport.SetAside) -> String {
        switch reason {
        case .takenInAlready: "the store had taken it in already"
        case .namesAnotherStore(let id): "it names another store, \(id.uuidString)"
        }
    }

}
