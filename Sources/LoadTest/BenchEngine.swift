import ChecklistClient
import Foundation
import HeapModule
import Transport

/// Every connection of a run on one `WebSocketClient` (one lws context, one service thread):
/// the subscribers, and for Checkwire the writers. All of this class's state is confined
/// to that thread; the runner reaches it with `perform`, which hops onto the thread.
///
/// What it checks while it measures: each subscriber's events must arrive exactly once and
/// in order — for Checkwire each list event's `seq` must be the previous one plus one, for
/// nchan each writer's message number must be its previous one plus one — and at the end
/// each subscriber must have seen the last edit that was acknowledged.
// @unchecked Sendable: mutable state is touched only on the client's service thread
// (delegate callbacks and `perform` closures); `client` is set once before `start`.
final class BenchEngine: WebSocketClientDelegate, @unchecked Sendable {
    enum Owner {
        case subscriber(Int)
        case writer(Int)
    }

    enum Phase {
        /// `waiting`: lost, and coming back on the clients' reconnect schedule (`reconnectsByItself`).
        case idle, connecting, open, live, dropped, closed, failed, waiting
    }

    struct Subscriber {
        var list: Int
        /// Which of `configuration.nodeURLs` it connects to.
        var node = 0
        var connection: ConnectionID?
        var phase = Phase.idle
        var startedAt: UInt64 = 0
        /// Checkwire: the last `seq` applied; -1 until known.
        var lastSeq: Int64 = -1
        var reconnecting = false
        /// The clients' reconnect schedule (`reconnectsByItself`).
        var backoff = Backoff()
        /// Attempts since the connection was last lost (the schedule's step).
        var attempts = 0
        /// When the last resubscription after a loss was answered (`subscribed`), 0 until then.
        var caughtUpAt: UInt64 = 0
        var sawGap = false
        var sawDuplicate = false
        /// A non-reader stops reading once subscribed (`BenchConfiguration.nonReaders`).
        var reads = true
    }

    struct Writer {
        /// Which of `configuration.nodeURLs` it connects to.
        var node = 0
        var connection: ConnectionID?
        var ready = false
        var sent = 0
        var acked = 0
        var inFlight = 0
        var backoff = Backoff()
    }

    let configuration: BenchConfiguration
    let tag: String
    /// What the run's opIds start with (`OpID.runPrefix`).
    let opIDPrefix: String
    private(set) var client: WebSocketClient!

    // Checkwire setup results. The ids stay text: the writers splice them into the op JSON
    // they build by hand on the timed path, where a typed id would only be unwrapped again.
    var listIDs: [String] = []
    var listItems: [[String]] = []
    var subscriberToken = ""
    var ownerToken = ""

    // Service-thread state.
    /// Fixed-size, pointer-backed: the per-message hot path then pays no dynamic exclusivity
    /// checks (which cost ~10 % of the client's CPU with a Swift array in a class property).
    let subscribers: SlotArray<Subscriber>
    var writers: [Writer] = []
    private let ownersCell = Cell<[ConnectionID: Owner]>([:])
    var owners: [ConnectionID: Owner] {
        unsafeAddress { ownersCell.address }
        unsafeMutableAddress { ownersCell.pointer }
    }
    var listHeads: [Int64] = []
    /// nchan: per subscriber × writer, the last message number seen.
    private let lastNumbersCell = Cell<[Int32]>([])
    var lastNumbers: [Int32] {
        unsafeAddress { lastNumbersCell.address }
        unsafeMutableAddress { lastNumbersCell.pointer }
    }
    private let countersBox = UnsafeMutablePointer<BenchCounters>.allocate(capacity: 1)
    var counters: BenchCounters {
        unsafeAddress { UnsafePointer(countersBox) }
        unsafeMutableAddress { countersBox }
    }
    private let deliveryLatencyCell = Cell<LatencyRecorder>(LatencyRecorder())
    var deliveryLatency: LatencyRecorder {
        unsafeAddress { deliveryLatencyCell.address }
        unsafeMutableAddress { deliveryLatencyCell.pointer }
    }
    /// With more than one node: edit → delivery where the writer and the subscriber are on
    /// the same node, and where they are on different nodes (`recordDelivery`).
    private let nodeLatencyCell = Cell<NodeLatency>(NodeLatency())
    var nodeLatency: NodeLatency {
        unsafeAddress { nodeLatencyCell.address }
        unsafeMutableAddress { nodeLatencyCell.pointer }
    }
    /// `configuration.nodeURLs`, kept so the hot path does not rebuild the array.
    let nodeURLs: [String]
    var ackLatency = LatencyRecorder()
    var connectLatency = LatencyRecorder()
    var subscribeLatency = LatencyRecorder()
    var catchUpLatency = LatencyRecorder()
    var closeCodes: [String: Int] = [:]
    var errorCodes: [String: Int] = [:]

