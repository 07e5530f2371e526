/// One WebSocket connection with an async API, for tests and simple tools.
///
/// All connections share one process-wide `WebSocketClient` engine (one thread, started on
/// first use, never stopped), so opening dozens of them costs sockets, not threads.
///
/// For example:
/// ```swift
/// let connection = try await WebSocketConnection.connect(url: "ws://127.0.0.1:\(port)/ws")
/// connection.send(text: "hello")
/// let reply = try await connection.receive(timeout: .seconds(2))
/// connection.close()
/// ```
public final class WebSocketConnection: Sendable {
    public let id: ConnectionID
    private let mailbox: ConnectionMailbox
    private let client: WebSocketClient

    private init(id: ConnectionID, mailbox: ConnectionMailbox, client: WebSocketClient) {
        self.id = id
        self.mailbox = mailbox
        self.client = client
    }

    /// Connects and completes the handshake.
    /// - Throws: `WebSocketConnectionError.connectionFailed` (refused, nothing listening),
    ///   `.timedOut`, or `TransportError` if the shared engine could not start.
    public static func connect(
        url: String, subprotocol: String? = "checkwire.v1", origin: String? = nil,
        timeout: Duration = .seconds(5)
    ) async throws -> WebSocketConnection {
        let engine = try SharedClientEngine.instance.get()
        let mailbox = ConnectionMailbox()
        let id = engine.router.register(mailbox) {
            engine.client.connect(to: url, subprotocol: subprotocol, origin: origin)
        }
        let connection = WebSocketConnection(id: id, mailbox: mailbox, client: engine.client)
        do {
            try await mailbox.wait(timeout: timeout) { state -> Result<Void, WebSocketConnectionError>? in
                switch state.phase {
                case .connecting: return nil
                case .open: return .success(())
                case .failed(let reason): return .failure(.connectionFailed(reason: reason))
                case .closed(let code, let reason): return .failure(.closed(code: code, reason: reason))
                }
            }
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    public func send(text: String) {
        client.send(.text(Array(text.utf8)), on: id)
    }

    public func send(_ message: WebSocketMessage) {
        client.send(message, on: id)
    }

    /// Sends one message split into frames (see `WebSocketClient.sendFragmented`).
    public func sendFragmented(_ bytes: [UInt8], binary: Bool = false, fragmentSize: Int) {
        client.sendFragmented(bytes, binary: binary, fragmentSize: fragmentSize, on: id)
    }

    /// The next message, in arrival order.
    /// - Throws: `WebSocketConnectionError.closed(code:reason:)` once closed and drained,
    ///   `.timedOut` if nothing arrives within `timeout`.
    public func receive(timeout: Duration = .seconds(5)) async throws -> WebSocketMessage {
        try await mailbox.wait(timeout: timeout) { state -> Result<WebSocketMessage, WebSocketConnectionError>? in
            if let message = state.takeMessage() { return .success(message) }
            switch state.phase {
            case .connecting, .open: return nil
            case .failed(let reason): return .failure(.connectionFailed(reason: reason))
            case .closed(let code, let reason): return .failure(.closed(code: code, reason: reason))
            }
        }
    }

    /// Waits for the connection to close, skipping unread messages; returns the close code.
    @discardableResult
    public func waitUntilClosed(timeout: Duration = .seconds(5)) async throws -> UInt16? {
        try await mailbox.wait(timeout: timeout) { state -> Result<UInt16?, WebSocketConnectionError>? in
            switch state.phase {
            case .connecting, .open: return nil
            case .failed(let reason): return .failure(.connectionFailed(reason: reason))
            case .closed(let code, _): return .success(code)
            }
        }
    }

    /// Starts a close handshake with `code` after the queued frames (returns at once).
    public func close(code: UInt16 = 1000, reason: String = "") {
        client.close(id, code: code, reason: reason)
    }

    /// The close code once closed (the peer's, or ours if we closed first); nil while open
    /// or when the socket dropped without a close frame.
    public var closeCode: UInt16? {
        if case .closed(let code, _) = mailbox.phase { return code }
        return nil
    }

    public var isClosed: Bool {
        switch mailbox.phase {
        case .closed, .failed: return true
        case .connecting, .open: return false
        }
    }
}
