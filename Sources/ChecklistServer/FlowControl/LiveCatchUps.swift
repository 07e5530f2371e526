import ChecklistCore
import Transport

/// Subscribers that had no room for a checklist's live events, and how far the server has
/// sent them the missed ones from the log.
///
/// Why: a reader that reads slowly must never be dropped for it (only one that stopped
/// reading is), and must never see a gap. When an event does not fit under a subscriber's
/// bound, the transport refuses it and every later frame of that checklist for that
/// connection (see `WebSocketServer.broadcast(_:to:stream:refused:)`). The hub then remembers
/// the last seq the subscriber got; once its queue has drained it reads the next events from
/// the log, a bounded chunk at a time, and sends them; when a read reaches the checklist's
/// head, the stream is resumed and live events flow again. Memory stays bounded by the chunk,
/// whatever the writers do.
///
/// Why the order is right: store replies reach the hub in commit order, so every event that
/// committed before a read ran was broadcast (and refused) before the read's reply arrives,
/// and every later one is broadcast after it. A refusal the wiring reports late — for an
/// event whose broadcast was decided before a read's reply but performed after it — is for a
/// seq the read already covered: a catch-up in progress or just ended ignores it.
///
/// Pure state: the hub carries out what it answers.
struct LiveCatchUps {
    enum Phase: Equatable {
        /// Waiting for the connection's queue to drain before the next read.
        case waitingForDrain
        /// A read of the log is with the store.
        case reading
        /// The last read reached the head; the stream's resumption is on its way to the transport.
        case resuming
    }

    struct Progress: Equatable {
        /// The seq of the last event the subscriber was sent (live or from the log).
        var lastSent: Int64
        var phase: Phase
    }

    struct Key: Hashable {
        var connection: ConnectionID
        var list: ListID
    }

    /// What the hub does after a read of the log came back.
    enum NextStep: Equatable {
        /// Caught up: resume the live stream.
        case resume
        /// More to send: watch the connection drain, then read again.
        case watchDrain
        /// The subscription ended meanwhile: drop what was read.
        case discard
    }

    private(set) var progress: [Key: Progress] = [:]

    var isEmpty: Bool { progress.isEmpty }

    /// `connection` refused event `seq` of `list`. Returns `true` when this starts a catch-up
    /// (the hub watches the connection drain); a refusal during one is already covered.
    mutating func refused(_ connection: ConnectionID, list: ListID, seq: Int64) -> Bool {
        let key = Key(connection: connection, list: list)
        guard progress[key] == nil else { return false }
        progress[key] = Progress(lastSent: seq - 1, phase: .waitingForDrain)
        return true
    }

    /// `connection` drained: the reads to start now, each after the seq to read from.
    mutating func drained(_ connection: ConnectionID) -> [(list: ListID, after: Int64)] {
        var reads: [(list: ListID, after: Int64)] = []
        for (key, value) in progress where key.connection == connection && value.phase == .waitingForDrain {
            progress[key]?.phase = .reading
            reads.append((key.list, value.lastSent))
        }
        return reads
    }

    /// A read for `connection` and `list` came back with events through `last`, the head
    /// being `head`.
    mutating func read(_ connection: ConnectionID, list: ListID, through last: Int64, head: Int64) -> NextStep {
        let key = Key(connection: connection, list: list)
        guard var entry = progress[key], entry.phase == .reading else { return .discard }
        entry.lastSent = max(entry.lastSent, last)
        entry.phase = last >= head ? .resuming : .waitingForDrain
        progress[key] = entry
        return entry.phase == .resuming ? .resume : .watchDrain
    }

    /// The transport takes the stream's live frames again: the catch-up is over.
    mutating func resumed(_ connection: ConnectionID, list: ListID) {
        let key = Key(connection: connection, list: list)
        if progress[key]?.phase == .resuming { progress[key] = nil }
    }

    /// The subscription ended (unsubscribe, revoke, sign-out): returns whether a catch-up was
    /// in progress, so the stream is to be resumed for a later subscription.
    mutating func ended(_ connection: ConnectionID, list: ListID) -> Bool {
        progress.removeValue(forKey: Key(connection: connection, list: list)) != nil
    }

    /// `connection` closed: forget it.
    mutating func closed(_ connection: ConnectionID) {
        guard !progress.isEmpty else { return }
        progress = progress.filter { $0.key.connection != connection }
    }

    func isCatchingUp(_ connection: ConnectionID, list: ListID) -> Bool {
        progress[Key(connection: connection, list: list)] != nil
    }
}
