extension StringProtocol {
    /// The text without the spaces, tabs and line breaks typed around it: what a form takes
    /// from a field, and what a command takes from a line.
    public var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
