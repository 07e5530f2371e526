import ChecklistClient
import Testing

@Suite struct BackoffTests {
    @Test func growsExponentiallyUpToTheCap() {
        var backoff = Backoff(initial: .milliseconds(100), maximum: .seconds(1))
        let ceilings = (0..<8).map { _ in backoff.next(random: { 1 }) }
        #expect(
            ceilings == [
                .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1),
                .seconds(1), .seconds(1), .seconds(1),
            ])
    }

    @Test func jitterStaysBetweenHalfAndAllOfTheCeiling() {
        var low = Backoff(initial: .milliseconds(100), maximum: .seconds(1))
        var high = low
        for _ in 0..<6 {
            let floor = low.next(random: { 0 })
            let ceiling = high.next(random: { 1 })
            #expect(floor == ceiling / 2)
        }
    }

    @Test func resetStartsOver() {
        var backoff = Backoff(initial: .milliseconds(100), maximum: .seconds(10))
        for _ in 0..<5 { _ = backoff.next() }
        backoff.reset()
        #expect(backoff.next(random: { 1 }) == .milliseconds(100))
    }
}
