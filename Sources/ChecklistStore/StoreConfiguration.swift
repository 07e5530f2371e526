public import Foundation

/// What a store is opened with (`checkwire serve`'s store options): where it is, and the
/// bounds the rules keep.
public struct StoreConfiguration: Sendable {
    /// Bytes of checklists a store keeps in memory unless told otherwise.
    public static let defaultCacheBytes = 256 << 20

    /// `--database`: which store, in the form the store factory reads (a file's path for the
    /// embedded store).
    public var database: String
    /// Where the embedded store keeps attachment bytes; `nil`: a folder beside its file.
    public var attachmentsDirectory: String?
    /// Bytes of checklists the store keeps in memory, by estimate (least recently used dropped).
    public var cacheBytes = StoreConfiguration.defaultCacheBytes
    /// Lists per user, items per checklist and stored bytes per user (`tooLarge` past them).
    public var limits = StoreLimits.defaults
    /// How long a batch waits for a lock held by another connection before its requests are
    /// answered `internal` (tests shorten it).
    public var busyTimeout: TimeInterval = 5

    public init(database: String) {
        self.database = database
    }
}
