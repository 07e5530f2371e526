public import ChecklistCore

/// Why the store could not do what it was asked.
public enum StoreError: Error, Hashable, Sendable {
    /// The request broke a rule; nothing changed. The message is for the user.
    case rejected(DomainError)
    /// The store failed (disk full, I/O error…); nothing of the batch was committed.
    case failure(String)
}
