/// Limits how many accounts one source address may try to create per hour, so a flood of
/// signups can neither fill the database nor spend the hashing budget. Attempts that pass the
/// account rules count, whether or not the name was free. `limit` 0 turns it off.
/// Time is passed in (monotonic seconds).
struct SignupLimiter {
    var limit: Int
    var window: Double = 3_600
    private var recent: [String: [Double]] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    /// Admits an attempt from `address` (and counts it), or returns the seconds until one will be.
    mutating func admit(address: String, now: Double) -> Int? {
        guard limit > 0 else { return nil }
        if recent.count > 50_000 { recent = recent.filter { $0.value.contains { now - $0 < window } } }
        var times = recent[address, default: []].filter { now - $0 < window }
        if times.count >= limit, let oldest = times.first {
            recent[address] = times
            return max(1, Int((oldest + window - now).rounded(.up)))
        }
        times.append(now)
        recent[address] = times
        return nil
    }
}
