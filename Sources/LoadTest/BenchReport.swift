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
    }

    public struct Reconnect: Codable, Sendable {
        public var behind: Int
        public var caughtUp: Int
        public var replayedEvents: Int
        public var snapshots: Int
        /// reconnect start → `subscribed` after the replay (caught up).
        public var catchUp: LatencySummary
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
    public var writers: Int
    public var lists: Int
    public var rate: Double?
    public var window: Int
    public var connections: Connections
    public var edits: Edits?
    public var deliveries: Deliveries?
    public var reconnect: Reconnect?
    public var verification: Verification
    public var errors: [String: Int]
    public var closeCodes: [String: Int]
    public var server: ServerUsage?
    public var clientCPUSeconds: Double
    public var elapsedSeconds: Double
}
