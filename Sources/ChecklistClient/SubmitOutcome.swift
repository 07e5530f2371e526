/// What became of an edit given to `ClientContext.submit`: the server acknowledged it, or it
/// waits in the offline queue.
public enum SubmitOutcome: Sendable {
    case acknowledged(Ack)
    /// The server could not be reached (`reason`); the edit will be sent with the same `opId`.
    case queued(QueuedOp, reason: ClientError)
}
