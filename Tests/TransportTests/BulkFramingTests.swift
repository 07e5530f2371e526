import Testing
@testable import Transport

/// The engine's own framing (`ClientFraming.bulk`): the frame reader and writer on their own,
/// then real connections to the transport's server.
@Suite("Bulk client framing", .serialized)
struct BulkFramingTests {
    /// Unmasked server frames, as the server writes them.
    static func serverFrame(opcode: UInt8, _ payload: [UInt8], final: Bool = true) -> [UInt8] {
        var out: [UInt8] = [(final ? 0x80 : 0) | opcode]
        if payload.count < 126 {
            out.append(UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            out += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            out.append(127)
            for index in 0..<8 { out.append(UInt8((UInt64(payload.count) >> (56 - 8 * UInt64(index))) & 0xFF)) }
        }
        return out + payload
    }

    static func read(_ bytes: [UInt8], in pieces: Int, reader: inout ServerFrameReader) throws -> [ServerFrameReader
        .Event]
    {
        var events: [ServerFrameReader.Event] = []
        var index = 0
        let step = max(1, bytes.count / pieces)
        while index < bytes.count {
            let end = min(bytes.count, index + step)
            try Array(bytes[index..<end]).withUnsafeBytes { events += try reader.append($0) }
            index = end
        }
        return events
    }

    /// A started client on bulk framing and the delegate that records what it sees.
    static func startedBulkClient() throws -> (WebSocketClient, RecordingClientDelegate) {
        let delegate = RecordingClientDelegate()
        let client = WebSocketClient(delegate: delegate, framing: .bulk)
        try client.start()
        return (client, delegate)
    }

    /// The messages `delegate` received, in order.
    static func messages(receivedBy delegate: RecordingClientDelegate) -> [WebSocketMessage] {
        delegate.snapshot.compactMap { event in
            if case .received(_, let message) = event { return message }
            return nil
        }
    }

    @Test(arguments: [1, 2, 7, 1000])
    func framesSplitAnywhereReadBackWhole(pieces: Int) throws {
        let big = [UInt8](repeating: 0x61, count: 70_000)
        let bytes =
            Self.serverFrame(opcode: 0x1, Array("hi".utf8))
            + Self.serverFrame(opcode: 0x2, [UInt8](repeating: 7, count: 300))
            + Self.serverFrame(opcode: 0x1, big)
            + Self.serverFrame(opcode: 0x9, [1, 2])
            + Self.serverFrame(opcode: 0x1, Array("frag".utf8), final: false)
            + Self.serverFrame(opcode: 0x0, Array("mented".utf8))
            + Self.serverFrame(opcode: 0x8, [0x03, 0xE9] + Array("bye".utf8))
        var reader = ServerFrameReader(maxMessageSize: 1 << 20)
        let events = try Self.read(bytes, in: pieces, reader: &reader)
        #expect(
            events == [
                .message(.text(Array("hi".utf8))), .message(.binary([UInt8](repeating: 7, count: 300))),
                .message(.text(big)), .ping([1, 2]), .message(.text(Array("fragmented".utf8))),
                .close(CloseRequest(code: 1001, reason: "bye")),
            ])
    }

