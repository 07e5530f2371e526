/// Reminder intervals: `remind me every 30 minutes`, `every 2 hours`, `every hour`, `every other
/// day`, `every 1.5 hours`, `every 20 min`, `every 30m`, `every half hour`, `ping me every 10
/// minutes`, `remind me hourly`, and `hourly` / `daily` / `weekly` at the end of a clause
/// (`daily standup` is a title). `every Monday` is weekly and also dates the item to the coming
/// Monday; `the 1st of every month` is monthly from the next 1st. A month counts as 30 days.
extension QuickAddScanner {
    typealias ReminderMatch = (end: Int, seconds: Int, date: QuickAddDate?)

    mutating func recognizeReminder() {
        var i = 0
        while i < count {
            guard let lexeme = lex(i) else {
                i += 1
                continue
            }
            var j = i
            var lead = false
            if lexeme.classes.contains(.reminderVerb), isWord(i + 1, .me) {
                j = i + 2
                lead = true
            } else if lexeme.word == .reminder || lexeme.word == .reminders {
                j = i + 1
                lead = true
            }
            if let m = matchEvery(at: j) ?? matchAdverb(at: j, afterLead: lead) ?? matchMonthlyDay(at: i) {
                var lower = i
                if isWord(lower - 1, .and) { lower -= 1 }
                remindEvery = m.seconds
                let range = claim(lower..<m.end, as: .reminder)
                ranges.remindEvery = range
                if let d = m.date, date == nil {
                    date = d
                    ranges.date = range
                }
                return
            }
            i += 1
        }
    }

    /// `(on) the 1st of every month`, `15th of each month`: monthly, from the next such day.
    private func matchMonthlyDay(at i: Int) -> ReminderMatch? {
        var k = i
        if isWord(k, .on) { k += 1 }
        if isWord(k, .the) { k += 1 }
        guard let day = ordinal(k), isWord(k + 1, .of), isWord(k + 2, .every) || isWord(k + 2, .each),
              isWord(k + 3, .month), let date = nextDayOfMonth(day) else { return nil }
        return (k + 4, 2_592_000, date)
    }

    private func matchAdverb(at j: Int, afterLead: Bool) -> ReminderMatch? {
        guard let w = word(j) else { return nil }
        let seconds: Int
        switch w {
        case .hourly: seconds = 3600
        case .daily, .nightly: seconds = 86_400
        case .weekly: seconds = 604_800
        case .monthly: seconds = 2_592_000
        default: return nil
        }
        if !afterLead, let next = word(j + 1) {
            // Only at the end of a clause: `Take vitamins daily`, not `daily standup`.
            switch next {
            case .at, .on, .by, .from, .until, .starting, .and, .in, .for, .before, .after: break
            default: return nil
            }
        }
        return (j + 1, seconds, nil)
    }

    private func matchEvery(at j: Int) -> ReminderMatch? {
        guard isWord(j, .every) else { return nil }
        var k = j + 1
        var multiplier = 1.0
        if isWord(k, .other) {
            multiplier = 2
            k += 1
        } else if let n = number(k) {
            multiplier = Double(n)
            k += 1
            if isPunct(k, 0x2E), touchesPrevious(k), touchesNext(k), let fraction = number(k + 1) {
                var scale = 1.0
                for _ in 0..<tokens[k + 1].leadingDigits { scale *= 10 }
                multiplier += Double(fraction) / scale
                k += 2
            }
        } else if free(k), let unit = tokens[k].suffixUnit, let s = unit.seconds {
            return (k + 1, tokens[k].leadingValue * s, nil)  // every 30min, every 2h
        } else if let l = lex(k), l.count > 0, l.word != .a, l.word != .an {
            multiplier = Double(l.count)
            k += 1
            if isWord(k, .of) { k += 1 }
        } else if isWord(k, .half) || isWord(k, .quarter) {
            let seconds = isWord(k, .half) ? 1800 : 900
            var e = k + 1
            if isWord(e, .of) { e += 1 }
            if isWord(e, .an) { e += 1 }
            if isWord(e, .hour) { return (e + 1, seconds, nil) }
            if isPunct(k + 1, 0x2D), isWord(k + 2, .hour) { return (k + 3, seconds, nil) }
            return nil
        } else if let l = lex(k), l.weekday > 0 {
            let delta = (Int(l.weekday) - today.isoWeekday + 7) % 7
            return (skipDot(k + 1), 604_800, today.adding(days: delta))
        } else if let w = word(k) {
            switch w {
            case .morning, .evening, .night, .afternoon, .weekday: return (k + 1, 86_400, nil)
            default: break
            }
        }
        guard let unit = lex(k)?.unit, let seconds = unit.seconds else { return nil }
        return (k + 1, Int((multiplier * Double(seconds)).rounded()), nil)
    }
}
