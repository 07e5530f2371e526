import ChecklistClient
import Testing

/// The reconnect schedule of docs/protocol.md §16: 250 ms, doubling to a 2 s cap, full jitter.
@Suite struct BackoffTests {
    @Test func theWindowDoublesFrom250MillisecondsUpToTwoSeconds() {
        var backoff = Backoff()
        let ceilings = (0..<7).map { _ in backoff.next(random: { 1 }) }
        #expect(
            ceilings == [
                .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(2), .seconds(2), .seconds(2),
            ])
    }

    /// Full jitter: a delay may fall anywhere from 0 to the window's end, so clients that lost
    /// the server at the same instant come back spread over the whole window.
    @Test func eachDelayIsDrawnFromZeroToTheWindowsEnd() {
        for draw in [0, 0.25, 0.5, 0.999, 1] {
            var backoff = Backoff()
            for _ in 0..<5 {
                let window = backoff.ceiling
                let delay = backoff.next(random: { draw })
                #expect(delay == window * draw)
                #expect(delay >= .zero && delay <= window)
            }
        }
    }

    @Test func drawsOutsideZeroToOneAreClamped() {
        var backoff = Backoff()
        #expect(backoff.next(random: { -3 }) == .zero)
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
        #expect(delays.allSatisfy { $0 >= .zero && $0 <= .milliseconds(250) })
        #expect(Set(delays).count > 900, "a thousand clients draw a thousand different delays")
        let early = delays.filter { $0 < .milliseconds(125) }.count
        #expect((350...650).contains(early), "about half in the window's first half: \(early)")
    }
}
