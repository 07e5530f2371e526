/// What sending the offline queue did.
public struct FlushReport: Sendable {
    /// Edits the server acknowledged (applied now, or already applied earlier: same `opId`).
    public var sent: [(op: QueuedOp, ack: Ack)] = []
    /// Edits the server refused; they changed nothing and left the queue.
    public var refused: [(op: QueuedOp, error: ClientError)] = []
    /// Edits still queued (another user's or server's, or not sent because the connection failed).
    public var remaining = 0

    public init() {}

    public var isEmpty: Bool { sent.isEmpty && refused.isEmpty }
}
