import Foundation

/// When an item's reminders fall and who gets them: the contract's "Reminders" rules, pure.
///
/// Time is an input: every function takes `now` (or an instant) rather than reading a
/// clock, so days, time zones and restarts are tested in microseconds.
public enum ReminderRules {
    /// A date-only due is reminded about as if it were due at this hour in the checklist's zone.
    public static let dateOnlyDueHour = 9
    /// Occurrences further back than this are never sent (not on sign-in, not after a restart).
    public static let catchUpWindowMilliseconds: Int64 = 24 * 3_600_000
    /// An occurrence delivered more than this after its `at` is marked `late`.
    public static let lateAfterMilliseconds: Int64 = 60_000

    /// Whether the item can remind anyone now: open, in a checklist that is not cancelled.
    public static func isActive(_ item: Item, in list: Checklist) -> Bool {
        item.status == .open && list.status != .cancelled
    }

    /// The `before` occurrence's instant: `due − remindBefore`, with a date-only due read as
    /// 09:00 in the checklist's time zone; `nil` without both fields.
    public static func beforeInstant(of item: Item, timeZone: String) -> Timestamp? {
        guard let remindBefore = item.remindBefore, let due = item.due else { return nil }
        let dueInstant: Timestamp
        switch due {
        case .dateTime(let instant): dueInstant = instant
        case .date(let date): dueInstant = localTime(date, hour: dateOnlyDueHour, timeZone: timeZone)
        }
        return Timestamp(milliseconds: dueInstant.milliseconds - Int64(remindBefore) * 1000)
    }

    /// The latest `every` occurrence at or before `instant` (k ≥ 1), if one has come.
    public static func latestEvery(of item: Item, atOrBefore instant: Timestamp) -> Timestamp? {
        guard let every = item.remindEvery, every > 0, let since = item.remindEverySince else { return nil }
        let step = Int64(every) * 1000
        let count = (instant.milliseconds - since.milliseconds) / step
        guard count >= 1 else { return nil }
        return Timestamp(milliseconds: since.milliseconds + count * step)
    }

    /// The first `every` occurrence strictly after `instant`.
    public static func nextEvery(of item: Item, after instant: Timestamp) -> Timestamp? {
        guard let every = item.remindEvery, every > 0, let since = item.remindEverySince else { return nil }
        let step = Int64(every) * 1000
        let elapsed = instant.milliseconds - since.milliseconds
        let count = elapsed < 0 ? 1 : elapsed / step + 1
        return Timestamp(milliseconds: since.milliseconds + count * step)
    }

    /// Whether `at` is one of the item's occurrences of `kind` as it stands now.
    public static func isOccurrence(_ at: Timestamp, kind: ReminderKind, of item: Item, timeZone: String) -> Bool {
        switch kind {
        case .before:
            return beforeInstant(of: item, timeZone: timeZone) == at
        case .every:
            guard let every = item.remindEvery, let since = item.remindEverySince else { return false }
            let elapsed = at.milliseconds - since.milliseconds
            return elapsed > 0 && elapsed % (Int64(every) * 1000) == 0
        }
    }

    /// What a scheduler must hold for the item at `now`: the next `every` occurrence and the
    /// `before` one. `includingMissed` (at start): also each kind's latest occurrence of the
    /// last 24 hours, so one that came due while the server was down still fires. Without it
    /// (after an edit) a `before` instant more than a minute past is not reminded of: setting
    /// "remind me a day before" on something due in an hour should not ring at once as late.
    public static func pending(_ item: Item, in list: Checklist, now: Timestamp, includingMissed: Bool)
        -> [ReminderOccurrence]
    {
        guard isActive(item, in: list) else { return [] }
        var result: [ReminderOccurrence] = []
        let oldest = now.milliseconds - (includingMissed ? catchUpWindowMilliseconds : lateAfterMilliseconds)
        if let at = beforeInstant(of: item, timeZone: list.timeZone), at.milliseconds > oldest {
            result.append(ReminderOccurrence(listID: list.id, itemID: item.id, kind: .before, at: at))
        }
        if includingMissed, let latest = latestEvery(of: item, atOrBefore: now), latest.milliseconds > oldest {
            result.append(ReminderOccurrence(listID: list.id, itemID: item.id, kind: .every, at: latest))
        }
        if let next = nextEvery(of: item, after: now) {
            result.append(ReminderOccurrence(listID: list.id, itemID: item.id, kind: .every, at: next))
        }
        return result
    }

    /// Who is reminded: the assignee when there is one, else every owner and editor.
    public static func recipients(of item: Item, in state: ChecklistState) -> [Participant] {
        if let assignee = item.assignee {
            return state.participants.values.filter { $0.username == assignee }
        }
        return state.participants.values.filter { $0.role.mayEditItems }.sorted { $0.userID < $1.userID }
    }

    /// Whether an occurrence delivered at `now` is `late`.
    public static func isLate(_ at: Timestamp, now: Timestamp) -> Bool {
        now.milliseconds - at.milliseconds > lateAfterMilliseconds
    }

    /// `hour`:00 on `date` in the zone, as an instant (UTC when the zone is unknown). A local
    /// time skipped by a DST change moves forward, as calendars do.
    static func localTime(_ date: CivilDate, hour: Int, timeZone: String) -> Timestamp {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!
        let components = DateComponents(year: date.year, month: date.month, day: date.day, hour: hour)
        guard let instant = calendar.date(from: components) else {
            return Timestamp(milliseconds: date.startOfDayUTC.milliseconds + Int64(hour) * 3_600_000)
        }
        return Timestamp(milliseconds: Int64((instant.timeIntervalSince1970 * 1000).rounded()))
    }
}
