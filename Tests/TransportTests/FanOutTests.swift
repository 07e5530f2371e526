import Synchronization
import Testing
@testable import Transport

@Suite("Fan-out of shared frames", .serialized)
struct FanOutTests {
    @Test(
        "frames sent to 50 clients all arrive, in order", .timeLimit(.minutes(5)), arguments: EventLoopBackend.allCases)
    func fiftyClients(backend: EventLoopBackend) async throws {
        let test = try TestServer(configure: { $0.eventLoop = backend }, prepare: { $0.echoes = false })
        defer { test.stop() }
        var connections: [WebSocketConnection] = []
        for _ in 0..<50 {
            connections.append(try await WebSocketConnection.connect(url: test.url))
        }
        #expect(await eventually { test.delegate.openedCount == 50 })
        let server = test.server
        let ids = test.delegate.log.withLock { $0.opened }
        server.execute {
            for index in 0..<20 {
                let frame = OutboundFrame(text: Array("event \(index)".utf8))  // one encoding for all
                for id in ids { server.send(frame, to: id) }
            }
        }
        for connection in connections {
            for index in 0..<20 {
                #expect(try await connection.receive().utf8String == "event \(index)")
            }
            connection.close()
        }
        #expect(await eventually { test.delegate.closedCount == 50 })
    }
}
