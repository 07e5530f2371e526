/// Times of day: `5pm`, `5 PM`, `9 a.m.`, `11:59pm`, `17:30`, `noon`, `midday`, `midnight` (23:59,
/// the end of that day), `12 noon`, `5 o'clock`, ranges `3-4pm` / `3pm-5pm` (the start), and a
/// bare hour after `at`/`@`/`by`/`around`/`from` (`at 5`). Without am/pm, an hour 1–7 is taken as
/// afternoon (`at 5` → 17:00, `5:30` → 17:30), 8–12 as written, unless `morning`/`evening`/`tonight`
/// says otherwise. `at 42 Elm St`, `at 4 Privet Drive` are addresses, not times.
extension QuickAddScanner {
    struct TimeMatch {
        var end: Int
        var time: QuickAddTime
        var guessed: Bool
        var hasMeridiem: Bool
    }

    /// - Parameters:
    ///   - bareHour: a bare hour (`5`) counts (after `at`, `by`, …).
    ///   - connected: a connector or a date comes right before; otherwise `3:16` needs a date next
    ///     to it or a two-digit hour (`17:30`) to be a time (`Read John 3:16` is not one).
    func matchTime(at s: Int, bareHour: Bool, connected: Bool) -> TimeMatch? {
        // A range: keep the start, take am/pm from the end when the start has none (`3-4pm`).
        var onlyAsRangeStart = false
        var single = matchSingleTime(at: s, bareHour: bareHour, connected: connected)
        if single == nil, isPunct(s + 1, 0x2D) || isPunct(s + 1, 0x2013) {
            single = matchSingleTime(at: s, bareHour: true, connected: true)
            onlyAsRangeStart = true
        }
        guard var m = single else { return nil }
        let dash = isPunct(m.end, 0x2D) || isPunct(m.end, 0x2013)
        guard dash || isWord(m.end, .to) else { return onlyAsRangeStart ? nil : m }
        if let e = matchSingleTime(at: m.end + 1, bareHour: true, connected: true, rangeEnd: true),
            e.hasMeridiem || m.hasMeridiem
        {
            if dash && !(touchesPrevious(m.end) && touchesNext(m.end)) && !e.hasMeridiem { return m }
            if !m.hasMeridiem, e.hasMeridiem {
                let start12 = (m.time.hour % 12 == 0 ? 12 : m.time.hour % 12)
                let endIsPM = e.time.hour >= 12
                let end12 = (e.time.hour % 12 == 0 ? 12 : e.time.hour % 12)
                let pm = start12 <= end12 || start12 == 12 ? endIsPM : !endIsPM
                m.time.hour = start12 % 12 + (pm ? 12 : 0)
                m.guessed = false
            }
            m.end = e.end
            return m
        }
        return onlyAsRangeStart ? nil : m
    }

    private func matchSingleTime(at s: Int, bareHour: Bool, connected: Bool, rangeEnd: Bool = false) -> TimeMatch? {
        guard free(s) else { return nil }
        let t = tokens[s]
        if t.kind == .word, t.leadingDigits == 0 { return namedTime(at: s) }
        // Not part of a longer number: 4.8, #12, 3/4, v2.
        if touchesPrevious(s), !rangeEnd {
            let p = tokens[s - 1]
            if p.kind != .punct || !(QuickAddLexicon.isOpenBracket(p.scalar) || p.scalar == 0x40 || p.scalar == 0x7E) {
                return nil
            }
        }
        var hour: Int, minute = 0, hasMinutes = false
        var pm: Bool?
        var k = s + 1
        if t.kind == .number {
            guard t.leadingDigits <= 2 else { return nil }
            hour = t.leadingValue
            if hour == 12, let w = word(k), w == .noon || w == .midnight {
                return matchSingleTime(at: k, bareHour: false, connected: true).map {
                    TimeMatch(end: $0.end, time: $0.time, guessed: false, hasMeridiem: true)
                }
            }
            if isPunct(k, 0x3A) || isPunct(k, 0x2E) && bareHour, touchesNext(s), touchesNext(k), free(k + 1) {
                let mt = tokens[k + 1]
                if mt.kind == .number, mt.leadingDigits == 2 {
                    minute = mt.leadingValue
                    hasMinutes = true
                    k += 2
                } else if mt.leadingDigits == 2, let p = mt.suffixMeridiem {
                    minute = mt.leadingValue
                    hasMinutes = true
                    pm = p
                    k += 2
                    if mt.key.utf8.count == 3, let e = dottedM(at: k) { k = e }
                }
            }
        } else if (1...2).contains(t.leadingDigits), let p = t.suffixMeridiem {
            hour = t.leadingValue  // 5pm, 10am, 5p
            pm = p
            if t.key.utf8.count == t.leadingDigits + 1, let e = dottedM(at: k) { k = e }
        } else {
            return nil
        }
        if pm == nil, let (p, e) = meridiemWord(at: k) {
            pm = p
            k = e
        }
        // Not followed by more number: 5:30:00 is fine to ignore, but 3.5%, 12/3 are not times.
        if touchesNext(k - 1), k < count, tokens[k].kind == .punct {
            switch tokens[k].scalar {
            case 0x2F, 0x25, 0x3A: return nil
            case 0x2E, 0x2C: if touchesNext(k), k + 1 < count, tokens[k + 1].kind != .punct { return nil }
            default: break
            }
        }
        guard (0...59).contains(minute) else { return nil }
        if let pm {
            guard (1...12).contains(hour) || hour == 0 && !pm else { return nil }
            return TimeMatch(
                end: k, time: QuickAddTime(hour: hour % 12 + (pm ? 12 : 0), minute: minute),
                guessed: false, hasMeridiem: true)
        }
        if hasMinutes {
            guard (0...23).contains(hour) else { return nil }
            if !connected, t.leadingDigits == 1, !(s > 0 && owner[s - 1] == .date), !isDateWord(k) { return nil }
            let guess = t.leadingDigits == 1 && (1...7).contains(hour)
            return TimeMatch(
                end: k, time: QuickAddTime(hour: guess ? hour + 12 : hour, minute: minute),
                guessed: guess, hasMeridiem: false)
        }
        return matchBareHour(hour, endingAt: k, bareHour: bareHour)
    }

