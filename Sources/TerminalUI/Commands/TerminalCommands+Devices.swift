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
        printDevices(try devices(in: reply), console: console)
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
        var devices: [ServerMessage.Device] = []
        var removed: ServerMessage.Device?
        if pushOn {
            devices = try self.devices(in: await session.connection.request(.devices, timeout: timeout))
            if let device {
                let chosen = try choose(device, among: devices)
                _ = try await session.connection.request(.pushUnsubscribe(id: chosen.id), timeout: timeout)
                removed = chosen
                devices.removeAll { $0.id == chosen.id }
            }
        } else if device != nil {
            throw ClientError.invalidInput("this server sends no push notifications, so there is no device to remove")
        }
        let reply = try await session.connection.request(.settings(timeZone: nil, email: change), timeout: timeout)
        guard case .settings(let settings) = reply.value else { throw ClientError.unexpectedReply("not settings") }
        let email = EmailStatus(settings)
        if console.json {
            var pairs: [(String, JSONValue)] = [
                ("push", .bool(pushOn)), ("devices", .array(devices.map(\.json))), ("email", email.json),
            ]
            if let removed { pairs.append(("removed", removed.json)) }
            return console.print(json: JSONOutput(pairs))
        }
        let painter = console.painter
        if let removed { console.print("Removed \(removed.device).") }
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

    private static func devices(in reply: Reply) throws -> [ServerMessage.Device] {
        guard case .devices(let devices) = reply.value else { throw ClientError.unexpectedReply("not devices") }
        return devices.devices
    }

    private static func printDevices(_ devices: [ServerMessage.Device], console: Console) {
        guard !devices.isEmpty else { return console.print("No device takes your notifications.") }
        console.print(
            devices.count == 1
                ? "1 device takes your notifications:" : "\(devices.count) devices take your notifications:")
        for device in devices {
            let since = String(device.created.rfc3339.prefix(10))
            console.print(
                "  \(device.device)  "
                    + console.painter.dim("since \(since) · last used \(minutes(device.lastUsed)) · id \(device.id)"))
        }
    }

    /// 2026-11-28T02:10:00.456Z as "2026-11-28 02:10 UTC".
    private static func minutes(_ time: Timestamp) -> String {
        let text = time.rfc3339
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
    }

    /// A device by its id, or by its name ignoring case when one device has it.
    private static func choose(_ wanted: String, among devices: [ServerMessage.Device]) throws -> ServerMessage.Device {
        if let byID = devices.first(where: { $0.id == wanted }) { return byID }
        let named = devices.filter { $0.device.lowercased() == wanted.lowercased() }
        if named.count == 1 { return named[0] }
        if named.isEmpty {
            throw ClientError.notFound("no device named “\(wanted)” takes your notifications (see `checkwire devices`)")
        }
        throw ClientError.ambiguous(wanted, candidates: named.map(\.id))
    }
}
