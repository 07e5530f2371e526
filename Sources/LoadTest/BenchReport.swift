/// Everything one run measured and checked; printed as a table or encoded as JSON.
public struct BenchReport: Codable, Sendable {
    public struct Connections: Codable, Sendable {
        public var requested: Int
        public var connected: Int
        public var live: Int
        public var failures: Int
        /// Seconds from the first connect to the last subscriber live.
        public var rampSeconds: Double
        public var connectsPerSecond: Double
        /// connect() → WebSocket open.
        public var connect: LatencySummary
        /// connect() → `subscribed` (nchan: open).
        public var subscribe: LatencySummary
    }

    public struct Edits: Codable, Sendable {
        public var sent: Int
        public var acked: Int
        public var errors: Int
        public var seconds: Double
        public var acksPerSecond: Double
        /// Edit sent → `ack` (nchan: POST → HTTP response).
        public var ack: LatencySummary
    }

    public struct Deliveries: Codable, Sendable {
        public var count: Int
        public var perSecond: Double
        public var averageMessageBytes: Int
        /// Edit sent → event received by a subscriber.
        public var latency: LatencySummary
        /// With several nodes (`--url` more than once), `latency` split: events received on
        /// the node their edit was sent to, and on another node (through PostgreSQL).
        public var sameNode: LatencySummary?
        public var crossNode: LatencySummary?
    }

    /// One node of a cluster run and the connections the run gave it.
    public struct Node: Codable, Sendable {
        public var url: String
        public var subscribers: Int
        /// Of them, live (connected and subscribed) at the end.
        public var liveSubscribers: Int
        public var writers: Int
    }

    public struct Reconnect: Codable, Sendable {
        public var behind: Int
        public var caughtUp: Int
        public var replayedEvents: Int
        public var snapshots: Int
        /// reconnect start → `subscribed` after the replay (caught up).
        public var catchUp: LatencySummary
    }

    /// `reconnect` with a server the bench restarted: what the herd of returning clients took.
    public struct Restart: Codable, Sendable {
        /// SIGTERM → the old server's exit (it drains first).
        public var stopSeconds: Double
        /// The new process started → its first `/healthz` 200.
        public var startSeconds: Double
        /// SIGTERM → the new server's first `/healthz` 200.
        public var downSeconds: Double
        public var subscribers: Int
        /// Subscribers that resubscribed and were answered on the new server.
        public var caughtUp: Int
        /// The rest: not back within the storm timeout.
        public var givenUp: Int
        /// The new server's first `/healthz` 200 → each subscriber's `subscribed` (after its
        /// `auth` and replay); 0 for one that was back before that answer.
        public var timeToCaughtUp: LatencySummary
        /// The new server's first `/healthz` 200 → the last subscriber back.
        public var stormSeconds: Double
        /// Reconnect attempts in all, and the most one subscriber needed.
        public var attempts: Int
        public var mostAttempts: Int
        /// Attempts given up on after 10 s with neither an answer nor an error.
        public var abandonedAttempts: Int
        /// The first delay each subscriber drew after losing its connection (the jitter).
        public var firstRetryDelay: LatencySummary
        /// Subscribers whose stream had a gap, or a duplicate, at any point of the run.
        public var clientsWithGaps: Int
        public var clientsWithDuplicates: Int
        public var replayedEvents: Int
        public var snapshots: Int
        /// During the storm, from a client outside the herd: `GET /healthz`, and a `login` on a
        /// new connection (request → `authed`, and connect → `authed`).
        public var healthz: LatencySummary
        public var healthzFailures: Int
        public var login: LatencySummary
        public var connectAndLogin: LatencySummary
        public var loginFailures: [String: Int]
        /// The new server during the storm: CPU seconds, their share of one core on average
        /// and at the busiest 200 ms, and its peak resident memory (`VmHWM`) by the storm's end.
        public var serverCPUSeconds: Double
        public var serverCPUPercent: Double
        public var serverPeakCPUPercent: Double
        public var serverPeakResidentBytes: Int
    }

    /// What the run checked about the deliveries themselves.
    public struct Verification: Codable, Sendable {
        public var duplicatesOrReordered: Int
        public var gaps: Int
        public var missingAtEnd: Int
        public var unparsable: Int
        /// Subscribers that were not connected and subscribed at the end (failed to connect,
        /// or closed): their streams could not be checked to the end.
        public var subscribersNotLive: Int
        public var passed: Bool
    }

    public struct ServerUsage: Codable, Sendable {
        public var pids: [Int32]
        public var cpuSeconds: Double
        public var cpuMicrosecondsPerDelivery: Double?
        public var residentBytesBefore: Int
        public var residentBytesAfter: Int
        /// (after − before) ÷ live connections, for `idle`.
        public var residentBytesPerConnection: Double?
    }

    public var target: String
    public var scenario: String
    public var subscribers: Int
    /// Of them, how many stopped reading once subscribed (not in the figures or the checks),
    /// and how many events they read all the same (0: the pause took effect at once).
    public var nonReaders: Int?
    public var eventsReadByNonReaders: Int?
    public var writers: Int
    public var lists: Int
    public var rate: Double?
    public var window: Int
    public var connections: Connections
    /// With several nodes: how the connections were spread over them.
    public var nodes: [Node]?
    public var edits: Edits?
    public var deliveries: Deliveries?
    public var reconnect: Reconnect?
    public var restart: Restart?
    public var verification: Verification
    public var errors: [String: Int]
    public var closeCodes: [String: Int]
    public var server: ServerUsage?
    public var clientCPUSeconds: Double
    public var elapsedSeconds: Double
}
