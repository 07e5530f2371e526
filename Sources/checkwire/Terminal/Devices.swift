import ArgumentParser
import ChecklistCore
import TerminalUI

/// `checkwire devices`
struct Devices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The devices that take your reminders as notifications (Web Push), oldest first.")

    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await options.run { try await TerminalCommands.devices(server: $0, console: $1) }
    }
}

/// `checkwire notify [--remove DEVICE] [--email ADDRESS | --email-off] [--email-reminders on|off]
/// [--digest HH:MM|off] [--quiet HH:MM-HH:MM|off]`
struct Notify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "How reminders reach you when nothing is open: Web Push devices and email.",
        discussion:
            "Web Push is turned on from a browser (Checkwire's user menu → Notifications on this device); here you see and remove the devices that take it. Email is set here or in the browser: an address gets a link to confirm it, then reminders that no device showed within a minute, and a daily digest at the time you choose."
    )

    @Option(help: "Remove this device (its name, or its id from `checkwire devices`).")
    var remove: String?

    @Option(help: "Mail reminders to this address (a link to confirm it is mailed first).")
    var email: String?

    @Flag(help: "Turn all mail off and forget the address.")
    var emailOff = false

    @Option(help: "Reminders by mail when no device showed them: on or off.")
    var emailReminders: String?

    @Option(help: "A daily digest at this local time (HH:MM, 24-hour), or off.")
    var digest: String?

    @Option(help: "No reminder mail between these local times (HH:MM-HH:MM, such as 22:00-07:00), or off.")
    var quiet: String?

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let change = try emailChange()
        try await options.run {
            try await TerminalCommands.notify(remove: remove, email: change, server: $0, console: $1)
        }
    }

    private func emailChange() throws -> EmailSettingsChange {
        var change = EmailSettingsChange()
        if emailOff {
            guard email == nil else { throw ValidationError("--email and --email-off go separately") }
            change.address = .clear
        } else if let email {
            change.address = .set(email)
        }
        switch emailReminders?.lowercased() {
        case nil: break
        case "on": change.reminders = true
        case "off": change.reminders = false
        default: throw ValidationError("--email-reminders takes on or off")
        }
        if let digest {
            if digest.lowercased() == "off" {
                change.digest = .clear
            } else {
                guard let time = TimeOfDay(digest) else {
                    throw ValidationError("--digest takes a local time like 07:30 (24-hour), or off")
                }
                change.digest = .set(time)
            }
        }
        if let quiet {
            if quiet.lowercased() == "off" {
                change.quietHours = .clear
            } else {
                let parts = quiet.split(separator: "-", omittingEmptySubsequences: false)
                guard parts.count == 2, let from = TimeOfDay(String(parts[0])), let to = TimeOfDay(String(parts[1]))
                else { throw ValidationError("--quiet takes local times like 22:00-07:00, or off") }
                change.quietHours = .set(QuietHours(from: from, to: to))
            }
        }
        return change
    }
}
