import ArgumentParser
import TerminalUI

/// `checkwire restore LIST [ITEM]`
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Restore a cancelled item (and what its cancel cascaded to), or the checklist.")

    @OptionGroup var target: StatusArguments
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (list, items) = (target.list, target.items)
        try await options.run {
            try await TerminalCommands.changeStatus(.restore, list: list, items: items, server: $0, console: $1)
        }
    }
}
