/// Which days a rule falls on, counted from the item's first occurrence (`start`): every
/// `interval` days, weeks (Monday-based) or months from it, never before it.
extension RepeatRule {
    /// Whether `date` is an occurrence of the rule started on `start` (`start` itself always is).
    public func isOccurrence(_ date: CivilDate, start: CivilDate) -> Bool {
        date == start || fits(date, countingFrom: start)
    }

    /// The first day from `date` on that the rule itself names (a rule started today on an item
    /// with no due: "every Monday" on a Saturday starts on Monday). The interval counts from
    /// that first day, so it plays no part here: "every other Tuesday" starts on the coming one.
    public func firstOccurrence(onOrAfter date: CivilDate) -> CivilDate? {
        var single = self
        single.interval = 1
        var candidate = date
        for _ in 0..<(31 * 12) {
            if single.fits(candidate, countingFrom: date) { return candidate }
            candidate = candidate.addingDays(1)
        }
        return nil
    }

    /// Whether `date` is one of the rule's days, with intervals counted from `start`'s day,
    /// week or month.
    private func fits(_ date: CivilDate, countingFrom start: CivilDate) -> Bool {
        guard date >= start else { return false }
        switch frequency {
        case .daily:
            return (date.daysSinceEpoch - start.daysSinceEpoch) % interval == 0
        case .weekly:
            let weeks = (Self.monday(of: date) - Self.monday(of: start)) / 7
            let days = weekdays.isEmpty ? [start.isoWeekday] : weekdays
            return weeks % interval == 0 && days.contains(date.isoWeekday)
        case .monthly:
            let months = (date.year - start.year) * 12 + date.month - start.month
            return months % interval == 0 && date.day == (monthDay ?? start.day)
        }
    }

    /// The first occurrence strictly after `date`.
    public func nextOccurrence(after date: CivilDate, start: CivilDate) -> CivilDate? {
        occurrence(onOrAfter: date.addingDays(1), start: start)
    }

    /// The first occurrence on or after `date` (and never before `start`).
    public func occurrence(onOrAfter date: CivilDate, start: CivilDate) -> CivilDate? {
        var candidate = max(date, start)
        switch frequency {
        case .daily, .weekly:
            // Within interval × 7 days there is always one (a week with the rule's weekdays).
            for _ in 0..<(interval * 7 + 7) {
                if isOccurrence(candidate, start: start) { return candidate }
                candidate = candidate.addingDays(1)
            }
            return nil
        case .monthly:
            let day = monthDay ?? start.day
            var months = (candidate.year - start.year) * 12 + candidate.month - start.month
            months += (interval - months % interval) % interval
            // A day of 31 exists in 7 months of 12, so 12 tries of each interval find one.
            for _ in 0..<24 {
                let total = start.month - 1 + months
                let year = start.year + total / 12
                let month = total % 12 + 1
                if let date = CivilDate(year: year, month: month, day: day), date >= candidate { return date }
                months += interval
            }
            return nil
        }
    }

    /// Days since the epoch of the Monday of `date`'s week.
    static func monday(of date: CivilDate) -> Int {
        date.daysSinceEpoch - (date.isoWeekday - 1)
    }
}

extension CivilDate {
    /// 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday).
    public var isoWeekday: Int {
        ((daysSinceEpoch % 7) + 7 + 3) % 7 + 1
    }

    public func addingDays(_ days: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + days)
    }
}
