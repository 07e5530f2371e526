/// Which readiness mechanism a service thread waits on.
///
/// Why a choice: lws's own loop calls `poll()` over every connection on each turn, which
/// costs about 0.8 µs per open socket per turn whether or not it is active (17 % of the
/// server's CPU at 1,000 and at 10,000 subscribers and 50,000 deliveries/s). `epoll` runs lws
/// on a libev loop through lws's evlib_ev plugin: a turn costs what is ready, not what is
/// open. `poll` stays available for machines without the plugin (the `libwebsockets-evlib-ev`
/// package) and for comparisons.
public enum EventLoopBackend: String, CaseIterable, Sendable {
    case epoll
    case poll
}
