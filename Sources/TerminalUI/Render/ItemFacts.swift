import ChecklistClient
import ChecklistCore
import Foundation

/// An item's settings in words, one `(label, value)` per fact, for the echo of `add`, quick
/// add and `edit` ("due  Fri Mar 12 17:00", "remind  10m before") and the detail lines of
/// `show`. Dates are in the user's zone, the year only when it is not this year's.
struct ItemFacts {
    var due: FieldChange<Due> = .unchanged
    var location: FieldChange<String> = .unchanged
    var repeatRule: FieldChange<RepeatRule> = .unchanged
    var remindBefore: FieldChange<Int> = .unchanged
    var remindEvery: FieldChange<Int> = .unchanged
    var assignee: FieldChange<String> = .unchanged
    var notes: FieldChange<String> = .unchanged

    func lines(_ dates: DateText) -> [(String, String)] {
        var lines: [(String, String)] = []
        func add<Value>(_ label: String, _ change: FieldChange<Value>, _ words: (Value) -> String) {
            switch change {
            case .unchanged: break
            case .clear: lines.append((label, "none (cleared)"))
            case .set(let value): lines.append((label, words(value)))
            }
        }
        add("due", due) { dates.due($0) }
        add("location", location) { $0 }
        add("repeat", repeatRule) { $0.inWords }
        add("remind", remindBefore) { ReminderWords.before($0) }
        add("remind", remindEvery) { ReminderWords.every($0) + " until done" }
        add("assignee", assignee) { $0 }
        add("notes", notes) { TextLayout.truncate($0.replacingOccurrences(of: "\n", with: " "), to: 60) }
        return lines
    }

    /// The lines as printed under the sentence: two spaces, the label dimmed in a column.
    static func print(_ lines: [(String, String)], console: Console) {
        for (label, value) in lines {
            console.print("  " + console.painter.dim(TextLayout.pad(label, to: 9)) + value)
        }
    }
}
