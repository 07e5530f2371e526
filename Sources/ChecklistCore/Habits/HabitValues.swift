/// A checklist is an ordinary one, or a habit checklist whose every item repeats and whose
/// participants each check in for themselves.
public enum ChecklistKind: String, Hashable, Sendable {
    case checklist
    case habits
}

/// One person's answer for one scheduled day of a habit.
public enum CheckInValue: String, Hashable, Sendable {
    case done
    case skipped
}

/// What a `checkIn` recorded, for its event (`date`, `value`; `null` value undoes).
public struct CheckInRecord: Hashable, Sendable {
    public var itemID: ItemID
    public var username: String
    public var date: CivilDate
    public var value: CheckInValue?

    public init(itemID: ItemID, username: String, date: CivilDate, value: CheckInValue?) {
        self.itemID = itemID
        self.username = username
        self.date = date
        self.value = value
    }
}

/// A participant's standing in a habit checklist, as the contract defines it.
public struct HabitStats: Hashable, Sendable {
    public enum Today: String, Hashable, Sendable {
        /// Every item due today done or skipped.
        case done
        /// Something due today is still open.
        case open
        /// Nothing is due today.
        case none
    }

    /// Consecutive days up to today with something due and all of it done or skipped
    /// (today counts once complete; a missed day ends the run).
    public var streak: Int
    /// The longest such run.
    public var best: Int
    /// Habit strength in [0, 1]: the mean over the items of each item's score.
    public var score: Double
    public var today: Today

    public init(streak: Int, best: Int, score: Double, today: Today) {
        self.streak = streak
        self.best = best
        self.score = score
        self.today = today
    }
}
