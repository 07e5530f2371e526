import ArgumentParser
import ChecklistStore
import PostgresStore
import StoreCopy
import TerminalUI

/// `checkwire copy-store`: moves a SQLite server's data into an empty PostgreSQL database, for
/// several servers to share (docs/operations.md, "Moving from SQLite to PostgreSQL").
struct CopyStore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy-store",
        abstract: "Copy a SQLite database into an empty PostgreSQL database, then verify the copy.",
        discussion: """
            Copies every table (events byte for byte, with their opIds and acknowledgements; accounts, \
            sessions, shares, reminders, habits, devices, mail settings), the server key and the \
            attachment bytes; the search index is rebuilt in PostgreSQL. Stop the SQLite server first: \
            the copy refuses a file a server holds, and a target database that holds any row.

            Until the copy is verified the target is marked incomplete and servers refuse to start on \
            it; a copy that fails leaves it so, and may be run again once the target is emptied. At \
            the end it checks the row count of every table, the events' bytes, the server key, and for \
            each checklist count(events) = max(seq) = head seq; it exits non-zero on any difference.

            Example: checkwire copy-store --from checkwire.sqlite --to postgres://checkwire@db:5432/checkwire
            """)

    @Option(name: .customLong("from"), help: "The SQLite database file to copy (its server stopped).")
    var source: String

    @Option(
        name: .customLong("to"),
        help: ArgumentHelp(
            "The empty PostgreSQL database to fill: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require|verify-full].",
            valueName: "url"))
    var target: String

    @Option(help: "The SQLite database's attachments folder, if not the default FILE-attachments beside it.")
    var attachments: String?

    func run() throws {
        do {
            guard !PostgresURL.names(source) else {
                throw StoreError.failure("--from takes a SQLite database file; the PostgreSQL URL goes in --to")
            }
            let url = try PostgresURL(target)
            let copy = StoreCopy(sourcePath: source, attachmentsDirectory: attachments, target: url) { step in
                StandardStreams.error(step + "\n")
            }
            let summary = try copy.run()
            StandardStreams.output(summary.lines.joined(separator: "\n") + "\n")
        } catch let error as StoreError {
            StandardStreams.error("checkwire copy-store: \(StoreCopy.message(error))\n")
            throw ExitCode.failure
        }
    }
}
