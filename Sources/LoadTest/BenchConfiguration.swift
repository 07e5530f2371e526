public import ChecklistClient
public import Transport

/// What one `checkwire bench` run does. Every loop it implies is bounded: by `subscribers`,
/// `edits`, `duration`, and the overall `timeout`.
public struct BenchConfiguration: Sendable {
    public enum Scenario: String, Sendable, CaseIterable, Codable {
        /// One list, N subscribers, W writers.
        case fanout
        /// Many lists, each with its own subscribers.
        case lists
        /// Subscribers drop, writers go on, all reconnect at once and resume by `since`; with
        /// `serveBinary`, the server restarts instead and every client comes back on its own
        /// reconnect schedule.
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
    /// More nodes of the same cluster as `target` (`--url` given more than once: servers on
    /// one PostgreSQL). The accounts and lists are made through `target`; writers and
    /// subscribers are spread over every node, and delivery latency is reported apart for
    /// an edit and its event on the same node and on different nodes.
    public var moreURLs: [String] = []
    /// Subscribers in total (for `lists`: spread evenly over the lists).
    public var subscribers = 1000
    public var writers = 1
    /// Of the subscribers, how many stop reading once subscribed (spread evenly): a frozen tab,
    /// a dead network. They are left out of the latency figures and the checks.
    public var nonReaders = 0
    /// Lists (nchan: channels). `fanout` uses 1.
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
    /// Start the server from this `checkwire` binary (on 127.0.0.1, a fresh database in a
    /// temporary directory) instead of using `target`. With `reconnect`, the server is then
    /// restarted (SIGTERM, and a new process on the same database and port) instead of the
    /// subscribers being dropped.
    public var serveBinary: String?
    /// `reconnect` with `serveBinary`: seconds of live editing before the restart.
    public var restartAfter: Double = 2
    /// `reconnect` with `serveBinary`: seconds the server stays down after it exited.
    public var downSeconds: Double = 0
    /// `reconnect` with `serveBinary`: how long the clients may take to come back, from the
    /// new server's first `/healthz` 200, before the run counts the rest as given up.
    public var stormTimeout: Double = 60
    /// The reconnect schedule the clients come back on (`reconnect` with `serveBinary`):
    /// Checkwire's clients' (`Backoff()`) unless changed, to compare others.
    public var reconnectSchedule = Backoff()
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
        case .fanout: 1
        case .lists, .reconnect: Swift.max(1, lists)
        case .idle: Swift.max(1, lists)
        }
    }

    /// The Checkwire nodes the connections are spread over: `target`'s URL, then `moreURLs`.
    public var nodeURLs: [String] {
        guard case .checkwire(let url) = target else { return [] }
        return [url] + moreURLs
    }

    /// Problems that make the run meaningless, in words.
    public func validate() -> String? {
        if subscribers < 0 || subscribers > 19_000 { return "subscribers must be 0…19000 (RLIMIT_NOFILE is 20000)" }
        if writers < 1 || writers > 1000 { return "writers must be 1…1000" }
        if nonReaders < 0 || nonReaders > subscribers { return "non-readers must be 0…subscribers" }
        if nonReaders > 0, case .nchan = target { return "--non-readers needs a Checkwire server" }
        if edits < 0 { return "edits must be ≥ 0" }
        if let rate, rate <= 0 { return "rate must be positive" }
        if window < 1 { return "window must be ≥ 1" }
        if duration <= 0 || timeout <= 0 { return "duration and timeout must be positive" }
        if case .nchan = target, scenario == .reconnect {
            return "the reconnect scenario needs a Checkwire server (nchan has no since)"
        }
        if scenario == .lists, subscribers < lists { return "lists needs at least one subscriber per list" }
        if serveBinary != nil, case .nchan = target {
            return "--serve starts a Checkwire server; it has no nchan target"
        }
        if !moreURLs.isEmpty {
            if case .nchan = target { return "more than one --url needs the checkwire target" }
            if serveBinary != nil { return "--serve starts one server; give --url once per node instead" }
            if scenario == .reconnect { return "the reconnect scenario drives one node; give --url once" }
        }
        if restartAfter < 0 || downSeconds < 0 || stormTimeout <= 0 {
            return "--restart-after and --down must be ≥ 0, --storm-timeout positive"
        }
        return nil
    }
}
