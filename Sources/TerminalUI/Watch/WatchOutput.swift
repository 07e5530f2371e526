public import ChecklistClient

/// What `watch` does with each update of the live list.
public protocol WatchOutput: AnyObject, Sendable {
    func show(_ update: LiveUpdate)
    /// Called once when watching stops; restores the terminal.
    func finish()
}
