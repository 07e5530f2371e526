import Synchronization
import Dispatch
import Glibc
import Testing
@testable import Transport

@Suite("Slow consumers are bounded and closed", .serialized)
struct SlowConsumerTests {
    @Test(
        "a peer that stops reading is closed once unsent bytes exceed the bound", .timeLimit(.minutes(5)),
        arguments: EventLoopBackend.allCases)
    func peerThatNeverReads(backend: EventLoopBackend) async throws {
        let test = try TestServer(
            configure: {
                $0.eventLoop = backend
                $0.maxUnsentBytes = 256 << 10
                $0.closeTimeoutSeconds = 1
            },
            prepare: { $0.echoes = false }
        )
        defer { test.stop() }
        // A hand-made client with a tiny receive window that never reads after the handshake.
        let peer = try await RawPeer(test, receiveBufferSize: 4096)
        let id = peer.id

        let server = test.server
        let frame = OutboundFrame(binary: [UInt8](repeating: 7, count: 64 << 10))
        // One frame per turn: while the peer's window is open each frame is written at once;
        // once the kernel buffers are full, frames pile up in our queue until the bound.
        let progress = Mutex(
            (
                framesSent: 0, peakUnsent: 0, backlogSince: ContinuousClock.Instant?.none,
                closedAt: ContinuousClock.Instant?.none
            ))
        let deadline = ContinuousClock.now.advanced(by: .seconds(20))
        let delegate = test.delegate
        // The pacing loop runs on its own thread: as an async loop it shared the test pool's two
        // threads with every other suite, and in a full parallel run on a busy 2-core machine it
        // was starved (38 turns in 20 s), so the backlog never built and the test failed.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                while delegate.closedCount == 0, ContinuousClock.now < deadline {
                    server.execute {
                        server.send(frame, to: id)
                        let unsent = server.unsentBytes(of: id)
                        progress.withLock {
                            $0.framesSent += 1
                            $0.peakUnsent = max($0.peakUnsent, unsent)
                            if unsent >= 128 << 10, $0.backlogSince == nil { $0.backlogSince = .now }
                        }
                    }
                    usleep(1000)
                }
                // Seen here, not after the await: the test's own task may wait for a thread of
                // the pool long after the close on a busy machine.
                progress.withLock { $0.closedAt = .now }
                done.resume()
            }
        }
        let final = progress.withLock { $0 }
        #expect(test.delegate.closedCount == 1)
        #expect(final.peakUnsent <= 256 << 10)
        // Far more than the bound went out before the backlog started: the peer did read at first.
        #expect(final.framesSent * (64 << 10) > 256 << 10)
        // Dropped soon after the backlog built up: within closeTimeoutSeconds (1 s) if the
        // window never reopens, else lws's fixed 5 s close-send/ack timeout after the close.
        // The bound leaves room for a starved machine: a clean-clone CI run beside a release
        // build took 12.8 s with the poll backend; a hung close never ends.
        let backlogSince = try #require(final.backlogSince)
        let closedAt = try #require(final.closedAt)
        #expect(closedAt - backlogSince < .seconds(18))
        withExtendedLifetime(peer) {}
    }

    @Test(
        "exceeding the bound closes a reading client with slowConsumerCloseCode", .timeLimit(.minutes(5)),
        arguments: EventLoopBackend.allCases)
    func burstOverBound(backend: EventLoopBackend) async throws {
        let test = try TestServer(
            configure: {
                $0.eventLoop = backend
                $0.maxUnsentBytes = 64 << 10
            },
            prepare: { $0.echoes = false }
        )
        defer { test.stop() }
        let connection = try await WebSocketConnection.connect(url: test.url)
        #expect(await eventually { test.delegate.openedCount == 1 })
        let id = try #require(test.delegate.lastOpened)
        let server = test.server
        let frame = OutboundFrame(binary: [UInt8](repeating: 1, count: 16 << 10))
        server.execute {
            for _ in 0..<10 { server.send(frame, to: id) }  // all queued before any write
        }
        #expect(try await connection.waitUntilClosed() == 4008)
        #expect(await eventually { test.delegate.closedCount == 1 })
    }
}
