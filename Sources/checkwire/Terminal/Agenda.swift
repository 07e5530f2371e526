import ArgumentParser
import TerminalUI

/// `--mine` and `--list`, shared by `today` and `agenda`.
struct AgendaFilters: ParsableArguments {
    @Flag(help: "Only items assigned to you.")
    var mine = false

    @Option(
        name: .customLong("list"), help: "Only this checklist (repeat for several).",
        completion: .custom(ChecklistNames.complete))
    var lists: [String] = []
}

/// `checkwire agenda [--days N | --from D --to D] [--mine] [--list L]`
struct Agenda: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "What is due across all your checklists: overdue first, then day by day (7 days unless --days).",
        discussion:
            "Repeating items appear on each day they come back. Days are in your time zone (TZ); --from and --to read dates as --due does (monday, \"next friday\", 2027-03-12)."
    )

    @Option(help: "How many days from today (1 to 92).")
    var days = 7

    @Option(help: "The first day (default today).")
    var from: String?

    @Option(help: "The last day (default: --days after --from).")
    var to: String?

    @OptionGroup var filters: AgendaFilters
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let range = TerminalCommands.AgendaRange(
            days: days, from: from, to: to, mine: filters.mine, lists: filters.lists)
        try await options.run { try await TerminalCommands.agenda(range, server: $0, console: $1) }
    }
}

/// `checkwire today [--mine] [--list L]`
struct Today: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "What is overdue and what is due today, across all your checklists.")

    @OptionGroup var filters: AgendaFilters
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let range = TerminalCommands.AgendaRange(days: 1, mine: filters.mine, lists: filters.lists)
        try await options.run { try await TerminalCommands.agenda(range, server: $0, console: $1) }
    }
}

/// `checkwire search TEXT`
struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Find items and checklists by words in titles, notes, locations and descriptions; the last word may be a beginning."
    )

    @Argument(help: "The words to look for.")
    var words: [String]

    @Option(help: "At most this many results (1 to 100).")
    var limit = 20

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (text, limit) = (words.joined(separator: " "), limit)
        try await options.run { try await TerminalCommands.search(text, limit: limit, server: $0, console: $1) }
    }
}

/// `checkwire feed [LIST] [--rotate]`
struct Feed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Show the secret calendar link (iCalendar) for all your checklists, or one, to subscribe to in a calendar app.",
        discussion:
            "The link shows due dates as events (add ?components=VTODO for tasks). Anyone with it can read them: --rotate replaces it and the old one stops working."
    )

    @Argument(help: "A checklist (title, the beginning of one, or id); all of them when left out.")
    var list: String?

    @Flag(help: "Replace the link with a new one; the old one answers 404 from now on.")
    var rotate = false

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (list, rotate) = (list, rotate)
        try await options.run { try await TerminalCommands.feed(list: list, rotate: rotate, server: $0, console: $1) }
    }
}
