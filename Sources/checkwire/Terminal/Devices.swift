import ArgumentParser
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

/// `checkwire notify [--remove DEVICE]`
struct Notify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "How reminders reach you when nothing is open: Web Push devices and email.",
        discussion:
            "Web Push is turned on from a browser (Checkwire's user menu → Notifications on this device); here you see and remove the devices that take it."
    )

    @Option(help: "Remove this device (its name, or its id from `checkwire devices`).")
    var remove: String?

    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await options.run { try await TerminalCommands.notify(remove: remove, server: $0, console: $1) }
    }
}
