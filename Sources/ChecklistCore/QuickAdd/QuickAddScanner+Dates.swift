import Foundation

/// Dates and times, scanned left to right. At each free token an optional connector is tried
/// first (`due on`, `due by`, `due`, `on`, `by`, `for`, `before`, `until`, `after`, `starting`,
/// `at`, `@`, `around`, `from`), then the phrase itself; a connector is removed only together
/// with the phrase it introduces (`by Toni Morrison` and `when rent is due` stay in the title).
/// The first date and the first time win; later ones stay in the title.
extension QuickAddScanner {
    struct DateMatch {
        var end: Int
        var date: QuickAddDate
        var time: QuickAddTime? = nil
        var partOfDay: PartOfDay? = nil
        /// A holiday used as a modifier (`Thanksgiving dinner`): it dates the item only when nothing
        /// else does, and its words stay in the title.
        var isModifier = false
        /// Today's weekday, written without a date: next week's once its time has passed today.
        var rollsOver = false
    }

    struct Connector {
        var length: Int
        var date: Bool
        var time: Bool
        /// A bare hour (`at 5`) counts as a time.
        var bareHour: Bool

        static let none = Connector(length: 0, date: true, time: true, bareHour: false)
    }

    mutating func recognizeDatesAndTimes() {
        var modifier: DateMatch?
        var modifierRange: QuickAddRange?
        var i = 0
        while i < count {
            if free(i), let end = recognizeDateOrTime(at: i, modifier: &modifier) {
                if modifier != nil, modifierRange == nil { modifierRange = utf16Range(i..<end) }
                i = end
            } else {
                i += 1
            }
        }
        if date == nil, let m = modifier {
            date = m.date
            ranges.date = modifierRange
        }
    }

    private func connector(at i: Int) -> Connector? {
        guard free(i) else { return nil }
        if tokens[i].kind == .punct {
            return tokens[i].scalar == 0x40 ? Connector(length: 1, date: false, time: true, bareHour: true) : nil  // @
        }
        switch tokens[i].word {
        case .due:
            if let next = word(i + 1) {
                switch next {
                case .on: return Connector(length: 2, date: true, time: false, bareHour: false)
                case .by, .before, .until: return Connector(length: 2, date: true, time: true, bareHour: true)
                case .at: return Connector(length: 2, date: false, time: true, bareHour: true)
                default: break
                }
            }
            return Connector(length: 1, date: true, time: true, bareHour: false)
        case .on, .for, .starting:
            return Connector(length: 1, date: true, time: false, bareHour: false)
        case .by, .before, .until, .till, .after:
            return Connector(length: 1, date: true, time: true, bareHour: true)
        case .at, .around, .from:
            return Connector(length: 1, date: false, time: true, bareHour: true)
        default:
            return nil
        }
    }

    private mutating func recognizeDateOrTime(at i: Int, modifier: inout DateMatch?) -> Int? {
        let withConnector = connector(at: i)
        for pass in 0..<2 {
            let c: Connector
            if pass == 0 {
                guard let wc = withConnector else { continue }
                c = wc
            } else {
                c = .none
            }
            let s = i + c.length
            guard free(s) else { continue }
            if c.date, date == nil, let m = matchDate(at: s, afterConnector: c.length > 0) {
                if m.isModifier {
                    if modifier == nil {
                        modifier = m
                        return m.end
                    }
                    return nil
                }
                var end = m.end
                var pod = m.partOfDay
                if pod == nil, let (e, p) = matchPartOfDay(at: end) {
                    end = e
                    pod = p
                }
                date = m.date
                if m.rollsOver { rollover = .week }
                if let pod { partOfDay = pod }
                let range = claim(i..<end, as: .date)
                ranges.date = range
                if let t = m.time, time == nil {
                    time = t
                    ranges.time = range
                }
                return end
            }
            if c.time, time == nil, let m = matchTime(at: s, bareHour: c.bareHour, connected: c.length > 0) {
                time = m.time
                timeIsGuessed = m.guessed
                var end = m.end
                if let (e, p) = matchPartOfDay(at: end) {
                    end = e
                    partOfDay = p
                }
                ranges.time = claim(i..<end, as: .time)
                return end
            }
        }
        return nil
    }

