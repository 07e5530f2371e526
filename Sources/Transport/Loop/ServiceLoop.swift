import Synchronization
private import CLibWebSockets
import Dispatch
import Glibc

/// One lws context and the one thread that creates it, services it and destroys it.
///
/// Why: libwebsockets is not thread-safe. Every lws call happens on this thread; the only
/// call other threads make is `lws_cancel_service`, which wakes the thread so it drains its
/// inbox of work (`LWS_CALLBACK_EVENT_WAIT_CANCELLED` → `drainInbox`). The inbox and the
/// context pointer share one lock, and the pointer is cleared before the context is destroyed,
/// so a late wake-up can never touch freed memory. Shared by the server and the client engine.
// @unchecked Sendable: `shared` is guarded by its lock; `thread` is touched only under
// `lifecycle`'s lock; everything else is immutable.
final class ServiceLoop: @unchecked Sendable {
    private enum Phase {
        case idle, starting, running, stopping, stopped
    }

    private struct Shared {
        var phase = Phase.idle
        var context: ContextHandle?
        var inbox: [@Sendable () -> Void] = []
    }

    private let shared = Mutex(Shared())
    /// Serializes `start` and `stop` callers; holds the thread handle.
    private let lifecycle = Mutex<pthread_t?>(nil)
    /// How long a stop waits for connections to close gracefully before destroying them.
    private let shutdownGracePeriod: Duration
    private let backend: EventLoopBackend

    init(shutdownGracePeriod: Duration, backend: EventLoopBackend = .poll) {
        self.shutdownGracePeriod = shutdownGracePeriod
        self.backend = backend
    }

    /// True on this loop's service thread.
    var isServiceThread: Bool {
        ServiceThreadIdentity.currentThreadIs(token)
    }

    private var token: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Starts the thread, which creates the context with `owner.makeContext()`; returns once
    /// the context exists or throws what `makeContext` threw. The thread keeps `owner` alive
    /// until it has destroyed the context.
    func start(owner: any ServiceLoopOwner) throws {
        precondition(!isServiceThread, "start() called on the service thread")
        try lifecycle.withLock { thread in
            try shared.withLock { shared in
                guard shared.phase == .idle else { throw TransportError.alreadyStarted }
                shared.phase = .starting
            }
            let started = DispatchSemaphore(value: 0)
            let failure = Mutex<(any Error)?>(nil)
            let body = ThreadBody { [self] in
                run(owner: owner, failure: failure, started: started)
            }
            var handle = pthread_t()
            let status = pthread_create(
                &handle, nil,
                { rawBody in
                    Unmanaged<ThreadBody>.fromOpaque(rawBody!).takeRetainedValue().run()
                    return nil
                }, Unmanaged.passRetained(body).toOpaque())
            precondition(status == 0, "pthread_create failed: \(status)")
            started.wait()
            if let error = failure.withLock({ $0 }) {
                pthread_join(handle, nil)
                shared.withLock { $0.phase = .idle }
                throw error
            }
            thread = handle
        }
    }

    /// Queues `work` for the service thread (any thread). Dropped once a stop was requested.
    func execute(_ work: @escaping @Sendable () -> Void) {
        shared.withLock { shared in
            switch shared.phase {
            case .idle, .starting, .running:
                let wasEmpty = shared.inbox.isEmpty
                shared.inbox.append(work)
                // A non-empty inbox already has a wake-up pending; one per batch is enough.
                if wasEmpty, let context = shared.context {
                    lws_cancel_service(context.pointer)
                }
            case .stopping, .stopped:
                break
            }
        }
    }

    /// Runs the queued work (service thread; idempotent: a second call finds an empty inbox).
    func drainInbox() {
        precondition(isServiceThread, "drainInbox() called off the service thread")
        let work = shared.withLock { shared -> [@Sendable () -> Void] in
            guard !shared.inbox.isEmpty else { return [] }
            var taken: [@Sendable () -> Void] = []
            swap(&taken, &shared.inbox)
            return taken
        }
        for item in work { item() }
    }

