/// What the courier needs from one kind of delivery (Web Push, mail): how to make a job's
/// request, and how to read an attempt's result.
public protocol DeliveryChannel: Sendable {
    associatedtype Job: Sendable

    /// How a courier of this channel delivers unless told otherwise.
    static var defaults: DeliveryConfiguration { get }
    /// The name of its delivery thread (seen in `top -H`, gdb and crash reports).
    static var threadName: String { get }

    /// Deliveries to the same lane share its slots (see `TransferLoop.Configuration.perLane`):
    /// a push service's origin, or the relay.
    func lane(for job: Job) -> String
    /// The request for `job`, made on the delivery thread before the first attempt and kept
    /// for the retries. Throwing fails the job without an attempt.
    func request(for job: Job) throws -> OutboundRequest
    /// What an attempt's result means.
    func verdict(on result: TransferResult) -> DeliveryVerdict
}

/// A channel's reading of one attempt.
public enum DeliveryVerdict: Sendable, Hashable {
    case delivered
    /// The recipient no longer exists (a push subscription answered 404 or 410).
    case gone
    /// Worth trying again (after the answer's `Retry-After`, when it has one).
    case retry(reason: String)
    /// Not worth trying again.
    case fail(reason: String)
}

/// How a job ended, told once per job.
public enum DeliveryOutcome<Job: Sendable>: Sendable {
    case delivered(Job, attempts: Int)
    case gone(Job)
    case failed(Job, reason: String, attempts: Int)

    public var job: Job {
        switch self {
        case .delivered(let job, _), .gone(let job), .failed(let job, _, _): job
        }
    }
}
