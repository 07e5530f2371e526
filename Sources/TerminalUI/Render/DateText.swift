public import ChecklistCore
public import Foundation

/// Dates and times as people read them, in the local time zone.
///
/// An all-day due date is shown as the date itself ("Thu Mar 12"); a date-time as the
/// local date and time ("Thu Mar 12 17:00"); the year only when it is not this year's.
public struct DateText: Sendable {
    public let timeZone: TimeZone
    public let now: Date

    public init(timeZone: TimeZone, now: Date = Date()) {
        self.timeZone = timeZone
        self.now = now
    }

    public func due(_ due: Due) -> String {
        switch due {
        case .date(let date):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let day = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day))!
            return format(day, in: TimeZone(identifier: "UTC")!, time: false, sameYear: date.year == year(of: now))
        case .dateTime(let instant):
            let date = self.date(instant)
            return format(date, in: timeZone, time: true, sameYear: year(of: date) == year(of: now))
        }
    }

    /// Whether `due` has passed: a date once its local day is over, a date-time once reached.
    public func isOverdue(_ due: Due) -> Bool {
        switch due {
        case .date(let date):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let today = calendar.dateComponents([.year, .month, .day], from: now)
            guard let todayDate = CivilDate(year: today.year!, month: today.month!, day: today.day!) else {
                return false
            }
            return date < todayDate
        case .dateTime(let instant):
            return self.date(instant) < now
        }
    }

    /// When a change happened: the time today, or the date and time before today.
    public func moment(_ instant: Timestamp) -> String {
        let date = self.date(instant)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = calendar.isDate(date, inSameDayAs: now) ? "HH:mm:ss" : "MMM d HH:mm"
        return formatter.string(from: date)
    }

    public func date(_ instant: Timestamp) -> Date {
        Date(timeIntervalSince1970: Double(instant.milliseconds) / 1000)
    }

    private func year(of date: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.component(.year, from: date)
    }

    private func format(_ date: Date, in zone: TimeZone, time: Bool, sameYear: Bool) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = (sameYear ? "EEE MMM d" : "EEE MMM d yyyy") + (time ? " HH:mm" : "")
        return formatter.string(from: date)
    }
}
