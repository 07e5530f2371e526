/// Repeats and reminder intervals, told apart by the quick-add README's "Repeat" rule: how
/// often the task itself comes back is a repeat; how often to be nagged about it is a reminder.
///
/// - `remind me …`, `ping me …`, `reminder …`, and a bare interval under a day (`every hour`,
///   `hourly`, `every 20 min`, `every 30m`, `every half hour`) are reminders (`remindEvery`).
/// - A bare interval of a day or more is a repeat: `every day` / `daily`, `every 3 days`,
///   `every weekday`, `every Monday`, `every Mon and Thu`, `every week` / `weekly`, `every 2
///   weeks` / `every other week`, `every other Tuesday`, `every month` / `monthly`, `monthly on
///   the 1st`, `every month on the 15th`, `the 1st of every month`. Without a written date the
///   item is dated to the repeat's first day from today on.
/// - One line may hold both: `stretch daily, remind me every 2 hours`.
/// - `hourly` / `daily` / `weekly` count only at the end of a clause (`daily standup` is a title).
extension QuickAddScanner {
    /// What one phrase said: its end, its interval in seconds, the rule when it is a repeat
    /// of a day or more, and the date it names (the coming Monday for `every Monday`).
    struct IntervalMatch {
        var end: Int
        var seconds: Int
        var rule: RepeatRule?
        var date: QuickAddDate?
    }

    mutating func recognizeReminder() {
        var i = 0
        while i < count, remindEvery == nil || repeatRule == nil || remindBefore == nil {
            guard let lexeme = lex(i) else {
                i += 1
                continue
            }
            let verb = lexeme.classes.contains(.reminderVerb) || lexeme.word == .reminder || lexeme.word == .reminders
            // `remind me`, `ping me`, `reminder`: what follows is about being reminded.
            let lead = verb && (isWord(i + 1, .me) || lexeme.word == .reminder || lexeme.word == .reminders)
            let j = lead && isWord(i + 1, .me) ? i + 2 : lead ? i + 1 : i
            if verb, remindBefore == nil, let before = matchRemindBefore(at: isWord(i + 1, .me) ? i + 2 : i + 1) {
                remindBefore = before.seconds
                ranges.remindBefore = claim(withAnd(i)..<before.end, as: .reminder)
                i = before.end
                continue
            }
            guard var m = matchEvery(at: j) ?? matchAdverb(at: j, afterLead: lead) ?? matchMonthlyDay(at: i) else {
                i += 1
                continue
            }
            let isRepeat = !lead && m.rule != nil
            if isRepeat ? repeatRule != nil : remindEvery != nil {
                i = m.end
                continue
            }
            if !isRepeat, let end = matchUntilDone(at: m.end) { m.end = end }
            record(m, isRepeat: isRepeat, range: claim(withAnd(i)..<m.end, as: .reminder))
            i = m.end
        }
    }

    /// `i`, or the `and` right before it (`… and remind me every day`).
    private func withAnd(_ i: Int) -> Int {
        isWord(i - 1, .and) ? i - 1 : i
    }

    /// Keeps what an interval phrase said: a repeat (and the date it implies when none is
    /// written), or a reminder interval.
    private mutating func record(_ m: IntervalMatch, isRepeat: Bool, range: QuickAddRange) {
        if isRepeat, let rule = m.rule {
            repeatRule = rule
            ranges.repeatRule = range
            if date == nil {
                date = m.date ?? firstDay(of: rule)
                ranges.date = range
                rollover = .repeatRule
            }
        } else {
            remindEvery = m.seconds
            ranges.remindEvery = range
            if let d = m.date, date == nil {
                date = d
                ranges.date = range
            }
        }
    }

    /// The rule's first day from today on.
    private func firstDay(of rule: RepeatRule) -> QuickAddDate? {
        guard let today = CivilDate(year: today.year, month: today.month, day: today.day),
            let first = rule.firstOccurrence(onOrAfter: today)
        else { return nil }
        return QuickAddDate(year: first.year, month: first.month, day: first.day)
    }

    /// `(due) (on) the 1st of every month`, `on the 1st every month`, `15th of each month`:
    /// monthly on that day.
    private func matchMonthlyDay(at i: Int) -> IntervalMatch? {
        var k = i
        if isWord(k, .due) { k += 1 }
        if isWord(k, .on) { k += 1 }
        if isWord(k, .the) { k += 1 }
        guard let day = ordinal(k) else { return nil }
        var e = k + 1
        if isWord(e, .of) { e += 1 }
        guard isWord(e, .every) || isWord(e, .each), isWord(e + 1, .month), let date = nextDayOfMonth(day) else {
            return nil
        }
        return IntervalMatch(
            end: e + 2, seconds: 2_592_000, rule: RepeatRule(frequency: .monthly, monthDay: day), date: date)
    }

    /// `every 1st`, `every 15th of the month` (of every month, of each month): monthly on that day.
    private func matchEveryOrdinal(at k: Int) -> IntervalMatch? {
        guard let day = ordinal(k), let date = nextDayOfMonth(day) else { return nil }
        var end = k + 1
        if isWord(end, .of), isWord(end + 1, .the) || isWord(end + 1, .every) || isWord(end + 1, .each),
            isWord(end + 2, .month)
        {
            end += 3
        }
        return IntervalMatch(
            end: end, seconds: 2_592_000, rule: RepeatRule(frequency: .monthly, monthDay: day), date: date)
    }

