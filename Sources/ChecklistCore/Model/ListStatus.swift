public enum ListStatus: String, Sendable, CaseIterable {
    case active, completed, cancelled
}
