import ChecklistClient
import Testing

/// The reconnect schedule of docs/protocol.md §16, the web client's too: 250 ms, doubling to
/// a 1.5 s cap, each delay drawn from the upper half of its window.
@Suite struct BackoffTests {
    @Test func theWindowDoublesFrom250MillisecondsUpTo1500() {
        var backoff = Backoff()
        let ceilings = (0..<6).map { _ in backoff.next(random: { 1 }) }
        #expect(
            ceilings == [
                .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(1500), .milliseconds(1500),
                .milliseconds(1500),
            ])
    }

    /// Jitter: a delay falls anywhere in the upper half of its window, so clients that lost
    /// the server at the same instant come back spread over it, and none retries at once.
    @Test func eachDelayIsDrawnFromTheUpperHalfOfItsWindow() {
        for draw in [0, 0.25, 0.5, 0.999, 1] {
            var backoff = Backoff()
            for _ in 0..<5 {
                let window = backoff.ceiling
                let delay = backoff.next(random: { draw })
                #expect(delay == window / 2 + window / 2 * draw)
                #expect(delay >= window / 2 && delay <= window)
            }
        }
    }

    @Test func drawsOutsideZeroToOneAreClamped() {
        var backoff = Backoff()
        #expect(backoff.next(random: { -3 }) == .milliseconds(125))
        #expect(backoff.next(random: { 7 }) == .milliseconds(500))
    }

    @Test func resetStartsOver() {
        var backoff = Backoff(initial: .milliseconds(100), maximum: .seconds(10))
        for _ in 0..<5 { _ = backoff.next() }
        backoff.reset()
        #expect(backoff.ceiling == .milliseconds(100))
        #expect(backoff.next(random: { 1 }) == .milliseconds(100))
    }

    @Test func randomDrawsSpreadAHerd() {
        let delays = (0..<1000).map { _ in
            var backoff = Backoff()
            return backoff.next()
        }
        #expect(delays.allSatisfy { $0 >= .milliseconds(125) && $0 <= .milliseconds(250) })
        #expect(Set(delays).count > 900, "a thousand clients draw a thousand different delays")
        let early = delays.filter { $0 < .microseconds(187_500) }.count
        #expect((350...650).contains(early), "about half in the window's lower half: \(early)")
    }
}
