import ChecklistCore
import Transport

/// Which checklists have most of their subscribers behind, and which writers wait for them.
///
/// Why: an event goes to every subscriber of its checklist. When writers commit edits faster
/// than the subscribers read them, each subscriber's queue grows until the slow-consumer
/// bound closes it — all of them at once when they are all slower than the writers — and
/// each then reconnects and catches up, only to fall behind again. Pausing the writers
/// instead lets the checklist move at the pace of most of its readers: nothing is dropped,
/// and the events the server produces are the ones its readers take.
///
/// The rules, and why:
/// - A checklist is **congested** when more than half of its subscribers are behind (the
///   transport's `isBehind`). A majority, not one: a slow phone must not slow the others'
///   edits (in a list two people have open, it is one of two); it is the slow-consumer
///   bound's case, and catches up by replay.
/// - A writer whose edit commits to a congested checklist stops being read until the
///   checklist is no longer congested (the hub carries this out).
/// - Subscribers that stopped reading altogether do not count as behind (the transport
///   reports them caught up after `stalledAfterSeconds`); the slow-consumer bound and the
///   idle timeout deal with them.
/// - One congestion lasts at most `maxPause` seconds for its writers, so readers that keep
///   reading a trickle cannot hold the writers for ever. After that the writers run free
///   until the congestion ends, and the slow-consumer bound closes whoever falls too far.
///
/// Pure state; time is passed in.
struct ListCongestion {
    struct Episode {
        var since: Double
        var writers: Set<ConnectionID> = []
        /// `maxPause` passed: writers are released and not paused again until it ends.
        var expired = false
    }

    let maxPause: Double
    private var behind: Set<ConnectionID> = []
    private var behindSubscribers: [ListID: Int] = [:]
    private var episodes: [ListID: Episode] = [:]

    init(maxPause: Double) {
        self.maxPause = maxPause
    }

    func isCongested(_ list: ListID, subscribers: Int) -> Bool {
        let behindCount = behindSubscribers[list] ?? 0
        return 2 * behindCount > subscribers
    }

    /// The transport says `connection` fell behind or caught up; `lists` are its live
    /// subscriptions.
    mutating func setBehind(_ connection: ConnectionID, _ isBehind: Bool, lists: Set<ListID>) {
        let changed = isBehind ? behind.insert(connection).inserted : behind.remove(connection) != nil
        guard changed else { return }
        for list in lists { count(list, by: isBehind ? 1 : -1) }
    }

    mutating func subscribed(_ connection: ConnectionID, to list: ListID) {
        if behind.contains(connection) { count(list, by: 1) }
    }

    mutating func unsubscribed(_ connection: ConnectionID, from list: ListID) {
        if behind.contains(connection) { count(list, by: -1) }
    }

    /// `connection` closed; call after `unsubscribed` for each of its lists.
    mutating func closed(_ connection: ConnectionID) {
        behind.remove(connection)
        for list in episodes.keys { episodes[list]?.writers.remove(connection) }
    }

    /// Whether `writer`, whose edit just committed to congested `list`, is to be paused now;
    /// records it as waiting for `list` if so.
    mutating func pause(_ writer: ConnectionID, for list: ListID, now: Double) -> Bool {
        var episode = episodes[list] ?? Episode(since: now)
        defer { episodes[list] = episode }
        guard !episode.expired else { return false }
        return episode.writers.insert(writer).inserted
    }

    /// Ends `list`'s congestion if it is over; returns the writers that waited for it.
    mutating func endIfOver(_ list: ListID, subscribers: Int) -> Set<ConnectionID> {
        guard episodes[list] != nil, !isCongested(list, subscribers: subscribers) else { return [] }
        return episodes.removeValue(forKey: list)?.writers ?? []
    }

    /// Expires every congestion older than `maxPause`; returns the writers each held.
    mutating func expire(now: Double) -> [(list: ListID, writers: Set<ConnectionID>)] {
        var released: [(list: ListID, writers: Set<ConnectionID>)] = []
        for (list, episode) in episodes where !episode.expired && now - episode.since >= maxPause {
            released.append((list, episode.writers))
            episodes[list]?.expired = true
            episodes[list]?.writers = []
        }
        return released
    }

    /// When the oldest unexpired congestion expires, if any.
    var nextExpiry: Double? {
        episodes.values.filter { !$0.expired }.map { $0.since + maxPause }.min()
    }

    private mutating func count(_ list: ListID, by delta: Int) {
        let value = (behindSubscribers[list] ?? 0) + delta
        behindSubscribers[list] = value > 0 ? value : nil
    }
}
