import Foundation
public import ChecklistCore
public import Transport

/// Everything `checkwire serve` can tell the server (the store is opened from its own
/// `StoreConfiguration`); the defaults just work on one machine.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0 picks a free port (tests); `ChecklistServer.start()` returns the one bound.
    public var port = 8080
    /// Absolute path of the web client, served at `/`; `nil` serves no files.
    public var publicDirectory: String?
    public var tlsCertificatePath: String?
    /// Where clients reach the server (`https://lists.example.org`, no trailing slash), for
    /// the links it gives out; `nil`: from the `Host` each client connected to.
    public var publicURL: String?
    /// The largest file one upload may carry.
    public var maxAttachmentBytes: Int64 = 20 << 20
    /// The most bytes of attachments the server stores (each file once); 0: no limit.
    public var maxAttachmentsTotalBytes: Int64 = 0
    public var tlsPrivateKeyPath: String?
    /// Largest message accepted, however fragmented; larger ones close the connection with 1009.
    public var maxMessageSize = 64 * 1024
    /// Host names requests may name besides the defaults (loopback names when bound to
    /// loopback; any when bound to all interfaces and none are given); `*` allows any.
    public var allowedHosts: Set<String> = []
    /// Browser origins allowed besides the server's own (`*` allows any).
    public var allowedOrigins: Set<String> = []
    /// Bytes a connection may have queued and unsent (a replay or snapshot it asked for does
    /// not count). A subscriber that reads keeps within it: live events it has no room for are
    /// sent from the log once it drains. One that stopped reading (5 s) and passes it is closed
    /// as a slow consumer (4008). A quarter of it is the "behind" mark of flow control.
    public var maxUnsentBytes = 4 << 20
    /// Flow control: a writer whose edit commits to a checklist with more than half of its
    /// subscribers behind (more than a quarter of `maxUnsentBytes` queued) is not read from
    /// until they catch up, for at most this many seconds per congestion (then the slow ones
    /// catch up from the log). Subscribers that stopped reading do not count as behind.
    public var maxWriterPause: Double = 30
    /// Requests a connection may have waiting for their replies before the server stops
    /// reading from it (backpressure); reading resumes when half of them are answered.
    public var maxRequestsInFlight = 1_024
    /// What the WebSocket service thread waits on: epoll (libev, the default) or lws's poll().
    public var eventLoop = EventLoopBackend.epoll
    /// Proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`); behind a reverse
    /// proxy not listed here every client shares the proxy's address.
    public var trustedProxies = TrustedProxies()
    /// Signup attempts one client address may make per hour (0: no limit), counted in the
    /// store across every server on it.
    public var signupsPerAddressPerHour = 100
    /// Cheap password hashing, for test servers that sign up many users. Never in production.
    public var fastPasswordHashing = false
    /// The `sub` of every VAPID token (`mailto:` or `https:`): where push services reach the
    /// server's operator. `nil`: the server sends no push and refuses push requests.
    public var vapidSubject: String?
    /// Accept `http://127.0.0.1:PORT/…` push endpoints. Tests only: it lets a client make
    /// the server POST to ports on its own machine.
    public var allowLoopbackPush = false
    /// The mail relay and sender; `nil`: the server sends no mail.
    public var mail: MailConfiguration?
    /// The time of day reminders are scheduled by. Tests may shift it; the wake-up timer still
    /// waits real time, so a shifted clock must keep running at the real rate.
    public var clock: @Sendable () -> Timestamp = { Timestamp.now }

    public init() {}
}
