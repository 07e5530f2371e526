import ChecklistCore
import Foundation
import Testing

/// Streak, best and score against values worked out by hand from the contract's definitions.
@Suite struct HabitCalculatorTests {
    private static let start = CivilDate(iso: "2027-01-01")!

    private static func daily(_ id: ItemID = "h", checkIns: [Int: CheckInValue]) -> HabitCalculator.Habit {
        HabitCalculator.Habit(
            id: id, rule: RepeatRule(frequency: .daily), start: start,
            checkIns: Dictionary(uniqueKeysWithValues: checkIns.map { (start.addingDays($0.key), $0.value) })
        )
    }

    @Test func sixtySixPerfectDaysScoreAboutPointNineSeventy() {
        let habit = Self.daily(checkIns: Dictionary(uniqueKeysWithValues: (0..<66).map { ($0, CheckInValue.done) }))
        let stats = HabitCalculator.stats([habit], joined: Self.start, today: Self.start.addingDays(66))
        #expect(abs(stats.score - (1 - pow(0.5, 66.0 / 13))) < 1e-9)
        #expect((stats.score * 1000).rounded() == 970)
        #expect(stats.streak == 66 && stats.best == 66 && stats.today == .open, "today is open, not yet a break")
    }

    @Test func aMissedDayEndsTheStreakAndASkippedOneKeepsIt() {
        // Days 0–4 done, 5 missed, 6–7 done, 8 skipped, 9 done; today is day 10, not checked in.
        var checkIns: [Int: CheckInValue] = [:]
        for day in [0, 1, 2, 3, 4, 6, 7, 9] { checkIns[day] = .done }
        checkIns[8] = .skipped
        let habit = Self.daily(checkIns: checkIns)
        let today = Self.start.addingDays(10)
        let stats = HabitCalculator.stats([habit], joined: Self.start, today: today)
        #expect(stats.streak == 4 && stats.best == 5 && stats.today == .open)
        var doneToday = habit
        doneToday.checkIns[today] = .done
        let after = HabitCalculator.stats([doneToday], joined: Self.start, today: today)
        #expect(after.streak == 5 && after.best == 5 && after.today == .done, "today counts once complete")
        #expect(after.score > stats.score)
    }

    @Test func theStreakNeedsEveryItemDueThatDayAndSkipsDaysWithNothingDue() throws {
        // A daily habit and a Monday-only one, from Friday 2027-01-01: Monday 01-04 needs both.
        let monday = HabitCalculator.Habit(
            id: "m", rule: try RepeatRule(parsing: "FREQ=WEEKLY;BYDAY=MO"), start: CivilDate(iso: "2027-01-04")!,
            checkIns: [:])
        let daily = Self.daily(checkIns: [0: .done, 1: .done, 2: .done, 3: .done, 4: .done])
        let stats = HabitCalculator.stats([daily, monday], joined: Self.start, today: Self.start.addingDays(5))
        #expect(stats.streak == 1 && stats.best == 3, "Monday was missed for the weekly habit")
        let weekly = HabitCalculator.Habit(
            id: "w", rule: try RepeatRule(parsing: "FREQ=WEEKLY;BYDAY=MO"), start: CivilDate(iso: "2027-01-04")!,
            checkIns: [CivilDate(iso: "2027-01-04")!: .done])
        let onlyWeekly = HabitCalculator.stats([weekly], joined: Self.start, today: CivilDate(iso: "2027-01-10")!)
        #expect(onlyWeekly.streak == 1 && onlyWeekly.today == .none, "days with nothing due neither count nor break")
    }

    @Test func aLateJoinerStartsFromTheDayTheyJoinedUnlessTheyCheckedInEarlier() {
        let joined = Self.start.addingDays(5)
        let habit = Self.daily(checkIns: [5: .done, 6: .done])
        let stats = HabitCalculator.stats([habit], joined: joined, today: Self.start.addingDays(7))
        #expect(stats.streak == 2, "days before they joined are not missed")
        let backfilled = Self.daily(checkIns: [3: .done, 4: .done, 5: .done, 6: .done])
        #expect(HabitCalculator.stats([backfilled], joined: joined, today: Self.start.addingDays(7)).streak == 4)
    }

    @Test func theLedgerThroughYesterdayGivesTheSameAnswerAsAFullScan() {
        var checkIns: [Int: CheckInValue] = [:]
        for day in 0..<40 where day % 7 != 3 { checkIns[day] = day % 5 == 0 ? .skipped : .done }
        let habit = Self.daily(checkIns: checkIns)
        let today = Self.start.addingDays(40)
        let ledger = HabitCalculator.ledger([habit], joined: Self.start, through: today.addingDays(-1))
        let full = HabitCalculator.stats([habit], joined: Self.start, today: today)
        #expect(HabitCalculator.stats([habit], joined: Self.start, today: today, ledger: ledger) == full)
    }
}
