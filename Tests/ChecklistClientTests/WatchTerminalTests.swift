import Foundation
import LoopbackTestSupport
import Testing

/// `checkwire watch` in a real terminal (tmux): the screen shows edits made elsewhere, and
/// recovers by itself after the server is killed and restarted.
@Suite(.serialized) struct WatchTerminalTests {
    /// A tmux server of our own (its own socket), so nothing else is touched.
    struct Tmux {
        let socket = "checkwire-test-\(UUID().uuidString.prefix(8))"

        /// Runs `tmux -L SOCKET ARGS` and returns its standard output.
        ///
        /// Spawned directly, not with `Process`: Foundation detects a child's exit by a
        /// descriptor the child inherits, and the tmux server that `new-session` forks keeps
        /// it open forever, so `Process` would never see the client exit.
        @discardableResult
        func run(_ arguments: [String]) async throws -> String {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
            defer { unlink(file) }
            let argv = ["tmux", "-L", socket] + arguments
            let status: Int32 = await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(returning: Self.spawnAndWait(argv, output: file))
                }
            }
            guard status == 0 || arguments.first == "kill-server" else {
                throw TestFailure("tmux \(arguments.first ?? "") exited with \(status)")
            }
            return (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        }

        /// posix_spawnp with stdout to `output`, stdin and stderr to /dev/null and every other
        /// descriptor closed, then waitpid; returns the exit status (blocking: call off the pool).
        static func spawnAndWait(_ argv: [String], output: String) -> Int32 {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            for fd in Int32(3)..<256 { posix_spawn_file_actions_addclose(&actions, fd) }
            var pid: pid_t = 0
            var cArguments = argv.map { strdup($0) } + [nil]
            defer { cArguments.forEach { free($0) } }
            guard posix_spawnp(&pid, "tmux", &actions, nil, &cArguments, environ) == 0 else { return -1 }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return (status >> 8) & 0xff
        }

        func screen() async -> String { (try? await run(["capture-pane", "-p", "-t", "watch"])) ?? "" }

        /// Waits until the screen shows `text`; returns whether it did, and the last screen.
        func waitFor(_ text: String, timeout: Duration = .seconds(20)) async -> (Bool, String) {
            var last = ""
            let shown = await eventually(timeout: timeout) {
                last = await screen()
                return last.contains(text)
            }
            return (shown, last)
        }

        /// Stops this tmux server (and signals it directly too, should `kill-server` not reach it).
        func kill() async {
            let pid = Int32(
                ((try? await run(["display-message", "-p", "#{pid}"])) ?? "").trimmingCharacters(
                    in: .whitespacesAndNewlines))
            _ = try? await run(["kill-server"])
            if let pid, pid > 1 { Foundation.kill(pid, SIGTERM) }
        }

