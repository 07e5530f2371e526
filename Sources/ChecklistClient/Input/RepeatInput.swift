public import ChecklistCore
public import Foundation

/// Reads a `--repeat` value: a rule as the protocol writes it (`FREQ=WEEKLY;BYDAY=MO`) or
/// words quick add reads as a repeat (`every Mon and Thu`, `daily`, `monthly on the 1st`),
/// through the quick-add parser itself.
public enum RepeatInput {
    public static func parse(_ text: String, timeZone: TimeZone = .current, now: Date = Date()) throws -> RepeatRule {
        let value = text.trimmingCharacters(in: .whitespaces)
        if value.uppercased().hasPrefix("FREQ=") || value.contains("=") {
            do throws(DomainError) {
                return try RepeatRule(parsing: value)
            } catch {
                throw ClientError.invalidInput(error.message)
            }
        }
        let words =
            value.lowercased().hasPrefix("every")
                || ["daily", "weekly", "monthly"].contains(where: value.lowercased().hasPrefix)
            ? value : "every " + value
        if let rule = QuickAddParser().parse("task " + words, lists: [], now: now, timeZone: timeZone).repeatRule {
            return rule
        }
        throw ClientError.invalidInput(
            "“\(text)” is not a repeat; try \"every Monday\", \"daily\", \"every 2 weeks\", \"monthly on the 1st\" or FREQ=WEEKLY;BYDAY=MO"
        )
    }
}
