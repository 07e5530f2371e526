import ArgumentParser
import TerminalUI

/// `checkwire show LIST`
struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "A checklist with its items as a tree.")

    @Argument(help: "The checklist: its id, an id prefix or its title.")
    var list: String

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let list = list
        try await options.run { try await TerminalCommands.show(list: list, server: $0, console: $1) }
    }
}