    private func matchAdverb(at j: Int, afterLead: Bool) -> IntervalMatch? {
        guard let w = word(j) else { return nil }
        var match: IntervalMatch
        switch w {
        case .hourly: match = IntervalMatch(end: j + 1, seconds: 3600)
        case .daily, .nightly: match = IntervalMatch(end: j + 1, seconds: 86_400, rule: RepeatRule(frequency: .daily))
        case .weekly: match = IntervalMatch(end: j + 1, seconds: 604_800, rule: RepeatRule(frequency: .weekly))
        case .monthly: match = IntervalMatch(end: j + 1, seconds: 2_592_000, rule: RepeatRule(frequency: .monthly))
        default: return nil
        }
        if w == .monthly, let (end, day) = onTheDay(at: j + 1) {
            match.end = end
            match.rule?.monthDay = day
            match.date = nextDayOfMonth(day)
            return match
        }
        if !afterLead, let next = word(j + 1) {
            // Only at the end of a clause: `Take vitamins daily`, not `daily standup`.
            switch next {
            case .at, .on, .by, .from, .until, .starting, .and, .in, .for, .before, .after: break
            default: return nil
            }
        }
        return match
    }

    /// `on the 15th` / `on the 1st` after `monthly` or `every month`: the end and the day.
    private func onTheDay(at k: Int) -> (Int, Int)? {
        guard isWord(k, .on) else { return nil }
        var e = k + 1
        if isWord(e, .the) { e += 1 }
        guard let day = ordinal(e) else { return nil }
        return (e + 1, day)
    }

    private func matchEvery(at j: Int) -> IntervalMatch? {
        guard isWord(j, .every) || isWord(j, .each) else { return nil }
        var k = j + 1
        if let monthly = matchEveryOrdinal(at: k) { return monthly }
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
            // every 30min, every 2d
            let seconds = tokens[k].leadingValue * s
            return IntervalMatch(end: k + 1, seconds: seconds, rule: rule(every: tokens[k].leadingValue, unit))
        } else if let l = lex(k), l.count > 0, l.word != .a, l.word != .an {
            multiplier = Double(l.count)
            k += 1
            if isWord(k, .of) { k += 1 }
        } else if isWord(k, .half) || isWord(k, .quarter) {
            let seconds = isWord(k, .half) ? 1800 : 900
            var e = k + 1
            if isWord(e, .of) { e += 1 }
            if isWord(e, .an) { e += 1 }
            if isWord(e, .hour) { return IntervalMatch(end: e + 1, seconds: seconds) }
            if isPunct(k + 1, 0x2D), isWord(k + 2, .hour) { return IntervalMatch(end: k + 3, seconds: seconds) }
            return nil
        }
        if let weekdays = matchWeekdays(at: k) {
            let interval = Int(multiplier)
            let rule = RepeatRule(frequency: .weekly, interval: max(1, interval), weekdays: weekdays.days)
            return IntervalMatch(
                end: weekdays.end, seconds: 604_800 * max(1, interval), rule: rule, date: firstDay(of: rule))
        }
        if multiplier == 1, let w = word(k) {
            switch w {
            case .morning, .evening, .night, .afternoon:
                return IntervalMatch(end: k + 1, seconds: 86_400, rule: RepeatRule(frequency: .daily))
            case .weekday:
                let rule = RepeatRule(frequency: .weekly, weekdays: [1, 2, 3, 4, 5])
                return IntervalMatch(end: k + 1, seconds: 86_400, rule: rule, date: firstDay(of: rule))
            default: break
            }
        }
        guard let unit = lex(k)?.unit, let seconds = unit.seconds else { return nil }
        var match = IntervalMatch(end: k + 1, seconds: Int((multiplier * Double(seconds)).rounded()))
        if multiplier == multiplier.rounded() { match.rule = rule(every: Int(multiplier), unit) }
        if unit == .month, let (end, day) = onTheDay(at: k + 1) {
            match.end = end
            match.rule?.monthDay = day
            match.date = nextDayOfMonth(day)
        }
        return match
    }

    /// A repeat for intervals of a day or more (shorter ones are reminders).
    private func rule(every count: Int, _ unit: QuickAddLexicon.Unit) -> RepeatRule? {
        guard count >= 1, count <= RepeatRule.maximumInterval else { return nil }
        switch unit {
        case .day: return RepeatRule(frequency: .daily, interval: count)
        case .week: return RepeatRule(frequency: .weekly, interval: count)
        case .month: return RepeatRule(frequency: .monthly, interval: count)
        default: return nil
        }
    }

    /// `Monday`, `Mon and Thu`, `Mon, Wed and Fri`, `Tue & Thu`: the weekdays and the end.
    private func matchWeekdays(at k: Int) -> (days: [Int], end: Int)? {
        guard let first = lex(k), first.weekday > 0 else { return nil }
        var days = [Int(first.weekday)]
        var end = skipDot(k + 1)
        while true {
            var next = end
            if isPunct(next, 0x2C) || isPunct(next, 0x26) { next += 1 }
            if isWord(next, .and) { next += 1 }
            guard next != end, let l = lex(next), l.weekday > 0 else { break }
            days.append(Int(l.weekday))
            end = skipDot(next + 1)
        }
        return (days, end)
    }
}
