import ArgumentParser

/// The one binary: the server, the terminal client, the quick-add parser and the load
/// tester. Each subcommand is a thin shell over a library.
@main
struct Checkwire: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkwire",
        abstract: "Real-time collaborative checklists: server and tools.",
        subcommands: [
            Serve.self, Parse.self, Bench.self, EncodeBenchmark.self, Signup.self, Login.self, Logout.self, Lists.self,
            Show.self, Watch.self, New.self, Add.self, Done.self, Reopen.self, Cancel.self, Restore.self, Edit.self,
            Share.self, Unshare.self, Sync.self, Status.self,
            Reminders.self, Remind.self, Snooze.self, Dismiss.self, Habits.self, CheckIn.self, Today.self, Agenda.self,
            Search.self, Feed.self, Attach.self, Attachments.self, Download.self,
        ]
    )
}
