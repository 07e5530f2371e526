import ChecklistCore
import ChecklistStore
import Foundation

/// A `ClusterNotice` as a row of `notices` (`kind`, `user_id`, `body`) and back. The bodies
/// are the wire's own bytes where there is a message; a schedule is a small JSON array.
enum NoticeRows {
    struct Row {
        var kind: String
        var userID: String?
        var body: [UInt8]
    }

    /// `nil` for the notices kept with an event's row instead (`eventNotices`).
    static func row(_ notice: ClusterNotice) -> Row? {
        switch notice {
        case .eventNotices: nil
        case .loggedOut(let tokenHash): Row(kind: "logged-out", userID: nil, body: tokenHash)
        case .reminder(let userID, let message): Row(kind: "reminder", userID: userID.rawValue, body: message)
        case .told(let userID, let message): Row(kind: "told", userID: userID.rawValue, body: message)
        case .settings(let userID, let timeZone):
            Row(kind: "settings", userID: userID.rawValue, body: Array(timeZone.utf8))
        case .schedule(let entries): Row(kind: "schedule", userID: nil, body: encode(entries))
        }
    }

    /// `nil` for a kind this build does not know (a newer server's): it is passed over.
    static func notice(kind: String, userID: String?, body: [UInt8]) -> ClusterNotice? {
        switch (kind, userID) {
        case ("logged-out", _): .loggedOut(tokenHash: body)
        case ("reminder", let user?): .reminder(userID: UserID(user), message: body)
        case ("told", let user?): .told(userID: UserID(user), message: body)
        case ("settings", let user?): .settings(userID: UserID(user), timeZone: String(decoding: body, as: UTF8.self))
        case ("schedule", _): .schedule(decode(body))
        default: nil
        }
    }

    private static func encode(_ entries: [ScheduledReminder]) -> [UInt8] {
        let objects: [[String: Any]] = entries.map { entry in
            switch entry {
            case .occurrence(let occurrence):
                [
                    "list": occurrence.listID.rawValue, "item": occurrence.itemID.rawValue,
                    "kind": occurrence.kind.rawValue, "at": occurrence.at.milliseconds,
                ]
            case .snooze(let snooze):
                [
                    "user": snooze.userID.rawValue, "list": snooze.listID.rawValue, "item": snooze.itemID.rawValue,
                    "kind": snooze.kind.rawValue, "at": snooze.until.milliseconds,
                ]
            }
        }
        return Array((try? JSONSerialization.data(withJSONObject: objects)) ?? Data("[]".utf8))
    }

    private static func decode(_ body: [UInt8]) -> [ScheduledReminder] {
        guard let objects = try? JSONSerialization.jsonObject(with: Data(body)) as? [[String: Any]] else { return [] }
        return objects.compactMap { object in
            guard let list = object["list"] as? String, let item = object["item"] as? String,
                let kind = (object["kind"] as? String).flatMap(ReminderKind.init(rawValue:)),
                let at = (object["at"] as? NSNumber)?.int64Value
            else { return nil }
            if let user = object["user"] as? String {
                return .snooze(
                    ReminderSnooze(
                        userID: UserID(user), listID: ListID(list), itemID: ItemID(item), kind: kind,
                        until: Timestamp(milliseconds: at)))
            }
            return .occurrence(
                ReminderOccurrence(
                    listID: ListID(list), itemID: ItemID(item), kind: kind, at: Timestamp(milliseconds: at)))
        }
    }
}
