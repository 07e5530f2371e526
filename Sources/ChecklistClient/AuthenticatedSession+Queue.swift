import ChecklistCore
import Foundation
import WireProtocol

extension AuthenticatedSession {
    /// Sends this user's queued edits on this server, oldest first, each with its original
    /// `opId`, and removes each one the server answered.
    ///
    /// Why this is safe to repeat: an `opId` already applied gets its original `ack` and
    /// changes nothing, so a queue sent twice (a crash after sending, before the file was
    /// rewritten) still changes nothing twice. Sending stops at the first transient failure
    /// so the order of the rest is kept; `internal` and `rateLimited` refusals also stay
    /// queued, because they mean "try again", not "no". Each stored message is read with the
    /// server's own `RequestDecoder`, so a queue written by an older client is sent as the
    /// same request.
    public func flushQueue() async throws -> FlushReport {
        let server = configuration.server
        let username = username
        return try await configuration.queue.update { ops in
            var report = FlushReport()
            var kept: [QueuedOp] = []
            var stopped = false
            for op in ops {
                guard !stopped, op.belongs(to: server, username: username) else {
                    kept.append(op)
                    continue
                }
                let request: Request
                do throws(RequestDecodingError) {
                    request = try op.request()
                } catch {
                    // What the server would answer `badRequest` to; sending it could change nothing.
                    report.refused.append((op, .invalidInput("the queued edit cannot be sent: \(error.message)")))
                    continue
                }
                do {
                    let reply = try await connection.request(request.body, timeout: configuration.requestTimeout)
                    report.sent.append((op, Ack(reply)))
                } catch let error as ClientError
                    where error.isTransient || ["internal", "rateLimited"].contains(error.serverCode)
                {
                    kept.append(op)
                    stopped = true
                } catch let error as ClientError {
                    report.refused.append((op, error))
                }
            }
            // Written down before the refused edits leave the queue: a refusal nobody saw (the
            // queue sent by a `watch` in another window) must never vanish (`RefusedEdits`).
            let now = Timestamp(Date())
            try configuration.refusedEdits.record(report.refused.map { RefusedEdit($0.op, error: $0.error, at: now) })
            ops = kept
            report.remaining = kept.count
            return report
        }
    }
}

/// What sending the offline queue did.
public struct FlushReport: Sendable {
    /// Edits the server acknowledged (applied now, or already applied earlier: same `opId`).
    public var sent: [(op: QueuedOp, ack: Ack)] = []
    /// Edits the server refused; they changed nothing, left the queue and were recorded in
    /// `RefusedEdits` until someone sees them.
    public var refused: [(op: QueuedOp, error: ClientError)] = []
    /// Edits still queued (another user's or server's, or not sent because the connection failed).
    public var remaining = 0

    public init() {}

    public var isEmpty: Bool { sent.isEmpty && refused.isEmpty }
}
