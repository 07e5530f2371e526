private import CLibWebSockets

/// A WebSocket client engine: one lws context and one service thread for many connections.
///
/// Why one engine for many connections: the load tester opens thousands of connections from
/// one process, and lws services all of them from a single poll loop; a thread per
/// connection would not scale. Every public method may be called from any thread; the work
/// is handed to the service thread through the inbox, so calls on one connection keep their
/// order (connect, sends, close).
///
/// For example:
/// ```swift
/// let client = WebSocketClient(delegate: observer)
/// try client.start()
/// let id = client.connect(to: "ws://127.0.0.1:8080/ws")
/// client.send(.text(Array("hello".utf8)), on: id)
/// ```
///
/// The delegate is held strongly until `stop()` returns, then released.
// @unchecked Sendable: the public methods only touch `loop` (locked) and immutable values;
// `delegate`, `sessions`, `context` and `arena` are touched only on the service thread.
public final class WebSocketClient: @unchecked Sendable {
    let loop: ServiceLoop
    let maxMessageSize: Int
    let allowsSelfSignedCertificates: Bool
    let framing: ClientFraming

    // Service-thread state.
    var delegate: (any WebSocketClientDelegate)?
    var sessions: [ConnectionID: ClientSession] = [:]
    var context: OpaquePointer?
    var arena: CMemoryArena?
    /// Keys for the frames of bulk-framed connections.
    var maskingKeys = MaskingKeys()

    /// - Parameters:
    ///   - maxMessageSize: larger incoming messages close the connection with 1009.
    ///   - allowsSelfSignedCertificates: for `wss://` to test servers: accept self-signed
    ///     certificates and skip the host name check. Never for production peers.
    ///   - framing: who parses frames on `ws://` connections (see `ClientFraming`).
    ///   - eventLoop: what the service thread waits on (see `EventLoopBackend`); epoll pays
    ///     off for an engine holding thousands of connections, such as the load tester.
    public init(
        delegate: any WebSocketClientDelegate,
        maxMessageSize: Int = 16 << 20,
        allowsSelfSignedCertificates: Bool = false,
        framing: ClientFraming = .libwebsockets,
        eventLoop: EventLoopBackend = .poll
    ) {
        loop = ServiceLoop(shutdownGracePeriod: .seconds(1), backend: eventLoop)
        self.delegate = delegate
        self.maxMessageSize = maxMessageSize
        self.allowsSelfSignedCertificates = allowsSelfSignedCertificates
        self.framing = framing
    }

    /// Creates the context and its service thread.
    /// - Throws: `TransportError.contextCreationFailed`, or `.alreadyStarted`.
    public func start() throws {
        try loop.start(owner: self)
    }

    /// Starts connecting (any thread) and returns the connection's id at once; the outcome
    /// arrives as `didConnect` or `didFailToConnect` (also for a malformed URL).
    ///
    /// - Parameters:
    ///   - url: `ws://host:port/path` or `wss://...`.
    ///   - subprotocol: offered in `Sec-WebSocket-Protocol`; nil offers none.
    ///   - origin: sent verbatim as `Origin`; nil sends no `Origin` header.
    public func connect(to url: String, subprotocol: String? = "checkwire.v1", origin: String? = nil) -> ConnectionID {
        let id = ConnectionID.next()
        loop.execute { [self] in
            performConnect(id, url: url, subprotocol: subprotocol, origin: origin)
        }
        return id
    }

    /// Queues a message (any thread). The bytes are copied now: the client masks in place.
    public func send(_ message: WebSocketMessage, on connection: ConnectionID) {
        let frame: OutboundFrame
        switch message {
        case .text(let bytes): frame = OutboundFrame(text: bytes)
        case .binary(let bytes): frame = OutboundFrame(binary: bytes)
        }
        loop.execute { [self] in enqueue([frame], on: connection) }
    }

    /// Sends `bytes` as one message split into frames of at most `fragmentSize` bytes
    /// (any thread). Text is not validated, so tests can send invalid UTF-8.
    public func sendFragmented(_ bytes: [UInt8], binary: Bool, fragmentSize: Int, on connection: ConnectionID) {
        let frames = FragmentPlanner.frames(for: bytes, binary: binary, fragmentSize: fragmentSize)
        loop.execute { [self] in enqueue(frames, on: connection) }
    }

    /// Stops (`false`) or resumes (`true`) reading from `connection` (any thread): the peer's
    /// bytes then wait in the kernel's buffers, as they would for a client that stopped reading
    /// (the load tester's non-readers). Ignored before the connection is established.
    public func setReceiving(_ enabled: Bool, on connection: ConnectionID) {
        loop.execute { [self] in
            guard let session = sessions[connection], let wsi = session.bulk?.wsi ?? session.wsi else { return }
            _ = checkwire_lws_rx_flow(wsi, enabled ? 1 : 0)
        }
    }

    /// Closes with `code` and `reason` after the queued frames are written (any thread).
    public func close(_ connection: ConnectionID, code: UInt16 = 1000, reason: String = "") {
        loop.execute { [self] in performClose(connection, CloseRequest(code: code, reason: reason)) }
    }

    /// Runs `work` on the service thread (any thread). Dropped after `stop`.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        loop.execute(work)
    }

    public var isServiceThread: Bool { loop.isServiceThread }

    /// Closes every connection (1000, up to one second to finish), destroys the context and
    /// joins the thread (any thread but the service thread; idempotent). Each connection still
    /// gets its final delegate event. Connects posted after this are dropped.
    public func stop() {
        loop.stop()
    }
}
