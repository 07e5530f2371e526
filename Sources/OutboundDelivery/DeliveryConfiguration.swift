/// How a sender delivers: how often it tries, how much it holds, how many exchanges it runs.
/// Each sender has its own defaults (`PushSender.defaults`, `MailSender.defaults`).
public struct DeliveryConfiguration: Sendable {
    public var retry: RetryPolicy
    /// Jobs held at once (queued, in flight, waiting to retry); more are refused and counted.
    public var capacity: Int
    public var transfers: TransferLoop.Configuration

    public init(retry: RetryPolicy, capacity: Int, transfers: TransferLoop.Configuration) {
        self.retry = retry
        self.capacity = capacity
        self.transfers = transfers
    }
}
