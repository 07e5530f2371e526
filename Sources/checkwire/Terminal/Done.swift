import ArgumentParser
import TerminalUI

/// `checkwire done LIST [ITEM]`
struct Done: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark an item done, or the checklist completed.")

    @OptionGroup var target: StatusArguments
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (list, item) = (target.list, target.item)
        try await options.run {
            try await TerminalCommands.changeStatus(.complete, list: list, item: item, server: $0, console: $1)
        }
    }
}
