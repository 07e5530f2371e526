import ArgumentParser
import TerminalUI

/// `checkwire attach LIST ITEM FILE…`
struct Attach: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Attach files (a photo of the assignment, a PDF) to an item.",
        discussion:
            "Each file is uploaded over HTTP with your session token, with a progress bar for large ones. The server keeps each file once, however often it is attached (limit: 20 MiB per file unless the server says otherwise)."
    )

    @Argument(help: "The checklist (title, the beginning of one, or id).", completion: .custom(ChecklistNames.complete))
    var list: String

    @Argument(help: "The item (title, the beginning of one, or id).")
    var item: String

    @Argument(help: "One or more files.")
    var files: [String]

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (list, item, files) = (list, item, files)
        try await options.run {
            try await TerminalCommands.attach(list: list, item: item, files: files, server: $0, console: $1)
        }
    }
}

/// `checkwire attachments LIST ITEM`
struct Attachments: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the files on an item (cancelled ones marked).")

    @Argument(help: "The checklist.", completion: .custom(ChecklistNames.complete))
    var list: String

    @Argument(help: "The item.")
    var item: String

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (list, item) = (list, item)
        try await options.run {
            try await TerminalCommands.attachments(list: list, item: item, server: $0, console: $1)
        }
    }
}

/// `checkwire download LIST ITEM NAME [-o PATH]`
struct Download: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Save a file attached to an item.")

    @Argument(help: "The checklist.", completion: .custom(ChecklistNames.complete))
    var list: String

    @Argument(help: "The item.")
    var item: String

    @Argument(help: "The file's name (or the beginning of its id).")
    var name: String

    @Option(
        name: .shortAndLong,
        help:
            "Where to save it (default: its name, in this folder; an existing file is not overwritten); - writes it to standard output."
    )
    var output: String?

    @OptionGroup var options: ClientOptions

    func run() async throws {
        let (list, item, name, output) = (list, item, name, output)
        try await options.run {
            try await TerminalCommands.download(
                list: list, item: item, name: name, output: output, server: $0, console: $1)
        }
    }
}
