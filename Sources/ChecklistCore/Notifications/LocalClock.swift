import Foundation

/// Wall-clock times in a zone as instants, across daylight-saving changes: what the digest
/// and quiet hours are scheduled by. Pure: the zone's rules are the only input besides the
/// arguments (tests run years of days in milliseconds).
///
/// A local time a change skips (02:30 on the night clocks go from 02:00 to 03:00) is read
/// with the offset before the change, so it falls as long after the change as it was meant
/// to be after 02:00 (03:30), as RFC 5545 §3.3.5 reads such times; a local time that happens
/// twice (01:30 on the night clocks go back) is its first instant.
public enum LocalClock {
    /// The instant at `time` on `date` in `zone` (an unknown zone is UTC).
    public static func instant(on date: CivilDate, at time: TimeOfDay, zone: String) -> Timestamp {
        let zone = timeZone(zone)
        let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(time.minutes) * 60
        // The offsets in force half a day either side: one of them is the local time's.
        let before = offset(zone, atSeconds: local - 43_200)
        let after = offset(zone, atSeconds: local + 43_200)
        let valid = [before, after].map { local - $0 }.filter { candidate in
            local - offset(zone, atSeconds: candidate) == candidate
        }
        let seconds = valid.min() ?? (local - before)
        return Timestamp(milliseconds: seconds * 1000)
    }

    /// The first instant after `now` at which the wall clock in `zone` shows `time`.
    public static func next(_ time: TimeOfDay, after now: Timestamp, zone: String) -> Timestamp {
        let today = RepeatDue.localDate(of: now, timeZone: zone)
        let candidate = instant(on: today, at: time, zone: zone)
        if candidate > now { return candidate }
        var day = today.addingDays(1)
        // A skipped time read "as long after the change" can land before a later local time;
        // step on until it is after `now` (at most two days in any zone).
        while true {
            let later = instant(on: day, at: time, zone: zone)
            if later > now { return later }
            day = day.addingDays(1)
        }
    }

    /// The time of day the wall clock in `zone` shows at `instant` (to the minute).
    public static func timeOfDay(at instant: Timestamp, zone: String) -> TimeOfDay {
        let seconds = instant.milliseconds.floorDivided(by: 1000).quotient
        let local = seconds + offset(timeZone(zone), atSeconds: seconds)
        let minutes = Int(local.floorDivided(by: 86_400).remainder / 60)
        return TimeOfDay(minutes: minutes) ?? TimeOfDay(minutes: 0)!
    }

    private static func offset(_ zone: TimeZone, atSeconds seconds: Int64) -> Int64 {
        Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
    }

    private static func timeZone(_ name: String) -> TimeZone {
        TimeZone(identifier: name) ?? TimeZone(identifier: "UTC")!
    }
}
