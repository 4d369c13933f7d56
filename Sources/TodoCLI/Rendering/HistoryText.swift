/// What todo says when the prompt's history cannot be kept (CLI-49): once, and why.
enum HistoryText {
    static func notKept(_ problem: PromptHistory.Problem) -> String {
        let why = switch problem {
        case .link(let path): "\(path) is a symbolic link, which todo does not follow"
        case .notAFile(let path): "\(path) is not a file"
        case .unreadable(let path, nil): "\(path) may not be read"
        case .unreadable(let path, let reason?): "\(path) cannot be read (\(reason))"
        case .readOnlyFile(let path): "\(path) is read-only"
        case .readOnlyFolder(let folder): "the folder \(folder) is read-only"
        case .cannotWrite(let path, let reason): "\(path) cannot be written (\(reason))"
        }
        return "the prompt's history is not kept: " + why
    }
}
