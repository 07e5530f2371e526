import Foundation
import OutboundDelivery
import Testing

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(
        attempts: 5, firstDelay: .seconds(2), longestDelay: .seconds(10), longestRetryAfter: .seconds(60))

    @Test(arguments: [(1, 2), (2, 4), (3, 8), (4, 10)])
    func delaysDoubleUpToTheLongest(attempt: Int, seconds: Int) {
        #expect(policy.delay(after: attempt, retryAfter: nil, draw: 0.999_999)! > .seconds(seconds) - .milliseconds(1))
        #expect(policy.delay(after: attempt, retryAfter: nil, draw: 1) == .seconds(seconds))
        // The draw places a delay between half and all of its step.
        #expect(policy.delay(after: attempt, retryAfter: nil, draw: 0) == .seconds(seconds) / 2)
    }

    @Test func givesUpAfterTheLastAttempt() {
        #expect(policy.delay(after: 5, retryAfter: nil, draw: 0.5) == nil)
        #expect(policy.delay(after: 5, retryAfter: .seconds(1), draw: 0.5) == nil)
    }

    @Test func honoursRetryAfterExactlyUpToItsLimit() {
        #expect(policy.delay(after: 1, retryAfter: .seconds(30), draw: 0) == .seconds(30))
        #expect(policy.delay(after: 1, retryAfter: .zero, draw: 0.9) == .zero)
        #expect(policy.delay(after: 1, retryAfter: .seconds(61), draw: 0) == nil)
    }

    @Test func oneAttemptMeansNoRetry() {
        let once = RetryPolicy(
            attempts: 0, firstDelay: .seconds(1), longestDelay: .seconds(1), longestRetryAfter: .zero)
        #expect(once.attempts == 1)
        #expect(once.delay(after: 1, retryAfter: nil, draw: 0) == nil)
    }
}

@Suite struct RetryAfterTests {
    let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test func seconds() {
        #expect(RetryAfter.parse("120", now: now) == .seconds(120))
        #expect(RetryAfter.parse(" 0 ", now: now) == .zero)
        #expect(RetryAfter.parse("-5", now: now) == nil)
    }

    @Test func httpDates() {
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:51:37 GMT", now: now) == .seconds(120))
        // A date already past: try now.
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:00:00 GMT", now: now) == .zero)
    }

    @Test(arguments: ["", "soon", "1.5", "Sunday, 06-Nov-94 08:49:37"])
    func anythingElseIsIgnored(value: String) {
        #expect(RetryAfter.parse(value, now: now) == nil)
    }
}
