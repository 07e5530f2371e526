/// Signups and logins in progress per client address, from the request until its answer: a
/// store lookup, then password work, then a store write. At most `limit` per address; past it
/// the hub refuses the request at once (`rateLimited`), before any store lookup or hashing.
///
/// Why: each signup or login of a flood costs a store lookup (the limits are counted in the
/// store) and service-thread work even when it ends refused, and the store thread and the
/// password queues serve every address in turn. A bound per address keeps one address's
/// requests from filling the store's queue and the password workers' queues, so another
/// address's login meets at most `limit` of its jobs anywhere; and refusing on the service
/// thread costs the least a refusal can. A client that waits for each answer (ours do) never
/// has more than one in progress per connection.
struct AuthenticationSlots {
    private var taken: [String: Int] = [:]

    /// Takes a slot for `session`'s address; `false` when the address holds `limit` already.
    mutating func take(for session: HubSession, limit: Int) -> Bool {
        let count = taken[session.address, default: 0]
        guard count < limit else { return false }
        taken[session.address] = count + 1
        session.holdsAuthenticationSlot = true
        return true
    }

    /// Gives back `session`'s slot, if it holds one (its request was answered, or it closed).
    mutating func release(for session: HubSession) {
        guard session.holdsAuthenticationSlot else { return }
        session.holdsAuthenticationSlot = false
        let count = taken[session.address, default: 1] - 1
        taken[session.address] = count > 0 ? count : nil
    }

    /// Slots taken by `address` now.
    func inProgress(from address: String) -> Int { taken[address, default: 0] }
}
