import ArgumentParser
import Foundation
import ProductVersion
import TerminalUI

/// The one binary: the server, the terminal client, the quick-add parser and the load
/// tester. Each subcommand is a thin shell over a library.
@main
struct Checkwire: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkwire",
        abstract: "Real-time collaborative checklists: server, terminal client and tools.",
        discussion: "`checkwire help COMMAND` explains one; docs/terminal.md walks through the terminal client.",
        version: ProductVersion.current,
        groupedSubcommands: [
            CommandGroup(
                name: "Checklists",
                subcommands: [
                    Lists.self, Show.self, Watch.self, New.self, Add.self, Edit.self, Done.self, Reopen.self,
                    Cancel.self, Restore.self, Move.self, Undo.self, Share.self, Unshare.self, Export.self,
                ]),
            CommandGroup(name: "Planning", subcommands: [Today.self, Agenda.self, Search.self, Feed.self]),
            CommandGroup(
                name: "Reminders",
                subcommands: [Reminders.self, Remind.self, Snooze.self, Dismiss.self, Notify.self, Devices.self]),
            CommandGroup(name: "Habits", subcommands: [Habits.self, CheckIn.self]),
            CommandGroup(name: "Files", subcommands: [Attach.self, Attachments.self, Download.self]),
            CommandGroup(
                name: "Account and offline queue",
                subcommands: [Signup.self, Login.self, Logout.self, Status.self, Sync.self]),
            CommandGroup(
                name: "Server and tools",
                subcommands: [Serve.self, CopyStore.self, Parse.self, Bench.self, EncodeBenchmark.self]),
        ]
    )

    /// Parses and runs the command; what goes wrong before the command runs (an unknown command,
    /// a missing argument) is a usage error: one line on standard error, or under `--json` the
    /// same `{"ok":false,"error":{…}}` object a refused command prints, and exit status 1.
    static func main() async {
        StandardStreams.ignoreBrokenPipeSignal()
        let arguments = Array(CommandLine.arguments.dropFirst())
        let json = arguments.contains("--json")
        if let unknown = CommandSuggestion.unknownCommand(in: arguments, known: commandNames) {
            UsageFailure.report(unknown, json: json)
        }
        do {
            var command = try await asyncParseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            // Help, --version and shell completions exit cleanly the library's way.
            guard exitCode(for: error) != .success else { exit(withError: error) }
            UsageFailure.report(fullMessage(for: error), json: json)
        }
    }

    /// Every subcommand's name, for "did you mean".
    static var commandNames: [String] {
        configuration.subcommands.map { $0._commandName } + ["help"]
    }
}
