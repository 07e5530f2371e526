/// Whether the store took the last write it tried.
///
/// Why it exists: a database that can no longer be written (a lock held elsewhere, a
/// read-only or immutable file, a full disk, an I/O error) used to be served as healthy while
/// every edit failed. The store records the outcome of each batch; `/healthz` answers 503 with
/// the reason while the last one failed, and 200 again once one commits.
public enum StoreHealth: Hashable, Sendable {
    case writable
    /// The last write failed; `reason` says why, in words an operator can act on.
    case failing(reason: String)
}
