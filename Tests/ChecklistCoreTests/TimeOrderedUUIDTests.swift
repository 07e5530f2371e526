import ChecklistCore
import Testing

@Suite struct TimeOrderedUUIDTests {
    /// Hands out the given words in turn.
    struct Replay: RandomNumberGenerator {
        var words: [UInt64]
        mutating func next() -> UInt64 { words.removeFirst() }
    }

    /// RFC 9562, appendix A.6: unix_ts_ms 0x017F22E279B0, rand_a 0xCC3, rand_b 0x18C4DC0C0C07398F.
    @Test func matchesTheRFCsExample() {
        var random = Replay(words: [0xCC3, 0x18C4_DC0C_0C07_398F])
        let id = TimeOrderedUUID.make(at: Timestamp(milliseconds: 0x017F_22E2_79B0), using: &random)
        #expect(id == "017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
    }

    /// Version 7 and the RFC variant whatever the random bits, and a later millisecond sorts
    /// later as text (what keeps the store's indexes growing at one end).
    @Test func laterMillisecondsSortLaterAsText() {
        var allOnes = Replay(words: [.max, .max])
        var allZeros = Replay(words: [0, 0])
        let earlier = TimeOrderedUUID.make(at: Timestamp(milliseconds: 1_764_000_000_999), using: &allOnes)
        let later = TimeOrderedUUID.make(at: Timestamp(milliseconds: 1_764_000_001_000), using: &allZeros)
        #expect(earlier == "019ab697-ebe7-7fff-bfff-ffffffffffff")
        #expect(later == "019ab697-ebe8-7000-8000-000000000000")
        #expect(earlier < later)
    }

    @Test func twoIDsInTheSameMillisecondDiffer() {
        let now = Timestamp(milliseconds: 1_764_000_000_000)
        #expect(TimeOrderedUUID.make(at: now) != TimeOrderedUUID.make(at: now))
    }
}
