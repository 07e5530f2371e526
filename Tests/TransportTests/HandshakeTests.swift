import LoopbackTestSupport
import Testing
@testable import Transport

@Suite("WebSocket handshake: origin, path and subprotocol", .serialized)
struct HandshakeTests {
    private func makeServer() throws -> TestServer {
        try TestServer { $0.allowedOrigins = ["https://app.example"] }
    }

    @Test("an Origin not allowed is refused (client sees a failed connect)", .timeLimit(.minutes(5)))
    func foreignOriginRefused() async throws {
        let test = try makeServer()
        defer { test.stop() }
        await #expect(throws: WebSocketConnectionError.self) {
            _ = try await WebSocketConnection.connect(url: test.url, origin: "https://evil.example")
        }
        #expect(test.delegate.openedCount == 0)
    }

    @Test("a refused upgrade answers HTTP 403", .timeLimit(.minutes(5)))
    func foreignOriginGets403() throws {
        let test = try makeServer()
        defer { test.stop() }
        let socket = try RawSocket(port: test.port)
        try socket.write(RawWebSocketHandshake.request(port: test.port, origin: "https://evil.example"))
        let (head, _) = try socket.readHeaders()
        #expect(head.split(separator: " ").dropFirst().first == "403")  // lws answers refusals as HTTP/1.0
    }

    @Test(
        "allowed origins connect", .timeLimit(.minutes(5)),
        arguments: [
            nil,  // no Origin: non-browser client
            "https://app.example",  // in the allowed list
            "same-origin",  // http:// + the Host header
        ] as [String?])
    func allowedOrigins(origin: String?) async throws {
        let test = try makeServer()
        defer { test.stop() }
        let sent = origin == "same-origin" ? "http://127.0.0.1:\(test.port)" : origin
        let connection = try await WebSocketConnection.connect(url: test.url, origin: sent)
        connection.send(text: "ok")
        #expect(try await connection.receive().utf8String == "ok")
        connection.close()
    }

    /// On epoll this once raced lws's protocol init (see `makeProtocols`): run it on both loops.
    @Test(
        "a client offering no subprotocol is served the default one", .timeLimit(.minutes(5)),
        arguments: EventLoopBackend.allCases)
    func noSubprotocol(backend: EventLoopBackend) async throws {
        let test = try TestServer { $0.eventLoop = backend }
        defer { test.stop() }
        let connection = try await WebSocketConnection.connect(url: test.url, subprotocol: nil)
        connection.send(text: "plain")
        #expect(try await connection.receive().utf8String == "plain")
        connection.close()
    }

    @Test("an unknown subprotocol or another path is refused", .timeLimit(.minutes(5)))
    func wrongSubprotocolOrPath() async throws {
        let test = try TestServer()
        defer { test.stop() }
        await #expect(throws: WebSocketConnectionError.self) {
            _ = try await WebSocketConnection.connect(url: test.url, subprotocol: "other.v9")
        }
        await #expect(throws: WebSocketConnectionError.self) {
            _ = try await WebSocketConnection.connect(url: "ws://127.0.0.1:\(test.port)/elsewhere")
        }
        #expect(test.delegate.openedCount == 0)
    }
}
