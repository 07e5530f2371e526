/// Habit checklists: check-ins, the participants' standing, and history.
extension ChecklistState {
    /// How far back a habit may start, and a history may reach.
    public static let habitDaysBack = 366

    mutating func checkIn(
        _ id: ItemID, date: CivilDate, value: CheckInValue?, by actor: Actor, at now: Timestamp,
        recording recorder: inout EditRecorder
    ) throws(DomainError) {
        guard list.kind == .habits else {
            throw .badRequest("checkIn is for habit checklists; in this checklist complete the item instead")
        }
        let item = try existingItem(id)
        guard item.status != .cancelled else {
            throw .conflict("“\(item.title)” is cancelled; restore it before checking in")
        }
        guard let rule = item.repeatRule, let start = item.repeatStart else {
            throw .badRequest("“\(item.title)” does not repeat, so it has no days to check in")
        }
        let today = RepeatDue.localDate(of: now, timeZone: list.timeZone)
        guard date <= today else {
            throw .badRequest(
                "\(date) is after today (\(today) in \(list.timeZone)); check in on today or an earlier day")
        }
        guard date >= start else {
            throw .badRequest("\(date) is before “\(item.title)” starts (\(start)); check in from then on")
        }
        guard rule.isOccurrence(date, start: start) else {
            throw .badRequest("“\(item.title)” is not due on \(date): it repeats \(rule.inWords)")
        }
        var mine = checkIns[id]?[actor.username] ?? [:]
        mine[date] = value
        checkIns[id, default: [:]][actor.username] = mine.isEmpty ? nil : mine
        recorder.checkIn = CheckInRecord(itemID: id, username: actor.username, date: date, value: value)
        if date < today { habitLedgers.forget(actor.username) }
    }

    /// Drops the ledgers an edit may have made stale: every one after an edit of the items or
    /// the people, only the author's after a check-in on an earlier day (done in `checkIn`),
    /// none after a check-in for today.
    mutating func forgetHabitLedgers(unless checkIn: CheckInRecord?, today: CivilDate) {
        if checkIn == nil { habitLedgers.forgetAll() }
    }

    /// Every participant's standing on the local today of `now`. Reuses each participant's
    /// ledger through yesterday when it is still good.
    public mutating func habitStatistics(at now: Timestamp) -> [String: HabitStats] {
        let today = RepeatDue.localDate(of: now, timeZone: list.timeZone)
        var result: [String: HabitStats] = [:]
        for participant in participants.values {
            let habits = habits(of: participant.username)
            let joined = RepeatDue.localDate(of: participant.joinedAt ?? list.createdAt, timeZone: list.timeZone)
            let yesterday = today.addingDays(-1)
            let ledger: HabitCalculator.HabitLedger
            if let kept = habitLedgers.ledger(for: participant.username), kept.day == yesterday {
                ledger = kept
            } else {
                ledger = HabitCalculator.ledger(habits, joined: joined, through: yesterday)
                habitLedgers.keep(ledger, for: participant.username)
            }
            result[participant.username] = HabitCalculator.stats(habits, joined: joined, today: today, ledger: ledger)
        }
        return result
    }

    /// The same, without keeping anything (a read of a value that is not the store's).
    public func habitStatisticsReadOnly(at now: Timestamp) -> [String: HabitStats] {
        var copy = self
        return copy.habitStatistics(at: now)
    }

    /// The items as habits for one person: every open or done item with a rule.
    func habits(of username: String) -> [HabitCalculator.Habit] {
        items.values.filter { $0.status != .cancelled }.sorted { $0.id < $1.id }.compactMap { item in
            guard let rule = item.repeatRule, let start = item.repeatStart else { return nil }
            return HabitCalculator.Habit(
                id: item.id, rule: rule, start: start, checkIns: checkIns[item.id]?[username] ?? [:])
        }
    }

    /// One row of `history`: a scheduled day of an item for a person, and what they did.
    public struct HistoryDay: Hashable, Sendable {
        public var date: CivilDate
        public var username: String
        public var itemID: ItemID
        /// `done`, `skipped` or `missed`.
        public var value: String

        public init(date: CivilDate, username: String, itemID: ItemID, value: String) {
            self.date = date
            self.username = username
            self.itemID = itemID
            self.value = value
        }
    }

    /// Every scheduled day from `from` to `to` (and not after today) of every item, for one
    /// participant or all; days before a person's start are not theirs.
    public func history(from: CivilDate, to: CivilDate, username: String?, now: Timestamp) -> [HistoryDay] {
        let today = RepeatDue.localDate(of: now, timeZone: list.timeZone)
        let people = participants.values.filter {
            username == nil || $0.username.lowercased() == username?.lowercased()
        }
        .sorted { $0.username < $1.username }
        var days: [HistoryDay] = []
        var day = from
        while day <= min(to, today) {
            for person in people {
                let joined = RepeatDue.localDate(of: person.joinedAt ?? list.createdAt, timeZone: list.timeZone)
                for habit in habits(of: person.username)
                where day >= habit.personalStart(joined: joined) && habit.rule.isOccurrence(day, start: habit.start) {
                    let value = habit.checkIns[day]?.rawValue ?? (day < today ? "missed" : nil)
                    if let value {
                        days.append(HistoryDay(date: day, username: person.username, itemID: habit.id, value: value))
                    }
                }
            }
            day = day.addingDays(1)
        }
        return days
    }
}

/// Each participant's habit ledger through yesterday. Derived data kept beside the state to
/// save work, so it takes no part in the state's equality.
struct HabitLedgers: Hashable, Sendable {
    private var byUsername: [String: HabitCalculator.HabitLedger] = [:]

    func ledger(for username: String) -> HabitCalculator.HabitLedger? { byUsername[username] }
    mutating func keep(_ ledger: HabitCalculator.HabitLedger, for username: String) { byUsername[username] = ledger }
    mutating func forget(_ username: String) { byUsername[username] = nil }
    mutating func forgetAll() { byUsername.removeAll() }

    static func == (lhs: HabitLedgers, rhs: HabitLedgers) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

extension ChecklistState {
    /// The habits `username` has due on `day` (in the checklist's zone) and has not checked in
    /// (done or skipped): what a morning digest lists as "not yet done". Empty for a checklist
    /// that is not of habits.
    public func habitsOpen(for username: String, on day: CivilDate) -> [Item] {
        guard list.kind == .habits else { return [] }
        return habits(of: username).compactMap { habit in
            guard habit.rule.isOccurrence(day, start: habit.start), habit.checkIns[day] == nil else { return nil }
            return items[habit.id]
        }.sorted { $0.position < $1.position }
    }
}