    /// `morning`, `tonight`, `in the evening`, `at night` after a date (no time is set).
    func matchPartOfDay(at k: Int) -> (Int, PartOfDay)? {
        var j = k
        if isWord(j, .in), isWord(j + 1, .the) {
            j += 2
        } else if isWord(j, .at), isWord(j + 1, .night) {
            return (j + 2, .night)
        }
        guard let w = word(j) else { return nil }
        switch w {
        case .morning: return (j + 1, .morning)
        case .afternoon: return (j + 1, .afternoon)
        case .evening: return (j + 1, .evening)
        case .night where j == k: return (j + 1, .night)
        default: return nil
        }
    }

    // MARK: - Dates

    func matchDate(at s: Int, afterConnector: Bool) -> DateMatch? {
        guard free(s) else { return nil }
        if tokens[s].kind == .number {
            return matchNumericDate(at: s, afterConnector: afterConnector)
                ?? matchDayMonth(at: s) ?? matchDuration(at: s)
        }
        guard tokens[s].kind == .word else { return nil }
        let lexeme = tokens[s].lex
        if lexeme.classes.contains(.holidayStart), let m = matchHoliday(at: s, afterConnector: afterConnector) {
            return m
        }
        if lexeme.word != .unknown,
            let m = matchRelativeWord(at: s) ?? matchNamedPeriod(at: s, afterConnector: afterConnector)
        {
            return m
        }
        if let m = matchDuration(at: s) { return m }
        if let m = matchWeekday(at: s, afterConnector: afterConnector) { return m }
        if lexeme.month > 0, let m = matchMonthDay(at: s) { return m }
        if let m = matchDayMonth(at: s) { return m }
        return matchOrdinalDay(at: s, afterConnector: afterConnector)
    }

    /// `today`, `tonight`, `tomorrow` (`tmrw`, …), `yesterday`, `(the) day after tomorrow`,
    /// `this morning/afternoon/evening`. `yesterday` is the one way to write a past day here:
    /// the user said so, so it stays in the past.
    private func matchRelativeWord(at s: Int) -> DateMatch? {
        if tokens[s].hasApostrophe { return nil }  // today's, tomorrow's, yesterday's
        switch tokens[s].word {
        case .today: return DateMatch(end: s + 1, date: today)
        case .yesterday: return DateMatch(end: s + 1, date: today.adding(days: -1))
        case .tonight: return DateMatch(end: s + 1, date: today, partOfDay: .night)
        case .tomorrow: return DateMatch(end: s + 1, date: today.adding(days: 1))
        case .this:
            if let (e, p) = matchPartOfDay(at: s + 1), e == s + 2 {
                return DateMatch(end: e, date: today, partOfDay: p)
            }
            return nil
        case .the, .day:
            let k = tokens[s].word == .the ? s + 1 : s
            if isWord(k, .day), isWord(k + 1, .after), isWord(k + 2, .tomorrow) {
                return DateMatch(end: k + 3, date: today.adding(days: 2))
            }
            return nil
        default:
            return nil
        }
    }

    /// A count and a unit: `3 days`, `a week`, `2hrs`, `half an hour`, `a couple of days`.
    func quantity(at k: Int) -> (value: Double, unit: QuickAddLexicon.Unit, end: Int)? {
        guard free(k) else { return nil }
        let t = tokens[k]
        if let unit = t.suffixUnit { return (Double(t.leadingValue), unit, k + 1) }
        var j = k
        var value: Double
        if let n = number(k, digits: 1...4) {
            value = Double(n)
            j += 1
        } else if isWord(k, .half) {
            value = 0.5
            j += 1
            if isWord(j, .an) || isWord(j, .a) { j += 1 }
        } else if let l = lex(k), l.count > 0 {
            value = Double(l.count)
            j += 1
            var vague = l.word == .couple || l.word == .few
            if l.word == .a || l.word == .an, let next = word(j), next == .couple || next == .few {
                value = next == .couple ? 2 : 3
                vague = true
                j += 1
            }
            if vague, isWord(j, .of) { j += 1 }
        } else {
            return nil
        }
        guard let unit = lex(j)?.unit else { return nil }
        return (value, unit, j + 1)
    }

    /// `in 3 days`, `in a week`, `in 2 hours` (date and time), `3 days from now`,
    /// `a week from today`, `2 weeks from tomorrow`.
    private func matchDuration(at s: Int) -> DateMatch? {
        if isWord(s, .in) || isWord(s, .within) {
            guard let q = quantity(at: s + 1), var m = dateAfter(q.value, q.unit, from: today, end: q.end) else {
                return nil
            }
            if isWord(m.end, .from), isWord(m.end + 1, .now) { m.end += 2 }
            return m
        }
        guard let q = quantity(at: s), isWord(q.end, .from), let base = word(q.end + 1) else { return nil }
        switch base {
        case .now, .today: return dateAfter(q.value, q.unit, from: today, end: q.end + 2)
        case .tomorrow: return dateAfter(q.value, q.unit, from: today.adding(days: 1), end: q.end + 2)
        default: return nil
        }
    }

