import ChecklistCore
import Foundation
import Testing
import WireProtocol

/// The checkwire binary killed with SIGKILL between reminder occurrences: after the restart
/// the occurrence missed while it was down arrives once, none arrives twice, and the next
/// ones come on time.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ReminderRestartTests {
    private static func at(_ message: JSONValue) -> Timestamp? {
        message["at"]?.stringValue.flatMap { Timestamp(rfc3339: $0) }
    }

    @Test func aKilledServerNeitherRepeatsNorSkipsAnOccurrence() async throws {
        let temporary = try TemporaryDatabase("reminders-kill")
        defer { temporary.remove() }
        let first = try ServerProcess(database: temporary.path)
        let ana = try await first.connect()
        try await ana.signUp("ana")
        let list = try await ana.createList("Chores")
        let item = try await ana.addItem(list, "Take the pills", ["remindEvery": 2])
        let isReminder: (JSONValue) -> Bool = {
            $0["type"]?.stringValue == "reminder" && $0["item"]?["id"]?.stringValue == item
        }

        let k1 = try await ana.next(where: isReminder)
        let k1At = try #require(Self.at(k1))
        _ = try await ana.request(
            ["type": "dismissReminder", "list": .string(list), "item": .string(item), "at": k1["at"]!],
            expecting: "reminderDismissed")
        first.kill()
        // k2 (k1 + 2 s) comes due while the server is down.
        let resumeAt = Date(timeIntervalSince1970: Double(k1At.milliseconds) / 1000 + 2.6)
        try await Task.sleep(for: .seconds(max(0, resumeAt.timeIntervalSinceNow)))

        let second = try ServerProcess(database: temporary.path)
        defer { second.kill() }
        let back = try await second.connect()
        try await back.logIn("ana")
        let signedIn = Int64(Date().timeIntervalSince1970 * 1000)
        var seen: [Int64] = []
        // Until the missed occurrence and the one after it have come (a wait for state; the
        // deadline only ends a test that would hang).
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline, seen.count < 2 {
            guard let reminder = try? await back.next(timeout: deadline - ContinuousClock.now, where: isReminder) else {
                break
            }
            seen.append(try #require(Self.at(reminder)).milliseconds)
        }
        #expect(!seen.contains(k1At.milliseconds), "the dismissed occurrence before the kill is not repeated")
        // The first to arrive is the latest that came due before the sign-in: k2, missed while
        // the server was down, or a later one when the restart took longer than an interval
        // (the sign-in sends each item's latest only).
        let earliest = try #require(seen.first, "nothing arrived after the restart")
        #expect(
            earliest >= k1At.milliseconds + 2_000 && earliest <= signedIn + 500,
            "the missed occurrence arrives: \(seen), signed in at \(signedIn)")
        #expect((earliest - k1At.milliseconds) % 2_000 == 0, "an occurrence of the item's own schedule")
        #expect(Set(seen).count == seen.count, "no occurrence twice: \(seen)")
        #expect(seen.count == 2 && seen[1] > earliest, "and the next ones keep coming: \(seen)")
    }
}
