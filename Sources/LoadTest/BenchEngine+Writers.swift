import ChecklistClient
import Transport

/// Checkwire writers: connections authenticated as the lists' owner that send `updateItem`
/// ops, either as fast as acks allow (a window per writer) or paced by the runner.
extension BenchEngine {
    func openWriters(_ count: Int) {
        guard case .checkwire = configuration.target else { return }
        counters.writersStartedAt = MonotonicClock.now()
        writers = Array(repeating: Writer(backoff: configuration.reconnectSchedule), count: count)
        for index in 0..<count {
            writers[index].node = node(ofWriter: index)
            let id = client.connect(to: nodeURLs[writers[index].node])
            writers[index].connection = id
            owners[id] = .writer(index)
        }
    }

    var readyWriters: Int { writers.count { $0.ready } }

    /// Starts the write phase: at most `budget` edits until `deadline`.
    func beginWriting(budget: Int, deadline: UInt64) {
        editBudget = budget
        writeDeadline = deadline
        writing = true
        measuring = true
        paced = configuration.rate != nil
        if !paced {
            for index in writers.indices { fillWriter(index) }
        }
    }

    func stopWriting() { writing = false }

    /// Rate mode: sends the edits due by now, round-robin over writers with room in their window.
    ///
    /// While no writer is connected (the server is restarting), the edits that fall due are
    /// skipped, not saved up: the schedule goes on at its rate once the writers are back.
    func sendDue(until due: Int) {
        guard writing else { return }
        if reconnectsByItself, !writers.contains(where: \.ready) {
            skippedEdits = max(skippedEdits, due - counters.sent)
            return
        }
        var attempts = 0
        while counters.sent < min(due - skippedEdits, editBudget), attempts < writers.count {
            let index = nextWriter
            nextWriter = (nextWriter + 1) % writers.count
            if writers[index].ready, writers[index].inFlight < configuration.window {
                sendEdit(index)
                attempts = 0
            } else {
                attempts += 1
            }
        }
    }

    private var canSend: Bool {
        writing && counters.sent < editBudget && MonotonicClock.now() < writeDeadline
    }

    func fillWriter(_ index: Int) {
        while writers[index].ready, writers[index].inFlight < configuration.window, canSend {
            sendEdit(index)
        }
    }

    /// 64 bits that look random, for `.random` opIds: `Hasher` is seeded at random once per
    /// process, so these differ from run to run, and cost no system call per edit.
    static func scatter(writer: Int, number: Int) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(writer)
        hasher.combine(number)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }

    private func sendEdit(_ index: Int) {
        guard let connection = writers[index].connection else { return }
        let number = writers[index].sent + 1
        let list = (index + (number - 1) * writers.count) % listIDs.count
        let items = listItems[list]
        let item = items[(index + number) % items.count]
        let now = MonotonicClock.now()
        if firstSendAt == 0 { firstSendAt = now }
        let opID = OpID.make(
            order: configuration.opIDOrder, prefix: opIDPrefix, writer: index, number: number, sentAt: now,
            random: Self.scatter(writer: index, number: number))
        // A fixed-width title keeps every event the same size.
        let title = String(number + 10_000_000)
        let json =
            #"{"type":"op","opId":"\#(opID)","op":"updateItem","list":"\#(listIDs[list])","item":"\#(item)","title":"edit \#(title)"}"#
        client.send(.text(Array(json.utf8)), on: connection)
        writers[index].sent = number
        writers[index].inFlight += 1
        counters.sent += 1
    }

    func receiveWriter(_ fields: ScannedMessage, _ buffer: UnsafeBufferPointer<UInt8>, writer index: Int, now: UInt64) {
        switch fields.kind {
        case .authed:
            writers[index].ready = true
            writers[index].backoff.reset()
            if writing, !paced { fillWriter(index) }
        case .ack:
            guard let range = fields.opID, let op = MessageScanner.opIDFields(buffer, range) else {
                counters.unparsable += 1
                return
            }
            ackLatency.record(nanoseconds: now &- op.sentAt)
            writers[index].acked += 1
            writers[index].inFlight -= 1
            counters.acked += 1
            lastAckAt = now
            let list = (index + (op.number - 1) * writers.count) % listIDs.count
            if let seq = fields.seq, seq > listHeads[list] { listHeads[list] = seq }
            if !paced { fillWriter(index) }
        case .error:
            counters.opErrors += 1
            counters.errors += 1
            errorCodes[
                fields.code.map { String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self) } ?? "?",
                default: 0] += 1
            if fields.opID != nil {
                writers[index].inFlight -= 1
                if !paced { fillWriter(index) }
            }
        default:
            break
        }
    }

    var inFlight: Int { writers.reduce(0) { $0 + $1.inFlight } }
}
