/// Reconnect delays: the schedule every Checkwire client uses (docs/protocol.md §16), the web
/// client's (`Public/js/connection.js`) included.
///
/// The n-th delay is drawn uniformly from [d/2, d] with d = min(maximum, initial · 2ⁿ⁻¹):
/// 125–250 ms, 250–500 ms, 500 ms–1 s, then 0.75–1.5 s for as long as the server stays away.
/// `reset()` after a connection that worked starts again at the first window.
///
/// Why these numbers: a restart for an upgrade keeps the server away for a second or so, so a
/// client should be back within about 1.5 s of its return, not at the end of a long back-off;
/// the cap bounds that wait (docs/benchmarks.md, "Restart under many clients"). Why jitter:
/// every client lost its connection at the same instant, and without it they would all come
/// back at the same instants too. Why half of d as a floor: a client never hammers a server
/// that is still down.
public struct Backoff: Sendable {
    public var initial: Duration
    public var maximum: Duration
    public private(set) var attempt = 0

    public init(initial: Duration = .milliseconds(250), maximum: Duration = .milliseconds(1500)) {
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
        return window / 2 + window / 2 * min(max(random(), 0), 1)
    }

    /// After a connection that worked: start again from `initial`.
    public mutating func reset() {
        attempt = 0
    }
}
