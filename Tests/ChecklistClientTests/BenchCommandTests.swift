import Foundation
import Testing
import WireProtocol

/// `checkwire bench` as its users run it: the binary, its options, its JSON and its exit
/// codes, against a real server. (What the load tester measures and checks is tested in
/// LoadTestTests; here, that the command carries it through.)
@Suite(.serialized) struct BenchCommandTests {
    @Test func aSmallRunPassesItsCheckAndPrintsJSON() async throws {
        let server = try LiveServer()
        let cli = try CLI(server: server.url)
        defer { server.shutdown(); cli.remove() }
        let run = try await cli.ok([
            "bench", "fanout", "-s", "3", "-w", "1", "-e", "20", "--window", "4", "--url", server.url,
            "--server-pid", String(getpid()), "--json", "--quiet", "--strict",
        ])
        let report = try run.json()
        #expect(report["verification"]?["passed"]?.boolValue == true)
        #expect(report["edits"]?["acked"]?.intValue == 20)
        #expect(report["deliveries"]?["count"]?.intValue == 3 * 20)
        #expect(report["server"]?["cpuSeconds"] != nil)
        #expect(run.stderr.isEmpty, "--quiet printed: \(run.stderr)")
    }

    /// With `--user`, `--password` and `--list`, it writes to an existing list instead of
    /// creating its own, and the list's owner sees those edits.
    @Test func itCanUseAnExistingAccountAndList() async throws {
        let server = try LiveServer()
        let alice = try CLI(server: server.url)
        defer { server.shutdown(); alice.remove() }
        try await alice.signUp("alice")
        let created = try await alice.ok(["new", "Load test target", "--json"])
        let listID = try #require(try created.json()["id"]?.stringValue)

        let run = try await alice.ok([
            "bench", "fanout", "-s", "2", "-e", "10", "--window", "2", "--url", server.url,
            "--user", "alice", "--password", "correct horse", "--list", listID, "--json", "--quiet", "--strict",
        ])
        #expect(try run.json()["verification"]?["passed"]?.boolValue == true)
        let shown = try await alice.ok(["show", listID, "--json"])
        #expect((try shown.json()["list"]?["seq"]?.intValue ?? 0) >= 10)
    }

    @Test(arguments: [
        (["fanout", "-s", "30000"], "subscribers must be 0…19000"),
        (["sideways"], "unknown scenario sideways"),
        (["--target", "nchan"], "--target nchan needs --nchan-sub and --nchan-pub"),
        (["--user", "alice"], "--user and --password go together"),
        (["--client-event-loop", "kqueue"], "unknown event loop kqueue"),
        (
            [
                "reconnect", "--target", "nchan", "--nchan-sub", "ws://127.0.0.1:1/sub", "--nchan-pub",
                "http://127.0.0.1:1/pub",
            ],
            "the reconnect scenario needs a Checkwire server"
        ),
    ])
    func badOptionsAreRefusedBeforeAnythingRuns(arguments: [String], message: String) async throws {
        let cli = try CLI(server: "ws://127.0.0.1:1/ws")
        defer { cli.remove() }
        let run = try await cli.run(["bench"] + arguments + ["--url", "ws://127.0.0.1:1/ws"])
        #expect(run.status == 1, "a usage error exits 1, as for any bad input: \(run)")
        #expect(run.stderr.contains(message), "\(run)")
        #expect(run.stdout.isEmpty)
    }

    /// Nothing listens on the port: the run fails with a message, not a hang or a report.
    @Test func anUnreachableServerFailsWithAMessage() async throws {
        let cli = try CLI(server: "ws://127.0.0.1:1/ws")
        defer { cli.remove() }
        let run = try await cli.run([
            "bench", "fanout", "-s", "1", "-e", "1", "--url", "ws://127.0.0.1:1/ws", "--timeout", "10", "--quiet",
        ])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("cannot reach the Checkwire server at ws://127.0.0.1:1/ws"), "\(run)")
        #expect(run.stdout.isEmpty)
    }
}