    private func dateAfter(_ value: Double, _ unit: QuickAddLexicon.Unit, from base: QuickAddDate, end: Int)
        -> DateMatch?
    {
        let whole = Int(value.rounded())
        switch unit {
        case .day: return DateMatch(end: end, date: base.adding(days: whole))
        case .week: return DateMatch(end: end, date: base.adding(days: Int((value * 7).rounded())))
        case .month: return DateMatch(end: end, date: base.adding(months: whole))
        case .year: return DateMatch(end: end, date: base.adding(months: 12 * whole))
        case .hour, .minute:
            guard base == today else { return nil }
            let seconds = value * (unit == .hour ? 3600 : 60)
            let instant = now.addingTimeInterval(seconds)
            let local = Int(
                (instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))).rounded(.down))
            let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
            let minute = (local - days * 86_400) / 60
            return DateMatch(
                end: end, date: QuickAddDate(dayNumber: days),
                time: QuickAddTime(hour: minute / 60, minute: minute % 60))
        case .second:
            return nil
        }
    }

    /// `next week` (its Monday), `next month` (its 1st), `next year` (January 1), `this weekend` /
    /// `next weekend` (Saturday), `end of (the) day/week/month/year` (today / Friday / last day /
    /// Dec 31), `EOD`, `EOW`, `EOM`, `EOY`.
    private func matchNamedPeriod(at s: Int, afterConnector: Bool) -> DateMatch? {
        var k = s
        let hasThe = isWord(k, .the)
        if hasThe { k += 1 }
        guard let w = word(k) else { return nil }
        if w == .end, isWord(k + 1, .of) {
            var j = k + 2
            if isWord(j, .the) { j += 1 }
            guard let period = word(j) else { return nil }
            return endOf(period, end: j + 1)
        }
        if hasThe {
            if w == .weekend, afterConnector { return DateMatch(end: k + 1, date: comingWeekend()) }
            return nil
        }
        switch w {
        case .eod: return endOf(.day, end: k + 1)
        case .eow: return endOf(.week, end: k + 1)
        case .eom: return endOf(.month, end: k + 1)
        case .eoy: return endOf(.year, end: k + 1)
        case .weekend where afterConnector: return DateMatch(end: k + 1, date: comingWeekend())
        case .this, .coming, .next:
            guard let period = word(k + 1), !tokens[k + 1].hasApostrophe else { return nil }
            let next = w == .next
            switch period {
            case .weekend:
                return DateMatch(end: k + 2, date: next ? mondayOfNextWeek().adding(days: 5) : comingWeekend())
            case .week where next:
                return DateMatch(end: k + 2, date: mondayOfNextWeek())
            case .month where next:
                return DateMatch(
                    end: k + 2, date: QuickAddDate(year: today.year, month: today.month, day: 1).adding(months: 1))
            case .year where next:
                return DateMatch(end: k + 2, date: QuickAddDate(year: today.year + 1, month: 1, day: 1))
            default:
                return nil
            }
        default:
            return nil
        }
    }

    private func endOf(_ period: QuickAddWord, end: Int) -> DateMatch? {
        switch period {
        case .day, .today: return DateMatch(end: end, date: today)
        case .week: return DateMatch(end: end, date: today.adding(days: (5 - today.isoWeekday + 7) % 7))
        case .month:
            return DateMatch(
                end: end,
                date: QuickAddDate(
                    year: today.year, month: today.month, day: QuickAddDate.daysIn(month: today.month, year: today.year)
                ))
        case .year: return DateMatch(end: end, date: QuickAddDate(year: today.year, month: 12, day: 31))
        default: return nil
        }
    }

    private func mondayOfNextWeek() -> QuickAddDate { today.adding(days: 8 - today.isoWeekday) }

    /// The coming Saturday, or today on a weekend day.
    private func comingWeekend() -> QuickAddDate {
        today.isoWeekday >= 6 ? today : today.adding(days: 6 - today.isoWeekday)
    }

    /// `Friday`, `Fri`, `Fri.`, `this Friday`, `coming Friday` (the next one on or after today),
    /// `next Friday` (that day in the next Monday-to-Sunday week), `Friday next week`, `last
    /// Friday` (the most recent one before today, 1 to 7 days back: a past the user wrote).
    /// `sat`, `sun` and `wed` need a connector, a modifier, or a time after them. Today's weekday
    /// written bare or with `coming` rolls to next week once its time has passed (`finishTime`).
    private func matchWeekday(at s: Int, afterConnector: Bool) -> DateMatch? {
        var k = s
        var modifier: QuickAddWord?
        if let w = word(k), w == .this || w == .coming || w == .upcoming || w == .next || w == .last {
            modifier = w
            k += 1
        }
        guard let l = lex(k), l.weekday > 0, !tokens[k].hasApostrophe else { return nil }
        let weekday = Int(l.weekday)
        var end = skipDot(k + 1)
        if l.classes.contains(.ambiguousWeekday) && modifier == nil && !afterConnector {
            guard
                matchTime(at: end, bareHour: false, connected: true) != nil
                    || (tokens[k].isCapitalized && (end >= count || tokens[end].kind == .punct))
            else { return nil }
        }
        if modifier == .last {
            let back = (today.isoWeekday - weekday + 7) % 7
            return DateMatch(end: end, date: today.adding(days: back == 0 ? -7 : -back))
        }
        if modifier == nil, let dated = writtenDate(after: end) { return dated }
        var next = modifier == .next
        if modifier == nil, isWord(end, .next), isWord(end + 1, .week) {
            next = true
            end += 2
        } else if modifier == nil, isWord(end, .this), isWord(end + 1, .week) {
            end += 2
        }
        let date =
            next
            ? mondayOfNextWeek().adding(days: weekday - 1)
            : today.adding(days: (weekday - today.isoWeekday + 7) % 7)
        return DateMatch(end: end, date: date, rollsOver: !next && modifier != .this && date == today)
    }

    /// A weekday written with a date (`Thu 12/3`, `Friday, Dec 4`, `Tuesday 1/5/27`): the date
    /// says which one, and the weekday goes with it out of the title.
    private func writtenDate(after end: Int) -> DateMatch? {
        var e = end
        if isPunct(e, 0x2C) { e += 1 }
        guard free(e) else { return nil }
        let dated =
            tokens[e].kind == .number
            ? matchNumericDate(at: e, afterConnector: true) ?? matchDayMonth(at: e)
            : (lex(e)?.month ?? 0) > 0 ? matchMonthDay(at: e) : nil
        return dated.map { DateMatch(end: $0.end, date: $0.date) }
    }

    /// `3/12`, `3/12/2027`, `2/14/19` (20xx), `2026-12-01`, `2026/12/01`, `12-1-2026`; `12-1` only
    /// after a connector (`pages 3-7` is not a date). Not a date: `1/2 gallon`, `3/4"`, `2 1/2`,
    /// `1/2/3/4`, `v2.3`, `#4471`, `24/7`.
    private func matchNumericDate(at s: Int, afterConnector: Bool) -> DateMatch? {
        let t = tokens[s]
        if touchesPrevious(s) {
            let p = tokens[s - 1]
            if p.kind != .punct
                || !(QuickAddLexicon.isOpenBracket(p.scalar) || QuickAddLexicon.isQuote(p.scalar)
                    || QuickAddLexicon.isSeparator(p.scalar) && p.scalar != 0x2D && p.scalar != 0x3A)
            {
                return nil
            }
        }
        guard let sepScalar = free(s + 1) && tokens[s + 1].kind == .punct ? tokens[s + 1].scalar : nil,
            sepScalar == 0x2F || sepScalar == 0x2D, touchesNext(s), touchesNext(s + 1),
            let b = number(s + 2, digits: 1...2)
        else { return nil }
        var end = s + 3
        var year: Int?
        var month: Int, day: Int
        if t.leadingDigits == 4 {
            guard isPunct(end, sepScalar), touchesPrevious(end), touchesNext(end),
                let c = number(end + 1, digits: 1...2)
            else { return nil }
            year = t.leadingValue
            month = b
            day = c
            end += 2
        } else {
            guard t.leadingDigits <= 2 else { return nil }
            month = t.leadingValue
            day = b
            if isPunct(end, sepScalar), touchesPrevious(end), touchesNext(end),
                let c = number(end + 1), tokens[end + 1].leadingDigits == 2 || tokens[end + 1].leadingDigits == 4
            {
                year = tokens[end + 1].leadingDigits == 2 ? 2000 + c : c
                end += 2
            }
            if sepScalar == 0x2D && !afterConnector && (year == nil || tokens[end - 1].leadingDigits != 4) {
                return nil
            }
        }
        // What touches the end must not continue a number: 1/2/3/4, 3/12.5, 3/4", 50%.
        if touchesNext(end - 1), end < count {
            let n = tokens[end]
            if n.kind != .punct { return nil }
            switch n.scalar {
            case 0x2F, 0x2D, 0x25, 0x22, 0x27, 0x2033, 0x2032, 0x201D, 0x3A: return nil
            case 0x2E, 0x2C: if touchesNext(end), end + 1 < count, tokens[end + 1].kind != .punct { return nil }
            default: break
            }
        }
        if year == nil {
            if has(end, .measure) { return nil }
            // 2 1/2: a mixed number.
            if free(s - 1), tokens[s - 1].kind == .number, month < day,
                day == 2 || day == 3 || day == 4 || day == 8 || day == 16
            {
                return nil
            }
        }
        guard (1900...2199).contains(year ?? 2000) else { return nil }
        if let year {
            guard let date = QuickAddDate(validYear: year, month: month, day: day) else { return nil }
            return DateMatch(end: end, date: date)
        }
        guard let date = QuickAddDate.nextOccurrence(month: month, day: day, onOrAfter: today) else { return nil }
        return DateMatch(end: end, date: date)
    }

    /// An optional year after a month and day: `, 2027`, ` 2027`.
    private func year(at k: Int) -> (Int, Int)? {
        var j = k
        if isPunct(j, 0x2C) { j += 1 }
        guard let y = number(j, digits: 4...4), (1900...2199).contains(y) else { return nil }
        if touchesNext(j), j + 1 < count, tokens[j + 1].kind == .punct, tokens[j + 1].scalar == 0x3A { return nil }
        return (y, j + 1)
    }

    private func resolve(month: Int, day: Int, year: Int?, end: Int) -> DateMatch? {
        if let year {
            guard let date = QuickAddDate(validYear: year, month: month, day: day) else { return nil }
            return DateMatch(end: end, date: date)
        }
        guard let date = QuickAddDate.nextOccurrence(month: month, day: day, onOrAfter: today) else { return nil }
        return DateMatch(end: end, date: date)
    }

    /// A day of the month as written after a month name: `12`, `12th`.
    private func dayNumber(at k: Int) -> Int? {
        if let d = ordinal(k) { return d }
        guard let d = number(k, digits: 1...2), (1...31).contains(d) else { return nil }
        // Not `Dec 3:30`, `May 5/6`, `March 5.5`.
        if touchesNext(k), k + 1 < count, tokens[k + 1].kind == .punct {
            switch tokens[k + 1].scalar {
            case 0x3A, 0x2F, 0x2E, 0x2D, 0x25: if touchesNext(k + 1) { return nil }
            default: break
            }
        }
        return d
    }

    /// `March 12th`, `Dec 1`, `dec. 15`, `March 12, 2027`, `March the 12th`. A month word alone
    /// (`plan the march`, `Aunt May`, `May newsletter`) is not a date.
    private func matchMonthDay(at s: Int) -> DateMatch? {
        let month = Int(tokens[s].lex.month)
        guard month > 0, !tokens[s].hasApostrophe else { return nil }
        var k = skipDot(s + 1)
        if isWord(k, .the), ordinal(k + 1) != nil { k += 1 }
        // A day range keeps its first day: `Dec 10-12`.
        if let first = number(k, digits: 1...2), (1...31).contains(first),
            isPunct(k + 1, 0x2D) || isPunct(k + 1, 0x2013), touchesNext(k), touchesNext(k + 1),
            let last = number(k + 2, digits: 1...2), last > first, last <= 31
        {
            return resolve(month: month, day: first, year: year(at: k + 3)?.0, end: year(at: k + 3)?.1 ?? k + 3)
        }
        guard let day = dayNumber(at: k) else { return nil }
        if tokens[k].kind == .number, has(k + 1, .measure) || lex(k + 1)?.unit != nil {
            return nil  // march 5 miles
        }
        if let (y, end) = year(at: k + 1) { return resolve(month: month, day: day, year: y, end: end) }
        return resolve(month: month, day: day, year: nil, end: k + 1)
    }

    /// `1 December`, `12th of March`, `the 4th of July`, `15 Jan 2027`.
    private func matchDayMonth(at s: Int) -> DateMatch? {
        var k = s
        let hasThe = isWord(k, .the)
        if hasThe { k += 1 }
        let isOrdinal = ordinal(k) != nil
        guard !hasThe || isOrdinal, let day = dayNumber(at: k) else { return nil }
        if touchesPrevious(k), k > 0, tokens[k - 1].kind == .punct, !QuickAddLexicon.isOpenBracket(tokens[k - 1].scalar)
        {
            return nil
        }
        var j = k + 1
        if isWord(j, .of) { j += 1 }
        guard let l = lex(j), l.month > 0, !tokens[j].hasApostrophe else { return nil }
        let month = Int(l.month)
        if !isOrdinal, j == k + 1, dayNumber(at: skipDot(j + 1)) != nil { return nil }  // 2 December 5
        let end = skipDot(j + 1)
        if let (y, e) = year(at: end) { return resolve(month: month, day: day, year: y, end: e) }
        return resolve(month: month, day: day, year: nil, end: end)
    }

    /// `the 15th` (or `15th` after a connector): the next such day of the month on or after today.
    /// Not when a word follows that it qualifies: `the 3rd chapter`.
    private func matchOrdinalDay(at s: Int, afterConnector: Bool) -> DateMatch? {
        var k = s
        let hasThe = isWord(k, .the)
        if hasThe { k += 1 }
        guard hasThe || afterConnector, let day = ordinal(k) else { return nil }
        if let next = word(k + 1), tokens[k + 1].leadingDigits == 0, !continuesDatePhrase(next) { return nil }
        return nextDayOfMonth(day).map { DateMatch(end: k + 1, date: $0) }
    }

    /// The next date on or after today whose day of the month is `day`.
    func nextDayOfMonth(_ day: Int) -> QuickAddDate? {
        var date = today
        for _ in 0..<13 {
            if let d = QuickAddDate(validYear: date.year, month: date.month, day: day), d >= today { return d }
            date = QuickAddDate(year: date.year, month: date.month, day: 1).adding(months: 1)
        }
        return nil
    }

    /// Words that may follow a date phrase without making it a modifier (`the 3rd chapter`).
    private func continuesDatePhrase(_ word: QuickAddWord) -> Bool {
        switch word {
        case .at, .by, .on, .and, .for, .in, .to, .due, .from, .remind, .every, .before, .after, .until, .with,
            .morning, .afternoon, .evening, .night, .noon, .midnight, .please, .asap, .this, .next:
            return true
        default:
            return false
        }
    }

    /// A holiday name, optionally followed by a year. Used as a modifier (`Thanksgiving dinner`,
    /// `Christmas cards`) it is part of the title unless a connector introduces it
    /// (`for Thanksgiving`).
    private func matchHoliday(at s: Int, afterConnector: Bool) -> DateMatch? {
        var best: (end: Int, rule: QuickAddHolidays.Rule)?
        for (words, rule) in QuickAddHolidays.table where words[0] == tokens[s].key {
            var k = s
            var ok = true
            for (n, w) in words.enumerated() {
                if n > 0 {
                    // Step over `.` in `St.` and a trailing apostrophe in `Presidents' Day`.
                    while isFreePunct(k),
                        tokens[k].scalar == 0x2E || tokens[k].scalar == 0x27
                            || tokens[k].scalar == 0x2019 || tokens[k].scalar == 0x2D
                    { k += 1 }
                }
                guard free(k), tokens[k].kind == .word, tokens[k].key == w else {
                    ok = false
                    break
                }
                k += 1
            }
            if ok, k > (best?.end ?? 0) { best = (k, rule) }
        }
        guard let b = best else { return nil }
        var end = b.end
        if isPunct(end, 0x27) || isPunct(end, 0x2019), touchesPrevious(end) { end += 1 }  // Presidents'
        var year: Int?
        if let (y, e) = self.year(at: end) {
            year = y
            end = e
        }
        if !afterConnector, let next = word(end), tokens[end].leadingDigits == 0, !continuesDatePhrase(next) {
            return DateMatch(end: end, date: QuickAddHolidays.date(b.rule, year: year, today: today), isModifier: true)
        }
        return DateMatch(end: end, date: QuickAddHolidays.date(b.rule, year: year, today: today))
    }
}
