@testable import ChecklistServer
import ChecklistCore
import ChecklistStore
import Foundation
import Testing

/// The words of the mails: links under the public URL, times in the user's zone, and no
/// digest on a day with nothing in it.
@Suite struct MailTextTests {
    let text = MailText(baseURL: "https://lists.example.org")
    let token = String(repeating: "ab", count: 32)

    @Test func theCheckMailCarriesItsSingleUseLink() {
        let mail = text.verification(username: "olive", address: "olive@example.org", token: token)
        #expect(mail.text.contains("https://lists.example.org/email/verify/\(token)"))
        #expect(mail.text.contains("olive@example.org") && mail.subject.contains("Confirm"))
        #expect(
            text.unsubscribeURL(token: token)?.absoluteString == "https://lists.example.org/email/unsubscribe/\(token)")
    }

    @Test func aReminderNamesItsItemChecklistAndDueInTheUsersZone() {
        let at = Timestamp(rfc3339: "2027-03-12T13:30:00Z")!
        var item = Item(id: "a", parent: nil, position: 0, title: "Lab report", createdBy: "olive", createdAt: at)
        item.due = .dateTime(at)
        item.notes = "Bring the graphs"
        let reminder = EmailReminder(
            delivery: ReminderDelivery(
                userID: "u", listID: "L", listTitle: "Physics", item: ItemView(item: item, completion: nil),
                kind: .before, at: at, late: false),
            email: EmailSettings(userID: "u", address: "o@example.org", unsubscribeToken: token),
            timeZone: "America/New_York")
        let mail = text.reminder(reminder)
        #expect(mail.subject == "Reminder: Lab report")
        #expect(mail.text.contains("In: Physics"))
        #expect(mail.text.contains("Due: 2027-03-12 08:30 (America/New_York)"))
        #expect(mail.text.contains("Bring the graphs"))
    }

    @Test func aDayWithNothingSendsNoDigest() {
        let settings = EmailSettings(userID: "u", address: "o@example.org", unsubscribeToken: token)
        let day = CivilDate(year: 2027, month: 3, day: 12)!
        let empty = EmailDigest(
            email: settings, username: "olive", timeZone: "UTC", day: day, dueToday: [], overdue: [], habitsOpen: [])
        #expect(text.digest(empty) == nil)
        let habits = EmailDigest(
            email: settings, username: "olive", timeZone: "UTC", day: day, dueToday: [], overdue: [],
            habitsOpen: [("Habits", "Run"), ("Habits", "Read")])
        let mail = text.digest(habits)
        #expect(mail?.subject == "Your day: 2 to do (2027-03-12)")
        #expect(mail?.text.contains("Habits not yet done (2)\n  - Run, in Habits\n  - Read, in Habits") == true)
    }
}
