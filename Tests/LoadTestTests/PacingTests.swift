@testable import LoadTest
import Testing

/// The paced write loop pauses until the next edit is due, within 1–20 ms.
@Suite struct PacingTests {
    @Test func pausesUntilTheNextEditIsDue() {
        // 1,000 edits/s, 5 sent, 1 ms in: the 6th is due at 5 ms, 4 ms from now.
        #expect(Run.pacingPause(rate: 1000, due: 5, elapsed: 0.001) == .milliseconds(4))
    }

    @Test func neverLessThanOneNorMoreThanTwentyMilliseconds() {
        #expect(Run.pacingPause(rate: 5, due: 1, elapsed: 0) == .milliseconds(20))  // due in 200 ms
        #expect(Run.pacingPause(rate: 50, due: 0, elapsed: 0) == .milliseconds(1))  // already due
        #expect(Run.pacingPause(rate: 50, due: 10, elapsed: 2) == .milliseconds(1))  // behind schedule
    }
}
