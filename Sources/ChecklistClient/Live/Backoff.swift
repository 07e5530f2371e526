/// Reconnect delays: the schedule every Checkwire client uses (docs/protocol.md §16).
///
/// The n-th delay is drawn uniformly from [0, d] with d = min(maximum, initial · 2ⁿ⁻¹):
/// 250 ms, 500 ms, 1 s, then 2 s for as long as the server stays away. `reset()` after a
/// connection that worked starts again at 250 ms.
///
/// Why these numbers, measured with `checkwire bench reconnect` (docs/benchmarks.md, "A
/// restart under 10,000 clients"): a restart for an upgrade keeps the server away for a second
/// or two, so a client should be back within a couple of seconds of it, not at the end of a
/// long back-off; the cap bounds that wait. Why full jitter (anywhere in [0, d], not [d/2, d]):
/// every client lost its connection at the same instant, and spreading each attempt over the
/// whole window spreads the herd that reaches the new server over the whole window too, rather
/// than packing it into the window's second half.
public struct Backoff: Sendable {
    public var initial: Duration
    public var maximum: Duration
    public private(set) var attempt = 0

    public init(initial: Duration = .milliseconds(250), maximum: Duration = .seconds(2)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The current window's upper end: the largest delay the next attempt may draw.
    public var ceiling: Duration {
        let exponent = min(max(attempt, 0), 30)
        return min(maximum, initial * (1 << exponent))
    }

    /// The next delay; `random` returns a value in 0…1 (injectable for tests).
    public mutating func next(random: () -> Double = { Double.random(in: 0...1) }) -> Duration {
        let window = ceiling
        attempt += 1
        return window * min(max(random(), 0), 1)
    }

    /// After a connection that worked: start again from `initial`.
    public mutating func reset() {
        attempt = 0
    }
}
