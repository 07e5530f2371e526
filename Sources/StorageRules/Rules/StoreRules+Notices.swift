public import ChecklistStore

/// Notices for the other servers of a shared store: handed to the back end within the batch,
/// so they are published with its commit and dropped with its rollback.
extension StoreRules {
    public var sharesCommits: Bool { port.isShared }

    public func publish(_ notices: [ClusterNotice]) throws(StoreError) {
        guard port.isShared, !notices.isEmpty else { return }
        do { try port.publish(notices) } catch { throw failed(error) }
    }
}
