/// Reconnect delays: capped exponential backoff with jitter.
///
/// The n-th delay is drawn from [d/2, d] with d = min(maximum, initial · 2ⁿ⁻¹). Why jitter:
/// when a server restarts, every watching client lost its connection at the same instant;
/// without jitter they would all come back at the same instants too. Why half of d as a
/// floor: a client never hammers a server that is still down.
public struct Backoff: Sendable {
    public var initial: Duration
    public var maximum: Duration
    public private(set) var attempt = 0

    public init(initial: Duration = .milliseconds(200), maximum: Duration = .seconds(5)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The next delay; `random` returns a value in 0…1 (injectable for tests).
    public mutating func next(random: () -> Double = { Double.random(in: 0...1) }) -> Duration {
        attempt += 1
        let exponent = min(attempt - 1, 30)
        let ceiling = min(maximum, initial * (1 << exponent))
        return ceiling / 2 + ceiling / 2 * random()
    }

    /// After a connection that worked: start again from `initial`.
    public mutating func reset() {
        attempt = 0
    }
}
