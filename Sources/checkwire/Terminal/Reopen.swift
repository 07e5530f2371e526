import ArgumentParser
import TerminalUI

/// `checkwire reopen LIST [ITEM]`
struct Reopen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Reopen a done item, or a completed checklist.")

    @OptionGroup var target: StatusArguments
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (list, items) = (target.list, target.items)
        try await options.run {
            try await TerminalCommands.changeStatus(.reopen, list: list, items: items, server: $0, console: $1)
        }
    }
}
