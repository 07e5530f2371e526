import ArgumentParser
import TerminalUI

/// `checkwire habits LIST`
struct Habits: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Show a habit checklist: today's habits with your check-ins, everyone's streak, best and score, and your last 30 days."
    )

    @Argument(
        help: "The habit checklist: its id, an id prefix or its title.", completion: .custom(ChecklistNames.complete))
    var list: String

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let list = list
        try await options.run { try await TerminalCommands.habits(list: list, server: $0, console: $1) }
    }
}

/// `checkwire checkin LIST ITEM [--skip | --undo] [--date D]`
struct CheckIn: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkin",
        abstract: "Check in on a habit for today (or --date): done, or --skip, or --undo."
    )

    @Argument(
        help: "The habit checklist: its id, an id prefix or its title.", completion: .custom(ChecklistNames.complete))
    var list: String

    @Argument(help: "The habit: an id prefix or its title.")
    var item: String

    @Flag(help: "Mark the day skipped (it keeps your streak).")
    var skip = false

    @Flag(help: "Take back the check-in of that day.")
    var undo = false

    @Option(help: "The day: 2027-03-12, today or yesterday (default: today in the checklist's time zone).")
    var date: String?

    @OptionGroup var options: ClientOptions

    func validate() throws {
        if skip && undo { throw ValidationError("give --skip or --undo, not both") }
    }

    func run() async throws {
        let (list, item, skip, undo, date) = (list, item, skip, undo, date)
        try await options.run {
            try await TerminalCommands.checkIn(
                list: list, item: item, skip: skip, undo: undo, date: date, server: $0, console: $1)
        }
    }
}
