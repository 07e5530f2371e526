/// How a repeating item comes back: the contract's RFC 5545 RRULE subset —
/// `FREQ=DAILY|WEEKLY|MONTHLY`, `INTERVAL=N`, `BYDAY=MO,TU,…` (weekly only) and `BYMONTHDAY=N`
/// (monthly only), such as `"FREQ=WEEKLY;BYDAY=MO,WE,FR"`.
///
/// Kept as its canonical text on items and the wire (`rrule`): parts in a fixed order,
/// `INTERVAL=1` left out, weekdays Monday first. So two ways of writing one rule compare equal.
public struct RepeatRule: Hashable, Sendable, CustomStringConvertible {
    public enum Frequency: String, Sendable, CaseIterable {
        case daily = "DAILY"
        case weekly = "WEEKLY"
        case monthly = "MONTHLY"
    }

    public var frequency: Frequency
    /// Every `interval` days, weeks or months (at least 1).
    public var interval: Int
    /// ISO weekdays (1 = Monday … 7 = Sunday), ascending; empty: the first occurrence's weekday.
    public var weekdays: [Int]
    /// The day of the month (1…31); `nil`: the first occurrence's day. Months without that
    /// day have no occurrence (as RFC 5545 says: a `BYMONTHDAY=31` skips April).
    public var monthDay: Int?

    public static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    public static let maximumInterval = 366

    public init(frequency: Frequency, interval: Int = 1, weekdays: [Int] = [], monthDay: Int? = nil) {
        self.frequency = frequency
        self.interval = interval
        self.weekdays = Array(Set(weekdays)).sorted()
        self.monthDay = monthDay
    }

    /// Reads the text, or says which part is wrong and what the subset allows.
    public init(parsing text: String) throws(DomainError) {
        var frequency: Frequency?
        var interval = 1
        var weekdays: [Int] = []
        var monthDay: Int?
        var seen = Set<String>()
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, !pair[0].isEmpty else {
                throw .badRequest("\"repeat\": “\(part)” is not NAME=VALUE; write for example \"FREQ=WEEKLY;BYDAY=MO\"")
            }
            let name = pair[0].uppercased()
            let value = String(pair[1])
            guard seen.insert(name).inserted else { throw .badRequest("\"repeat\": \(name) is given twice") }
            switch name {
            case "FREQ":
                guard let known = Frequency(rawValue: value.uppercased()) else {
                    throw .badRequest("\"repeat\": FREQ=\(value) is not supported; use DAILY, WEEKLY or MONTHLY")
                }
                frequency = known
            case "INTERVAL":
                guard let number = Int(value), (1...Self.maximumInterval).contains(number) else {
                    throw .badRequest(
                        "\"repeat\": INTERVAL=\(value) must be a whole number from 1 to \(Self.maximumInterval)")
                }
                interval = number
            case "BYDAY":
                for code in value.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let index = Self.weekdayCodes.firstIndex(of: code.uppercased()) else {
                        throw .badRequest(
                            "\"repeat\": BYDAY “\(code)” is not a weekday; use MO, TU, WE, TH, FR, SA or SU (no numbers)"
                        )
                    }
                    weekdays.append(index + 1)
                }
            case "BYMONTHDAY":
                guard let number = Int(value), (1...31).contains(number) else {
                    throw .badRequest("\"repeat\": BYMONTHDAY=\(value) must be a day of the month from 1 to 31")
                }
                monthDay = number
            default:
                throw .badRequest(
                    "\"repeat\": \(name) is not supported; the parts are FREQ, INTERVAL, BYDAY (weekly) and BYMONTHDAY (monthly)"
                )
            }
        }
        guard let frequency else { throw .badRequest("\"repeat\" needs FREQ=DAILY, FREQ=WEEKLY or FREQ=MONTHLY") }
        if !weekdays.isEmpty, frequency != .weekly { throw .badRequest("\"repeat\": BYDAY goes with FREQ=WEEKLY only") }
        if monthDay != nil, frequency != .monthly {
            throw .badRequest("\"repeat\": BYMONTHDAY goes with FREQ=MONTHLY only")
        }
        self.init(frequency: frequency, interval: interval, weekdays: weekdays, monthDay: monthDay)
    }

    /// The canonical text.
    public var rrule: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !weekdays.isEmpty {
            parts.append("BYDAY=" + weekdays.map { Self.weekdayCodes[$0 - 1] }.joined(separator: ","))
        }
        if let monthDay { parts.append("BYMONTHDAY=\(monthDay)") }
        return parts.joined(separator: ";")
    }

    public var description: String { rrule }

    /// Occurrences per day on average, for the habit score's `f` (1 daily, 3/7 for three
    /// weekdays, 1/30 monthly).
    public var occurrencesPerDay: Double {
        switch frequency {
        case .daily: 1 / Double(interval)
        case .weekly: Double(max(1, weekdays.count)) / (7 * Double(interval))
        case .monthly: 12 / 365.25 / Double(interval)
        }
    }
}

extension RepeatRule {
    private static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The rule as people say it: "every Mon, Thu", "every weekday", "every 3 days", "every month
    /// on the 1st" (the web client's `repeatInWords` says the same).
    public var inWords: String {
        let unit =
            switch frequency {
            case .daily: "day"
            case .weekly: "week"
            case .monthly: "month"
            }
        if !weekdays.isEmpty {
            let named =
                weekdays == [1, 2, 3, 4, 5]
                ? "weekday" : weekdays.map { Self.weekdayNames[$0 - 1] }.joined(separator: ", ")
            return interval == 1 ? "every \(named)" : "every \(interval) weeks on \(named)"
        }
        let every =
            interval == 1
            ? "every \(unit)"
            : interval == 2 && frequency == .weekly ? "every other week" : "every \(interval) \(unit)s"
        guard let monthDay else { return every }
        let suffix = (11...13).contains(monthDay % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][monthDay % 10] ?? "th"
        return "\(every) on the \(monthDay)\(suffix)"
    }
}
