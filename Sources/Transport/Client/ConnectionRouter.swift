import Synchronization

/// The delegate of the process-wide client engine behind `WebSocketConnection`: routes each
/// connection's events to its mailbox.
// @unchecked Sendable: `mailboxes` is only accessed under its lock.
final class ConnectionRouter: WebSocketClientDelegate, @unchecked Sendable {
    private let mailboxes = Mutex<[ConnectionID: ConnectionMailbox]>([:])

    /// Registers the mailbox while holding the routing lock, so no event for the new id can
    /// be routed before the mailbox is there (`connect` only enqueues; it never calls back).
    func register(_ mailbox: ConnectionMailbox, connecting: () -> ConnectionID) -> ConnectionID {
        mailboxes.withLock { mailboxes in
            let id = connecting()
            mailboxes[id] = mailbox
            return id
        }
    }

    private func mailbox(_ id: ConnectionID, remove: Bool = false) -> ConnectionMailbox? {
        mailboxes.withLock { remove ? $0.removeValue(forKey: id) : $0[id] }
    }

    func webSocketClient(_ client: WebSocketClient, didConnect connection: ConnectionID) {
        mailbox(connection)?.post { $0.phase = .open }
    }

    func webSocketClient(_ client: WebSocketClient, didFailToConnect connection: ConnectionID, reason: String) {
        mailbox(connection, remove: true)?.post { $0.phase = .failed(reason: reason) }
    }

    func webSocketClient(_ client: WebSocketClient, didReceive message: WebSocketMessage, from connection: ConnectionID)
    {
        mailbox(connection)?.post { $0.messages.append(message) }
    }

    func webSocketClient(_ client: WebSocketClient, didClose connection: ConnectionID, code: UInt16?, reason: String) {
        mailbox(connection, remove: true)?.post { $0.phase = .closed(code: code, reason: reason) }
    }
}
