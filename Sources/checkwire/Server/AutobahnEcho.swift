import Transport

/// An echo WebSocket server for the Autobahn|Testsuite (`scripts/autobahn.sh`): every text and
/// binary message comes back as it came. It exists only when `serve --autobahn-echo PORT` asks
/// for it — on its own port, path (`/autobahn`) and subprotocol, never on a normal start — so
/// the suite tests Checkwire's WebSocket transport itself, not the checklist protocol.
final class AutobahnEcho: WebSocketServerDelegate {
    private(set) var server: WebSocketServer!

    init(port: Int) {
        var configuration = WebSocketServerConfiguration()
        configuration.port = port
        configuration.webSocketPath = "/autobahn"
        configuration.subprotocol = "checkwire.echo"
        // The suite's case 9 sends messages of up to 16 MiB.
        configuration.maxMessageSize = 64 << 20
        configuration.maxUnsentBytes = 256 << 20
        server = WebSocketServer(configuration: configuration, delegate: self)
    }

    func webSocketServer(_ server: WebSocketServer, didOpen connection: ConnectionID) {}

    func webSocketServer(_ server: WebSocketServer, didReceive message: WebSocketMessage, from connection: ConnectionID)
    {
        switch message {
        case .text(let bytes): server.send(OutboundFrame(text: bytes), to: connection, requested: true)
        case .binary(let bytes): server.send(OutboundFrame(binary: bytes), to: connection, requested: true)
        }
    }

    func webSocketServer(_ server: WebSocketServer, didClose connection: ConnectionID) {}

    func webSocketServer(_ server: WebSocketServer, httpResponseFor path: String) -> HTTPResponse {
        HTTPResponse(status: 404, body: Array("not found\n".utf8))
    }
}
