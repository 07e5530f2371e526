private import CCurl
import DequeModule
import Foundation
import Glibc
import HeapModule
import Synchronization

/// One thread that makes outbound HTTP and SMTP exchanges through a libcurl multi handle:
/// many at once, each with its own time limit, so a push service or relay that hangs holds one
/// slot until its timeout and delays nothing else.
///
/// Why its own thread: the WebSocket service thread and the store thread must never wait on
/// another server. Submissions arrive from any thread through a locked inbox and
/// `curl_multi_wakeup`; everything else (the multi handle, the easy handles, the queues) is
/// touched by this thread only. Completions are called on this thread: they must not block
/// (hand the result to your own queue).
///
/// Fairness: `perLane` caps the exchanges running for one lane (a push service's origin, the
/// relay), so one slow origin cannot take every slot from the others; and an exchange that
/// runs past `slowAfter` gives its slot back (it stays open, within `openLimit`), so requests
/// a service holds open cannot take every slot from the rest of that service's.
public final class TransferLoop: Sendable {
    public struct Configuration: Sendable {
        /// Exchanges in progress at once, over all lanes, not counting slow ones.
        public var concurrent: Int
        /// Exchanges in progress at once for one lane, not counting slow ones.
        public var perLane: Int
        /// An exchange running longer than this is slow: it stops counting against `concurrent`
        /// and `perLane`. A push service that holds some requests open then costs one socket
        /// for each until `timeout`, never a slot the other devices' pushes wait for
        /// (`scripts/bench-push.py`: 16 hanging endpoints held the other 984 pushes for the
        /// whole 30 s timeout when slow exchanges kept their slots).
        public var slowAfter: Duration
        /// Exchanges open at once over all lanes, slow ones included: the bound on sockets.
        public var openLimit: Int
        /// Exchanges open at once for one lane, slow ones included, so a service that answers
        /// nothing at all is not sent ever more requests.
        public var openPerLane: Int
        public var connectTimeout: Duration
        /// The most one exchange may take, connection included.
        public var timeout: Duration

        public init(
            concurrent: Int = 64, perLane: Int = 16, slowAfter: Duration = .seconds(2), openLimit: Int = 512,
            openPerLane: Int = 256, connectTimeout: Duration = .seconds(10), timeout: Duration = .seconds(30)
        ) {
            self.concurrent = max(1, concurrent)
            self.perLane = max(1, min(perLane, concurrent))
            self.slowAfter = slowAfter
            self.openLimit = max(self.concurrent, openLimit)
            self.openPerLane = max(self.perLane, min(openPerLane, self.openLimit))
            self.connectTimeout = connectTimeout
            self.timeout = timeout
        }
    }

    /// One exchange to make: built on this thread when it starts (`prepare`, so encryption and
    /// signing never run on the caller's thread), at `notBefore` or later.
    public struct Submission: Sendable {
        public var lane: String
        public var notBefore: ContinuousClock.Instant
        public var prepare: @Sendable () throws -> OutboundRequest
        public var completion: @Sendable (TransferResult) -> Void

        public init(
            lane: String, notBefore: ContinuousClock.Instant, prepare: @escaping @Sendable () throws -> OutboundRequest,
            completion: @escaping @Sendable (TransferResult) -> Void
        ) {
            self.lane = lane
            self.notBefore = notBefore
            self.prepare = prepare
            self.completion = completion
        }
    }

    private struct Inbox {
        var submissions: [Submission] = []
        var stopping = false
    }

    /// What the caller's threads and the loop thread share: the inbox and the multi handle
    /// (whose `wakeUp` is the one call libcurl allows from any thread). The loop thread holds
    /// this, not the `TransferLoop`, so dropping the last `TransferLoop` stops the thread.
    private final class Shared: Sendable {
        let inbox = Mutex(Inbox())
        let multi = MultiHandle()
        let finished = Mutex(false)
        let exited = DispatchSemaphore(value: 0)
        /// The loop thread, so that `stop` called from it (a completion that drops the last
        /// reference, or calls `stop` itself) does not wait for its own end.
        let loopThread = Mutex<pthread_t?>(nil)
    }

