import Glibc
import LoopbackTestSupport
import Testing
@testable import Transport

@Suite("Closing connections and stopping the server", .serialized)
struct LifecycleTests {
    private func startServer(on backend: EventLoopBackend, gracePeriod: Duration) throws -> TestServer {
        try TestServer {
            $0.eventLoop = backend
            $0.shutdownGracePeriod = gracePeriod
        }
    }

    @Test(
        "close(code:) delivers the code and reason to the client", .timeLimit(.minutes(5)),
        arguments: EventLoopBackend.allCases)
    func serverCloseCode(backend: EventLoopBackend) async throws {
        let test = try TestServer { $0.eventLoop = backend }
        defer { test.stop() }
        let connection = try await WebSocketConnection.connect(url: test.url)
        #expect(await eventually { test.delegate.openedCount == 1 })
        let server = test.server
        let id = try #require(test.delegate.lastOpened)
        server.execute {
            server.send(OutboundFrame(text: Array("last words".utf8)), to: id)
            server.close(id, code: 4321, reason: "bye")
        }
        #expect(try await connection.receive().utf8String == "last words")  // queued frames go first
        await #expect(throws: WebSocketConnectionError.closed(code: 4321, reason: "bye")) {
            _ = try await connection.receive()
        }
        #expect(await eventually { test.delegate.closedCount == 1 })
    }

    @Test(
        "stop() closes every client with 1001 and returns promptly", .timeLimit(.minutes(5)),
        arguments: EventLoopBackend.allCases)
    func stopClosesWith1001(backend: EventLoopBackend) async throws {
        let test = try TestServer { $0.eventLoop = backend }
        var connections: [WebSocketConnection] = []
        for _ in 0..<3 { connections.append(try await WebSocketConnection.connect(url: test.url)) }
        #expect(await eventually { test.delegate.openedCount == 3 })
        let started = ContinuousClock.now
        test.server.stop()
        #expect(ContinuousClock.now - started < .seconds(2))
        for connection in connections {
            #expect(try await connection.waitUntilClosed() == 1001)
        }
        #expect(test.delegate.closedCount == 3)  // didClose for each, before stop() returned
    }

    @Test(
        "stop() tells many peers 1001 and does not wait for their replies", .timeLimit(.minutes(5)),
        arguments: EventLoopBackend.allCases)
    func stopDoesNotWaitForCloseReplies(backend: EventLoopBackend) async throws {
        // A grace period longer than lws's 5 s wait for a close reply: were the shutdown still
        // lws's close handshake, these peers (which never reply) would hold it that long.
        let test = try startServer(on: backend, gracePeriod: .seconds(20))
        var peers: [RawPeer] = []
        for _ in 0..<200 { peers.append(try await RawPeer(test)) }
        let started = ContinuousClock.now
        test.server.stop()
        #expect(ContinuousClock.now - started < .seconds(4))
        #expect(test.delegate.closedCount == 200)
        for peer in peers {
            var bytes = peer.rest
            while true {
                let chunk = try peer.socket.read()
                if chunk.isEmpty { break }
                bytes += chunk
            }
            // One close frame, code 1001, then the end of the stream.
            #expect(bytes.count >= 4 && bytes[0] == 0x88 && bytes[2] == 0x03 && bytes[3] == 0xE9, "\(bytes.prefix(8))")
        }
    }

    @Test(
        "stop() is bounded even when a peer never answers the close", .timeLimit(.minutes(5)),
        arguments: EventLoopBackend.allCases)
    func stopWithUnresponsivePeer(backend: EventLoopBackend) async throws {
        let test = try startServer(on: backend, gracePeriod: .milliseconds(500))
        let peer = try await RawPeer(test)
        let started = ContinuousClock.now
        test.server.stop(closeCode: 1012)
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(test.delegate.closedCount == 1)
        withExtendedLifetime(peer) {}
    }

    @Test("start() throws a typed error when the port is in use", .timeLimit(.minutes(5)))
    func portInUse() throws {
        let first = try TestServer()
        defer { first.stop() }
        var configuration = WebSocketServerConfiguration()
        configuration.port = first.port
        let second = WebSocketServer(configuration: configuration, delegate: RecordingServerDelegate())
        #expect(throws: TransportError.listenFailed(host: "127.0.0.1", port: first.port, errno: EADDRINUSE)) {
            try second.start()
        }
        second.stop()
    }
}
