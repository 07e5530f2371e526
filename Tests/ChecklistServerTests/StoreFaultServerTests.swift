import ChecklistServer
import ChecklistStore
import StoreFactory
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Testing
import Transport
import WireProtocol

/// The reproductions against a real server: a database locked by another process, a
/// lock held at start, two servers on one file. Every request is answered within a bounded
/// time, `/healthz` tells the truth, and the server recovers without a restart.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct StoreFaultServerTests {
    /// Another process holding `BEGIN EXCLUSIVE` on the file until released (Python's sqlite3,
    /// as an administrator's `sqlite3 FILE 'BEGIN EXCLUSIVE; …'` would).
    final class LockHolder {
        let process = Process()
        private let input = Pipe()

        init(path: String) throws {
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-c",
                """
                import sqlite3, sys
                c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
                c.execute('BEGIN EXCLUSIVE')
                print('locked', flush=True)
                sys.stdin.read()
                c.execute('COMMIT')
                """, path,
            ]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            guard line.contains("locked") else { throw ProcessError("the lock holder did not lock: \(line)") }
        }

        func release() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    static func configuration() -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.fastPasswordHashing = true
        return configuration
    }

    /// A server on the database at `path`, its batches waiting at most `busyTimeout` for a lock.
    static func server(database path: String, busyTimeout: TimeInterval = 5) throws -> ChecklistServer {
        var store = StoreConfiguration(database: path)
        store.busyTimeout = busyTimeout
        return try ChecklistServer(configuration: configuration()) { try openStore(store, encodeEvent: $0) }
    }

    static func health(port: Int) async throws -> (status: Int, body: String) {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/healthz"))
        let (data, response) = try await URLSession.shared.data(from: url)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func aLockedDatabaseAnswersEveryRequestAndRecoversWhenTheLockGoes() async throws {
        let server = try TestServer(store: { $0.busyTimeout = 0.5 })
        defer { server.stop() }
        let ana = try await server.user("ana")
        let list = try await ana.createList()
        let other = try await server.connect()

        let lock = try LockHolder(path: server.databasePath)
        let started = Date()
        let edit = try await ana.request(
            TestClient.op("addItem", opID: "during", ["list": .string(list), "title": "While locked"]), expecting: "ack"
        )
        #expect(edit["code"]?.string == "internal")
        #expect(edit["opId"]?.string == "during")
        let signup = try await other.request(
            ["type": "signup", "username": "bo", "password": "correct horse"], expecting: "authed")
        #expect(signup["code"]?.string == "internal", "a signup is answered too, and the password workers are free")
        let login = try await other.request(
            ["type": "login", "username": "ana", "password": "correct horse"], expecting: "authed")
        #expect(login["code"]?.string == "internal")
        // Answered, not hung behind the lock (each waits its 0.5 s busy timeout); the bound is
        // loose so that a busy machine does not fail it.
        #expect(Date().timeIntervalSince(started) < 30)
        let unhealthy = try await Self.health(port: server.port)
        #expect(unhealthy.status == 503)
        #expect(unhealthy.body.contains("locked"), "the reason is given: \(unhealthy.body)")

        lock.release()
        let after = try await ana.request(
            TestClient.op("addItem", opID: "after", ["list": .string(list), "title": "After"]), expecting: "ack")
        #expect(after["type"]?.string == "ack")
        #expect(try await Self.health(port: server.port).status == 200)
        let bo = try await other.request(
            ["type": "signup", "username": "bo", "password": "correct horse"], expecting: "authed")
        #expect(bo["type"]?.string == "authed")
    }

    @Test func aLockHeldAtStartLeavesTheServerUpAndUnhealthyUntilItGoes() async throws {
        let temporary = try TemporaryDatabase("locked-at-start")
        defer { temporary.remove() }
        // Create and migrate the file, then let another process lock it.
        try openStore(StoreConfiguration(database: temporary.path), encodeEvent: { _ in [] }).close()
        let lock = try LockHolder(path: temporary.path)
        let server = try Self.server(database: temporary.path, busyTimeout: 0.5)
        let port = try server.start()
        defer { server.stop() }
        #expect(try await Self.health(port: port).status == 503)
        lock.release()
        let client = TestClient(try await WebSocketConnection.connect(url: "ws://127.0.0.1:\(port)/ws"))
        let signup = try await client.request(
            ["type": "signup", "username": "ana", "password": "correct horse"], expecting: "authed")
        #expect(signup["type"]?.string == "authed")
        #expect(try await Self.health(port: port).status == 200)
    }

    /// An immutable file (`chattr +i`, what a read-only file is to root): the server starts,
    /// says the file can only be read, answers `internal`, and recovers once it is writable.
    @Test func anImmutableDatabaseIsReportedAndRecoversWithoutARestart() async throws {
        let temporary = try TemporaryDatabase("immutable")
        defer { temporary.remove() }
        try openStore(StoreConfiguration(database: temporary.path), encodeEvent: { _ in [] }).close()
        let attributes = try ServerProcess.runTool("/usr/bin/chattr", ["+i", temporary.path])
        try #require(attributes.status == 0, "chattr +i is needed for this test: \(attributes.output)")
        defer { _ = try? ServerProcess.runTool("/usr/bin/chattr", ["-i", temporary.path]) }

        let server = try Self.server(database: temporary.path)
        let port = try server.start()
        defer { server.stop() }
        let unhealthy = try await Self.health(port: port)
        #expect(unhealthy.status == 503)
        #expect(unhealthy.body.contains("can only be read"), "\(unhealthy.body)")
        let client = TestClient(try await WebSocketConnection.connect(url: "ws://127.0.0.1:\(port)/ws"))
        let refused = try await client.request(
            ["type": "signup", "username": "ana", "password": "correct horse"], expecting: "authed")
        #expect(refused["code"]?.string == "internal")

        _ = try ServerProcess.runTool("/usr/bin/chattr", ["-i", temporary.path])
        let signup = try await client.request(
            ["type": "signup", "username": "ana", "password": "correct horse"], expecting: "authed")
        #expect(signup["type"]?.string == "authed")
        #expect(try await Self.health(port: port).status == 200)
    }

    @Test func aSecondServerOnOneDatabaseIsRefusedAndTheLockGoesWithKill9() throws {
        let temporary = try TemporaryDatabase("two-servers")
        defer { temporary.remove() }
        let first = try ServerProcess(database: temporary.path)
        let refusal = try ServerProcess.runToExit(["serve", "--port", "0", "--database", temporary.path])
        #expect(refusal.status == 1)
        #expect(refusal.output.contains(temporary.path), "names the file: \(refusal.output)")
        #expect(
            refusal.output.contains("pid \(first.process.processIdentifier)"),
            "names the running server: \(refusal.output)")
        first.kill()
        let second = try ServerProcess(database: temporary.path)
        #expect(second.terminate() == 0)
    }
}
