/// Where an item stands: open until done or cancelled (either can be undone).
public enum ItemStatus: String, Sendable, CaseIterable {
    case open, done, cancelled
}

/// Where a checklist stands: active until completed or cancelled (either can be undone).
public enum ListStatus: String, Sendable, CaseIterable {
    case active, completed, cancelled
}
