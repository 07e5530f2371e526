public import Transport

/// What one `checkwire bench` run does. Every loop it implies is bounded: by `subscribers`,
/// `edits`, `duration`, and the overall `timeout`.
public struct BenchConfiguration: Sendable {
    public enum Scenario: String, Sendable, CaseIterable, Codable {
        /// One list, N subscribers, W writers.
        case fanout
        /// Many lists, each with its own subscribers.
        case lists
        /// Subscribers drop, writers go on, all reconnect at once and resume by `since`.
        case reconnect
        /// N connections held open (authenticated and subscribed), no edits.
        case idle
    }

    public enum Target: Sendable, Equatable {
        /// A Checkwire server's WebSocket URL (`ws://host:port/ws`).
        case checkwire(url: String)
        /// nginx + nchan: WebSocket subscribers at `subscribeBase/<channel>`, HTTP POST
        /// publishing to `publishBase/<channel>`.
        case nchan(subscribeBase: String, publishBase: String)

        public var name: String {
            switch self {
            case .checkwire: "checkwire"
            case .nchan: "nchan"
            }
        }
    }

    public var scenario = Scenario.fanout
    /// Parse received frames in bulk (`ClientFraming.bulk`) instead of with lws's per-byte
    /// client parser, so the generator is not what limits deliveries per second.
    public var bulkFraming = true
    /// What the engine's thread waits on. poll() scans every connection on every turn:
    /// epoll halves the tool's CPU at 10,000 paced subscribers, but costs it more per
    /// message when it is saturated (docs/benchmarks.md); poll stays the default so the
    /// matrix's figures stay comparable.
    public var eventLoop = EventLoopBackend.poll
    public var target = Target.checkwire(url: "ws://127.0.0.1:8080/ws")
    /// Subscribers in total (for `lists`: spread evenly over the lists).
    public var subscribers = 1000
    public var writers = 1
    /// Lists (nchan: channels). `fanout` and `reconnect` use 1.
    public var lists = 1
    /// Edits per second over all writers; `nil` sends as fast as acks allow.
    public var rate: Double?
    /// Edits in flight per writer when sending as fast as possible (and the cap at a rate).
    public var window = 32
    /// The run sends at most this many edits...
    public var edits = 10_000
    /// ...and writes for at most this long.
    public var duration: Double = 10
    /// New connections per second while ramping up; `nil` opens them as fast as they complete.
    public var rampRate: Double?
    /// Connections being opened at once while ramping.
    public var maxConnecting = 500
    /// `reconnect`: how many events the subscribers miss while disconnected.
    public var behind = 10_000
    /// `idle`: seconds the connections are held open before measuring memory.
    public var hold: Double = 2
    /// Seconds to wait after the last edit for every delivery.
    public var drainTimeout: Double = 15
    /// A hard cap on the whole run, setup included.
    public var timeout: Double = 300
    /// Local server processes to sample for CPU and memory (nginx: master and workers).
    public var serverPIDs: [Int32] = []
    /// Use this existing account instead of signing up new ones (owner of the bench lists).
    public var username: String?
    public var password: String?
    /// Use these existing lists (the account must be able to edit them) instead of creating.
    /// As given on the command line: the engine handles ids as text (see `BenchEngine.listIDs`).
    public var listIDs: [String] = []
    /// nchan: the published body's size in bytes (match Checkwire's event size).
    public var messageSize = 400
    /// How the writers' opIds sort (`OpID.Order`): by send time, as Checkwire's own clients'
    /// UUIDv7s do, or at random, as a UUIDv4 client's do.
    public var opIDOrder = OpID.Order.timeOrdered
    /// Print a progress line every second (to standard error).
    public var progress = true

    public init() {}

    /// The lists (channels) actually used.
    public var effectiveLists: Int {
        switch scenario {
        case .fanout, .reconnect: 1
        case .lists: Swift.max(1, lists)
        case .idle: Swift.max(1, lists)
        }
    }

    /// Problems that make the run meaningless, in words.
    public func validate() -> String? {
        if subscribers < 0 || subscribers > 19_000 { return "subscribers must be 0…19000 (RLIMIT_NOFILE is 20000)" }
        if writers < 1 || writers > 1000 { return "writers must be 1…1000" }
        if edits < 0 { return "edits must be ≥ 0" }
        if let rate, rate <= 0 { return "rate must be positive" }
        if window < 1 { return "window must be ≥ 1" }
        if duration <= 0 || timeout <= 0 { return "duration and timeout must be positive" }
        if case .nchan = target, scenario == .reconnect {
            return "the reconnect scenario needs a Checkwire server (nchan has no since)"
        }
        if scenario == .lists, subscribers < lists { return "lists needs at least one subscriber per list" }
        return nil
    }
}
