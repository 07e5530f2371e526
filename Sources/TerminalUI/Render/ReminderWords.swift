import ChecklistClient

/// Reminders in words that cannot be mistaken for a repeat: a repeat says when the task comes
/// back (`↻ every Monday`), a reminder when you are nagged about it (`⏰ every 30m`, `⏰ 1h
/// before`).
public enum ReminderWords {
    /// `remindBefore`: "at the due time", "10m before", "1d before".
    public static func before(_ seconds: Int) -> String {
        seconds == 0 ? "at the due time" : ReminderInterval.format(seconds) + " before"
    }

    /// `remindEvery`: "every 30m", "every 1d".
    public static func every(_ seconds: Int) -> String {
        "every " + ReminderInterval.format(seconds)
    }
}