    // Ramp.
    var rampTarget = 0
    var rampStarted = 0
    var rampBegan: UInt64 = 0
    var connecting = 0

    // Writing.
    var writing = false
    /// Rate mode: the runner sends due edits; otherwise acks refill each writer's window.
    var paced = false
    var editBudget = 0
    var writeDeadline: UInt64 = 0
    var firstSendAt: UInt64 = 0
    var lastDeliveryAt: UInt64 = 0
    var lastAckAt: UInt64 = 0
    var measuring = false
    var nextWriter = 0
    /// Edits the paced schedule skipped because no writer was connected (see `sendDue`).
    var skippedEdits = 0

    // Reconnecting (see `BenchEngine+Reconnect.swift`).
    /// Lost connections come back by themselves, on the clients' schedule, instead of ending.
    var reconnectsByItself = false
    var retries = Heap<PendingRetry>()
    /// The first delay each subscriber drew after losing its connection.
    var firstRetryDelays = LatencyRecorder()
    /// The most attempts one subscriber needed to come back.
    var mostAttempts = 0
    /// Attempts given up on because they neither opened nor failed in time (`abandonStalledAttempts`).
    var abandonedAttempts = 0
    var lastStallCheck: UInt64 = 0

    init(configuration: BenchConfiguration, tag: String) {
        self.configuration = configuration
        self.tag = tag
        opIDPrefix = OpID.runPrefix(tag: tag, unixMilliseconds: UInt64(Date().timeIntervalSince1970 * 1000))
        subscribers = SlotArray(count: configuration.subscribers, repeating: Subscriber(list: 0))
        nodeURLs = configuration.nodeURLs
        countersBox.initialize(to: BenchCounters())
    }

    deinit {
        ownersCell.deallocate()
        lastNumbersCell.deallocate()
        deliveryLatencyCell.deallocate()
        nodeLatencyCell.deallocate()
        subscribers.deallocate()
        countersBox.deinitialize(count: 1)
        countersBox.deallocate()
    }

    func start() throws {
        client = WebSocketClient(
            delegate: self, maxMessageSize: 64 << 20, framing: configuration.bulkFraming ? .bulk : .libwebsockets,
            eventLoop: configuration.eventLoop
        )
        try client.start()
    }

    func stop() {
        client?.stop()
    }

    /// Runs `work` on the service thread and returns its result.
    func perform<T: Sendable>(_ work: @escaping @Sendable (BenchEngine) -> T) async -> T {
        await withCheckedContinuation { continuation in
            client.execute { [self] in continuation.resume(returning: work(self)) }
        }
    }

    var isNchan: Bool {
        if case .nchan = configuration.target { return true }
        return false
    }

    // MARK: - Delegate

