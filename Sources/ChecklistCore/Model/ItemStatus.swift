public enum ItemStatus: String, Sendable, CaseIterable {
    case open, done, cancelled
}
