import ChecklistCore
import ChecklistStore
import Transport
import WireProtocol

/// lists, subscribe and unsubscribe.
extension ChecklistServer {
    func sendLists(for user: UserAccount, ref: String?, in session: ClientSession) {
        let ticket = session.sequencer.issue()
        let userID = user.id
        let connection = session.connection
        submit({ store throws(StoreError) in ServerMessage.lists(try store.lists(for: userID), ref: ref) }) { [self] result in
            guard let session = sessions[connection] else { return }
            let bytes = reply(result, ref: ref)
            complete(session, ticket: ticket) { [self] in send(bytes, to: session.connection) }
        }
    }

    /// Replays the missed events or sends a snapshot, then the subscriber is live.
    ///
    /// No gap and no duplicate: the store thread reads the log at a point between two
    /// commits and hands results back in commit order, so every event up to the replayed
    /// head reached the service thread before this result, and every later one after it.
    /// Registering the subscriber when the result is applied is therefore exactly right.
    func subscribe(_ session: ClientSession, user: UserAccount, to listID: ListID, since: Int64?, ref: String?) {
        let ticket = session.sequencer.issue()
        let userID = user.id
        let connection = session.connection
        // The catch-up is encoded on the store thread: a large snapshot must not stall the
        // service thread that every other connection shares.
        submit({ store throws(StoreError) -> CatchUp in
            var batch = FrameBatch()
            switch try store.subscribe(to: listID, for: userID, since: since, replayingInto: &batch) {
            case .replay(let count, let head):
                return CatchUp(frames: batch.finish(), head: head, replayed: count)
            case .snapshot(let snapshot):
                let frame = ServerMessage.snapshot(
                    summary: snapshot.summary, participants: snapshot.participants, items: snapshot.items, ref: ref
                )
                return CatchUp(frames: [OutboundFrame(text: frame)], head: snapshot.summary.list.seq, replayed: 0)
            }
        }) { [self] result in
            guard let session = sessions[connection] else { return }
            switch result {
            case .success(let catchUp):
                let subscribed = ServerMessage.subscribed(
                    listID: listID, seq: catchUp.head, replayed: catchUp.replayed, ref: ref
                )
                complete(session, ticket: ticket) { [self] in
                    guard session.user?.id == userID else { return }
                    subscriptions.subscribe(session.connection, to: listID)
                    session.subscriptions.insert(listID)
                    for frame in catchUp.frames { transport.send(frame, to: session.connection, requested: true) }
                    send(subscribed, to: session.connection)
                }
            case .failure(let error):
                let bytes = ServerMessage.error(WireError(error), ref: ref)
                metrics.errors += 1
                complete(session, ticket: ticket) { [self] in send(bytes, to: session.connection) }
            }
        }
    }

    func unsubscribe(_ session: ClientSession, from listID: ListID, ref: String?) {
        let ticket = session.sequencer.issue()
        complete(session, ticket: ticket) { [self] in
            subscriptions.unsubscribe(session.connection, from: listID)
            session.subscriptions.remove(listID)
            send(ServerMessage.unsubscribed(listID: listID, ref: ref), to: session.connection)
        }
    }

    /// The encoded reply, or the error for a failed store call.
    func reply(_ result: Result<[UInt8], StoreError>, ref: String?, opID: String? = nil) -> [UInt8] {
        switch result {
        case .success(let bytes): return bytes
        case .failure(let error):
            metrics.errors += 1
            return ServerMessage.error(WireError(error), opID: opID, ref: ref)
        }
    }
}

/// What a new subscriber receives before it is live, already encoded: the missed events as
/// stored, or one snapshot.
struct CatchUp: Sendable {
    /// A snapshot message, or the replayed events framed in a few chunks (`FrameBatch`).
    var frames: [OutboundFrame]
    var head: Int64
    /// Events replayed; 0 for a snapshot.
    var replayed: Int
}

/// The server's replays are framed as they are read from the store.
extension FrameBatch: ReplaySink {
    public mutating func append(_ payload: UnsafeRawBufferPointer) { appendText(payload) }
}
