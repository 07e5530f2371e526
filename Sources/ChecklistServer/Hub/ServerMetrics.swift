/// Counters kept on the service thread and shown at `/metrics`.
struct ServerMetrics {
    var connectionsOpened = 0
    var requests = 0
    var errors = 0
    var editsApplied = 0
    var eventsBroadcast = 0
    var deliveries = 0
    /// Times a connection had `maxRequestsInFlight` requests waiting and reading stopped.
    var receivePauses = 0
}
