import Synchronization
import LoopbackTestSupport
import Testing
@testable import Transport

/// Frames are written at the end of the turn that queued them; a socket that cannot take
/// them all makes the rest wait for WRITEABLE (see WebSocketServer+Writing.swift).
@Suite("Writing queued frames", .serialized)
struct WriteFlushTests {
    /// 96 frames of 32 KiB (3 MiB, far beyond what the peer's 4 KiB window and the socket
    /// buffers hold), queued in two turns while the peer does not read: once it reads, every
    /// frame arrives whole, once, and in order.
    @Test(
        "a backlog behind a full socket arrives whole and in order", .timeLimit(.minutes(5)),
        arguments: EventLoopBackend.allCases)
    func backlogArrivesInOrder(backend: EventLoopBackend) async throws {
        let test = try TestServer(
            configure: {
                $0.eventLoop = backend
                $0.maxUnsentBytes = 8 << 20
            },
            prepare: { $0.echoes = false }
        )
        defer { test.stop() }
        let peer = try await RawPeer(test, receiveBufferSize: 4096)
        let (socket, id) = (peer.socket, peer.id)

        let server = test.server
        let frameSize = 32 << 10
        let frames = (0..<96).map { index in OutboundFrame(binary: [UInt8](repeating: UInt8(index), count: frameSize)) }
        server.execute { for frame in frames[..<64] { server.send(frame, to: id) } }
        try await Task.sleep(for: .milliseconds(100))
        // The socket is full by now: these queue behind the backlog.
        server.execute { for frame in frames[64...] { server.send(frame, to: id) } }

        var reader = ServerFrameReader(buffered: peer.rest)
        for index in 0..<frames.count {
            let payload = try reader.nextBinaryPayload(from: socket)
            #expect(payload.count == frameSize, "frame \(index)")
            #expect(payload.allSatisfy { $0 == UInt8(index) }, "frame \(index) arrived out of order or mixed")
        }
        let unsent = Mutex(-1)
        server.execute { unsent.withLock { $0 = server.unsentBytes(of: id) } }
        #expect(await eventually { unsent.withLock { $0 } == 0 })
    }
}

/// Reads unmasked binary frames, as a server sends them, from a raw socket.
private struct ServerFrameReader {
    var buffered: [UInt8]

    init(buffered: [UInt8]) { self.buffered = buffered }

    mutating func nextBinaryPayload(from socket: RawSocket) throws -> [UInt8] {
        try fill(2, from: socket)
        #expect(buffered[0] == 0x82, "a final binary frame")
        var length = Int(buffered[1] & 0x7F)
        var headerLength = 2
        if length == 126 {
            try fill(4, from: socket)
            length = Int(buffered[2]) << 8 | Int(buffered[3])
            headerLength = 4
        } else if length == 127 {
            try fill(10, from: socket)
            length = buffered[2..<10].reduce(0) { $0 << 8 | Int($1) }
            headerLength = 10
        }
        try fill(headerLength + length, from: socket)
        let payload = Array(buffered[headerLength..<(headerLength + length)])
        buffered.removeFirst(headerLength + length)
        return payload
    }

    private mutating func fill(_ count: Int, from socket: RawSocket) throws {
        while buffered.count < count {
            let chunk = try socket.read()
            guard !chunk.isEmpty else { throw RawSocketError.closedEarly }
            buffered += chunk
        }
    }
}
