import ArgumentParser

/// The one binary: the server, and (in later subcommands) the terminal client, the
/// quick-add parser and the load tester. Each subcommand is a thin shell over a library.
@main
struct Checkwire: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkwire",
        abstract: "Real-time collaborative checklists: server and tools.",
        subcommands: [Serve.self]
    )
}
