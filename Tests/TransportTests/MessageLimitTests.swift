import Synchronization
import Testing
@testable import Transport

@Suite("Message reassembly, size limit and UTF-8 over real sockets", .serialized)
struct MessageLimitTests {
    @Test("a fragmented message under the limit is reassembled", .timeLimit(.minutes(5)))
    func fragmentedUnderLimit() async throws {
        let test = try TestServer { $0.maxMessageSize = 1024 }
        defer { test.stop() }
        let connection = try await WebSocketConnection.connect(url: test.url)
        let payload = Array((0..<900).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        connection.sendFragmented(payload, binary: false, fragmentSize: 100)
        #expect(try await connection.receive() == .text(payload))
        connection.close()
    }

    @Test("a single frame larger than the lws receive chunk is delivered whole", .timeLimit(.minutes(5)))
    func largeSingleFrame() async throws {
        let test = try TestServer()
        defer { test.stop() }
        let connection = try await WebSocketConnection.connect(url: test.url)
        let payload = [UInt8]((0..<60_000).map { UInt8(truncatingIfNeeded: $0) })
        connection.send(.binary(payload))
        #expect(try await connection.receive() == .binary(payload))
        connection.close()
    }

    @Test("a message over the limit closes with 1009", .timeLimit(.minutes(5)), arguments: [0, 500])
    func overLimit(fragmentSize: Int) async throws {
        let test = try TestServer { $0.maxMessageSize = 1024 }
        defer { test.stop() }
        let connection = try await WebSocketConnection.connect(url: test.url)
        let payload = [UInt8](repeating: UInt8(ascii: "x"), count: 3000)
        if fragmentSize == 0 {
            connection.send(.text(payload))
        } else {
            connection.sendFragmented(payload, binary: false, fragmentSize: fragmentSize)
        }
        #expect(try await connection.waitUntilClosed() == 1009)
        #expect(test.delegate.log.withLock { $0.received.isEmpty })
        // The server stops reading a connection it fails (so nothing the peer sent after the
        // bad message can corrupt the Close frame) and lets it go after its 5 s close timeout.
        #expect(await eventually(timeout: .seconds(30)) { test.delegate.closedCount == 1 })
    }

    @Test("invalid UTF-8 in a text message closes with 1007", .timeLimit(.minutes(5)))
    func invalidUTF8() async throws {
        let test = try TestServer()
        defer { test.stop() }
        let connection = try await WebSocketConnection.connect(url: test.url)
        connection.sendFragmented([0x41, 0xFF, 0xFE, 0x42], binary: false, fragmentSize: 100)
        #expect(try await connection.waitUntilClosed() == 1007)
        #expect(test.delegate.log.withLock { $0.received.isEmpty })
    }
}
