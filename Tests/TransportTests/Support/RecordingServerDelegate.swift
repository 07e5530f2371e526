import Synchronization
@testable import Transport

/// A server delegate that records every event and, by default, echoes messages back.
// @unchecked Sendable: `log` is locked; `server` and the hooks are set before `start()` and
// only read afterwards (on the service thread).
final class RecordingServerDelegate: WebSocketServerDelegate, @unchecked Sendable {
    struct Log {
        var opened: [ConnectionID] = []
        var received: [(ConnectionID, WebSocketMessage)] = []
        var closed: [ConnectionID] = []
        var drained: [ConnectionID] = []
        var receivedOnServiceThread = true
    }

    let log = Mutex(Log())
    weak var server: WebSocketServer?
    var echoes = true
    var onOpen: ((WebSocketServer, ConnectionID) -> Void)?
    var httpResponses: [String: HTTPResponse] = [:]
    /// Deferred requests, as received; `onRequest` may answer them (on any thread, via execute).
    let requests = Mutex<[HTTPRequest]>([])
    var onRequest: ((WebSocketServer, HTTPRequest) -> Void)?

    func webSocketServer(_ server: WebSocketServer, didOpen connection: ConnectionID) {
        log.withLock { $0.opened.append(connection) }
        onOpen?(server, connection)
    }

    func webSocketServer(_ server: WebSocketServer, didReceive message: WebSocketMessage, from connection: ConnectionID)
    {
        let onThread = server.isServiceThread
        log.withLock {
            $0.received.append((connection, message))
            $0.receivedOnServiceThread = $0.receivedOnServiceThread && onThread
        }
        guard echoes else { return }
        switch message {
        case .text(let bytes): server.send(OutboundFrame(text: bytes), to: connection)
        case .binary(let bytes): server.send(OutboundFrame(binary: bytes), to: connection)
        }
    }

    func webSocketServer(_ server: WebSocketServer, connectionDrained connection: ConnectionID) {
        log.withLock { $0.drained.append(connection) }
    }

    func webSocketServer(_ server: WebSocketServer, didClose connection: ConnectionID) {
        log.withLock { $0.closed.append(connection) }
    }

    func webSocketServer(_ server: WebSocketServer, httpResponseFor path: String) -> HTTPResponse {
        httpResponses[path] ?? HTTPResponse(status: 500, body: Array("no response for \(path)".utf8))
    }

    func webSocketServer(_ server: WebSocketServer, didReceive request: HTTPRequest) {
        requests.withLock { $0.append(request) }
        onRequest?(server, request)
    }

    var openedCount: Int { log.withLock { $0.opened.count } }
    var closedCount: Int { log.withLock { $0.closed.count } }
    var drainedCount: Int { log.withLock { $0.drained.count } }
    var lastOpened: ConnectionID? { log.withLock { $0.opened.last } }
}
