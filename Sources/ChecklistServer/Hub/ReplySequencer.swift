/// Keeps a connection's replies in the order its requests arrived.
///
/// Requests go different ways — some are answered at once, some by the store thread, some
/// by the password workers — so replies can become ready out of order. Each request takes a
/// ticket; a reply is delivered only when every earlier ticket has been, which is what "a
/// connection's requests are handled in the order they were sent" requires.
struct ReplySequencer<Reply> {
    private var nextTicket: UInt64 = 0
    private var nextToDeliver: UInt64 = 0
    private var ready: [UInt64: Reply] = [:]

    /// Tickets issued whose replies have not been delivered yet.
    var pending: Int { Int(nextTicket - nextToDeliver) }

    mutating func issue() -> UInt64 {
        defer { nextTicket += 1 }
        return nextTicket
    }

    /// Records the reply for `ticket`; returns the replies that may now be delivered, in order.
    mutating func complete(_ ticket: UInt64, with reply: Reply) -> [Reply] {
        if ticket == nextToDeliver && ready.isEmpty {
            nextToDeliver += 1
            return [reply]
        }
        ready[ticket] = reply
        var deliverable: [Reply] = []
        while let next = ready.removeValue(forKey: nextToDeliver) {
            deliverable.append(next)
            nextToDeliver += 1
        }
        return deliverable
    }
}
