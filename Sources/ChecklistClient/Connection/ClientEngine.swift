import Foundation
import Synchronization
import Transport

/// The process's one WebSocket client engine, routing each connection's events to its
/// `ProtocolConnection`.
///
/// Why one engine: a `WebSocketClient` is an lws context plus a service thread; a terminal
/// command needs one connection, `watch` makes a new one per reconnect, and tests open
/// dozens. Sharing one engine keeps that to one thread for the whole process.
// @unchecked Sendable: `routes` is behind its lock; `client` is set once in
// `start()` before the engine is published and is itself thread-safe.
final class ClientEngine: WebSocketClientDelegate, @unchecked Sendable {
    static let shared: Result<ClientEngine, ClientError> = {
        let engine = ClientEngine()
        do {
            try engine.start()
            return .success(engine)
        } catch {
            return .failure(.localFile("cannot start the WebSocket client: \(error)"))
        }
    }()

    /// Large enough for a snapshot of a very big checklist (the server has no outgoing limit).
    static let maxMessageSize = 64 << 20

    private(set) var client: WebSocketClient!
    private let routes = Mutex<[ConnectionID: ProtocolConnection]>([:])

    private func start() throws {
        client = WebSocketClient(delegate: self, maxMessageSize: Self.maxMessageSize)
        try client.start()
    }

    /// Starts connecting `connection` to `url`. The route and the connection's id are set
    /// under the lock that every event's routing takes, so no event can arrive before both exist.
    func connect(_ connection: ProtocolConnection, to url: String) {
        routes.withLock { routes in
            let id = client.connect(to: url)
            routes[id] = connection
            connection.assign(id)
        }
    }

    private func route(_ id: ConnectionID, remove: Bool = false) -> ProtocolConnection? {
        routes.withLock { routes in remove ? routes.removeValue(forKey: id) : routes[id] }
    }

    func webSocketClient(_ client: WebSocketClient, didConnect connection: ConnectionID) {
        route(connection)?.didOpen()
    }

    func webSocketClient(_ client: WebSocketClient, didFailToConnect connection: ConnectionID, reason: String) {
        route(connection, remove: true)?.didEnd(.unreachable(reason: reason))
    }

    func webSocketClient(_ client: WebSocketClient, didReceive message: WebSocketMessage, from connection: ConnectionID)
    {
        route(connection)?.didReceive(message.bytes)
    }

    func webSocketClient(_ client: WebSocketClient, didClose connection: ConnectionID, code: UInt16?, reason: String) {
        route(connection, remove: true)?.didEnd(.closed(code: code, reason: reason))
    }
}
