/// Keeps a connection's replies in the order its requests arrived.
///
/// Requests go different ways — some are answered at once on the service thread, some by
/// the store thread, some by the password workers — so replies can become ready out of
/// order. Each request takes a ticket; a reply is delivered only when every earlier ticket
/// has been, which is what "a connection's requests are handled in the order they were
/// sent" requires.
struct ReplySequencer {
    private var nextTicket: UInt64 = 0
    private var nextToDeliver: UInt64 = 0
    private var ready: [UInt64: () -> Void] = [:]

    /// Tickets issued whose replies have not been delivered yet.
    var pending: Int { Int(nextTicket - nextToDeliver) }

    mutating func issue() -> UInt64 {
        defer { nextTicket += 1 }
        return nextTicket
    }

    /// Records the reply for `ticket`; returns the replies that may now be delivered, in order.
    mutating func complete(_ ticket: UInt64, with deliver: @escaping () -> Void) -> [() -> Void] {
        ready[ticket] = deliver
        var deliverable: [() -> Void] = []
        while let next = ready.removeValue(forKey: nextToDeliver) {
            deliverable.append(next)
            nextToDeliver += 1
        }
        return deliverable
    }
}
