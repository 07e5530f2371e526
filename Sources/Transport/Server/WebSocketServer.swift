import Synchronization
import DequeModule
private import CLibWebSockets
import Dispatch

/// A WebSocket + small HTTP server on one libwebsockets context and one service thread.
///
/// Why this shape: lws is single-threaded, so everything connection-related (the delegate
/// callbacks, `send`, `close`, `unsentBytes`) happens on the service thread, and other threads
/// hand work over with `execute`. Messages arrive reassembled and size-checked; outgoing
/// frames are queued per connection and written at the end of the service turn that queued
/// them, packed into one send (see `WebSocketServer+Writing.swift`).
///
/// For example:
/// ```swift
/// let server = WebSocketServer(configuration: configuration, delegate: hub)
/// let port = try server.start()
/// server.execute { server.send(OutboundFrame(text: Array("hi".utf8)), to: id) }
/// server.stop()
/// ```
///
/// The delegate is held strongly until `stop()` returns, then released, so a delegate that
/// owns its server forms no lasting cycle. It must not be replaced.
// @unchecked Sendable: the cross-thread entry points (`start`, `execute`, `stop`,
// `isServiceThread`) go through `ServiceLoop`, which locks; all other mutable state
// (`sessions`, `delegate`, `arena`, `isShuttingDown`) is touched only on the service thread,
// which every such method checks with a precondition.
public final class WebSocketServer: @unchecked Sendable {
    public let configuration: WebSocketServerConfiguration
    let loop: ServiceLoop
    let originPolicy: OriginPolicy
    let hostPolicy: HostPolicy
    let headerBlockLimit: HeaderBlockLimit
    let dynamicPaths: Set<String>

    // Service-thread state.
    var delegate: (any WebSocketServerDelegate)?
    var sessions: [ConnectionID: ServerSession] = [:]
    var arena: CMemoryArena?
    var isShuttingDown = false
    var boundPort = 0
    var coalescer = FrameCoalescer()
    /// Connections that queued frames during this service turn (see `flushQueuedWrites`), and
    /// the list being flushed; two arrays swapped so a turn allocates nothing.
    var connectionsToFlush: [ConnectionID] = []
    var connectionsBeingFlushed: [ConnectionID] = []
    /// Connections whose `isBehind` changed since the last report, and whether the report
    /// is already posted (see `WebSocketServer+Behind.swift`).
    var behindChanges: [ConnectionID] = []
    var behindReportScheduled = false
    /// Watched connections that drained since the last report (`watchDrain(of:)`).
    var drainedConnections: [ConnectionID] = []
    /// Connections lws handed input during this service turn (their `receivedThisTurn` is set).
    var connectionsThatReceived: [ConnectionID] = []
    let shutdownCloseCode = Mutex<UInt16>(1001)
    /// Accepted connections that are not WebSockets yet, with their deadlines.
    var pendingConnections = PendingConnections()
    /// HTTP requests handed to the delegate and not yet answered in full.
    var deferredHTTP = DeferredHTTPExchanges()
    /// Wakes the service thread once a second to close pending connections past their deadline.
    let deadlineSweep = Mutex<SweepTimer?>(nil)

    public init(configuration: WebSocketServerConfiguration, delegate: any WebSocketServerDelegate) {
        self.configuration = configuration
        self.delegate = delegate
        loop = ServiceLoop(shutdownGracePeriod: configuration.shutdownGracePeriod, backend: configuration.eventLoop)
        originPolicy = OriginPolicy(allowedOrigins: configuration.allowedOrigins)
        hostPolicy = HostPolicy(bindHost: configuration.host, allowedHosts: configuration.allowedHosts)
        headerBlockLimit = HeaderBlockLimit(maxBytes: configuration.maxHeaderBytes)
        dynamicPaths = Set(configuration.dynamicPaths)
    }

    /// Creates the lws context and the service thread.
    ///
    /// - Returns: the bound port (useful with `port = 0`).
    /// - Throws: `TransportError` — `.listenFailed` (port in use, unusable address, with the
    ///   `bind` errno), `.contextCreationFailed` (e.g. bad TLS files), `.hostResolutionFailed`,
    ///   `.invalidConfiguration`, or `.alreadyStarted` on a second call.
    @discardableResult
    public func start() throws -> Int {
        try validateConfiguration()
        try loop.start(owner: self)
        startDeadlineSweep()
        return boundPort  // written on the service thread before start() returned (semaphore)
    }

