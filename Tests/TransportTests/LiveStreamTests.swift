import Dispatch
import LoopbackTestSupport
import Testing
@testable import Transport

/// Live frames are refused, not fatal: a frame with no room under the bound is refused with
/// every later frame of its stream until the caller resumes it, and only a peer that stopped
/// reading is closed for it.
@Suite("Live streams refuse frames with no room", .serialized)
struct LiveStreamTests {
    struct Outcome {
        var accepted = 0
        var refusedAt: Int?
        var smallOnRefusedStream: [ConnectionID] = []
        var smallOnOtherStream: [ConnectionID] = []
        var smallAfterResume: [ConnectionID] = []
        var unsent = 0
    }

    /// Runs `body` on the service thread and waits for it.
    func onServiceThread<T: Sendable>(_ server: WebSocketServer, _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { done in server.execute { done.resume(returning: body()) } }
    }

    @Test(
        "a frame with no room refuses its stream until resumed; other streams go on", .timeLimit(.minutes(5)),
        arguments: EventLoopBackend.allCases)
    func refusalHoldsPerStream(backend: EventLoopBackend) async throws {
        let test = try TestServer(
            configure: {
                $0.eventLoop = backend
                $0.maxUnsentBytes = 256 << 10
            },
            prepare: { $0.echoes = false })
        defer { test.stop() }
        let peer = try await RawPeer(test, receiveBufferSize: 4096)  // never reads
        let id = peer.id
        let server = test.server
        let large = OutboundFrame(binary: [UInt8](repeating: 1, count: 48 << 10))
        let small = OutboundFrame(binary: [2])
        let a = StreamID(1)
        let b = StreamID(2)
        // One service turn: nothing is written meanwhile, so the queue is what was sent.
        let outcome = await onServiceThread(server) { () -> Outcome in
            var outcome = Outcome()
            for index in 0..<20 where outcome.refusedAt == nil {
                var refused: [ConnectionID] = []
                server.broadcast(large, to: [id], stream: a, refused: &refused)
                if refused.isEmpty { outcome.accepted += 1 } else { outcome.refusedAt = index }
            }
            server.broadcast(small, to: [id], stream: a, refused: &outcome.smallOnRefusedStream)
            server.broadcast(small, to: [id], stream: b, refused: &outcome.smallOnOtherStream)
            server.resume(a, for: id)
            server.broadcast(small, to: [id], stream: a, refused: &outcome.smallAfterResume)
            outcome.unsent = server.unsentBytes(of: id)
            return outcome
        }
        #expect(outcome.accepted == 5, "5 × 48 KiB fit under 256 KiB; the sixth does not")
        #expect(outcome.refusedAt == 5)
        #expect(outcome.smallOnRefusedStream == [id], "a later frame of a refused stream is refused, however small")
        #expect(outcome.smallOnOtherStream.isEmpty, "another stream with room goes on")
        #expect(outcome.smallAfterResume.isEmpty, "resumed")
        #expect(outcome.unsent == 5 * (48 << 10) + 2)
        #expect(test.delegate.closedCount == 0, "a refusal does not close the connection")
        withExtendedLifetime(peer) {}
    }

    @Test(
        "a peer that stopped reading and refused a stream is closed as a slow consumer", .timeLimit(.minutes(5)),
        arguments: EventLoopBackend.allCases)
    func stalledPeerIsClosed(backend: EventLoopBackend) async throws {
        let test = try TestServer(
            configure: {
                $0.eventLoop = backend
                $0.maxUnsentBytes = 256 << 10
                $0.stalledAfterSeconds = 1
                $0.closeTimeoutSeconds = 1
            },
            prepare: { $0.echoes = false })
        defer { test.stop() }
        let peer = try await RawPeer(test, receiveBufferSize: 4096)  // never reads
        let id = peer.id
        let server = test.server
        let large = OutboundFrame(binary: [UInt8](repeating: 1, count: 48 << 10))
        let refused = await onServiceThread(server) { () -> Bool in
            var refused: [ConnectionID] = []
            for _ in 0..<10 { server.broadcast(large, to: [id], stream: StreamID(7), refused: &refused) }
            return !refused.isEmpty
        }
        #expect(refused)
        // The once-a-second sweep sees no progress for a second, then closes it.
        #expect(await eventually(timeout: .seconds(20)) { test.delegate.closedCount == 1 })
        withExtendedLifetime(peer) {}
    }

    @Test(
        "a watched connection is reported once its queue has drained", .timeLimit(.minutes(5)),
        arguments: EventLoopBackend.allCases)
    func drainIsReported(backend: EventLoopBackend) async throws {
        let test = try TestServer(
            configure: {
                $0.eventLoop = backend
                $0.maxUnsentBytes = 1 << 20
                $0.caughtUpBytes = 32 << 10
            },
            prepare: { $0.echoes = false })
        defer { test.stop() }
        let peer = try await RawPeer(test, receiveBufferSize: 4096)
        let id = peer.id
        let server = test.server
        let large = OutboundFrame(binary: [UInt8](repeating: 1, count: 64 << 10))
        await onServiceThread(server) {
            for _ in 0..<8 { server.send(large, to: id) }
            server.watchDrain(of: id)
        }
        #expect(test.delegate.drainedCount == 0, "512 KiB queued: not drained")
        // The peer reads everything: the queue drains below the caught-up mark.
        var read = peer.rest.count
        while read < 8 * ((64 << 10) + 10), test.delegate.drainedCount == 0 {
            read += try peer.socket.read().count
        }
        #expect(await eventually { test.delegate.drainedCount == 1 })
        #expect(test.delegate.closedCount == 0)
    }
}
