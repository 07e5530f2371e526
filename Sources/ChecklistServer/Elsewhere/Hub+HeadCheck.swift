import ChecklistStore

/// The head check of a shared store: every 250 ms the hub asks the store which checklists
/// subscribed here have a stored head past the last seq their subscribers were sent, and
/// reads the missing events from the log (`FanOutOrder.storedHead`).
///
/// Why, when the tail already delivers every event: it is the second way in, for an event
/// the tail has not handed over yet (its connection lost and remade, a turn that failed). A
/// checklist's head and its log rows commit together, so what the head check reads is
/// complete whatever is still open; whichever copy of an event comes second is dropped as
/// already sent.
extension Hub {
    /// The wiring's timer: check, unless the last check is still out or nothing is subscribed.
    func headCheckDue() {
        guard !headCheckInFlight else { return }
        let sent = order.sentHeads
        guard !sent.isEmpty else { return }
        headCheckInFlight = true
        runStore(.storedHeads(sent), then: .headCheck)
    }

    func headsChecked(_ result: Result<StoreReply, StoreError>) {
        headCheckInFlight = false
        // A failed check changes nothing; the next one asks again.
        guard case .success(.heads(let heads)) = result else { return }
        for stored in heads {
            let notices = stored.notices.map(EventDelivery.init(committedElsewhere:))
            perform(order.storedHead(stored.listID, stored.head, notices: notices))
        }
    }
}
