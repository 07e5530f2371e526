import ChecklistStore
import Transport

extension ChecklistServer {
    /// Events a shared store's tail read (any server's commits, this one's too, in any order,
    /// perhaps again), handed to the hub on the service thread: `FanOutOrder` gives each
    /// subscriber every one once, in `seq` order, reading from the log what it missed.
    func committedElsewhere(_ events: [CommittedEvent]) {
        let deliveries = events.map { event in
            EventDelivery(listID: event.listID, seq: event.seq, payload: event.payload, revokedUserID: nil, shared: nil)
        }
        transport.execute { [self] in
            hub.committedElsewhere(deliveries)
            performHubActions()
        }
    }
}
