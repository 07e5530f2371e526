import ChecklistCore
import ChecklistStore
import Foundation

/// The words of the server's mails: plain text, the user's own zone for every time, and the
/// links (the address check, the one-click unsubscribe) under the server's public URL.
/// Pure, so the wording is tested without a relay.
struct MailText {
    /// Where users reach the server (`https://lists.example.org`, no trailing slash).
    let baseURL: String

    struct Written: Equatable {
        var subject: String
        var text: String
    }

    func verificationURL(token: String) -> String { "\(baseURL)/email/verify/\(token)" }

    func unsubscribeURL(token: String) -> URL? { URL(string: "\(baseURL)/email/unsubscribe/\(token)") }

    func verification(username: String, address: String, token: String) -> Written {
        Written(
            subject: "Confirm your address for Checkwire reminders",
            text: """
                Hello \(username),

                Someone, probably you, asked Checkwire to send reminders to \(address).
                Open this link to confirm it (it works once, for 48 hours):

                \(verificationURL(token: token))

                If it was not you, ignore this mail: nothing is sent to this address
                until the link is opened.
                """)
    }

    func reminder(_ reminder: EmailReminder) -> Written {
        let delivery = reminder.delivery
        let item = delivery.item.item
        var lines = ["Reminder: \(item.title)", "", "In: \(delivery.listTitle)"]
        if let due = item.due { lines.append("Due: \(Self.describe(due, zone: reminder.timeZone))") }
        if let location = item.location, !location.isEmpty { lines.append("Where: \(location)") }
        if let notes = item.notes, !notes.isEmpty { lines += ["", notes] }
        lines += [
            "", "None of your devices showed this reminder within a minute, so it comes by mail.",
            "Open Checkwire: \(baseURL)/",
        ]
        return Written(subject: "Reminder: \(item.title)", text: lines.joined(separator: "\n"))
    }

    /// `nil` on a day with nothing due, overdue or open: no mail that says nothing.
    func digest(_ digest: EmailDigest) -> Written? {
        guard !digest.dueToday.isEmpty || !digest.overdue.isEmpty || !digest.habitsOpen.isEmpty else { return nil }
        var lines = ["Good morning \(digest.username), here is \(digest.day).", ""]
        func section(_ title: String, _ entries: [String]) {
            guard !entries.isEmpty else { return }
            lines.append("\(title) (\(entries.count))")
            lines += entries.map { "  - \($0)" }
            lines.append("")
        }
        let line = { (entry: AgendaEntry) -> String in
            let due = entry.item.item.due.map { " (\(Self.describe($0, zone: digest.timeZone)))" } ?? ""
            return "\(entry.item.item.title)\(due), in \(entry.listTitle)"
        }
        section("Due today", digest.dueToday.map(line))
        section("Overdue", digest.overdue.map(line))
        section("Habits not yet done", digest.habitsOpen.map { "\($0.title), in \($0.listTitle)" })
        lines.append("Open Checkwire: \(baseURL)/")
        let count = digest.dueToday.count + digest.overdue.count + digest.habitsOpen.count
        return Written(subject: "Your day: \(count) to do (\(digest.day))", text: lines.joined(separator: "\n"))
    }

    /// A due as the user reads it: the date, or the date and the time in their zone.
    static func describe(_ due: Due, zone: String) -> String {
        switch due {
        case .date(let date): return date.description
        case .dateTime(let instant):
            let date = RepeatDue.localDate(of: instant, timeZone: zone)
            return "\(date) \(LocalClock.timeOfDay(at: instant, zone: zone)) (\(zone))"
        }
    }
}
