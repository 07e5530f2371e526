import ChecklistCore
import ChecklistStore
import Transport
import WireProtocol

/// Replies to reads: `lists` and `history` (encoded on the store thread), and `subscribe`.
extension Hub {
    func encodedReplyAnswered(
        _ result: Result<StoreReply, StoreError>, session: HubSession, ticket: UInt64, ref: String?
    ) {
        switch result {
        case .success(.encoded(let bytes)):
            complete(session, ticket: ticket, .requested(bytes))
        case .success:
            complete(
                session, ticket: ticket, .message(errorMessage(.failure("unexpected store reply to a read"), ref: ref)))
        case .failure(let error):
            complete(session, ticket: ticket, .message(errorMessage(error, ref: ref)))
        }
    }

    /// The catch-up, then the subscriber is live.
    ///
    /// No gap and no duplicate: the store thread reads the log at a point between two
    /// commits and replies come back in commit order, so every event up to the replayed head
    /// reached the hub before this reply, and every later one after it. Registering the
    /// subscriber when the reply is delivered is therefore exactly right.
    func subscribeAnswered(
        _ result: Result<StoreReply, StoreError>, session: HubSession, ticket: UInt64, ref: String?, listID: ListID,
        userID: UserID
    ) {
        switch result {
        case .success(.catchUp(let catchUp)):
            let subscribed = ServerMessage.subscribed(
                listID: listID, seq: catchUp.head, replayed: catchUp.replayed, ref: ref)
            complete(
                session, ticket: ticket,
                .subscribed(
                    listID: listID, userID: userID, head: catchUp.head, catchUp: catchUp.frames, subscribed: subscribed)
            )
        case .success:
            complete(
                session, ticket: ticket,
                .message(errorMessage(.failure("unexpected store reply to subscribe"), ref: ref)))
        case .failure(let error):
            complete(session, ticket: ticket, .message(errorMessage(error, ref: ref)))
        }
    }
}
