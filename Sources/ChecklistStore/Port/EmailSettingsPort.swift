public import ChecklistCore

/// What a back end does to keep users' mail settings (`EmailSettings`), beside the
/// `StoragePort` it implements; called on the store thread, inside the batch. A protocol of
/// its own, as `PushDevicePort` is: a back end without it refuses mail settings by name.
public protocol EmailSettingsPort: AnyObject {
    func emailSettings(_ key: EmailSettingsKey) throws(StorageFailure) -> [EmailSettings]
    func write(_ change: EmailSettingsWrite) throws(StorageFailure)
}

public enum EmailSettingsKey: Hashable, Sendable {
    /// The user's settings (at most one).
    case user(UserID)
    /// The settings whose address check has this token's SHA-256 (at most one).
    case verificationHash([UInt8])
    /// The settings with this unsubscribe token (at most one).
    case unsubscribeToken(String)
    /// Every verified address with a digest time: the digest scheduler's start.
    case digests
}

public enum EmailSettingsWrite: Hashable, Sendable {
    /// Inserts the user's settings, or replaces them.
    case saved(EmailSettings)
    case removed(UserID)
}
