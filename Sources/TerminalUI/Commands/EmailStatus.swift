import ChecklistCore
import WireProtocol

/// The mail part of a `settings` reply as `checkwire notify` shows it.
struct EmailStatus {
    let available: Bool
    let address: String?
    let verified: Bool
    let reminders: Bool
    let digest: String?
    let quietFrom: String?
    let quietTo: String?
    let timeZone: String

    init(_ settings: ServerMessage.Settings) {
        let email = settings.email
        available = email?.available ?? false
        address = email?.address
        verified = email?.verified ?? false
        reminders = email?.reminders ?? false
        digest = email?.digest?.description
        quietFrom = email?.quietHours?.from.description
        quietTo = email?.quietHours?.to.description
        timeZone = settings.timeZone
    }

    var json: JSONValue {
        var quiet: JSONValue = .null
        if let quietFrom, let quietTo {
            quiet = .object(JSONObject([("from", .string(quietFrom)), ("to", .string(quietTo))]))
        }
        return .object(
            JSONObject([
                ("available", .bool(available)), ("address", address.map(JSONValue.string) ?? .null),
                ("verified", .bool(verified)), ("reminders", .bool(reminders)),
                ("digest", digest.map(JSONValue.string) ?? .null), ("quietHours", quiet),
            ]))
    }

    func print(on console: Console) {
        let painter = console.painter
        guard available else {
            return console.print(
                painter.bold("Email: ") + "off — this server was started without --smtp, so it sends no mail")
        }
        guard let address else {
            return console.print(
                painter.bold("Email: ") + "off — `checkwire notify --email ADDRESS` mails reminders no device showed")
        }
        console.print(
            painter.bold("Email: ") + address
                + (verified ? " (confirmed)" : " (not confirmed yet: open the link mailed to it)"))
        console.print(
            "  reminders: "
                + (reminders ? "on — mailed when no device showed one within the server's fallback" : "off"))
        console.print("  digest: " + (digest.map { "\($0) daily (\(timeZone))" } ?? "off"))
        console.print("  quiet hours: " + (quietFrom.flatMap { from in quietTo.map { "\(from)–\($0)" } } ?? "none"))
    }
}
