import ChecklistStore
import Logging
import OutboundDelivery
import Dispatch
public import ServiceLifecycle
import Transport
import WireProtocol

/// The server's long-lived parts, and how it stops.
///
/// In the order they depend on each other, so they stop in the reverse:
/// 1. `admission` — the hub stops taking requests; each new one is answered "shutting down".
/// 2. `wake-ups` — the reminder, mail, congestion and head-check timers are cancelled.
/// 3. `push-delivery`, then `mail-delivery` — the senders' loops end.
/// 4. `store` — every queued job runs and commits, and its reply goes out: every edit taken is
///    acknowledged. The store thread, and the threads of its back end (SQLite's WAL
///    checkpointer and syncer, PostgreSQL's polling threads), end with it.
/// 5. `connections` — once the service thread has sent those replies, every connection closes
///    with 1001 and the lws service loop ends.
/// 6. `password-workers` — the hashing pools end.
extension ChecklistServer {
    /// Each part's name and how it stops, in the order the parts depend on each other.
    var parts: [(name: String, stop: @Sendable () -> Void)] {
        [
            ("password-workers", { [self] in stopPasswordWorkers() }),
            ("connections", { [self] in closeConnections() }),
            ("store", { [store] in store.close() }),
            ("mail-delivery", { [mailSender] in mailSender?.stop() }),
            ("push-delivery", { [pushSender] in pushSender?.stop() }),
            ("wake-ups", { [self] in cancelWakeUps() }),
            ("admission", { [self] in stopAdmitting() }),
        ]
    }

    /// The parts as services for a `ServiceGroup`, after `start()`: the group's graceful
    /// shutdown (SIGTERM, say) stops them in the reverse of this order (see above).
    public var services: [ServerPartService] {
        parts.map { ServerPartService(description: $0.name, stop: $0.stop) }
    }

    /// Stops every part in the order the services would (tests and tools that run no group).
    public func stop() {
        for part in parts.reversed() { part.stop() }
    }

    /// Waits (at most 2 s) until the service thread has run `work`: the lws service loop is a
    /// C thread, and a block in its inbox is the only way in.
    private func onServiceThread(_ work: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        transport.execute {
            work()
            done.signal()
        }
        _ = done.wait(timeout: .now() + 2)
    }

    private func stopAdmitting() {
        onServiceThread { [self] in hub.beginDraining() }
    }

    private func cancelWakeUps() {
        reminderWakeUp.cancel()
        congestionWakeUp.cancel()
        mailWakeUp.cancel()
        headCheckWakeUp.cancel()
    }

    /// The store's last replies were posted to the service thread: once it has sent them,
    /// every connection closes with 1001.
    private func closeConnections() {
        onServiceThread {}
        transport.stop(closeCode: WebSocketCloseCode.goingAway)
    }

    private func stopPasswordWorkers() {
        signupWorkers.stop()
        loginWorkers.stop()
        logger.info("stopped")
    }
}
