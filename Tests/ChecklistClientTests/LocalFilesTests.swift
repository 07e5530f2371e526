import ChecklistClient
import ChecklistCore
import Foundation
import Testing
import WireProtocol

@Suite struct LocalFilesTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "checkwire-files-\(UUID().uuidString)")

    @Test func pathsFollowXDG() {
        let defaults = ClientPaths(environment: ["HOME": "/home/u"])
        #expect(defaults.credentialsFile.path == "/home/u/.config/checkwire/credentials")
        #expect(defaults.queueFile.path == "/home/u/.local/state/checkwire/queue.jsonl")
        let custom = ClientPaths(environment: [
            "HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg", "XDG_STATE_HOME": "/st", "XDG_CACHE_HOME": "relative/ignored",
        ])
        #expect(custom.credentialsFile.path == "/cfg/checkwire/credentials")
        #expect(custom.queueFile.path == "/st/checkwire/queue.jsonl")
        #expect(custom.cacheDirectory.path == "/home/u/.cache/checkwire")
    }

    @Test func credentialsAreWrittenWithMode0600() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("checkwire/credentials")
        let credentials = StoredCredentials(server: "ws://127.0.0.1:1/ws", username: "alice", token: "secret")
        try credentials.save(to: file)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try StoredCredentials.load(from: file) == credentials)
    }

    @Test func queueKeepsOrderAndUnreadableLines() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = OfflineQueue(file: directory.appendingPathComponent("queue.jsonl"))
        func op(_ n: Int) -> QueuedOp {
            QueuedOp(
                opID: "op-\(n)", server: "ws://s/ws", username: "alice", queuedAt: Timestamp(milliseconds: 0),
                summary: "edit \(n)",
                message: ["type": "op", "opId": .string("op-\(n)"), "op": "addItem"])
        }
        for n in 1...3 { try queue.append(op(n)) }
        let handle = try FileHandle(forWritingTo: queue.file)
        handle.seekToEndOfFile()
        handle.write(Data("{\"torn\":".utf8) + Data("\n".utf8))
        try handle.close()
        try queue.append(op(4))
        let (ops, unreadable) = try queue.entries()
        #expect(ops.map(\.opID) == ["op-1", "op-2", "op-3", "op-4"])
        #expect(unreadable == 1)
        try await queue.update { ops in ops.removeFirst(2) }
        let after = try queue.entries()
        #expect(after.ops.map(\.opID) == ["op-3", "op-4"])
        #expect(after.unreadable == 1, "a line that cannot be read is kept, not dropped")
        let attributes = try FileManager.default.attributesOfItem(atPath: queue.file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func queuedEditsBelongToTheirAuthorAndServer() {
        let op = QueuedOp(
            opID: "x", server: "ws://a/ws", username: "Alice", queuedAt: Timestamp(milliseconds: 0), summary: "",
            message: [:])
        #expect(op.belongs(to: "ws://a/ws", username: "alice"))
        #expect(!op.belongs(to: "ws://a/ws", username: "bob"))
        #expect(!op.belongs(to: "ws://b/ws", username: "alice"))
    }

    /// A queued op is kept as the JSON the queue file holds and read with the server's own
    /// decoder: an op written by the older, tuple-building client and one written now read
    /// back as the same typed request.
    @Test func queuedOpsOfEitherClientReadAsTypedRequests() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = OfflineQueue(file: directory.appendingPathComponent("queue.jsonl"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let old =
            #"{"opId":"op-1","server":"ws://s/ws","username":"alice","queuedAt":"2026-11-20T09:00:00Z","summary":"add “Milk” to “Groceries”","message":{"type":"op","opId":"op-1","op":"addItem","list":"L1","id":"i1","title":"Milk","due":"2027-03-12"}}"#
        try Data((old + "\n").utf8).write(to: queue.file)
        let typed = Operation(
            .edit("L1", .addItem(Edit.NewItem(id: "i1", title: "Milk", due: Due(wire: "2027-03-12")))),
            summary: "add “Milk” to “Groceries”", opID: "op-2")
        try queue.append(QueuedOp(typed, server: "ws://s/ws", username: "alice", queuedAt: Timestamp(milliseconds: 0)))
        let (ops, unreadable) = try queue.entries()
        #expect(unreadable == 0 && ops.map(\.kind) == ["addItem", "addItem"])
        #expect(try ops[0].request() == Request(ref: nil, body: .op(opID: "op-1", typed.request)))
        #expect(try ops[1].request() == Request(ref: nil, body: typed.body))
        let notAnOp = QueuedOp(
            opID: "x", server: "ws://s/ws", username: nil, queuedAt: Timestamp(milliseconds: 0), summary: "",
            message: ["type": "lists"])
        #expect(throws: RequestDecodingError.self) { try notAnOp.request() }
    }

    /// A refusal is recorded once (a queue resent after a crash is refused again) and stays until
    /// it is marked seen; a torn line is kept as it is.
    @Test func refusedEditsStayUntilSeen() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let refused = RefusedEdits(file: directory.appendingPathComponent("refused.jsonl"))
        func refusal(_ n: Int) -> RefusedEdit {
            let op = QueuedOp(
                opID: "op-\(n)", server: "ws://s/ws", username: "alice", queuedAt: Timestamp(milliseconds: 0),
                summary: "complete “Laundry”", message: ["type": "op", "op": "completeItem"])
            return RefusedEdit(
                op, error: .server(code: "conflict", message: "it has 1 open sub-item"),
                at: Timestamp(milliseconds: 1000))
        }
        try refused.record([refusal(1), refusal(2)])
        try refused.record([refusal(2)])
        let handle = try FileHandle(forWritingTo: refused.file)
        handle.seekToEndOfFile()
        handle.write(Data("{\"torn\n".utf8))
        try handle.close()
        #expect(try refused.entries().map(\.opID) == ["op-1", "op-2"])
        #expect(try refused.entries().first?.code == "conflict")
        #expect(try refused.entries().first?.kind == "completeItem")
        try refused.markSeen(["op-1"])
        #expect(try refused.entries().map(\.opID) == ["op-2"])
        #expect(try String(contentsOf: refused.file, encoding: .utf8).contains("{\"torn"))
        let attributes = try FileManager.default.attributesOfItem(atPath: refused.file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