    /// `noon`, `midday`, `midnight` (23:59, the end of that day).
    private func namedTime(at s: Int) -> TimeMatch? {
        switch tokens[s].word {
        case .noon, .midday:
            return TimeMatch(end: s + 1, time: QuickAddTime(hour: 12, minute: 0), guessed: false, hasMeridiem: true)
        case .midnight:
            return TimeMatch(end: s + 1, time: QuickAddTime(hour: 23, minute: 59), guessed: false, hasMeridiem: true)
        default: return nil
        }
    }

    /// An hour with no minutes and no am/pm ending before token `k`: `5 o'clock`, or after a
    /// connector (`at 5`), but not an address or an amount (`at 42 Elm St`, `by 5 people`).
    private func matchBareHour(_ hour: Int, endingAt end: Int, bareHour: Bool) -> TimeMatch? {
        var k = end
        var oclock = false
        if isWord(k, .oclock) {
            oclock = true
            k += 1
        }
        guard oclock || bareHour, (1...12).contains(hour) else { return nil }
        if !oclock, k < count {
            // `at 42 Elm St`, `at 4 Privet Drive`, `by 5 people`, `at 5%`.
            let n = tokens[k]
            if n.kind == .number || (n.kind == .word && n.leadingDigits > 0 && n.suffixMeridiem == nil) {
                return nil
            }
            if n.kind == .word, n.isCapitalized, !isDateWord(k) { return nil }
            if n.kind == .word, !n.lex.classes.isDisjoint(with: [.measure, .street]) || n.lex.unit != nil {
                return nil
            }
            if n.kind == .punct, n.scalar == 0x25 || n.scalar == 0x2F { return nil }
        }
        let guess = (1...7).contains(hour)
        return TimeMatch(
            end: k, time: QuickAddTime(hour: guess ? hour + 12 : hour, minute: 0),
            guessed: true, hasMeridiem: false)
    }

    /// `am`, `PM`, `a.m.`, `p.m`, `a. m.` after an hour.
    private func meridiemWord(at k: Int) -> (Bool, Int)? {
        guard let w = word(k) else { return nil }
        switch w {
        case .am: return (false, k + 1)
        case .pm: return (true, k + 1)
        case .a, .p:
            if let e = dottedM(at: k + 1) { return (w == .p, e) }
            return nil
        default: return nil
        }
    }

    /// `.m.` (or `.m`) after an `a` or `p`, returning the index after it.
    private func dottedM(at k: Int) -> Int? {
        guard isPunct(k, 0x2E), isWord(k + 1, .m), touchesNext(k) else { return nil }
        return isPunct(k + 2, 0x2E) && touchesNext(k + 1) ? k + 3 : k + 2
    }

    /// A word that starts a date phrase, so `at 5 Friday` is a time and not an address.
    func isDateWord(_ k: Int) -> Bool {
        guard let l = lex(k) else { return false }
        switch l.word {
        case .today, .tonight, .tomorrow, .yesterday, .next, .this: return true
        default: return l.weekday > 0 || l.month > 0 || l.classes.contains(.holiday)
        }
    }

    /// Applies `morning`/`evening`/`tonight` to a guessed am/pm, and dates a time written without a
    /// date: today if that time is still ahead (or now), else tomorrow. A date that was only
    /// implied (today's weekday, a repeat's first day) moves on the same way once its time has
    /// passed; a date written out (`11/27 5pm`, `today 5pm`, `yesterday 8pm`) stays.
    mutating func finishTime() {
        guard var t = time else { return }
        if timeIsGuessed, let pod = partOfDay {
            let h12 = t.hour % 12
            switch pod {
            case .morning: t.hour = h12
            case .afternoon, .evening, .night: t.hour = h12 + 12
            }
            time = t
        }
        let passed = t.hour * 60 + t.minute < nowMinute
        if date == nil {
            date = passed ? today.adding(days: 1) : today
        } else if passed, date == today, let rollover {
            date = next(after: rollover)
        }
    }

    /// Where an implied date goes once its time has passed today: a week on for today's weekday,
    /// the next occurrence for a repeat's first day.
    private func next(after rollover: Rollover) -> QuickAddDate? {
        switch rollover {
        case .week:
            return today.adding(days: 7)
        case .repeatRule:
            guard let rule = repeatRule,
                let tomorrow = CivilDate(year: today.year, month: today.month, day: today.day)?
                    .addingDays(1), let next = rule.firstOccurrence(onOrAfter: tomorrow)
            else { return today }
            return QuickAddDate(year: next.year, month: next.month, day: next.day)
        }
    }
}
