/// The rule every subscriber's stream is checked against (each message exactly once and in
/// order), as pure functions.
///
/// Why apart from the engine: a checker that never fails would make every "verified" in a
/// report worthless, so the rule itself is tested with streams that break it.
enum DeliveryOrder {
    /// What one received message means for a subscriber's stream.
    enum Verdict: Equatable, Sendable {
        /// The next message, after `missed` messages that never arrived (0 when none).
        case accepted(missed: Int)
        /// At or before one already received: counted, and not applied.
        case duplicateOrReordered
    }

    /// A Checkwire `event` numbered `seq` after the last applied `last` (-1 while unknown:
    /// the first event after subscribing without a head sets the start).
    static func event(seq: Int64, after last: Int64) -> Verdict {
        guard last >= 0 else { return .accepted(missed: 0) }
        if seq <= last { return .duplicateOrReordered }
        return .accepted(missed: Int(seq - last - 1))
    }

    /// Events a `subscribed` reply naming the list's `head` shows were skipped: those after
    /// the last applied `last` that neither the replay nor live delivery brought.
    static func missedBeforeSubscribed(head: Int64, after last: Int64) -> Int {
        last >= 0 && head > last ? Int(head - last) : 0
    }

    /// An nchan message numbered `number` by one writer on one channel, after that writer's
    /// last number there (`last`, 0 while none), where its numbers on that channel start at
    /// `first` and advance by `step`.
    static func nchanMessage(number: Int64, after last: Int64, first: Int64, step: Int) -> Verdict {
        if number <= last { return .duplicateOrReordered }
        let expected = last == 0 ? first : last + Int64(step)
        return .accepted(missed: number > expected ? Int(number - expected) / step : 0)
    }
}
