import ArgumentParser
import TerminalUI

/// `checkwire cancel LIST [ITEM]`
struct Cancel: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Cancel an item and its open sub-items, or the checklist (owner); nothing is deleted.")

    @OptionGroup var target: StatusArguments
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (list, items) = (target.list, target.items)
        try await options.run {
            try await TerminalCommands.changeStatus(.cancel, list: list, items: items, server: $0, console: $1)
        }
    }
}
