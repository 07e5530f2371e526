import Foundation

/// Streak, best and score for one participant of a habit checklist, from the items, their
/// check-ins and the day the participant joined. Pure: today is an input.
///
/// Why there is a ledger: going day by day from each item's start is O(days × items). The
/// days before today do not change while only today's check-ins do, so the scan through
/// yesterday (`HabitLedger`) is kept per participant and day and reused; a check-in for today
/// costs O(items) on top of it. A check-in on an earlier day, or a change to the items, drops
/// the ledger and the next read scans again (`ChecklistState+Habits`).
public enum HabitCalculator {
    /// One item as the calculation needs it.
    public struct Habit: Sendable {
        public var id: ItemID
        public var rule: RepeatRule
        /// The item's first occurrence (the rule counts from it).
        public var start: CivilDate
        /// This person's check-ins on the item.
        public var checkIns: [CivilDate: CheckInValue]

        public init(id: ItemID, rule: RepeatRule, start: CivilDate, checkIns: [CivilDate: CheckInValue]) {
            self.id = id
            self.rule = rule
            self.start = start
            self.checkIns = checkIns
        }

        /// The person's start: the later of the item's first occurrence and the day they
        /// joined, or their earliest check-in when that is earlier.
        func personalStart(joined: CivilDate) -> CivilDate {
            let later = max(start, joined)
            guard let earliest = checkIns.keys.min(), earliest < later else { return later }
            return earliest
        }

        /// The decay of one step of the score: m = 0.5^(√f / 13).
        var decay: Double { pow(0.5, rule.occurrencesPerDay.squareRoot() / 13) }
    }

    /// Everything through `day` (inclusive), kept so today can be added in O(items).
    public struct HabitLedger: Hashable, Sendable {
        public var day: CivilDate
        /// The run of complete days ending at `day` (days with nothing due are skipped over).
        public var run: Int
        public var best: Int
        public var scores: [ItemID: Double]
    }

    /// The ledger through `through` (normally yesterday).
    public static func ledger(_ habits: [Habit], joined: CivilDate, through: CivilDate) -> HabitLedger {
        var ledger = HabitLedger(day: through, run: 0, best: 0, scores: [:])
        let starts = habits.map { $0.personalStart(joined: joined) }
        guard let first = starts.min(), first <= through else {
            for habit in habits { ledger.scores[habit.id] = 0 }
            return ledger
        }
        var scores = [Double](repeating: 0, count: habits.count)
        var day = first
        while day <= through {
            var due = false
            var complete = true
            for (index, habit) in habits.enumerated()
            where day >= starts[index] && habit.rule.isOccurrence(day, start: habit.start) {
                due = true
                let value: Double = habit.checkIns[day] == nil ? 0 : 1
                if value == 0 { complete = false }
                scores[index] = scores[index] * habit.decay + value * (1 - habit.decay)
            }
            if due {
                ledger.run = complete ? ledger.run + 1 : 0
                ledger.best = max(ledger.best, ledger.run)
            }
            day = day.addingDays(1)
        }
        for (index, habit) in habits.enumerated() { ledger.scores[habit.id] = scores[index] }
        return ledger
    }

    /// The stats on `today`, from the ledger through yesterday: today's check-ins count once
    /// given (a day still open neither breaks the streak nor adds to it).
    public static func stats(_ habits: [Habit], joined: CivilDate, today: CivilDate, ledger: HabitLedger) -> HabitStats
    {
        var due = false
        var complete = true
        var total = 0.0
        for habit in habits {
            var score = ledger.scores[habit.id] ?? 0
            let start = habit.personalStart(joined: joined)
            if today >= start, habit.rule.isOccurrence(today, start: habit.start) {
                due = true
                if habit.checkIns[today] != nil {
                    score = score * habit.decay + (1 - habit.decay)
                } else {
                    complete = false
                }
            }
            total += score
        }
        let todayState: HabitStats.Today = !due ? .none : complete ? .done : .open
        let streak = todayState == .done ? ledger.run + 1 : ledger.run
        return HabitStats(
            streak: streak, best: max(ledger.best, streak),
            score: habits.isEmpty ? 0 : total / Double(habits.count), today: todayState
        )
    }

    /// Both steps at once, for tests and one-off reads.
    public static func stats(_ habits: [Habit], joined: CivilDate, today: CivilDate) -> HabitStats {
        stats(
            habits, joined: joined, today: today, ledger: ledger(habits, joined: joined, through: today.addingDays(-1)))
    }
}
