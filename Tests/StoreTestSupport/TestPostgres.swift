import Foundation
import LoopbackTestSupport

/// One real PostgreSQL server per test process, started on first use and stopped by its PID
/// when the process exits: `initdb` in a fresh temporary folder, a free 127.0.0.1 port, its
/// Unix socket in that folder, run as the `postgres` user when the tests run as root (the
/// server refuses root). No system service is used or touched.
///
/// Each test gets a database of its own (`createDatabase`, a `CREATE DATABASE`, tens of
/// milliseconds), so tests run in parallel on one server. Without Debian's `postgresql` package
/// every PostgreSQL test fails saying how to install it, rather than being skipped.
public final class TestPostgres: @unchecked Sendable {
    public let port: Int
    public let folder: String
    let binaries: String
    let pid: pid_t

    /// The server, started once; the failure to start it, for every test to report.
    public static let shared: Result<TestPostgres, TestPostgresError> = Result { () throws(TestPostgresError) in
        try TestPostgres()
    }

    public static func server() throws -> TestPostgres { try shared.get() }

    private init() throws(TestPostgresError) {
        guard let binaries = Self.findBinaries() else {
            throw TestPostgresError(
                "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run "
                    + "`scripts/install-deps.sh --with-test-tools` (or `apt-get install postgresql`) to run the PostgreSQL tests"
            )
        }
        self.binaries = binaries
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "checkwire-postgres-\(UUID().uuidString)"
        ).path
        self.folder = folder
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw TestPostgresError("cannot make \(folder): \(error)")
        }
        let asRoot = getuid() == 0
        if asRoot {
            guard Self.run(["/bin/chown", "postgres:postgres", folder]).status == 0 else {
                throw TestPostgresError(
                    "cannot give \(folder) to the postgres user (is there one? apt-get install postgresql)")
            }
        }
        let initdb = Self.run(
            Self.asPostgres(asRoot) + [
                binaries + "/initdb", "-D", folder + "/data", "-U", "postgres", "--auth=trust", "-E", "UTF8",
                "--locale=C", "--no-sync",
            ])
        guard initdb.status == 0 else { throw TestPostgresError("initdb failed: \(initdb.output)") }
        var started: (port: Int, pid: pid_t)?
        var lastOutput = ""
        for _ in 0..<5 where started == nil {
            let port = LoopbackPort.free()
            let logFile = folder + "/server-\(port).log"
            // The server inherits pg_ctl's descriptors: no pipe, or reading it would never end.
            let start = Self.run(
                capturing: false,
                Self.asPostgres(asRoot) + [
                    binaries + "/pg_ctl", "-D", folder + "/data", "-l", logFile, "-w", "-t", "60", "-o",
                    "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off "
                        + "-c max_connections=300 -c shared_buffers=64MB", "start",
                ])
            let pidText = (try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8)) ?? ""
            if start.status == 0, let pid = pidText.split(separator: "\n").first.flatMap({ pid_t($0) }) {
                started = (port, pid)
            } else {
                lastOutput = start.output + ((try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "")
            }
        }
        guard let started else { throw TestPostgresError("PostgreSQL did not start: \(lastOutput)") }
        port = started.port
        pid = started.pid
        TestPostgresCleanup.register(pid: started.pid, folder: folder)
    }

    /// A new, empty database; its URL for `--database`.
    public func createDatabase() throws -> (name: String, url: String) {
        let name = "checkwire_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try sql("CREATE DATABASE \(name)")
        return (name, url(of: name))
    }

    public func url(of database: String) -> String {
        "postgres://postgres@127.0.0.1:\(port)/\(database)?sslmode=disable"
    }

    /// Drops a database, closing whatever is still connected to it.
    public func dropDatabase(_ name: String) {
        _ = try? sql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Runs SQL through `psql` on the server's socket (as its superuser), in `database`.
    @discardableResult
    public func sql(_ statement: String, in database: String = "postgres") throws -> String {
        let result = Self.run([
            binaries + "/psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", folder, "-p", "\(port)", "-U",
            "postgres", "-d", database, "-c", statement,
        ])
        guard result.status == 0 else { throw TestPostgresError("psql: \(statement): \(result.output)") }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func asPostgres(_ asRoot: Bool) -> [String] {
        asRoot ? ["/sbin/runuser", "-u", "postgres", "--"] : []
    }

    /// The newest installed server's programs (Debian keeps them per major version).
    static func findBinaries() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init)
            .sorted()
        return versions.reversed().map { "\(root)/\($0)/bin" }.first {
            FileManager.default.isExecutableFile(atPath: $0 + "/initdb")
        }
    }

    /// Runs a program and waits for it (posix_spawn and waitpid: no run loop involved), its
    /// output in a file read afterwards, so that a server it leaves running holds no pipe.
    static func run(capturing: Bool = true, _ arguments: [String]) -> (status: Int32, output: String) {
        let outputPath = NSTemporaryDirectory() + "checkwire-run-\(UUID().uuidString).out"
        defer { unlink(outputPath) }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, capturing ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { return (-1, "\(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exited = (status & 0x7f) == 0
        return (exited ? (status >> 8) & 0xff : -1, output)
    }
}

public struct TestPostgresError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Stops the server by its PID when the test process exits, and removes its folder.
private enum TestPostgresCleanup {
    nonisolated(unsafe) static var pid: pid_t = 0
    nonisolated(unsafe) static var folder = ""

    static func register(pid: pid_t, folder: String) {
        Self.pid = pid
        Self.folder = folder
        atexit {
            // SIGQUIT: PostgreSQL's immediate shutdown; its children end with it.
            kill(TestPostgresCleanup.pid, SIGQUIT)
            for _ in 0..<100 where kill(TestPostgresCleanup.pid, 0) == 0 { usleep(20_000) }
            try? FileManager.default.removeItem(atPath: TestPostgresCleanup.folder)
        }
    }
}
