/// Version 7 UUIDs (RFC 9562, section 5.7) as lower-case text: the Unix time in milliseconds
/// in the first 48 bits, then 74 random bits around the version and variant.
///
/// Why Checkwire's own clients make their opIds this way rather than at random (version 4):
/// the store keeps a unique index of each author's opIds, and one that sorts after the ones
/// made before it lands on the index's last page, which the commit writes anyway. A random
/// one lands on any page, and every page a commit touches is written whole to the log and
/// copied again by the checkpoint: with 50 writers that was half of every commit's log
/// (docs/benchmarks.md, "Time-ordered opIds"). The contract asks only for a unique string, so other
/// clients stay correct with any UUID; they cost the server more per edit.
///
/// Ids of lists and items stay random: people refer to them by their first digits (the
/// terminal), and a time-ordered id shares those with everything made in the same minute.
public enum TimeOrderedUUID {
    public static func make(at time: Timestamp) -> String {
        var generator = SystemRandomNumberGenerator()
        return make(at: time, using: &generator)
    }

    public static func make(at time: Timestamp, using generator: inout some RandomNumberGenerator) -> String {
        let milliseconds = UInt64(clamping: max(0, time.milliseconds)) & 0xFFFF_FFFF_FFFF
        let high = milliseconds << 16 | 0x7000 | (generator.next() & 0x0FFF)
        let low = (generator.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return text(high: high, low: low)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// 8-4-4-4-12 lower-case hex digits of the 128 bits `high` then `low`.
    static func text(high: UInt64, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            var count = 0
            for nibble in 0..<32 {
                if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
                    buffer[count] = UInt8(ascii: "-")
                    count += 1
                }
                let word = nibble < 16 ? high : low
                buffer[count] = hexDigits[Int(word >> UInt64(60 - 4 * (nibble % 16)) & 0xF)]
                count += 1
            }
            return count
        }
    }
}
