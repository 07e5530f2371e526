/// Reminders before the due moment, and `until done` after a reminder interval.
///
/// A reminder before the due moment is a reminder verb (`remind`, `ping`, `alert`, `nudge`,
/// `notify`, …, with or without `me`), a duration, and a word that says "before":
/// - the duration is a count (`10`, `a`, `an`, `one`, `half an`, `a couple of`) or `the`, and a
///   unit of seconds to weeks, abbreviations and glued forms included (`30 min`, `1h`, `2 days`,
///   `the day`), or several of them (`1 hour 30 minutes`, `an hour and a half` is not one);
/// - "before" is `before`, `beforehand`, `prior`, `ahead`, `early`, `earlier` or `in advance`,
///   optionally followed by `it's due` / `it is due` / `due`;
/// - `remind me when it's due` / `when due` / `at the due time` is a reminder at the due moment (0).
/// The phrase gives no date or time (`the day before` is not a date) and sets no interval.
///
/// `until done` (`till done`, `until it's done`, `until finished`, `until complete`, `until
/// checked off`) right after a reminder interval belongs to the reminder.
extension QuickAddScanner {
    /// The end of a reminder-before phrase whose duration starts at `k`, and its seconds.
    func matchRemindBefore(at k: Int) -> (end: Int, seconds: Int)? {
        if let end = matchAtTheDueMoment(at: k) { return (end, 0) }
        var total = 0.0
        var j = k
        var parts = 0
        while let part = leadDuration(at: j) {
            total += part.seconds
            j = part.end
            parts += 1
            if isWord(j, .and), leadDuration(at: j + 1) != nil { j += 1 }
        }
        guard parts > 0, let end = beforeWord(at: j) else { return nil }
        let seconds = Int(total.rounded())
        guard seconds >= 0, seconds <= Limits.remindBefore else { return nil }
        return (end, seconds)
    }

    /// One duration: `the day`, `10 minutes`, `1h`, `half an hour`, `a couple of days`.
    private func leadDuration(at k: Int) -> (seconds: Double, end: Int)? {
        if isWord(k, .the), let unit = lex(k + 1)?.unit, let seconds = unit.seconds, unit != .month {
            return (Double(seconds), k + 2)
        }
        if free(k), tokens[k].kind == .word, tokens[k].suffixUnit == nil, let seconds = glued(tokens[k].key) {
            return (Double(seconds), k + 1)
        }
        guard let q = quantity(at: k), let seconds = q.unit.seconds, q.unit != .month else { return nil }
        return (q.value * Double(seconds), q.end)
    }

    /// `1h30m`, `2h15`, `1d12h`: several amounts and units written as one word (a bare number
    /// at the end counts in the unit below the last one: `2h15` is 2 h 15 min).
    private func glued(_ key: String) -> Int? {
        var total = 0, number = 0, digits = 0, lastUnit: Int?
        var units = 0
        var rest = Substring(key)
        while let first = rest.first {
            if let digit = first.wholeNumberValue, first.isASCII {
                number = number * 10 + digit
                digits += 1
                rest = rest.dropFirst()
                continue
            }
            let letters = rest.prefix { !$0.isNumber }
            guard digits > 0, let unit = QuickAddLexicon.unit(suffix: letters), let seconds = unit.seconds,
                unit != .month, seconds < (lastUnit ?? .max)
            else { return nil }
            total += number * seconds
            lastUnit = seconds
            units += 1
            (number, digits) = (0, 0)
            rest = rest.dropFirst(letters.count)
        }
        if digits > 0 {
            guard let last = lastUnit, last >= 60 else { return nil }
            total += number * (last == 60 ? 1 : last == 3600 ? 60 : last == 86_400 ? 3600 : 86_400)
        }
        return units >= 2 || (units == 1 && digits > 0) ? total : nil
    }

    /// `before`, `beforehand`, `prior`, `ahead`, `early`, `earlier`, `in advance`, and an optional
    /// `it's due` / `it is due` / `due` after them: the index after the phrase.
    private func beforeWord(at k: Int) -> Int? {
        guard let w = word(k) else { return nil }
        var end: Int
        switch w {
        case .before, .beforehand, .prior, .ahead, .early, .earlier: end = k + 1
        case .in where isWord(k + 1, .advance): end = k + 2
        default: return nil
        }
        if isWord(end, .its), isWord(end + 1, .due) {
            end += 2
        } else if isWord(end, .it), isWord(end + 1, .is), isWord(end + 2, .due) {
            end += 3
        } else if w == .before || w == .prior, isWord(end, .due), !free(end + 1) || word(end + 1) == nil {
            end += 1  // `before due`, but not `before due date Friday`
        }
        return end
    }

    /// `when it's due`, `when it is due`, `when due`, `at the due time`, `at due time`.
    private func matchAtTheDueMoment(at k: Int) -> Int? {
        if isWord(k, .when) {
            if isWord(k + 1, .due) { return k + 2 }
            if isWord(k + 1, .its), isWord(k + 2, .due) { return k + 3 }
            if isWord(k + 1, .it), isWord(k + 2, .is), isWord(k + 3, .due) { return k + 4 }
            return nil
        }
        guard isWord(k, .at) else { return nil }
        let j = isWord(k + 1, .the) ? k + 2 : k + 1
        guard isWord(j, .due), free(j + 1), tokens[j + 1].key == "time" else { return nil }
        return j + 2
    }

    /// `until done` and its variants at `k`: the index after it.
    func matchUntilDone(at k: Int) -> Int? {
        guard isWord(k, .until) || isWord(k, .till) else { return nil }
        var j = k + 1
        if isWord(j, .its) || isWord(j, .im) {
            j += 1
        } else if isWord(j, .it), isWord(j + 1, .is) {
            j += 2
        }
        guard let w = word(j) else { return nil }
        switch w {
        case .done, .finished, .complete, .completed: return j + 1
        case .checked, .ticked: return isWord(j + 1, .off) ? j + 2 : j + 1
        default: return nil
        }
    }
}
