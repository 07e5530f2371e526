import Synchronization
import Testing
@testable import Transport

@Suite("Server and client over real sockets", .serialized)
struct EchoTests {
    @Test(
        "text message echoes back through the server delegate", .timeLimit(.minutes(5)),
        arguments: EventLoopBackend.allCases)
    func echoRoundTrip(backend: EventLoopBackend) async throws {
        let test = try TestServer { $0.eventLoop = backend }
        defer { test.stop() }
        let connection = try await WebSocketConnection.connect(url: test.url)
        connection.send(text: "hello")
        let reply = try await connection.receive(timeout: .seconds(5))
        #expect(reply == .text(Array("hello".utf8)))
        #expect(test.delegate.log.withLock { $0.receivedOnServiceThread })
        connection.close()
        #expect(try await connection.waitUntilClosed() == 1000)
        #expect(await eventually { test.delegate.closedCount == 1 })
    }

    @Test("binary message is delivered as .binary", .timeLimit(.minutes(5)))
    func binaryMessage() async throws {
        let test = try TestServer()
        defer { test.stop() }
        let connection = try await WebSocketConnection.connect(url: test.url)
        let payload: [UInt8] = [0, 1, 2, 255, 254, 0xC3]
        connection.send(.binary(payload))
        #expect(try await connection.receive() == .binary(payload))
        #expect(test.delegate.log.withLock { $0.received.first?.1 } == .binary(payload))
        connection.close()
    }
}