    func webSocketClient(_ client: WebSocketClient, didConnect connection: ConnectionID) {
        guard let owner = owners[connection] else { return }
        let now = MonotonicClock.now()
        switch owner {
        case .subscriber(let index):
            connecting -= 1
            connectLatency.record(nanoseconds: now &- subscribers[index].startedAt)
            counters.connected += 1
            if isNchan {
                subscribers[index].phase = .live
                counters.live += 1
                subscribeLatency.record(nanoseconds: now &- subscribers[index].startedAt)
            } else {
                subscribers[index].phase = .open
                let since = subscribers[index].lastSeq
                let list = listIDs[subscribers[index].list]
                let subscribe =
                    since >= 0
                    ? #"{"type":"subscribe","list":"\#(list)","since":\#(since)}"#
                    : #"{"type":"subscribe","list":"\#(list)"}"#
                client.send(.text(Array(#"{"type":"auth","token":"\#(subscriberToken)"}"#.utf8)), on: connection)
                client.send(.text(Array(subscribe.utf8)), on: connection)
            }
            pumpRamp()
        case .writer(let index):
            connectLatency.record(nanoseconds: now &- counters.writersStartedAt)
            client.send(.text(Array(#"{"type":"auth","token":"\#(ownerToken)"}"#.utf8)), on: connection)
            _ = index
        }
    }

    func webSocketClient(_ client: WebSocketClient, didFailToConnect connection: ConnectionID, reason: String) {
        guard let owner = owners.removeValue(forKey: connection) else { return }
        counters.connectFailures += 1
        errorCodes["connect: \(reason)", default: 0] += 1
        switch owner {
        case .subscriber(let index):
            connecting -= 1
            subscribers[index].connection = nil
            if reconnectsByItself {
                scheduleRetry(subscriber: index)
            } else {
                subscribers[index].phase = .failed
            }
            pumpRamp()
        case .writer(let index):
            writers[index].connection = nil
            if reconnectsByItself { scheduleRetry(writer: index) }
        }
    }

    func webSocketClient(_ client: WebSocketClient, didClose connection: ConnectionID, code: UInt16?, reason: String) {
        guard let owner = owners.removeValue(forKey: connection) else { return }
        let label = code.map(String.init) ?? "none"
        switch owner {
        case .subscriber(let index):
            if subscribers[index].phase == .live { counters.live -= 1 }
            // Closed before it counted as connected: its handshake slot is free again.
            if subscribers[index].phase == .connecting { connecting -= 1 }
            if subscribers[index].phase == .dropped {
                counters.intentionalCloses += 1
                subscribers[index].connection = nil
            } else {
                closeCodes[label, default: 0] += 1
                subscribers[index].connection = nil
                if reconnectsByItself {
                    scheduleRetry(subscriber: index)
                } else {
                    subscribers[index].phase = .closed
                }
            }
        case .writer(let index):
            closeCodes["writer " + label, default: 0] += 1
            writers[index].connection = nil
            writers[index].ready = false
            // Its edits in flight were answered before the close, or dropped unanswered.
            writers[index].inFlight = 0
            if reconnectsByItself { scheduleRetry(writer: index) }
        }
    }

    func webSocketClient(_ client: WebSocketClient, didReceive message: WebSocketMessage, from connection: ConnectionID)
    {
        guard case .text(let bytes) = message, let owner = owners[connection] else { return }
        let now = MonotonicClock.now()
        bytes.withUnsafeBufferPointer { buffer in
            guard let fields = MessageScanner.scan(buffer: buffer) else {
                counters.unparsable += 1
                return
            }
            switch owner {
            case .subscriber(let index):
                if isNchan {
                    receiveNchan(fields, subscriber: index, now: now, bytes: buffer.count)
                } else {
                    receiveCheckwire(fields, buffer, subscriber: index, now: now)
                }
            case .writer(let index):
                receiveWriter(fields, buffer, writer: index, now: now)
            }
        }
    }

    // MARK: - Subscribers

    private func receiveCheckwire(
        _ fields: ScannedMessage, _ buffer: UnsafeBufferPointer<UInt8>, subscriber index: Int, now: UInt64
    ) {
        switch fields.kind {
        case .event:
            guard let seq = fields.seq else { counters.unparsable += 1; return }
            switch DeliveryOrder.event(seq: seq, after: subscribers[index].lastSeq) {
            case .duplicateOrReordered:
                counters.duplicates += 1
                subscribers[index].sawDuplicate = true
                return
            case .accepted(let missed):
                if missed > 0 {
                    counters.gaps += missed
                    subscribers[index].sawGap = true
                }
            }
            subscribers[index].lastSeq = seq
            if !subscribers[index].reads { counters.eventsToNonReaders += 1 }
            if subscribers[index].phase == .live, subscribers[index].reads {
                counters.deliveries += 1
                counters.deliveredBytes += buffer.count
                lastDeliveryAt = now
                if measuring, let range = fields.opID, let op = MessageScanner.opIDFields(buffer, range) {
                    deliveryLatency.record(nanoseconds: now &- op.sentAt)
                    if nodeURLs.count > 1 {
                        nodeLatency.record(
                            nanoseconds: now &- op.sentAt,
                            sameNode: node(ofWriter: op.writer) == subscribers[index].node)
                    }
                }
            } else {
                counters.replayed += 1
            }
        case .subscribed:
            guard let seq = fields.seq else { counters.unparsable += 1; return }
            let missed = DeliveryOrder.missedBeforeSubscribed(head: seq, after: subscribers[index].lastSeq)
            if missed > 0 {
                counters.gaps += missed
                subscribers[index].sawGap = true
            }
            subscribers[index].lastSeq = max(subscribers[index].lastSeq, seq)
            subscribers[index].phase = .live
            counters.live += 1
            subscribeLatency.record(nanoseconds: now &- subscribers[index].startedAt)
            if !subscribers[index].reads, let connection = subscribers[index].connection {
                client.setReceiving(false, on: connection)
            }
            if subscribers[index].reconnecting {
                subscribers[index].reconnecting = false
                catchUpLatency.record(nanoseconds: now &- subscribers[index].startedAt)
                counters.caughtUp += 1
                subscribers[index].caughtUpAt = now
                subscribers[index].attempts = 0
                subscribers[index].backoff.reset()
            }
        case .snapshot:
            counters.snapshots += 1
            if let seq = fields.seq { subscribers[index].lastSeq = seq }
        case .error:
            counters.errors += 1
            errorCodes[
                fields.code.map { String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self) } ?? "?",
                default: 0] += 1
            // A client whose `auth` or `subscribe` failed while it came back tries again later.
            if reconnectsByItself, subscribers[index].phase == .open, let connection = subscribers[index].connection {
                client.close(connection, code: 1000, reason: "retrying")
            }
        default:
            break
        }
    }

    private func receiveNchan(_ fields: ScannedMessage, subscriber index: Int, now: UInt64, bytes: Int) {
        guard let writer = fields.writer, let number = fields.number, writer >= 0, Int(writer) < configuration.writers
        else {
            counters.unparsable += 1
            return
        }
        let slot = index * configuration.writers + Int(writer)
        // Writers go round-robin over the channels: on one channel a writer's numbers
        // advance by `channelStep`, starting at its first number for that channel.
        let last = Int64(lastNumbers[slot])
        // Only the first message needs the first number (a loop over the channels).
        let first = last == 0 ? firstNumber(writer: Int(writer), channel: subscribers[index].list) ?? Int(number) : 0
        switch DeliveryOrder.nchanMessage(number: number, after: last, first: Int64(first), step: channelStep) {
        case .duplicateOrReordered:
            counters.duplicates += 1
            return
        case .accepted(let missed):
            counters.gaps += missed
        }
        lastNumbers[slot] = Int32(truncatingIfNeeded: number)
        counters.deliveries += 1
        counters.deliveredBytes += bytes
        lastDeliveryAt = now
        if measuring, let sentAt = fields.sentAt { deliveryLatency.record(nanoseconds: now &- UInt64(sentAt)) }
    }

    /// Prepares `count` subscribers (round-robin over the lists) starting at `seq` heads.
    func addSubscribers(_ count: Int, lists: Int) {
        precondition(count == subscribers.count, "the engine was made for \(subscribers.count) subscribers")
        let nonReaders = configuration.nonReaders
        for index in 0..<count {
            subscribers[index] = Subscriber(
                list: index % lists, node: node(ofSubscriber: index, lists: lists),
                lastSeq: isNchan ? -1 : listHeads[index % lists])
            subscribers[index].backoff = configuration.reconnectSchedule
            // Spread evenly: the index where the running count of non-readers steps up.
            subscribers[index].reads = index * nonReaders / count == (index + 1) * nonReaders / count
        }
        if isNchan { lastNumbers = [Int32](repeating: 0, count: count * configuration.writers) }
    }

    /// Starts opening subscribers up to `target`, paced by the ramp rate and `maxConnecting`.
    func beginRamp(to target: Int) {
        rampTarget = target
        rampBegan = MonotonicClock.now()
        pumpRamp()
    }

    func pumpRamp() {
        guard rampStarted < rampTarget else { return }
        var allowed = rampTarget - rampStarted
        if let rate = configuration.rampRate {
            let due = Int(rate * MonotonicClock.seconds(since: rampBegan)) + 1
            allowed = min(allowed, due - rampStarted)
        }
        allowed = min(allowed, configuration.maxConnecting - connecting)
        guard allowed > 0 else { return }
        for _ in 0..<allowed {
            openSubscriber(rampStarted)
            rampStarted += 1
        }
    }

    func openSubscriber(_ index: Int) {
        let url: String
        switch configuration.target {
        case .checkwire: url = nodeURLs[subscribers[index].node]
        case .nchan(let subscribeBase, _): url = "\(subscribeBase)/\(channelName(subscribers[index].list))"
        }
        subscribers[index].startedAt = MonotonicClock.now()
        subscribers[index].phase = .connecting
        connecting += 1
        let id = client.connect(to: url, subprotocol: isNchan ? nil : "checkwire.v1")
        subscribers[index].connection = id
        owners[id] = .subscriber(index)
    }

    func channelName(_ list: Int) -> String { "bench-\(tag)-\(list)" }

    /// nchan: writer `w`'s message `n` goes to channel `(w + (n − 1)·W) mod L`, so on one
    /// channel its numbers advance by `L / gcd(W, L)`.
    var channelStep: Int {
        let lists = configuration.effectiveLists
        var (a, b) = (configuration.writers, lists)
        while b != 0 { (a, b) = (b, a % b) }
        return lists / a
    }

    /// The first number writer `writer` publishes to `channel`, or nil if it never does.
    func firstNumber(writer: Int, channel: Int) -> Int? {
        let lists = configuration.effectiveLists
        for number in 1...max(1, lists) where (writer + (number - 1) * configuration.writers) % lists == channel {
            return number
        }
        return nil
    }

    /// Closes every live subscriber (they keep their last `seq` to resume from).
    func dropSubscribers() {
        for index in subscribers.indices {
            guard let connection = subscribers[index].connection else { continue }
            if subscribers[index].phase == .live { counters.live -= 1 }
            subscribers[index].phase = .dropped
            client.close(connection, code: 1000, reason: "bench reconnect")
        }
    }

    /// Reconnects every dropped subscriber at once; each resumes with `since`.
    func reconnectAll() {
        connecting = 0
        for index in subscribers.indices
        where subscribers[index].phase == .dropped || subscribers[index].connection == nil {
            subscribers[index].reconnecting = true
            openSubscriber(index)
        }
    }

    /// Events still owed to live subscribers (Checkwire: by list head; nchan: by `published`).
    func outstandingDeliveries(published: [Int]) -> Int {
        var owed = 0
        for index in subscribers.indices where subscribers[index].phase == .live {
            if isNchan {
                for writer in 0..<configuration.writers {
                    let channel = subscribers[index].list
                    guard let first = firstNumber(writer: writer, channel: channel), published[writer] >= first else {
                        continue
                    }
                    let expectedLast = first + (published[writer] - first) / channelStep * channelStep
                    let last = Int(lastNumbers[index * configuration.writers + writer])
                    owed +=
                        last == 0
                        ? (expectedLast - first) / channelStep + 1 : max(0, (expectedLast - last) / channelStep)
                }
            } else if subscribers[index].reads {
                owed += Int(max(0, listHeads[subscribers[index].list] - subscribers[index].lastSeq))
            }
        }
        return owed
    }
}

/// The running totals of one run.
struct BenchCounters: Sendable {
    var connected = 0
    var live = 0
    var connectFailures = 0
    var intentionalCloses = 0
    var deliveries = 0
    var deliveredBytes = 0
    var replayed = 0
    var snapshots = 0
    var caughtUp = 0
    /// Reconnect attempts scheduled after a lost or failed connection (`reconnectsByItself`).
    var retries = 0
    /// Events that non-readers read anyway (their reading stops once subscribed).
    var eventsToNonReaders = 0
    var duplicates = 0
    var gaps = 0
    var unparsable = 0
    var errors = 0
    var sent = 0
    var acked = 0
    var opErrors = 0
    var writersStartedAt: UInt64 = 0
}

/// A fixed number of values at a stable address, read and written in place.
struct SlotArray<Element>: @unchecked Sendable {
    // @unchecked Sendable: used only on the engine's service thread; the value is passed
    // across threads only as part of the engine, never accessed concurrently.
    private let base: UnsafeMutablePointer<Element>
    let count: Int

    init(count: Int, repeating value: Element) {
        self.count = count
        base = .allocate(capacity: max(count, 1))
        base.initialize(repeating: value, count: count)
    }

    subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(index >= 0 && index < count, "slot index out of range")
            return UnsafePointer(base + index)
        }
        nonmutating unsafeMutableAddress {
            precondition(index >= 0 && index < count, "slot index out of range")
            return base + index
        }
    }

    var indices: Range<Int> { 0..<count }

    func count(where predicate: (Element) -> Bool) -> Int {
        var total = 0
        for index in 0..<count where predicate(base[index]) { total += 1 }
        return total
    }

    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// One value at a stable address (see `SlotArray`: no dynamic exclusivity checks).
struct Cell<Value>: @unchecked Sendable {
    // @unchecked Sendable: as `SlotArray`, confined to the engine's service thread.
    let pointer: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    var address: UnsafePointer<Value> { UnsafePointer(pointer) }

    func deallocate() {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
