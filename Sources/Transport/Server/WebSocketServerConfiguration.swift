/// Everything the WebSocket/HTTP listener needs to know; plain values, copied into the server.
public struct WebSocketServerConfiguration: Sendable {
    /// IPv4 address or hostname to listen on; `"0.0.0.0"` for all IPv4 interfaces, an IPv6
    /// literal such as `"::1"` for IPv6. Names are resolved to an IPv4 address at start.
    /// (IPv4 listeners disable IPv6 because lws 4.1.6 otherwise ignores the address and
    /// listens on every interface.)
    public var host: String = "127.0.0.1"
    /// TCP port; 0 picks an ephemeral port, returned by `start()`.
    public var port: Int = 8080
    /// The only path on which WebSocket upgrades are accepted (others get 404).
    public var webSocketPath: String = "/ws"
    /// The WebSocket subprotocol served. A client offering none is served it as well (it is
    /// the vhost's default protocol); a client offering only others is refused.
    public var subprotocol: String = "checkwire.v1"
    /// Absolute directory served as static files at "/" (index.html by default);
    /// nil = no static files (every non-dynamic path is 404).
    public var publicDirectory: String? = nil
    /// Exact paths answered by the delegate's `webSocketServer(_:httpResponseFor:)`.
    public var dynamicPaths: [String] = []
    /// Path prefixes (`/feed` covers `/feed` and `/feed/…`) whose GET and HEAD requests go to
    /// the delegate's `webSocketServer(_:didReceive:)` and are answered later with
    /// `respond(to:with:)`; other methods get 405.
    public var deferredPrefixes: [String] = []
    /// Path prefixes under which a `PUT` streams its body to the delegate (`didBeginUpload`,
    /// `didReceiveUploadBytes`, `didFinishUpload`); GET and HEAD there are deferred as above.
    public var uploadPrefixes: [String] = []
    /// Path prefixes under which a small `POST` (a form, such as RFC 8058's one-click
    /// unsubscribe: at most `maxFormBytes`) is deferred to the delegate like a GET, with
    /// `method` `POST`, once its body has arrived; the body itself is not kept.
    public var formPrefixes: [String] = []
    public var maxFormBytes = 4096
    /// The largest upload body: a `Content-Length` over it gets 413 before any byte is read.
    public var maxUploadBytes: Int64 = 20 << 20
    /// Largest accepted message, however fragmented. A larger one is read to its end and
    /// discarded, then the connection is closed with 1009 (message too big).
    public var maxMessageSize: Int = 65536
    /// Bound on a connection's queued, not yet written, outbound bytes (beyond bursts it asked
    /// for). A `send` that would exceed it closes the connection with `slowConsumerCloseCode`;
    /// a live frame (`broadcast`) that would is refused instead, unless the connection stopped
    /// reading (see `stalledAfterSeconds`).
    public var maxUnsentBytes: Int = 4 << 20
    public var slowConsumerCloseCode: UInt16 = 4008
    /// A connection with more than this many unsent bytes (beyond a burst it asked for) is
    /// *behind*; it is caught up again below `caughtUpBytes`. Each change is reported to the
    /// delegate (`webSocketServer(_:connection:isBehind:)`), which can slow what feeds it. Two
    /// marks, so a connection that hovers around one does not flip at every frame; bytes only,
    /// so what "behind" means does not depend on the machine's speed. 1 MiB: a fast reader
    /// handed one large store batch at once (about 300 KB to a single subscriber in a
    /// durable-edit run) is not behind; at 128 KiB, such bursts paused that run's writers
    /// hundreds of times a second for nothing.
    public var behindBytes: Int = 1 << 20
    public var caughtUpBytes: Int = 256 << 10
    /// A connection with bytes waiting that shows no sign of reading for this many seconds
    /// (lws took nothing and the kernel's unacknowledged bytes did not go down) has stopped
    /// reading: it is no longer reported behind (waiting for it would hold its senders
    /// forever), and it is closed with `slowConsumerCloseCode` once over `maxUnsentBytes`.
    public var stalledAfterSeconds: Int = 5
    /// `TCP_NOTSENT_LOWAT` on every WebSocket: the kernel keeps at most about this many bytes
    /// of a connection's output unsent (bytes in flight are not counted); 0 leaves the
    /// system's default. Why: without it Linux takes megabytes per slow socket (1.1 GB over
    /// 1,000 slow subscribers in a fan-out run), so the queue above never sees the backlog,
    /// and what the kernel holds is written, at the server's CPU cost, long before it is read.
    public var kernelUnsentBytes: Int = 64 << 10
    /// Exact `Origin` values allowed (`"*"` = any). Requests without `Origin` and without
    /// `Sec-Fetch-*` headers (non-browser clients; see `OriginPolicy`) and same-origin requests
    /// (`http://` or `https://` + the request's `Host`) are always allowed. Anything else gets
    /// HTTP 403 instead of the upgrade.
    public var allowedOrigins: Set<String> = []
    /// Both set: serve wss/https (ALPN http/1.1 so browsers keep WebSockets on HTTP/1.1).
    public var tlsCertificatePath: String? = nil
    public var tlsPrivateKeyPath: String? = nil

    /// Seconds after the open or the last PONG before the server sends a WebSocket PING.
    public var pingIntervalSeconds: Int = 30
    /// Seconds without a PONG (after the open or the last one) before the server hangs up:
    /// drops dead peers (checked once a second).
    public var idleTimeoutSeconds: Int = 60
    /// Seconds a connection being closed (by `close`, a slow consumer or a 1009) may take to
    /// get its close frame out before lws drops it; a peer that stops reading never would.
    public var closeTimeoutSeconds: Int = 5
    /// How long `stop` lets queued frames and close frames flush before dropping connections.
    public var shutdownGracePeriod: Duration = .seconds(2)
    /// lws receive chunk size per connection, allocated for every connection's life. Small
    /// keeps idle memory low (the lws notes measured ~5.5 KiB per connection at 4096, ~2.6 KiB
    /// at 1024); messages larger than a chunk are reassembled by the transport, and requests
    /// are typically a few hundred bytes.
    public var receiveBufferSize: Int = 1024
    /// What the service thread waits on: epoll through libev by default (see
    /// `EventLoopBackend`), or lws's own poll() loop.
    public var eventLoop: EventLoopBackend = .epoll

    /// Host names (no port) requests may name besides the defaults of `HostPolicy`; `*` for any.
    public var allowedHosts: Set<String> = []
    /// Peers whose `X-Forwarded-For` names the client (`clientAddress(of:)`); none by default.
    public var trustedProxies = TrustedProxies()
    /// Seconds an HTTP connection may take to complete its request headers, or stay idle
    /// between keep-alive requests, before it is closed.
    public var httpTimeoutSeconds: Int = 10
    /// Largest request header block (request line and header fields, as `HeaderBlockLimit`
    /// counts them) answered normally; a larger one gets `431` with `Connection: close`. lws
    /// holds twice this per connection while it reads request headers.
    public var maxHeaderBytes: Int = 8192
    /// The `Server` header of every HTTP response lws writes: static files, dynamic paths,
    /// deferred answers, refusals and the WebSocket upgrade. The embedding product names
    /// itself and its version here (`checkwire/0.18.0`), so an operator can tell from any
    /// response which build answered.
    public var serverName: String = "checkwire"

    public init() {}
}
