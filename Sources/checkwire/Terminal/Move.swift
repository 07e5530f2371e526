import ArgumentParser
import TerminalUI

/// `checkwire move LIST ITEM [--under P | --top] [--after S | --first] [--to OTHER]`
struct Move: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Move an item under another parent, among its siblings, or to another checklist.",
        discussion:
            "Within a checklist it is one edit. To another checklist (--to) the item and its sub-items are added there and the original is cancelled, nothing deleted; `checkwire undo` takes back one edit at a time."
    )

    @Argument(help: "The checklist: its id, an id prefix or its title.", completion: .custom(ChecklistNames.complete))
    var list: String

    @Argument(help: "The item: an id prefix or its title.")
    var item: String

    @Option(help: "Put it under this item (of the destination checklist).")
    var under: String?

    @Flag(help: "Put it at the top level.")
    var top = false

    @Option(help: "Put it right after this sibling.")
    var after: String?

    @Flag(help: "Put it first among its siblings.")
    var first = false

    @Option(
        name: .customLong("to"), help: "Move it to another checklist.", completion: .custom(ChecklistNames.complete))
    var toList: String?

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let target = TerminalCommands.MoveTarget(under: under, top: top, after: after, first: first, toList: toList)
        try await options.run {
            try await TerminalCommands.move(list: list, item: item, to: target, server: $0, console: $1)
        }
    }
}

/// `checkwire undo`
struct Undo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Take back the last edit made from this terminal (again for the one before).",
        discussion:
            "An edit still waiting in the offline queue is dropped from it; one the server has is answered by the edit that takes it back: an added item is cancelled, a tick reopened, changed fields get their old values. Nothing is deleted."
    )

    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await options.run { try await TerminalCommands.undo(server: $0, console: $1) }
    }
}

/// `checkwire export LIST [--format json|csv] [-o FILE]`
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a checklist to JSON or CSV (standard output, or a file with -o).")

    @Argument(help: "The checklist: its id, an id prefix or its title.", completion: .custom(ChecklistNames.complete))
    var list: String

    @Option(help: "json (every field, as `show --json`) or csv (one row per item, for a spreadsheet).")
    var format: String = "json"

    @Option(name: .shortAndLong, help: "The file to write (not overwritten); - or nothing for standard output.")
    var output: String?

    @OptionGroup var options: ClientOptions

    func validate() throws {
        guard TerminalCommands.ExportFormat(rawValue: format) != nil else {
            throw ValidationError("--format is json or csv")
        }
    }

    func run() async throws {
        let format = TerminalCommands.ExportFormat(rawValue: format) ?? .json
        try await options.run {
            try await TerminalCommands.export(list: list, format: format, output: output, server: $0, console: $1)
        }
    }
}
