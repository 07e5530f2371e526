public import ChecklistCore
public import ChecklistStore

/// Notices for the other servers of a shared store: handed to the back end within the batch,
/// so they are published with its commit and dropped with its rollback.
extension StoreRules {
    public var sharesCommits: Bool { port.isShared }

    public func publish(_ notices: [ClusterNotice]) throws(StoreError) {
        guard port.isShared, !notices.isEmpty else { return }
        do { try port.publish(notices) } catch { throw failed(error) }
    }

    public func storedHeads(after known: [ListID: Int64]) throws(StoreError) -> [StoredHead] {
        guard port.isShared, !known.isEmpty else { return [] }
        do { return try port.heads(after: known) } catch { throw failed(error) }
    }
}
