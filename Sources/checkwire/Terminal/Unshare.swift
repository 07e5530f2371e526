import ArgumentParser
import TerminalUI

/// `checkwire unshare LIST USER`
struct Unshare: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove someone from a checklist (owner only).")

    @Argument(help: "The checklist: its id, an id prefix or its title.", completion: .custom(ChecklistNames.complete))
    var list: String

    @Argument(help: "Their username.")
    var user: String

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (list, user) = (list, user)
        try await options.run {
            try await TerminalCommands.unshare(list: list, username: user, server: $0, console: $1)
        }
    }
}
