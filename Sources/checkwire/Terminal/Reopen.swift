import ArgumentParser
import TerminalUI

/// `checkwire reopen LIST [ITEM]`
struct Reopen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Reopen a done item, or a completed checklist.")

    @OptionGroup var target: StatusArguments
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (list, item) = (target.list, target.item)
        try await options.run {
            try await TerminalCommands.changeStatus(.reopen, list: list, item: item, server: $0, console: $1)
        }
    }
}