        /// For `defer`: stops this tmux server, synchronously.
        func killSoon() {
            _ = Self.spawnAndWait(["tmux", "-L", socket, "kill-server"], output: "/dev/null")
        }
    }

    static var tmuxAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
            || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed (scripts/install-deps.sh installs it)"))
    func watchShowsLiveEditsAndRecoversFromARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "checkwire-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("watch.sqlite").path
        let port = LoopbackPort.free()
        var server = try await ServerProcess(database: database, port: port)
        defer { server.terminate() }
        let alice = try CLI(server: server.url)
        let bob = try CLI(server: server.url)
        defer { alice.remove(); bob.remove() }
        try await alice.signUp("alice")
        try await bob.signUp("bob")
        try await alice.ok(["new", "CS 298", "--due", "2027-03-12"])
        try await alice.ok(["add", "CS 298", "Homework 2", "--due", "2027-03-10"])
        try await alice.ok(["share", "CS 298", "bob"])

        let tmux = Tmux()
        defer { tmux.killSoon() }
        let environment = alice.environment.filter { ["HOME", "CHECKWIRE_SERVER", "TZ", "PATH"].contains($0.key) }
            .map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let command =
            "env \(environment) TERM=xterm-256color '\(CLI.binary)' watch 'CS 298'; echo WATCH-EXIT=$?; sleep 5"
        try await tmux.run(["new-session", "-d", "-s", "watch", "-x", "110", "-y", "30", command])
        var (shown, screen) = await tmux.waitFor("● live")
        #expect(shown, "never went live:\n\(screen)")
        #expect(screen.contains("[ ] Homework 2"))

        try await bob.ok(["add", "CS 298", "Reading ch. 3"])
        try await bob.ok(["done", "CS 298", "Homework 2"])
        (shown, screen) = await tmux.waitFor("bob checked off “Homework 2”")
        #expect(shown, "\(screen)")
        #expect(screen.contains("bob added “Reading ch. 3”") && screen.contains("[x] Homework 2"))

        server.kill()
        (shown, screen) = await tmux.waitFor("offline, retrying")
        #expect(shown, "no sign of the outage:\n\(screen)")
        // Bob keeps working while the server is down: his edit waits in his offline queue.
        let queued = try await bob.ok(["add", "CS 298", "Made while down"])
        #expect(queued.stdout.contains("Queued offline"))

        server = try await ServerProcess(database: database, port: port)
        try await bob.ok(["sync"])
        try await bob.ok(["add", "CS 298", "Made after the restart"])
        (shown, screen) = await tmux.waitFor("bob added “Made after the restart”")
        #expect(shown, "did not recover:\n\(screen)")
        #expect(screen.contains("[ ] Made while down") && screen.contains("[ ] Reading ch. 3"))
        #expect(
            screen.components(separatedBy: "Made while down").count == 3,
            "once in the tree, once in the changes: \(screen)")
        #expect(screen.contains("● live · seq 7"), "\(screen)")
        try Self.save(screen)

        try await tmux.run(["send-keys", "-t", "watch", "C-c"])
        (shown, screen) = await tmux.waitFor("WATCH-EXIT=0")
        #expect(shown, "Ctrl-C did not exit cleanly:\n\(screen)")
        await tmux.kill()
    }

    /// A reminder rings in `watch` and shows under "Reminders and shares", as does a checklist
    /// someone shares meanwhile (the contract's `listShared`), whichever list is watched.
    @Test(.enabled(if: tmuxAvailable, "tmux is not installed (scripts/install-deps.sh installs it)"))
    func watchShowsRemindersAndShares() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "checkwire-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await ServerProcess(
            database: directory.appendingPathComponent("watch.sqlite").path, port: LoopbackPort.free())
        defer { server.terminate() }
        let alice = try CLI(server: server.url)
        let bob = try CLI(server: server.url)
        defer { alice.remove(); bob.remove() }
        try await alice.signUp("alice")
        try await bob.signUp("bob")
        try await alice.ok(["new", "Chores"])
        try await bob.ok(["new", "Garden"])

        let tmux = Tmux()
        defer { tmux.killSoon() }
        let environment = alice.environment.filter { ["HOME", "CHECKWIRE_SERVER", "TZ", "PATH"].contains($0.key) }
            .map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let command = "env \(environment) TERM=xterm-256color '\(CLI.binary)' watch Chores; echo WATCH-EXIT=$?; sleep 5"
        try await tmux.run(["new-session", "-d", "-s", "watch", "-x", "110", "-y", "30", command])
        var (shown, screen) = await tmux.waitFor("● live")
        #expect(shown, "never went live:\n\(screen)")

        try await bob.ok(["share", "Garden", "alice"])
        (shown, screen) = await tmux.waitFor("bob shared “Garden” with you")
        #expect(shown, "the share did not show:\n\(screen)")
        try await alice.ok(["add", "Chores", "Water the plants", "--every", "2s"])
        (shown, screen) = await tmux.waitFor("⏰ Water the plants — Chores")
        #expect(shown, "the reminder did not show:\n\(screen)")
        #expect(screen.contains("Reminders and shares"))
        try await tmux.run(["send-keys", "-t", "watch", "C-c"])
        (shown, screen) = await tmux.waitFor("WATCH-EXIT=0")
        #expect(shown, "Ctrl-C did not exit cleanly:\n\(screen)")
        await tmux.kill()
    }

    /// The keys of the interactive screen: select with j/k, tick with space, dismiss a
    /// reminder with d (it leaves the panel, as it does when dismissed on another device), q quits.
    @Test(.enabled(if: tmuxAvailable, "tmux is not installed (scripts/install-deps.sh installs it)"))
    func watchIsDrivenFromTheKeyboard() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "checkwire-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await ServerProcess(
            database: directory.appendingPathComponent("watch.sqlite").path, port: LoopbackPort.free())
        defer { server.terminate() }
        let alice = try CLI(server: server.url)
        defer { alice.remove() }
        try await alice.signUp("alice")
        try await alice.ok(["new", "Chores"])
        try await alice.ok(["add", "Chores", "Dishes"])
        try await alice.ok(["add", "Chores", "Water the plants", "--every", "2s"])

        let tmux = Tmux()
        defer { tmux.killSoon() }
        let environment = alice.environment.filter { ["HOME", "CHECKWIRE_SERVER", "TZ", "PATH"].contains($0.key) }
            .map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let command = "env \(environment) TERM=xterm-256color '\(CLI.binary)' watch Chores; echo WATCH-EXIT=$?; sleep 5"
        try await tmux.run(["new-session", "-d", "-s", "watch", "-x", "110", "-y", "30", command])
        var (shown, screen) = await tmux.waitFor("⏰ Water the plants — Chores ·")
        #expect(shown, "the reminder did not show with its time:\n\(screen)")
        #expect(screen.contains("space done/undone") && screen.contains("d dismiss"), "the keys are listed")

        try await tmux.run(["send-keys", "-t", "watch", " "])
        (shown, screen) = await tmux.waitFor("[x] Dishes")
        #expect(shown, "space ticks the selected item:\n\(screen)")
        try await tmux.run(["send-keys", "-t", "watch", "j", "d"])
        (shown, screen) = await tmux.waitFor("Dismissed the reminders of “Water the plants”")
        #expect(shown, "\(screen)")
        try await alice.ok(["done", "Chores", "Water the plants"])
        (shown, screen) = await tmux.waitFor("alice checked off “Water the plants”")
        #expect(shown && !screen.contains("⏰ Water the plants"), "a done item's reminder leaves the panel:\n\(screen)")

        try await tmux.run(["send-keys", "-t", "watch", "q"])
        (shown, screen) = await tmux.waitFor("WATCH-EXIT=0")
        #expect(shown, "q did not exit cleanly:\n\(screen)")
        await tmux.kill()
    }

    /// Keeps the captured screen for people to look at.
    static func save(_ screen: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let directory = root.appendingPathComponent("test-output")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try screen.write(to: directory.appendingPathComponent("watch-screen.txt"), atomically: true, encoding: .utf8)
    }
}