    @Test func aMaskedServerFrameAndAnOversizedMessageAreRefused() throws {
        var reader = ServerFrameReader(maxMessageSize: 10)
        #expect(throws: ServerFrameReader.Failure.tooBig) {
            try Self.serverFrame(opcode: 0x1, [UInt8](repeating: 0x61, count: 11)).withUnsafeBytes {
                _ = try reader.append($0)
            }
        }
        var strict = ServerFrameReader(maxMessageSize: 100)
        #expect(throws: ServerFrameReader.Failure.protocolError("a server frame must not be masked")) {
            try ([0x81, 0x81, 1, 2, 3, 4, 0x60] as [UInt8]).withUnsafeBytes { _ = try strict.append($0) }
        }
    }

    @Test func clientFramesAreMaskedAndUnmaskBack() {
        let payload = Array("masked payload".utf8)
        let frame = ClientFrameWriter.frame(opcode: 0x1, payload: payload, mask: (1, 2, 3, 4))
        #expect(frame[0] == 0x81)
        #expect(frame[1] == 0x80 | UInt8(payload.count))
        let key = Array(frame[2..<6])
        let unmasked = frame[6...].enumerated().map { $0.element ^ key[$0.offset & 3] }
        #expect(unmasked == payload)
    }

    @Test func appendedFramesFollowEachOtherInOneBuffer() {
        var bytes: [UInt8] = []
        let first = Array("first".utf8), second = [UInt8](repeating: 0x7A, count: 300)
        first.withUnsafeBufferPointer {
            ClientFrameWriter.append(opcode: 0x1, payload: $0, mask: (9, 8, 7, 6), to: &bytes)
        }
        second.withUnsafeBufferPointer {
            ClientFrameWriter.append(opcode: 0x2, payload: $0, mask: (1, 2, 3, 4), to: &bytes)
        }
        let expected =
            ClientFrameWriter.frame(opcode: 0x1, payload: first, mask: (9, 8, 7, 6))
            + ClientFrameWriter.frame(opcode: 0x2, payload: second, mask: (1, 2, 3, 4))
        #expect(bytes == expected)
        #expect(bytes.count == (2 + 4 + 5) + (4 + 4 + 300))  // 300 needs the 16-bit length form
    }

    @Test("many queued messages go out packed and arrive whole and in order", .timeLimit(.minutes(5)))
    func queuedMessagesArePackedInOrder() async throws {
        let test = try TestServer { $0.maxMessageSize = 1 << 20 }
        defer { test.stop() }
        let (client, delegate) = try Self.startedBulkClient()
        defer { client.stop() }
        let id = client.connect(to: test.url)
        // More than one packing budget (64 KiB) of messages, all queued before the first write.
        let messages = (0..<600).map {
            WebSocketMessage.text(Array("message \($0) ".utf8) + [UInt8](repeating: 0x2E, count: $0 % 300))
        }
        for message in messages { client.send(message, on: id) }
        #expect(await eventually(timeout: .seconds(10)) { delegate.snapshot.count == messages.count + 1 })
        #expect(Self.messages(receivedBy: delegate) == messages)
    }

    @Test func maskingKeysKeepComingAcrossPoolRefills() {
        var keys = MaskingKeys()
        // 3,000 keys span three 1,024-key pools; random 32-bit keys almost never repeat.
        let drawn = (0..<3000).map { _ -> UInt32 in
            let key = keys.take()
            return UInt32(key.0) << 24 | UInt32(key.1) << 16 | UInt32(key.2) << 8 | UInt32(key.3)
        }
        #expect(Set(drawn).count > 2990)
    }

    /// RFC 6455 §1.3's worked example.
    @Test func theAcceptValueMatchesTheRFCExample() {
        #expect(UpgradeHandshake.base64(Array("Hello".utf8)) == "SGVsbG8=")
        var handshake = UpgradeHandshake()
        handshake = UpgradeHandshake(key: "dGhlIHNhbXBsZSBub25jZQ==")
        #expect(handshake.expectedAccept == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(handshake.problem(with: "HTTP/1.1 403 Forbidden\r\nX: y") != nil)
        #expect(
            handshake.problem(
                with: "HTTP/1.1 101 Switching Protocols\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") == nil)
    }

    @Test("echo round trip, large messages, then stop closes with 1000", .timeLimit(.minutes(5)))
    func echoOverARealServer() async throws {
        let test = try TestServer { $0.maxMessageSize = 1 << 20 }
        defer { test.stop() }
        let (client, delegate) = try Self.startedBulkClient()
        let id = client.connect(to: test.url)
        let sizes = [0, 5, 125, 126, 65_535, 65_536, 200_000]
        for size in sizes { client.send(.text([UInt8](repeating: 0x62, count: size)), on: id) }
        client.send(.binary([0, 1, 2]), on: id)
        #expect(await eventually(timeout: .seconds(10)) { delegate.snapshot.count == sizes.count + 2 })
        #expect(delegate.snapshot.first == .connected(id))
        #expect(
            Self.messages(receivedBy: delegate) == sizes.map { .text([UInt8](repeating: 0x62, count: $0)) } + [
                .binary([0, 1, 2])
            ])
        client.stop()
        #expect(delegate.snapshot.last == .closed(id, 1000))
        #expect(await eventually { test.delegate.closedCount == 1 })
    }

    @Test("a server close code reaches the delegate; a refused upgrade fails the connect", .timeLimit(.minutes(5)))
    func serverCloseAndRefusedUpgrade() async throws {
        let test = try TestServer()
        defer { test.stop() }
        let (client, delegate) = try Self.startedBulkClient()
        defer { client.stop() }
        let id = client.connect(to: test.url)
        #expect(await eventually { delegate.snapshot.first == .connected(id) })
        let serverSide = try #require(test.delegate.lastOpened)
        test.server.execute { test.server.close(serverSide, code: 4008, reason: "slow consumer") }
        #expect(await eventually { delegate.snapshot.last == .closed(id, 4008) })

        let wrongPath = client.connect(to: "ws://127.0.0.1:\(test.port)/not-a-socket")
        #expect(
            await eventually {
                delegate.snapshot.contains { if case .failed(wrongPath, _) = $0 { true } else { false } }
            })
    }
}