    /// Requests a graceful stop and waits until the thread has destroyed the context and
    /// exited (any thread but the service thread). Idempotent.
    func stop() {
        precondition(!isServiceThread, "stop() on the service thread would wait for itself")
        lifecycle.withLock { thread in
            let mustJoin = shared.withLock { shared -> Bool in
                switch shared.phase {
                case .running:
                    shared.phase = .stopping
                    if let context = shared.context { lws_cancel_service(context.pointer) }
                    return true
                case .idle:
                    shared.phase = .stopped
                    shared.inbox = []
                    return false
                case .starting, .stopping, .stopped:
                    return false
                }
            }
            guard mustJoin, let handle = thread else { return }
            // lws_service may block in poll() with nothing to do; wake it regularly so it can
            // notice closed connections and its deadline.
            while shared.withLock({ shared -> Bool in
                guard shared.phase != .stopped else { return false }
                if let context = shared.context { lws_cancel_service(context.pointer) }
                return true
            }) {
                usleep(10_000)
            }
            pthread_join(handle, nil)
            thread = nil
        }
    }

    // MARK: - Service thread

    private func run(owner: any ServiceLoopOwner, failure: borrowing Mutex<(any Error)?>, started: DispatchSemaphore) {
        ServiceThreadIdentity.markCurrentThread(as: token)
        nameThisThread("cw-service")
        let context: OpaquePointer
        var foreignLoop: OpaquePointer?
        do {
            if backend == .epoll {
                guard LWSEventLoop.pluginIsInstalled, let loop = checkwire_ev_loop_new() else {
                    throw TransportError.eventLoopUnavailable
                }
                foreignLoop = loop
            }
            context = try owner.makeContext(foreignLoop: foreignLoop)
        } catch {
            if let foreignLoop { ev_loop_destroy(foreignLoop) }
            failure.withLock { $0 = error }
            started.signal()
            return
        }
        shared.withLock { shared in
            shared.context = ContextHandle(pointer: context)
            if shared.phase == .starting { shared.phase = .running }
        }
        started.signal()
        drainInbox()  // work posted before start had no context to wake

        var deadline: ContinuousClock.Instant?
        while true {
            if let foreignLoop {
                _ = checkwire_ev_run_once(foreignLoop)
            } else {
                _ = lws_service(context, 0)
            }
            owner.serviceTurnDidEnd()
            guard shared.withLock({ $0.phase == .stopping }) else { continue }
            if deadline == nil {
                drainInbox()  // work posted before stop() still runs
                owner.beginShutdown()
                deadline = ContinuousClock.now.advanced(by: shutdownGracePeriod)
            }
            if owner.isShutdownComplete || ContinuousClock.now >= deadline! { break }
        }

        shared.withLock { shared in
            shared.context = nil
            shared.inbox = []
        }
        lws_context_destroy(context)
        // lws stopped its watchers on a foreign loop while destroying; the loop is ours to free.
        if let foreignLoop { ev_loop_destroy(foreignLoop) }
        owner.contextDidDestroy()
        shared.withLock { $0.phase = .stopped }
    }

}

/// Names the calling thread as `top -H` and `ps -L` show it (Linux keeps 15 bytes), so that an
/// operator (and `scripts/bench-abuse.py`) can tell the service thread's CPU from the others'.
private func nameThisThread(_ name: String) {
    let file = open("/proc/thread-self/comm", O_WRONLY)
    guard file >= 0 else { return }
    _ = Array(name.utf8.prefix(15)).withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    close(file)
}

/// Carries the thread's closure through `pthread_create`'s `void *` argument.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// The lws context as other threads hold it: they only pass it to `lws_cancel_service`, the
/// one lws call that is safe from any thread.
// @unchecked Sendable: see above; the service thread clears it before destroying the context.
struct ContextHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
