/// Why a back end could not do what the rules asked, in its own words ("database is locked",
/// "database or disk is full"). The rules turn it into `StoreError.failure` and roll
/// the batch back; the health report quotes it.
public struct StorageFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// This batch failed; the next one may not.
        case failed
        /// Nothing can be written until the server restarts (a flush the disk did not confirm).
        case permanent
        /// Another server's transaction conflicted with this one (a deadlock between them): the
        /// database rolled this one back whole, and running it again may well succeed.
        case conflict
    }

    public var kind: Kind
    /// For people: what failed, without the back end's internals (no SQL, no stack).
    public var message: String

    public init(_ message: String, kind: Kind = .failed) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
