import Glibc
import LoopbackTestSupport
import Testing

@testable import Transport

/// Dead peers are found by the server's once-a-second sweep (`WebSocketServer+Liveness.swift`),
/// not by lws's per-connection validity timers.
@Suite("Pings and dead peers", .serialized)
struct LivenessTests {
    /// A server that pings after 1 s and drops after `idleTimeout` s, and a peer connected to it.
    private func connectedPeer(idleTimeout: Int) async throws -> (test: TestServer, peer: RawPeer) {
        let test = try TestServer {
            $0.pingIntervalSeconds = 1
            $0.idleTimeoutSeconds = idleTimeout
        }
        return (test, try await RawPeer(test))
    }

    /// The next whole frame from `socket` (`pending` holds bytes read past the last one):
    /// its opcode and payload, or nil at the end of the stream.
    private func nextFrame(_ socket: RawSocket, _ pending: inout [UInt8]) throws -> (opcode: UInt8, payload: [UInt8])? {
        while true {
            if pending.count >= 2 {
                let length = Int(pending[1] & 0x7F)  // the server's control frames are short
                if pending.count >= 2 + length {
                    let frame = (pending[0] & 0x0F, Array(pending[2..<(2 + length)]))
                    pending.removeFirst(2 + length)
                    return frame
                }
            }
            let chunk = try socket.read()
            if chunk.isEmpty { return nil }
            pending += chunk
        }
    }

    /// A PONG echoing `payload`, masked as a client's frames are.
    private static func maskedPong(echoing payload: [UInt8]) -> [UInt8] {
        let mask: [UInt8] = [0x11, 0x22, 0x33, 0x44]
        return [0x8A, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $1 ^ mask[$0 % 4] }
    }

    @Test("a silent peer is pinged, and answering keeps it open", .timeLimit(.minutes(2)))
    func answeredPingsKeepTheConnection() async throws {
        // A long drop time, so a loaded machine's delays cannot close it; what shows the PONG
        // counted is the next PING: one goes out per silence, only after a PONG was seen.
        let (test, peer) = try await connectedPeer(idleTimeout: 60)
        defer { test.stop() }
        var pending = peer.rest
        for _ in 0..<3 {
            let frame = try #require(try nextFrame(peer.socket, &pending), "the server hung up")
            #expect(frame.opcode == 0x9, "a PING")
            #expect(!frame.payload.isEmpty, "with a payload, which lws reports the PONG of")
            try peer.socket.write(Self.maskedPong(echoing: frame.payload))
        }
        #expect(test.delegate.closedCount == 0)
    }

    @Test("a peer that answers nothing is dropped", .timeLimit(.minutes(2)))
    func silentPeerIsDropped() async throws {
        let (test, peer) = try await connectedPeer(idleTimeout: 3)
        defer { test.stop() }
        var pending = peer.rest
        let ping = try #require(try nextFrame(peer.socket, &pending))
        #expect(ping.opcode == 0x9)
        #expect(await eventually(timeout: .seconds(60)) { test.delegate.closedCount == 1 })
        #expect(try nextFrame(peer.socket, &pending) == nil, "dropped without a close frame: it is not listening")
    }
}
