import Synchronization
public import ChecklistCore
import Foundation
public import WireProtocol

/// What the interactive `watch` does from the keyboard, on the list's own connection.
extension LiveList {
    /// Sends an edit on the live connection; without one (or when it drops before the `ack`)
    /// the edit goes to the offline queue, to be sent on reconnecting like any other.
    /// - Returns: the `ack`, or nil when it was queued.
    public func send(_ operation: Operation) async throws -> Ack? {
        if let session = currentSession {
            do {
                return try await session.perform(operation)
            } catch let error as ClientError where error.isTransient {}
        }
        let username = currentSession?.username ?? configuration.username
        try configuration.queue.append(
            QueuedOp(operation, server: configuration.server, username: username, queuedAt: Timestamp(Date())))
        return nil
    }

    /// A request that needs the server now (snooze, dismiss).
    /// - Throws: `.unreachable` while offline.
    public func request(_ body: Request.Body) async throws -> Reply {
        guard let session = currentSession else {
            throw ClientError.unreachable(server: configuration.server, reason: "offline for now")
        }
        return try await session.connection.request(body, timeout: configuration.requestTimeout)
    }

    private var currentSession: AuthenticatedSession? { shared.withLock { $0.session } }
}
