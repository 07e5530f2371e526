import LoopbackTestSupport
import Testing
@testable import Transport

/// A hand-made WebSocket client on a raw socket, past its upgrade: for tests that need a
/// peer which reads slowly or not at all.
struct RawPeer {
    let socket: RawSocket
    /// The server's id for this connection.
    let id: ConnectionID
    /// Bytes read past the upgrade response (the start of the first frames).
    let rest: [UInt8]

    /// Connects to `test`, upgrades, and waits until the server has opened the connection.
    /// A small `receiveBufferSize` keeps the peer's TCP window small.
    init(_ test: TestServer, receiveBufferSize: Int32? = nil) async throws {
        let opened = test.delegate.openedCount + 1
        socket = try RawSocket(port: test.port, receiveBufferSize: receiveBufferSize)
        try socket.write(RawWebSocketHandshake.request(port: test.port))
        let (head, rest) = try socket.readHeaders()
        #expect(head.hasPrefix("HTTP/1.1 101"))
        #expect(await eventually { test.delegate.openedCount >= opened })
        id = try #require(test.delegate.lastOpened)
        self.rest = rest
    }
}