    private let shared = Shared()

    public init(configuration: Configuration = Configuration(), name: String) {
        let shared = self.shared
        let thread = Thread {
            shared.loopThread.withLock { $0 = pthread_self() }
            LoopThreadState(multi: shared.multi, configuration: configuration).run(shared)
            shared.exited.signal()
        }
        thread.name = name
        thread.start()
    }

    deinit {
        stop()
    }

    /// Queues an exchange. Any thread; never blocks on the network. After `stop`, the
    /// completion is called at once with a `notSent` failure.
    public func submit(_ submission: Submission) {
        // The wake-up is made under the lock: once the loop has seen `stopping` no one wakes it.
        let accepted = shared.inbox.withLock { inbox in
            guard !inbox.stopping else { return false }
            inbox.submissions.append(submission)
            shared.multi.wakeUp()
            return true
        }
        if !accepted { submission.completion(TransferLoop.stoppedResult) }
    }

    /// Ends the thread: exchanges in progress are aborted and every queued one completes with
    /// a `notSent` failure. Returns once the thread has finished (at once when called on the
    /// loop thread, from a completion). Idempotent.
    public func stop() {
        let first = shared.finished.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        shared.inbox.withLock { inbox in
            inbox.stopping = true
            shared.multi.wakeUp()
        }
        let onLoopThread = shared.loopThread.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        if !onLoopThread { shared.exited.wait() }
    }

    static let stoppedResult = TransferResult(
        failure: TransferFailure(kind: .notSent, code: 0, message: "the sender stopped"), responseCode: 0)

    // MARK: The loop thread

    /// Everything the loop thread owns. Not Sendable: made and used on that thread only.
    private final class LoopThreadState {
        let multi: MultiHandle
        let configuration: Configuration
        /// Submissions not yet due, soonest first.
        var waiting = Heap<Scheduled>()
        var arrivals = 0
        /// Due submissions waiting for a slot, in order.
        var ready = Deque<Submission>()
        /// Due submissions whose lane is full, by lane.
        var parked: [String: Deque<Submission>] = [:]
        /// Open exchanges per lane, slow ones included.
        var runningPerLane: [String: Int] = [:]
        /// Exchanges holding a slot (open, not yet slow), in all and per lane.
        var active = 0
        var activePerLane: [String: Int] = [:]
        var running: [UnsafeMutableRawPointer: RunningTransfer] = [:]
        /// Exchanges in the order they started, to find the ones that turn slow.
        var startOrder = Deque<(transfer: RunningTransfer, startedAt: ContinuousClock.Instant)>()

        init(multi: MultiHandle, configuration: Configuration) {
            self.multi = multi
            self.configuration = configuration
        }

        func run(_ shared: Shared) {
            while true {
                let (arrived, stopping) = shared.inbox.withLock { inbox in
                    defer { inbox.submissions.removeAll(keepingCapacity: true) }
                    return (inbox.submissions, inbox.stopping)
                }
                if stopping {
                    abandonAll(also: arrived)
                    return
                }
                for submission in arrived {
                    arrivals += 1
                    waiting.insert(Scheduled(submission: submission, order: arrivals))
                }
                let now = ContinuousClock.now
                while let first = waiting.min, first.submission.notBefore <= now {
                    ready.append(waiting.removeMin().submission)
                }
                markSlow(now: now)
                startReady()
                multi.perform()
                while let done = multi.nextFinished() { finish(done.handle, code: done.code) }
                startReady()
                multi.poll(milliseconds: pollTimeout(now: ContinuousClock.now))
            }
        }

        /// Until the next retry is due, or the next exchange turns slow while others wait for a
        /// slot; at most a second (curl asks for less when it needs it).
        private func pollTimeout(now: ContinuousClock.Instant) -> Int {
            var next = waiting.min?.submission.notBefore
            if !ready.isEmpty || !parked.isEmpty, let oldest = startOrder.first {
                let turnsSlow = oldest.startedAt + configuration.slowAfter
                next = next.map { min($0, turnsSlow) } ?? turnsSlow
            }
            guard let next else { return 1_000 }
            let wait = next - now
            if wait <= .zero { return 0 }
            return Int(min(1_000, max(1, (wait / .milliseconds(1)).rounded(.up))))
        }

