import ArgumentParser
import TerminalUI

/// `checkwire share LIST USER [--role editor|viewer]`
struct Share: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Share a checklist (owner only); sharing again changes the role.")

    @Argument(help: "The checklist: its id, an id prefix or its title.", completion: .custom(ChecklistNames.complete))
    var list: String

    @Argument(help: "Their username.")
    var user: String

    @Option(help: "editor (may edit items) or viewer (read only).")
    var role: String = "editor"

    @OptionGroup var options: ClientOptions

    func validate() throws {
        guard ["editor", "viewer"].contains(role) else { throw ValidationError("--role is editor or viewer") }
    }

    func run() async throws {
        let (list, user, role) = (list, user, role)
        try await options.run {
            try await TerminalCommands.share(list: list, username: user, role: role, server: $0, console: $1)
        }
    }
}
