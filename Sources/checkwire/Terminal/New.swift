import ArgumentParser
import TerminalUI

/// `checkwire new TITLE`
struct New: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create a checklist.")

    @Argument(help: "The checklist's title.")
    var title: String

    @Option(help: "Due: 2027-03-12, \"2027-03-12 17:00\" (local time), today, tomorrow or a weekday.")
    var due: String?

    @Option(help: "A longer description.")
    var description: String?

    @Flag(help: "A habit checklist: every item repeats and each participant checks in (`checkwire checkin`).")
    var habits = false

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (title, due, description, habits) = (title, due, description, habits)
        try await options.run {
            try await TerminalCommands.newList(
                title: title, due: due, description: description, habits: habits, server: $0, console: $1)
        }
    }
}