        private func startReady() {
            while active < configuration.concurrent, running.count < configuration.openLimit,
                let submission = ready.popFirst()
            {
                if activePerLane[submission.lane, default: 0] >= configuration.perLane
                    || runningPerLane[submission.lane, default: 0] >= configuration.openPerLane
                {
                    parked[submission.lane, default: []].append(submission)
                    continue
                }
                start(submission)
            }
        }

        /// Exchanges open past `slowAfter` give their slot back; each lets one parked
        /// submission of its lane queue again.
        private func markSlow(now: ContinuousClock.Instant) {
            while let oldest = startOrder.first, oldest.startedAt + configuration.slowAfter <= now {
                startOrder.removeFirst()
                let transfer = oldest.transfer
                // Finished ones were closed (no handle) and gave their slot back already.
                guard transfer.handle != nil, !transfer.slow else { continue }
                transfer.slow = true
                releaseSlot(of: transfer.submission.lane)
            }
        }

        private func releaseSlot(of lane: String) {
            active -= 1
            activePerLane[lane, default: 1] -= 1
            if activePerLane[lane] == 0 { activePerLane[lane] = nil }
            unpark(lane)
        }

        private func unpark(_ lane: String) {
            if let next = parked[lane]?.popFirst() {
                ready.prepend(next)
                if parked[lane]?.isEmpty == true { parked[lane] = nil }
            }
        }

        private func start(_ submission: Submission) {
            let request: OutboundRequest
            do {
                request = try submission.prepare()
            } catch {
                submission.completion(
                    TransferResult(
                        failure: TransferFailure(kind: .notSent, code: 0, message: "\(error)"), responseCode: 0))
                return
            }
            let transfer = RunningTransfer(submission: submission, request: request, configuration: configuration)
            guard let handle = transfer.handle else {
                submission.completion(
                    TransferResult(
                        failure: TransferFailure(kind: .notSent, code: 0, message: "curl could not start a transfer"),
                        responseCode: 0))
                return
            }
            running[handle] = transfer
            runningPerLane[submission.lane, default: 0] += 1
            active += 1
            activePerLane[submission.lane, default: 0] += 1
            startOrder.append((transfer, ContinuousClock.now))
            multi.add(handle)
        }

        private func finish(_ handle: UnsafeMutableRawPointer, code: Int) {
            guard let transfer = running.removeValue(forKey: handle) else { return }
            multi.remove(handle)
            let lane = transfer.submission.lane
            runningPerLane[lane, default: 1] -= 1
            if runningPerLane[lane] == 0 { runningPerLane[lane] = nil }
            if transfer.slow {
                unpark(lane)
            } else {
                releaseSlot(of: lane)
            }
            let result = transfer.result(code: code)
            transfer.close()
            transfer.submission.completion(result)
        }

        private func abandonAll(also arrived: [Submission]) {
            for (handle, transfer) in running {
                multi.remove(handle)
                transfer.close()
                transfer.submission.completion(TransferLoop.stoppedResult)
            }
            running = [:]
            startOrder = []
            let queued =
                arrived + Array(ready) + waiting.unordered.map(\.submission) + parked.values.flatMap { Array($0) }
            for submission in queued { submission.completion(TransferLoop.stoppedResult) }
            ready = []
            parked = [:]
            waiting = Heap()
        }
    }

    private struct Scheduled: Comparable {
        let submission: Submission
        /// Arrival order: among equal instants, first come first served.
        let order: Int

        static func < (lhs: Scheduled, rhs: Scheduled) -> Bool {
            (lhs.submission.notBefore, lhs.order) < (rhs.submission.notBefore, rhs.order)
        }

        static func == (lhs: Scheduled, rhs: Scheduled) -> Bool { lhs.order == rhs.order }
    }
}