    /// Runs `work` on the service thread soon (any thread). Work posted after `stop` is dropped.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        loop.execute(work)
    }

    /// True when called on this server's service thread.
    public var isServiceThread: Bool { loop.isServiceThread }

    /// Queues `frame` for `connection` (service thread only). The frame is shared, not copied.
    ///
    /// Unknown or closing connections are ignored. If the connection's unsent bytes would
    /// exceed `maxUnsentBytes`, its queue is dropped and it is closed with
    /// `slowConsumerCloseCode`; a peer that does not read even the close frame is dropped after
    /// `closeTimeoutSeconds` (`lws_set_timeout`). Live frames that a reader may take late go
    /// through `broadcast(_:to:stream:refused:)` instead, which refuses rather than closes.
    ///
    /// `requested` marks a frame the peer asked for in a burst (a replay or a snapshot): it
    /// never trips the bound itself, and the bound applies to the bytes queued beyond such
    /// bursts. Why: a client catching up after a long absence must not be closed as slow for
    /// the size of what it asked for, or it would reconnect and ask again forever.
    public func send(_ frame: OutboundFrame, to connection: ConnectionID, requested: Bool = false) {
        precondition(isServiceThread, "WebSocketServer.send called off the service thread")
        guard let session = sessions[connection], session.closeRequest == nil else { return }
        if requested { session.requestedAllowance += frame.count }
        guard !isOverBound(session, adding: frame.count) else { return closeAsSlowConsumer(session) }
        enqueue(frame, for: session)
    }

    /// Queues the same `frame` for every connection in `connections` that has room for it,
    /// as one `stream`'s next live frame (service thread only); appends to `refused` the
    /// connections that did not take it.
    ///
    /// A connection refuses the frame when it already refuses `stream`, or when the frame
    /// would take it past `maxUnsentBytes`: then it refuses `stream` from this frame on, until
    /// `resume(_:for:)`. So what a connection gets of a stream is always a gap-free run, and
    /// the caller, told which connections refused, sends them the rest from its own record
    /// when they have drained (`watchDrain(of:)`). A stalled connection (see
    /// `WebSocketServer+Behind.swift`) over the bound is closed with `slowConsumerCloseCode`
    /// instead: it stopped reading.
    public func broadcast(
        _ frame: OutboundFrame, to connections: some Sequence<ConnectionID>, stream: StreamID,
        refused: inout [ConnectionID]
    ) {
        precondition(isServiceThread, "WebSocketServer.broadcast called off the service thread")
        for connection in connections {
            guard let session = sessions[connection], session.closeRequest == nil else { continue }
            if !session.refusedStreams.isEmpty, session.refusedStreams.contains(stream) {
                refused.append(connection)
            } else if !isOverBound(session, adding: frame.count) {
                enqueue(frame, for: session)
            } else if session.isStalled {
                closeAsSlowConsumer(session)
            } else {
                session.refusedStreams.append(stream)
                refused.append(connection)
            }
        }
    }

    /// `connection` takes `stream`'s live frames again (service thread only): the caller has
    /// sent it what the stream refused.
    public func resume(_ stream: StreamID, for connection: ConnectionID) {
        precondition(isServiceThread, "WebSocketServer.resume called off the service thread")
        sessions[connection]?.refusedStreams.removeAll { $0 == stream }
    }

    func enqueue(_ frame: OutboundFrame, for session: ServerSession) {
        let wasIdle = session.queue.isEmpty
        session.queue.append(frame)
        session.unsentBytes += frame.count
        if session.unsentBytes > configuration.behindBytes { noteBacklog(session) }
        // Written at the end of this turn; a busy queue is already listed or waits for WRITEABLE.
        if wasIdle { connectionsToFlush.append(session.id) }
    }

    /// Answers a deferred HTTP request (service thread only). The response is written as the
    /// connection takes it; a request whose connection has closed is ignored. A file body's
    /// descriptor closes when the exchange ends — sent, failed, or its connection gone — or
    /// here, for an ignored answer.
    public func respond(to request: HTTPRequestID, with response: HTTPResponse) {
        precondition(isServiceThread, "WebSocketServer.respond called off the service thread")
        guard let wsi = deferredHTTP.answer(request, with: response) else { return }
        lws_callback_on_writable(wsi)
    }

    /// The most body bytes one deferred answer has held in memory at once (service thread
    /// only): a whole in-memory body, or one chunk of a file body. For tests.
    var largestDeferredBodyBytesInMemory: Int {
        precondition(isServiceThread, "WebSocketServer.largestDeferredBodyBytesInMemory read off the service thread")
        return deferredHTTP.largestBodyBytesInMemory
    }

    /// How many chunks of file bodies were read off the service thread because they were not
    /// in the page cache (service thread only). For tests.
    var deferredChunksReadOffThread: Int {
        precondition(isServiceThread, "WebSocketServer.deferredChunksReadOffThread read off the service thread")
        return deferredHTTP.chunksReadOffThread
    }

    /// Stops (`false`) or resumes reading an upload's body (service thread only): the
    /// delegate's writer fell behind, or caught up.
    public func setReceiving(_ enabled: Bool, for request: HTTPRequestID) {
        precondition(isServiceThread, "WebSocketServer.setReceiving called off the service thread")
        guard let wsi = deferredHTTP.connection(of: request) else { return }
        // A pause is the server's (its disk writer fell behind), not the client's: neither our
        // deadline nor lws's body timeout may count it. lws re-arms its own with the next piece.
        pendingConnections.setReading(enabled, on: wsi, now: DispatchTime.now().uptimeNanoseconds)
        if !enabled { lws_set_timeout(wsi, NO_PENDING_TIMEOUT, 0) }
        _ = checkwire_lws_rx_flow(wsi, enabled ? 1 : 0)
    }

    /// Stops (`false`) or resumes (`true`) reading from `connection` (service thread only).
    ///
    /// Why: backpressure. A client that sends requests faster than they are answered then
    /// waits in its own socket buffers instead of growing the server's memory. Messages lws
    /// already read may still arrive after a stop.
    public func setReceiving(_ enabled: Bool, for connection: ConnectionID) {
        precondition(isServiceThread, "WebSocketServer.setReceiving called off the service thread")
        guard let session = sessions[connection], session.closeRequest == nil else { return }
        _ = checkwire_lws_rx_flow(session.wsi, enabled ? 1 : 0)
    }

    /// Closes `connection` with a WebSocket close `code` and `reason` once its already-queued
    /// frames are written (service thread only). Unknown or already closing: ignored.
    public func close(_ connection: ConnectionID, code: UInt16, reason: String) {
        precondition(isServiceThread, "WebSocketServer.close called off the service thread")
        guard let session = sessions[connection], session.closeRequest == nil else { return }
        requestClose(session, CloseRequest(code: code, reason: reason))
    }

    /// Bytes queued and not yet handed to lws for `connection` (service thread only; 0 if unknown).
    public func unsentBytes(of connection: ConnectionID) -> Int {
        precondition(isServiceThread, "WebSocketServer.unsentBytes called off the service thread")
        return sessions[connection]?.unsentBytes ?? 0
    }

    /// The ids of the open connections (service thread only).
    public var openConnections: [ConnectionID] {
        precondition(isServiceThread, "WebSocketServer.openConnections called off the service thread")
        return Array(sessions.keys)
    }

    /// Graceful stop (any thread but the service thread; idempotent): refuses new upgrades,
    /// lets queued frames flush, closes every connection with `closeCode`, and after at most
    /// `shutdownGracePeriod` destroys the context (dropping peers that did not finish), joins
    /// the thread and releases the delegate. `didClose` is delivered for every connection.
    public func stop(closeCode: UInt16 = 1001) {
        deadlineSweep.withLock { timer in
            timer?.source.cancel()
            timer = nil
        }
        shutdownCloseCode.withLock { $0 = closeCode }
        loop.stop()
    }

    func requestClose(_ session: ServerSession, _ request: CloseRequest) {
        session.closeRequest = request
        lws_set_timeout(session.wsi, PENDING_TIMEOUT_USER_OK, Int32(configuration.closeTimeoutSeconds))
        // WRITEABLE writes what is still queued first, then the close frame.
        lws_callback_on_writable(session.wsi)
    }

    private func validateConfiguration() throws {
        if (configuration.tlsCertificatePath == nil) != (configuration.tlsPrivateKeyPath == nil) {
            throw TransportError.invalidConfiguration("set both tlsCertificatePath and tlsPrivateKeyPath, or neither")
        }
        if let directory = configuration.publicDirectory, !directory.hasPrefix("/") {
            throw TransportError.invalidConfiguration("publicDirectory must be an absolute path")
        }
        if !configuration.webSocketPath.hasPrefix("/") {
            throw TransportError.invalidConfiguration("webSocketPath must start with /")
        }
        if !(256...32767).contains(configuration.maxHeaderBytes) {
            throw TransportError.invalidConfiguration("maxHeaderBytes must be between 256 and 32767")
        }
        if configuration.idleTimeoutSeconds <= configuration.pingIntervalSeconds {
            throw TransportError.invalidConfiguration("idleTimeoutSeconds must exceed pingIntervalSeconds")
        }
    }
}
