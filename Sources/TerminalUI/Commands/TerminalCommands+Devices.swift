public import ChecklistCore
import ChecklistClient
import WireProtocol

/// `devices` and `notify`: the devices of the account that take reminders by Web Push, and how
/// reminders reach the person when nothing is open (docs/notifications.md).
extension TerminalCommands {
    /// `devices`: every device that takes push, oldest first.
    public static func devices(server: String?, console: Console) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let session = try await context.requireSession()
        let reply = try await session.connection.request(.devices, timeout: session.configuration.requestTimeout)
        if console.json { return console.print(json: JSONOutput(reply: reply.message)) }
        printDevices(reply.message["devices"]?.arrayValue ?? [], console: console)
    }

    /// `notify [--remove DEVICE] [mail options]`: whether this server sends push, the devices
    /// that take it (one removed first when asked), and the mail settings (changed first when
    /// asked).
    public static func notify(
        remove device: String?, email change: EmailSettingsChange = EmailSettingsChange(), server: String?,
        console: Console
    ) async throws {
        let context = try context(server: server)
        defer { context.close() }
        let session = try await context.requireSession()
        let timeout = session.configuration.requestTimeout
        let pushOn: Bool
        do {
            _ = try await session.connection.request(.pushKey, timeout: timeout)
            pushOn = true
        } catch ClientError.server(code: "badRequest", _) {
            pushOn = false
        }
        var devices: [JSONValue] = []
        var removed: JSONValue?
        if pushOn {
            devices =
                try await session.connection.request(.devices, timeout: timeout).message["devices"]?.arrayValue ?? []
            if let device {
                let chosen = try choose(device, among: devices)
                _ = try await session.connection.request(
                    .pushUnsubscribe(id: chosen["id"]?.stringValue ?? ""), timeout: timeout)
                removed = chosen
                devices.removeAll { $0["id"] == chosen["id"] }
            }
        } else if device != nil {
            throw ClientError.invalidInput("this server sends no push notifications, so there is no device to remove")
        }
        let settings = try await session.connection.request(
            .settings(timeZone: nil, email: change), timeout: timeout
        ).message
        let email = EmailStatus(settings)
        if console.json {
            var pairs: [(String, JSONValue)] = [
                ("push", .bool(pushOn)), ("devices", .array(devices)), ("email", email.json),
            ]
            if let removed { pairs.append(("removed", removed)) }
            return console.print(json: JSONOutput(pairs))
        }
        let painter = console.painter
        if let removed { console.print("Removed \(removed["device"]?.stringValue ?? "the device").") }
        if pushOn {
            console.print(painter.bold("Web Push: ") + "on for this server")
            printDevices(devices, console: console)
            console.print(
                painter.dim(
                    "Turn it on in a browser: Checkwire's user menu → Notifications on this device. `checkwire notify --remove NAME` removes a device."
                ))
        } else {
            console.print(
                painter.bold("Web Push: ")
                    + "off — this server was started without --vapid-subject, so reminders reach you only while Checkwire is open"
            )
        }
        email.print(on: console)
    }

    private static func printDevices(_ devices: [JSONValue], console: Console) {
        guard !devices.isEmpty else { return console.print("No device takes your notifications.") }
        console.print(
            devices.count == 1
                ? "1 device takes your notifications:" : "\(devices.count) devices take your notifications:")
        for device in devices {
            let name = device["device"]?.stringValue ?? "?"
            let lastUsed = minutes(device["lastUsed"]?.stringValue)
            let since = String((device["created"]?.stringValue ?? "").prefix(10))
            console.print(
                "  \(name)  "
                    + console.painter.dim(
                        "since \(since) · last used \(lastUsed) · id \(device["id"]?.stringValue ?? "")"))
        }
    }

    /// "2026-11-28T02:10:00.456Z" as "2026-11-28 02:10 UTC".
    private static func minutes(_ time: String?) -> String {
        guard let time, time.count >= 16 else { return time ?? "" }
        return time.prefix(10) + " " + time.dropFirst(11).prefix(5) + " UTC"
    }

    /// A device by its id, or by its name ignoring case when one device has it.
    private static func choose(_ wanted: String, among devices: [JSONValue]) throws -> JSONValue {
        if let byID = devices.first(where: { $0["id"]?.stringValue == wanted }) { return byID }
        let named = devices.filter { $0["device"]?.stringValue?.lowercased() == wanted.lowercased() }
        if named.count == 1 { return named[0] }
        if named.isEmpty {
            throw ClientError.notFound("no device named “\(wanted)” takes your notifications (see `checkwire devices`)")
        }
        throw ClientError.ambiguous(wanted, candidates: named.compactMap { $0["id"]?.stringValue })
    }
}
